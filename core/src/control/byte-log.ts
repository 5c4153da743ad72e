/**
 * UTF-8 bytes of serialised events, appended to shared chunks: an event kept for catch-up or
 * waiting for its batch is a span of a chunk outside the JS heap, not a heap string. A string
 * kept that long is copied by every young-generation GC until it is promoted and then left to
 * the old generation's collector; at tens of thousands of exchanges a second that copying was
 * most of what a listening studio cost the mock API (issue 12, bench/PROFILE.md).
 */

/** Bytes per chunk; a chunk is freed once no kept event refers to it. */
const CHUNK_BYTES = 1024 * 1024;
/** An event that could take more than this gets a buffer of its own (large bodies). */
const OWN_BUFFER_FROM = CHUNK_BYTES / 4;
const COMMA = 0x2c;

/** One event: its id, and where its bytes are (`chunk[start, end)`) once written. */
export interface Span {
  readonly id: number;
  chunk: Buffer;
  start: number;
  end: number;
}

export class ByteLog {
  #chunk = Buffer.allocUnsafeSlow(CHUNK_BYTES);
  #used = 0;

  /**
   * Writes `text` once and points `span` at its bytes. Texts written one after the other are
   * separated by a comma in the chunk, so a run of them is already a JSON array's inside: see
   * {@link joinSpans}.
   */
  write(text: string, span: Span): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: reserve that (and the comma), write, keep
    // what was used.
    const room = text.length * 3 + 1;
    if (room > OWN_BUFFER_FROM) {
      span.chunk = Buffer.from(text, 'utf8');
      span.start = 0;
      span.end = span.chunk.length;
      return;
    }
    if (this.#used + room > CHUNK_BYTES) {
      this.#chunk = Buffer.allocUnsafeSlow(CHUNK_BYTES);
      this.#used = 0;
    }
    const start = this.#used;
    const end = start + this.#chunk.write(text, start, 'utf8');
    this.#chunk[end] = COMMA;
    this.#used = end + 1;
    span.chunk = this.#chunk;
    span.start = start;
    span.end = end;
  }
}

const COMMA_BYTES = Buffer.from(',');

/**
 * The spans' bytes joined by commas, as few copies as possible: spans that follow each other
 * in one chunk are taken as one run, comma separators included.
 */
export function joinSpans(spans: readonly Span[], parts: Buffer[]): void {
  // The run is a scratch object of its own: the kept spans are never changed.
  let run: { chunk: Buffer; start: number; end: number } | undefined;
  for (const span of spans) {
    if (run !== undefined && span.chunk === run.chunk && span.start === run.end + 1) {
      run.end = span.end;
      continue;
    }
    if (run !== undefined) parts.push(run.chunk.subarray(run.start, run.end), COMMA_BYTES);
    run = { chunk: span.chunk, start: span.start, end: span.end };
  }
  if (run !== undefined) parts.push(run.chunk.subarray(run.start, run.end));
}
