/**
 * A recording's journal (issue 46): `.decorest/recording.jsonl` in the project folder, one
 * JSON line per exchange, appended with a synchronous write as each exchange completes. What a
 * line's write returned from is in the operating system's hands, so a recording killed at any
 * moment (SIGKILL, a crash, a closed terminal) keeps every exchange it had recorded, and the
 * next `decorest record` finds the journal and says so. The project itself is written only
 * from a journal read to its end, never as exchanges arrive, so nothing half-written is ever
 * in it.
 *
 * The first line of each session says when it started and what it recorded; a line cut short
 * by a kill mid-write is skipped when read.
 */
import { closeSync, createReadStream, existsSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

import type { RecordedExchange, SkippedBody } from '../import/recorded-exchange.js';
import { bodyText } from '../import/recorded-exchange.js';

/** The journal, relative to the project folder (a dot-folder: the loader and watcher skip it). */
export const JOURNAL_FILE = '.decorest/recording.jsonl';

/** The journal of a project folder. */
export const journalPath = (dir: string): string => join(dir, JOURNAL_FILE);

/** What a decoded answer may grow to: a compressed answer is no way past the limits. */
const DECODED_LIMIT = 64 * 1024 * 1024;

export interface SessionLine {
  readonly session: string;
  /** The API recorded. */
  readonly target: string;
  readonly pid: number;
}

/** One exchange as a journal line: a {@link RecordedExchange}, or its body still encoded. */
export interface ExchangeLine {
  readonly t: number;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  /** The request's headers, secrets dropped. */
  readonly request: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** A body sent compressed (`gzip`, `br`, `deflate`), decoded when the journal is read. */
  readonly encoded?: { readonly coding: string; readonly base64: string };
  readonly skipped?: SkippedBody;
}

/** Appends to a journal, one synchronous write per line. */
export class JournalWriter {
  readonly #fd: number;
  #closed = false;
  /** Exchanges appended by this writer. */
  count = 0;

  private constructor(
    readonly file: string,
    fd: number,
  ) {
    this.#fd = fd;
  }

  /** Opens (creating `.decorest/`) the journal of `dir` for appending, and starts a session. */
  static open(dir: string, target: string): JournalWriter {
    const file = journalPath(dir);
    mkdirSync(join(dir, '.decorest'), { recursive: true });
    const writer = new JournalWriter(file, openSync(file, 'a'));
    writer.#write({ session: new Date().toISOString(), target, pid: process.pid });
    return writer;
  }

  append(line: ExchangeLine): void {
    this.#write(line);
    this.count++;
  }

  #write(line: object): void {
    if (this.#closed) return;
    // One write per line: a kill lands between lines or cuts the last one, never mixes two.
    writeSync(this.#fd, `${JSON.stringify(line)}\n`);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    closeSync(this.#fd);
  }
}

export interface JournalSummary {
  /** Sessions in the journal (a `--resume` adds one). */
  readonly sessions: number;
  readonly exchanges: number;
  /** When the first session started, and what it recorded. */
  readonly started: string;
  readonly target: string;
  /** Lines that could not be read (the last one, cut short by a kill). */
  readonly broken: number;
}

/** Reads every line of a journal; `undefined` when there is none. */
export async function readJournal(
  file: string,
  onExchange?: (exchange: RecordedExchange) => void,
): Promise<JournalSummary | undefined> {
  if (!existsSync(file)) return undefined;
  let sessions = 0;
  let exchanges = 0;
  let broken = 0;
  let started = '';
  let target = '';
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const text of lines) {
    if (text === '') continue;
    let line: Partial<SessionLine & ExchangeLine>;
    try {
      line = JSON.parse(text) as Partial<SessionLine & ExchangeLine>;
    } catch {
      broken++;
      continue;
    }
    if (typeof line.session === 'string') {
      sessions++;
      if (started === '') {
        started = line.session;
        target = String(line.target);
      }
      continue;
    }
    if (typeof line.method !== 'string' || typeof line.status !== 'number') {
      broken++;
      continue;
    }
    exchanges++;
    onExchange?.(exchangeOf(line as ExchangeLine));
  }
  return { sessions, exchanges, started, target, broken };
}

/** Deletes a journal (its project was written, or the user discarded it). */
export async function removeJournal(file: string): Promise<void> {
  await rm(file, { force: true });
}

function decode(coding: string, bytes: Buffer): Buffer {
  const options = { maxOutputLength: DECODED_LIMIT };
  if (coding === 'gzip' || coding === 'x-gzip') return gunzipSync(bytes, options);
  if (coding === 'deflate') return inflateSync(bytes, options);
  if (coding === 'br') return brotliDecompressSync(bytes, options);
  throw new Error(`unknown coding ${coding}`);
}

/** A journal line as the planner reads it: its body decoded and told text or binary. */
function exchangeOf(line: ExchangeLine): RecordedExchange {
  const { method, url, status, headers } = line;
  const base = { method, url, status, headers };
  if (line.skipped) return { ...base, skipped: line.skipped };
  if (line.encoded) {
    const raw = Buffer.from(line.encoded.base64, 'base64');
    let bytes: Buffer;
    try {
      bytes = decode(line.encoded.coding.trim().toLowerCase(), raw);
    } catch {
      return {
        ...base,
        skipped: { reason: 'encoding', bytes: raw.length, coding: line.encoded.coding },
      };
    }
    const read = bodyText(bytes, headers['content-type']);
    return 'body' in read ? { ...base, body: read.body } : { ...base, skipped: read.skipped };
  }
  return line.body === undefined ? base : { ...base, body: line.body };
}
