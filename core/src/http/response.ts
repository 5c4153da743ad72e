import type { ServerResponse } from 'node:http';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The response a handler writes (spec §4.2): `res.status(201).json(todo)`. Headers and status
 * are buffered and written once, with the body, so nothing is sent half-formed.
 */
export class Response {
  readonly raw: ServerResponse;
  #status = 200;
  #headers: Record<string, string | number> = {};
  #sent = false;
  #bytes = 0;
  #onSent: (() => void) | undefined;

  constructor(
    raw: ServerResponse,
    baseHeaders: Readonly<Record<string, string>>,
    onSent?: () => void,
  ) {
    this.raw = raw;
    Object.assign(this.#headers, baseHeaders);
    this.#onSent = onSent;
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

  /** Writes `value` as a JSON body. */
  json(value: unknown): void {
    const text = JSON.stringify(value);
    this.#headers['content-type'] ??= JSON_TYPE;
    // JSON.stringify(undefined) is undefined: answer an empty body rather than the text "undefined".
    this.send(text ?? '');
  }

  /** Writes a text or binary body; `text/plain` unless a content type was set. */
  send(body: string | Buffer = ''): void {
    if (this.#sent) throw new Error('the response was already sent');
    this.#sent = true;
    this.#headers['content-type'] ??= 'text/plain; charset=utf-8';
    const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    this.#headers['content-length'] = length;
    this.#bytes = length;
    this.raw.writeHead(this.#status, this.#headers);
    this.raw.end(body);
    this.#onSent?.();
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

  /** Internal: forget headers a handler set before failing, so a problem answer starts clean. */
  resetHeaders(baseHeaders: Readonly<Record<string, string>>): void {
    this.#headers = { ...baseHeaders };
  }
}
