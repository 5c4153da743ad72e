/**
 * One request in flight on the mock API: its parsed line, the live settings it was let in
 * under, and the {@link Response} that reports it to the traffic bus once answered. Every step
 * of the request path (`dispatch.ts`) reads and tags this one object.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { ActiveBehaviour } from './behaviour.js';
import { CORS_HEADERS } from './cors.js';
import type { DispatchContext } from './dispatch-context.js';
import { Response } from './response.js';
import type { RuleAnswer } from './response-rules.js';
import type { RouteTable } from './route-table.js';
import { ExchangeCapture } from './traffic.js';

export class Exchange {
  readonly startedAt = performance.now();
  /** Epoch milliseconds, read only while the traffic log has a listener (issue 45). */
  readonly #time: number | undefined;
  /** Path and query string as sent. */
  readonly url: string;
  /** The path without the query string. */
  readonly path: string;
  /** The query string without `?`. */
  readonly search: string;
  /** Upper-cased, as sent (`HEAD`, `OPTIONS` included). */
  readonly method: string;
  /** The table this request is answered from, read once (a reload swaps it whole). */
  readonly table: RouteTable;
  /** Issue 16: one check on the hot path; everything else only when some behaviour is set. */
  readonly behaviour: ActiveBehaviour | undefined;
  /** Issue 12: headers and bodies only while the studio listens; one boolean test otherwise. */
  readonly captured: ExchangeCapture | undefined;
  readonly res: Response;
  /** Issue 16: the answer was made up by a behaviour or forwarded by the proxy. */
  tag: 'simulated' | 'proxied' | undefined = undefined;
  /** Issue 29: the response rule that answered. */
  rule: RuleAnswer['rule'] | undefined = undefined;
  /** The body's declared size, once it was read. */
  requestBytes = 0;

  constructor(
    readonly ctx: DispatchContext,
    readonly rawReq: IncomingMessage,
    /** Node's response, for the proxy's streamed answer; handlers write through `res`. */
    readonly rawRes: ServerResponse,
  ) {
    const url = rawReq.url ?? '/';
    const q = url.indexOf('?');
    this.url = url;
    this.path = q === -1 ? url : url.slice(0, q);
    this.search = q === -1 ? '' : url.slice(q + 1);
    this.method = (rawReq.method ?? 'GET').toUpperCase();
    this.table = ctx.table();
    this.behaviour = ctx.behaviour?.current;
    this.captured = ctx.traffic.capturing ? new ExchangeCapture(rawReq) : undefined;
    this.#time = ctx.traffic.hasListeners ? Date.now() : undefined;
    this.res = new Response(rawRes, CORS_HEADERS, () => this.#report(), ctx.writeStallMs);
  }

  /**
   * When the request arrived, epoch milliseconds (the traffic log). Taken as it arrived when
   * the log had a listener then; worked back from the monotonic clock for one that came later.
   */
  get time(): number {
    return this.#time ?? Date.now() - Math.round(performance.now() - this.startedAt);
  }

  /** GET and HEAD carry no body to read (the hot path: nothing awaited before the handler). */
  get bodyless(): boolean {
    return this.method === 'GET' || this.method === 'HEAD';
  }

  /** The answered request, to the traffic log (when anyone listens). */
  #report(): void {
    const { traffic } = this.ctx;
    if (!traffic.hasListeners) return;
    const res = this.res;
    traffic.publish({
      seq: traffic.nextSeq(),
      time: this.time,
      method: this.method,
      url: this.url,
      status: res.statusCode,
      durationMs: performance.now() - this.startedAt,
      requestBytes: this.requestBytes,
      responseBytes: res.bodyBytes,
      // Plain properties, possibly undefined: spreading optional ones builds two more objects
      // per request.
      capture: this.captured?.answered(res.sentHeaders, res.sentBody, res.headersSetOnRaw),
      tag: this.tag,
      rule: this.rule,
    });
  }
}
