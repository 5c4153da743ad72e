/**
 * Issue 40 §3: a long JSON array (a 50 MB `GET /todos`, the studio's export) written a page at
 * a time as the client reads it, instead of one string of the whole answer handed to a socket
 * that may never take it: ten clients that asked and never read held ten copies. A page is
 * serialised only once the socket drained the previous one, so what a client holds in the
 * server is about a page, however slowly it reads; one that reads nothing for
 * {@link DEFAULT_WRITE_STALL_MS} loses its connection. The text is the same as
 * `JSON.stringify(items)`, sent in chunked transfer encoding (its length is not known up front).
 */
import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Arrays up to this long are one `JSON.stringify` and one write with a `content-length`: the
 * mock API's hot path (`?limit=10`, a page of a few hundred) keeps its speed.
 */
export const STREAM_MIN_ITEMS = 512;

/** About how much JSON text one page holds: the records per page adapt to their size. */
const PAGE_BYTES = 64 * 1024;
const FIRST_PAGE_ITEMS = 256;
const MAX_PAGE_ITEMS = 8192;

/**
 * How long a written answer may wait for the client to read before its connection is closed:
 * a client reading a page (64 KiB) in this long keeps it.
 */
export const DEFAULT_WRITE_STALL_MS = 30_000;

/**
 * Ends the connection with a reset: a plain close would leave the unread answer in the
 * kernel, still trying to reach a client that is not reading.
 */
function hangUp(raw: ServerResponse): void {
  const socket = raw.socket;
  if (socket !== null && !socket.destroyed) socket.resetAndDestroy();
  else raw.destroy();
}

/** Whether `value` is an array {@link writeJsonArray} should stream. */
export function streamable(value: unknown): value is readonly unknown[] {
  return Array.isArray(value) && value.length > STREAM_MIN_ITEMS;
}

/**
 * Closes `raw`'s connection when what was handed to it is not flushed within `stallMs`: an
 * answer written whole to a client that does not read would otherwise be held until it does.
 * Only called when the write did not go out at once (rare: the kernel takes small answers).
 */
export function closeIfUnread(raw: ServerResponse, stallMs: number): void {
  if (raw.writableFinished) return;
  const timer = setTimeout(() => hangUp(raw), stallMs);
  timer.unref();
  const clear = (): void => clearTimeout(timer);
  raw.once('finish', clear);
  raw.once('close', clear);
}

/**
 * Resolves true once `raw` drained, false when it closed first or nothing drained within
 * `stallMs` (the connection is then destroyed).
 */
function drained(raw: ServerResponse, stallMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean): void => {
      clearTimeout(timer);
      raw.off('drain', onDrain);
      raw.off('close', onClose);
      resolve(ok);
    };
    const onDrain = (): void => done(true);
    const onClose = (): void => done(false);
    const timer = setTimeout(() => {
      done(false);
      hangUp(raw);
    }, stallMs);
    raw.on('drain', onDrain);
    raw.on('close', onClose);
  });
}

/**
 * The pages of `JSON.stringify(items)` in order, serialised one at a time as they are asked
 * for. A page of records is stringified as an array and its brackets replaced, so every value
 * is written exactly as `JSON.stringify` writes it inside an array (`undefined` as `null`).
 * With `textOf` (each item's `JSON.stringify`, kept: issue 45), a page is their texts joined.
 */
export function* jsonArrayPages<T>(
  items: readonly T[],
  textOf?: (item: T) => string,
): Generator<string, void, undefined> {
  if (items.length === 0) {
    yield '[]';
    return;
  }
  let perPage = FIRST_PAGE_ITEMS;
  for (let start = 0; start < items.length;) {
    const end = Math.min(items.length, start + perPage);
    const last = end === items.length;
    let text: string;
    if (textOf === undefined) {
      const page = JSON.stringify(items.slice(start, end));
      text = page.slice(1, last ? undefined : -1);
    } else {
      text = joinTexts(items, start, end, textOf);
      if (last) text += ']';
    }
    yield `${start === 0 ? '[' : ','}${text}`;
    perPage = Math.max(
      1,
      Math.min(MAX_PAGE_ITEMS, Math.round(((end - start) * PAGE_BYTES) / text.length)),
    );
    start = end;
  }
}

/** The texts of `items[start, end)` joined with commas (an array's elements, no brackets). */
export function joinTexts<T>(
  items: readonly T[],
  start: number,
  end: number,
  textOf: (item: T) => string,
): string {
  let text = start < end ? textOf(items[start]!) : '';
  for (let i = start + 1; i < end; i++) text += `,${textOf(items[i]!)}`;
  return text;
}

/**
 * Writes the pages after `first` (the generator's first page, already taken: serialising it
 * before the head is written lets a value JSON cannot hold still be a 500) to `raw`, whose
 * head is written, and ends it. Waits for `drain` whenever the socket has enough; a page that
 * cannot be serialised (headers are gone) or a client gone or stalled ends the connection.
 * Resolves with the bytes written, whatever happened.
 */
export async function writeJsonArray(
  raw: ServerResponse,
  first: string,
  rest: Iterator<string, void, undefined>,
  stallMs: number,
): Promise<number> {
  let bytes = 0;
  let page: string | undefined = first;
  try {
    while (page !== undefined) {
      if (raw.destroyed) return bytes;
      const next = rest.next();
      bytes += Buffer.byteLength(page);
      if (next.done) {
        raw.end(page);
        closeIfUnread(raw, stallMs);
        return bytes;
      }
      if (raw.write(page)) await nextTurn();
      else if (!(await drained(raw, stallMs))) return bytes;
      page = next.value;
    }
  } catch {
    // A record JSON cannot hold (a BigInt, a cycle) after the head went out: no problem can be
    // answered any more, so the client sees the connection end without the closing bracket.
    raw.destroy();
  }
  return bytes;
}
