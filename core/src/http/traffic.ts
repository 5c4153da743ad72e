import type { IncomingMessage } from 'node:http';

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
  /**
   * Issue 16: an answer made up by a behaviour rule, or forwarded by the proxy. Issue 30:
   * `outgoing`, a request the core sent for the Console (`url` is then the full URL).
   */
  readonly tag?: 'simulated' | 'proxied' | 'outgoing';
  /** Issue 29: the response rule that answered, when one did. */
  readonly rule?: { readonly id: string; readonly name: string };
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

/**
 * Body bytes a capture keeps each way: the studio shows the first 16 KiB of a body with its
 * size (its `TRAFFIC_BODY_LIMIT`). Everything a capture holds is bounded (issue 24 §3).
 */
export const CAPTURE_BODY_LIMIT = 16 * 1024;

/**
 * The first {@link CAPTURE_BODY_LIMIT} bytes of a body `Response` sent, as a copy: a capture
 * may be held a while, and a slice would keep the whole body. A string within the limit in
 * UTF-16 units is kept as it is (at most three bytes each: the serialiser cuts it).
 */
function firstBytes(body: string | Buffer | undefined): string | Buffer | undefined {
  if (body === undefined || body.length <= CAPTURE_BODY_LIMIT) return body;
  if (typeof body === 'string') {
    const bytes = Buffer.from(body.slice(0, CAPTURE_BODY_LIMIT), 'utf8');
    if (bytes.length <= CAPTURE_BODY_LIMIT) return bytes;
    body = bytes;
  }
  return Buffer.from(body.subarray(0, CAPTURE_BODY_LIMIT));
}

const NO_CHUNKS: readonly Buffer[] = [];
const NO_HEADERS: Readonly<Record<string, unknown>> = {};

/**
 * One exchange's headers and bodies, taken while a capturing listener is subscribed (issue 12).
 * It is the {@link CapturedExchange} itself: plain fields filled as the exchange goes, no
 * closures or patched methods per request. Everything it holds outlives the answer until the
 * studio has turned it into text, so what it holds is what the request already had (the parsed
 * headers, the body `Response` sent), never copies, except the first bytes of a body larger
 * than {@link CAPTURE_BODY_LIMIT}: the rest is counted, not kept.
 */
export class ExchangeCapture implements CapturedExchange {
  readonly requestHeaders: Readonly<Record<string, string | string[] | undefined>>;
  requestBody: readonly Buffer[] = NO_CHUNKS;
  /** Counts on after the answer: a request answered before its body arrived (a 404). */
  requestBodyBytes = 0;
  responseHeaders: Readonly<Record<string, unknown>> = NO_HEADERS;
  /** The first bytes of what was sent: see `firstBytes`. */
  responseBody: string | Buffer | undefined;
  /**
   * Set by {@link answered}: body chunks that arrive later (a request answered before its body
   * was read, a 404) are counted, not kept, since the studio may hold this capture for a while.
   */
  #done = false;

  constructor(req: IncomingMessage) {
    this.requestHeaders = req.headers;
    const length = req.headers['content-length'];
    // No listener for a request without a body (most GETs): nothing to keep.
    if (
      (length !== undefined && length !== '0') ||
      req.headers['transfer-encoding'] !== undefined
    ) {
      const chunks: Buffer[] = [];
      this.requestBody = chunks;
      let kept = 0;
      req.on('data', (chunk: Buffer) => {
        this.requestBodyBytes += chunk.length;
        if (kept >= CAPTURE_BODY_LIMIT || this.#done) return;
        // A part of a chunk is copied: a slice would keep the whole chunk (64 KiB for a large
        // body) while the capture waits for the studio.
        const room = CAPTURE_BODY_LIMIT - kept;
        const part = chunk.length <= room ? chunk : Buffer.from(chunk.subarray(0, room));
        chunks.push(part);
        kept += part.length;
      });
    }
  }

  /**
   * What `Response` sent. `setOnRaw` are those a handler set on the raw response
   * (`res.raw.setHeader`, rare), which Node merged into the head.
   */
  answered(
    headers: Readonly<Record<string, unknown>>,
    body: string | Buffer | undefined,
    setOnRaw?: Readonly<Record<string, unknown>>,
  ): this {
    this.responseHeaders = setOnRaw ? { ...setOnRaw, ...headers } : headers;
    this.responseBody = firstBytes(body);
    this.#done = true;
    return this;
  }
}
