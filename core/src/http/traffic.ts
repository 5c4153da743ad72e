import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the studio's traffic view needs beyond the summary (issue 12), taken only while a
 * capturing listener is subscribed: the mock API's hot path skips all of it otherwise.
 */
export interface CapturedExchange {
  readonly requestHeaders: Readonly<Record<string, string | string[] | undefined>>;
  /** The first chunks of the request body, up to the capture limit, as received. */
  readonly requestBody: readonly Buffer[];
  /** The whole body's size, which may exceed what was kept. */
  readonly requestBodyBytes: number;
  readonly responseHeaders: Readonly<Record<string, unknown>>;
  readonly responseBody: string | Buffer | undefined;
}

/** One answered request, as the console log and the studio's traffic view show it. */
export interface TrafficEvent {
  /** Increases by one per request within a server's life. */
  readonly seq: number;
  /** Epoch milliseconds when the request arrived. */
  readonly time: number;
  readonly method: string;
  /** Path and query string as sent. */
  readonly url: string;
  readonly status: number;
  readonly durationMs: number;
  readonly requestBytes: number;
  readonly responseBytes: number;
  /** Headers and bodies, when a capturing listener was subscribed as the request arrived. */
  readonly capture?: CapturedExchange;
  /** Issue 16: an answer made up by a behaviour rule, or forwarded by the proxy. */
  readonly tag?: 'simulated' | 'proxied';
}

export type TrafficListener = (event: TrafficEvent) => void;

/**
 * Publishes every answered request to its subscribers. A listener that throws is dropped from
 * that event only; it never breaks serving.
 */
export class TrafficBus {
  #listeners: TrafficListener[] = [];
  #seq = 0;
  #capturing = 0;

  /**
   * Subscribes; returns the function that unsubscribes. `capture: true` asks for headers and
   * bodies ({@link CapturedExchange}) for as long as this listener stays subscribed.
   */
  subscribe(listener: TrafficListener, options: { capture?: boolean } = {}): () => void {
    this.#listeners = [...this.#listeners, listener];
    if (options.capture) this.#capturing++;
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      if (options.capture) this.#capturing--;
      this.#listeners = this.#listeners.filter((l) => l !== listener);
    };
  }

  /** Whether some listener wants headers and bodies. */
  get capturing(): boolean {
    return this.#capturing > 0;
  }

  get hasListeners(): boolean {
    return this.#listeners.length > 0;
  }

  nextSeq(): number {
    return ++this.#seq;
  }

  publish(event: TrafficEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A broken subscriber must not turn into a broken response.
      }
    }
  }
}

/** Request body bytes a capture keeps (the studio shows at most 64 KiB each way). */
export const CAPTURE_BODY_LIMIT = 64 * 1024;

/**
 * Taps one exchange for a capturing listener: the first {@link CAPTURE_BODY_LIMIT} bytes of
 * the request body as they stream in, and the response's head and body as `Response` writes
 * them (it writes both in one `writeHead` + `end`). Called only while capturing, so the hot
 * path without a studio pays nothing. Returns what was seen, to read once the answer is sent.
 */
export function tapExchange(req: IncomingMessage, res: ServerResponse): () => CapturedExchange {
  const chunks: Buffer[] = [];
  let kept = 0;
  let total = 0;
  const length = req.headers['content-length'];
  // No listener for a request without a body (most GETs): nothing to keep.
  if ((length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined) {
    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (kept >= CAPTURE_BODY_LIMIT) return;
      const part = chunk.subarray(0, CAPTURE_BODY_LIMIT - kept);
      chunks.push(part);
      kept += part.length;
    });
  }
  let headers: Record<string, unknown> = {};
  let body: string | Buffer | undefined;
  // Fixed parameters rather than rest arguments: no array per call. `writeHead(status,
  // [reason,] headers)` and `end([body])` are the only forms `Response` and Node use here.
  const writeHead = res.writeHead as (
    this: ServerResponse,
    a: unknown,
    b: unknown,
    c: unknown,
  ) => ServerResponse;
  res.writeHead = function (this: ServerResponse, a: unknown, b?: unknown, c?: unknown) {
    const given = typeof b === 'object' && b !== null ? b : c;
    if (typeof given === 'object' && given !== null && !Array.isArray(given)) {
      headers = given as Record<string, unknown>;
    }
    return writeHead.call(this, a, b, c);
  } as typeof res.writeHead;
  const end = res.end as (
    this: ServerResponse,
    a: unknown,
    b: unknown,
    c: unknown,
  ) => ServerResponse;
  res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, done?: unknown) {
    if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) body = chunk;
    return end.call(this, chunk, encoding, done);
  } as typeof res.end;
  // A getter: a request answered before its body arrived (a 404) still counts what followed.
  return () => ({
    requestHeaders: req.headers,
    requestBody: chunks,
    get requestBodyBytes() {
      return total;
    },
    // Headers set on the raw response (rare: `res.raw.setHeader`) join those `Response` wrote.
    responseHeaders:
      res.getHeaderNames().length === 0 ? headers : { ...res.getHeaders(), ...headers },
    responseBody: body,
  });
}
