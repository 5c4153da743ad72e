/**
 * The studio's event stream on the wire (`GET /api/events`, issue 12): the mock API's traffic,
 * project, record, server and request-file changes, sent in batches. Types and constants only
 * (the renderer imports them).
 */
import type { ProjectStatus } from './project-api.js';
import type { ServerStatus } from './server-api.js';
import type { RecordKey } from './values.js';

/**
 * Bytes of each body kept per exchange for the traffic view, each way (issue 12); a larger body
 * is kept as its first bytes with its size (issue 24 §3: 64 KiB each way of 1,000 exchanges,
 * escaped again in JSON, were over 100 MB of history).
 */
export const TRAFFIC_BODY_LIMIT = 16 * 1024;

/**
 * Issue 43: the header of a control answer naming the events the call caused, by their ids on
 * the stream (`Event-Id: 41, 42`, a list as RFC 9110 §5.6.1 writes one), so the window that
 * made a change can tell its own echo from another client's. Absent when the call caused none.
 */
export const EVENT_ID_HEADER = 'Event-Id';

/** Exchanges a reconnecting event client can catch up on (issue 12). */
export const TRAFFIC_HISTORY = 1000;

/** One request the mock API answered, as the traffic view shows it. */
export interface TrafficExchange {
  /** Increases by one per exchange within a studio's life. */
  seq: number;
  /** Epoch ms when the request arrived. */
  time: number;
  method: string;
  /** Path and query as sent. */
  url: string;
  status: number;
  durationMs: number;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  /** UTF-8 text of the body, at most {@link TRAFFIC_BODY_LIMIT} bytes. */
  requestBody: string;
  responseBody: string;
  requestTruncated: boolean;
  responseTruncated: boolean;
  requestBytes: number;
  responseBytes: number;
  /**
   * Set for answers the studio made up (simulated latency or failure) or forwarded; `outgoing`
   * for a request the core sent for the Console (`POST /api/outgoing`), whose `url` is the full
   * URL and whose status is 502 or 504 when no answer came.
   */
  tag?: 'simulated' | 'proxied' | 'outgoing';
  /** Issue 29: the response rule that answered, when one did. */
  rule?: { id: string; name: string };
}

export type RecordChangeOp = 'create' | 'update' | 'delete' | 'import' | 'reset';

export type StudioEvent =
  | { type: 'traffic'; exchange: TrafficExchange }
  | { type: 'project'; project: ProjectStatus }
  | { type: 'records'; model: string; op: RecordChangeOp; ids: RecordKey[] }
  | { type: 'server'; server: ServerStatus }
  /**
   * Issue 30: files under the open project's `requests/` or `environments/` changed on disk (a
   * hand edit, a `git pull`; the studio's own saves too), one event per burst: re-list them
   * with `GET /api/requests`.
   */
  | { type: 'requests' };

/**
 * One server-sent event of `GET /api/events`: a batch of studio events (at most ~10 batches a
 * second per client). The SSE `id` is `lastId`; a client that reconnects with `Last-Event-ID`
 * gets every event after it that the bounded history still holds.
 */
export interface EventBatch {
  lastId: number;
  events: (StudioEvent & { id: number })[];
  /** True when the history no longer held everything after the client's `Last-Event-ID`. */
  gap?: boolean;
  /**
   * Exchanges of the mock API left out of this client's stream since its last batch: it fell
   * too far behind (the API answered faster than a client can be sent them, or the client
   * stopped reading). Only traffic is left out this way; the exchanges are still counted in
   * `seq`.
   */
  dropped?: number;
  /**
   * This client fell more than its byte budget behind (it stopped reading, or read slower than
   * the studio produced): instead of what it missed it is sent the newest events the history
   * holds, and `dropped` (and `gap` for other events) says what it skipped (issue 24 §3).
   */
  resync?: boolean;
}
