import type { ServerResponse } from 'node:http';

import {
  closeIfUnread,
  DEFAULT_WRITE_STALL_MS,
  joinTexts,
  jsonArrayPages,
  STREAM_MIN_ITEMS,
  streamable,
  writeJsonArray,
} from './json-stream.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The response a handler writes (spec §4.2): `res.status(201).json(todo)`. Headers and status
 * are buffered and written once, with the body, so nothing is sent half-formed. A long array
 * (issue 40) is the exception: its head goes first and its records follow a page at a time as
 * the client reads (http/json-stream.ts).
 */
export class Response {
  readonly #raw: ServerResponse;
  /** A handler reached for the raw response: it may have set headers there too. */
  #rawSeen = false;
  #status = 200;
  #headers: Record<string, string | number> = {};
  #sent = false;
  #bytes = 0;
  #body: string | Buffer | undefined;
  #onSent: (() => void) | undefined;
  readonly #stallMs: number;

  /**
   * `stallMs`: how long an answer may wait for the client to read before its connection is
   * closed (see `DEFAULT_WRITE_STALL_MS`).
   */
  constructor(
    raw: ServerResponse,
    baseHeaders: Readonly<Record<string, string>>,
    onSent?: () => void,
    stallMs = DEFAULT_WRITE_STALL_MS,
  ) {
    this.#raw = raw;
    Object.assign(this.#headers, baseHeaders);
    this.#onSent = onSent;
    this.#stallMs = stallMs;
  }

  /** Node's response, for what this one does not cover (streaming, trailers). */
  get raw(): ServerResponse {
    this.#rawSeen = true;
    return this.#raw;
  }

  /** Sets the status and returns the response, so it chains with `json` (spec §4.2). */
  status(code: number): this {
    if (!Number.isInteger(code) || code < 100 || code > 599) {
      throw new RangeError(`res.status(${String(code)}): a status is an integer from 100 to 599`);
    }
    this.#status = code;
    return this;
  }

  /** Sets a response header; chainable. */
  header(name: string, value: string | number): this {
    this.#headers[name.toLowerCase()] = value;
    return this;
  }

  /**
   * Writes `value` as a JSON body. An array longer than `STREAM_MIN_ITEMS` is streamed: the
   * same text, in chunked encoding without a `content-length`, and `onSent` is told once the
   * last page went out (or the client went away).
   */
  json(value: unknown): void {
    if (streamable(value)) return this.#stream(value);
    const text = JSON.stringify(value);
    this.#headers['content-type'] ??= JSON_TYPE;
    // JSON.stringify(undefined) is undefined: answer an empty body rather than the text "undefined".
    this.send(text ?? '');
  }

  /**
   * Writes `text`, a value's JSON already serialised (issue 45: a record's kept text), exactly
   * as {@link json} writes the value. Internal to the generated routes.
   * @internal
   */
  jsonText(text: string): void {
    this.#headers['content-type'] ??= JSON_TYPE;
    this.send(text);
  }

  /**
   * Writes `items` as a JSON array, `textOf(item)` being each item's `JSON.stringify` (kept by
   * the store, issue 45): the same bytes {@link json} writes for `items`, streamed alike when
   * long. Internal to the generated routes.
   * @internal
   */
  jsonArray<T>(items: readonly T[], textOf: (item: T) => string): void {
    if (items.length > STREAM_MIN_ITEMS) return this.#stream(items, textOf);
    this.#headers['content-type'] ??= JSON_TYPE;
    this.send(`[${joinTexts(items, 0, items.length, textOf)}]`);
  }

  /** Writes a text or binary body; `text/plain` unless a content type was set. */
  send(body: string | Buffer = ''): void {
    if (this.#sent) throw new Error('the response was already sent');
    this.#sent = true;
    this.#headers['content-type'] ??= 'text/plain; charset=utf-8';
    const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    // A string, as Node would send it: the studio's capture then writes these headers as they are.
    this.#headers['content-length'] = String(length);
    this.#bytes = length;
    this.#body = body;
    this.#raw.writeHead(this.#status, this.#headers);
    this.#raw.end(body);
    // One flag on the hot path: a small answer is in the kernel already.
    if (!this.#raw.writableFinished) closeIfUnread(this.#raw, this.#stallMs);
    this.#onSent?.();
  }

  #stream<T>(items: readonly T[], textOf?: (item: T) => string): void {
    if (this.#sent) throw new Error('the response was already sent');
    const pages = jsonArrayPages(items, textOf);
    // Before the head: a first page JSON cannot hold is still the handler's error (a 500).
    const first = pages.next().value as string;
    this.#sent = true;
    this.#headers['content-type'] ??= JSON_TYPE;
    delete this.#headers['content-length'];
    // The capture keeps the first bytes of a body: the first page has them.
    this.#body = first;
    this.#raw.writeHead(this.#status, this.#headers);
    if (this.#raw.req.method === 'HEAD') {
      this.#raw.end();
      this.#onSent?.();
      return;
    }
    void writeJsonArray(this.#raw, first, pages, this.#stallMs).then((bytes) => {
      this.#bytes = bytes;
      this.#onSent?.();
    });
  }

  /** Whether a body was written. */
  get sent(): boolean {
    return this.#sent;
  }

  get statusCode(): number {
    return this.#status;
  }

  /** The body's size in bytes once sent, for the traffic log. */
  get bodyBytes(): number {
    return this.#bytes;
  }

  /** The headers this response wrote with its body (the studio's traffic capture). */
  get sentHeaders(): Readonly<Record<string, string | number>> {
    return this.#headers;
  }

  /**
   * The body as sent, kept by reference (the studio's traffic capture); a streamed body's
   * first page.
   */
  get sentBody(): string | Buffer | undefined {
    return this.#body;
  }

  /**
   * Headers a handler set on the raw response, which Node merged into the head; undefined when
   * no handler reached for it (the common case, checked without touching Node's header map).
   */
  get headersSetOnRaw(): Readonly<Record<string, unknown>> | undefined {
    return this.#rawSeen ? this.#raw.getHeaders() : undefined;
  }

  /** Internal: forget headers a handler set before failing, so a problem answer starts clean. */
  resetHeaders(baseHeaders: Readonly<Record<string, string>>): void {
    this.#headers = { ...baseHeaders };
  }
}
