/**
 * What the proxy hands a recording (issue 46): each forwarded exchange the upstream answered,
 * once its answer ended, with the answer's bytes as they passed through (still encoded as the
 * upstream sent them). The proxy asks the recorder before it holds a chunk, so the recording's
 * bounds (one answer's limit, a total for the answers in flight) hold however many answers
 * stream at once; an answer past them streams through to the client all the same and is
 * handed over as over the limit, with its size.
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface ProxiedExchange {
  /** Epoch milliseconds when the request arrived. */
  readonly time: number;
  readonly method: string;
  /** Path and query as the client sent them. */
  readonly url: string;
  readonly requestHeaders: IncomingHttpHeaders;
  readonly status: number;
  /** The upstream's answer headers, as received. */
  readonly headers: IncomingHttpHeaders;
  /** The answer's chunks, when the recording held them all; `undefined` past its bounds. */
  readonly body: readonly Buffer[] | undefined;
  /** The answer's whole size, held or not. */
  readonly bytes: number;
}

export interface ProxyRecorder {
  /**
   * Whether `bytes` more of an answer that holds `held` already may be kept in memory. Once it
   * says no for an answer, the proxy drops what it held of it and asks no more.
   */
  hold(bytes: number, held: number): boolean;
  /** `held` bytes an answer had are free again (it was recorded, dropped or cut). */
  release(held: number): void;
  /** An exchange whose answer ended; called before `release` of its bytes. */
  record(exchange: ProxiedExchange): void;
}

/** The recording in force, read once per proxied exchange (the studio switches it live). */
export interface RecorderSlot {
  readonly current: ProxyRecorder | undefined;
}
