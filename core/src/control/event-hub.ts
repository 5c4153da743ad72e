/**
 * The studio's event stream (CONTRACT §8): every event gets an id, the last
 * {@link TRAFFIC_HISTORY} traffic exchanges (and the last few other events) are kept for
 * clients that reconnect with `Last-Event-ID`, and each client receives batches at most every
 * {@link BATCH_INTERVAL_MS}, so a burst of traffic is a few large messages, not thousands.
 */
import type { ServerResponse } from 'node:http';

import { ByteLog, joinSpans, type Span } from './byte-log.js';
import { type StudioEvent, TRAFFIC_HISTORY } from './contract.js';

/** One batch per client per tick: at most ~10 messages a second (issue 12). */
export const BATCH_INTERVAL_MS = 100;
/** Non-traffic events (reloads, record changes, server state) kept for catch-up. */
const OTHER_HISTORY = 200;
/** Events kept for one slow client; the older ones are dropped and it is told of the gap. */
const CLIENT_QUEUE_LIMIT = 20_000;
/**
 * Dropped in bulk, a quarter of the limit at a time: trimming one event per publish would copy
 * 20,000 entries per request for as long as a client stalls (a hidden tab), on the mock API's
 * own thread.
 */
const CLIENT_QUEUE_TRIM_AT = CLIENT_QUEUE_LIMIT + CLIENT_QUEUE_LIMIT / 4;
/** Events in one message, so one message stays a reasonable size. */
const BATCH_LIMIT = 2_000;
/** A comment line now and then keeps proxies and idle timers from closing the stream. */
const KEEPALIVE_MS = 15_000;

interface Client {
  readonly res: ServerResponse;
  queue: Span[];
  gap: boolean;
  /** `write` returned false: wait for `drain` before sending more. */
  blocked: boolean;
}

export class EventHub {
  #nextId = 1;
  #log = new ByteLog();
  #traffic: Span[] = [];
  #other: Span[] = [];
  /** The highest id dropped from either history: a client behind it missed something. */
  #evicted = 0;
  #clients = new Set<Client>();
  #timer: NodeJS.Timeout | undefined;
  #keepalive: NodeJS.Timeout | undefined;
  #onClients: (count: number) => void;

  /** `onClients` hears the number of connected clients whenever it changes. */
  constructor(onClients: (count: number) => void = () => {}) {
    this.#onClients = onClients;
  }

  get clientCount(): number {
    return this.#clients.size;
  }

  /** The id of the last event published (0 before any). */
  get lastId(): number {
    return this.#nextId - 1;
  }

  publish(event: StudioEvent): void {
    const id = this.#nextId++;
    this.#keep(event.type === 'traffic', id, JSON.stringify({ id, ...event }));
  }

  /**
   * Publishes a traffic event whose exchange is already JSON (the mock API's hot path: see
   * `trafficExchangeJson`), the same as `publish({ type: 'traffic', exchange })`.
   */
  publishTraffic(exchangeJson: string): void {
    const id = this.#nextId++;
    this.#keep(true, id, `{"id":${id},"type":"traffic","exchange":${exchangeJson}}`);
  }

  #keep(traffic: boolean, id: number, json: string): void {
    const entry = this.#log.append(id, json);
    const history = traffic ? this.#traffic : this.#other;
    history.push(entry);
    if (history.length > (traffic ? TRAFFIC_HISTORY : OTHER_HISTORY)) {
      this.#evicted = Math.max(this.#evicted, history.shift()!.id);
    }
    for (const client of this.#clients) {
      client.queue.push(entry);
      if (client.queue.length > CLIENT_QUEUE_TRIM_AT) {
        client.queue.splice(0, client.queue.length - CLIENT_QUEUE_LIMIT);
        client.gap = true;
      }
    }
  }

  /** What the history still holds after `afterId`, in id order, and whether some was lost. */
  since(afterId: number): { entries: Span[]; gap: boolean } {
    const entries = [
      ...this.#traffic.filter((e) => e.id > afterId),
      ...this.#other.filter((e) => e.id > afterId),
    ].sort((a, b) => a.id - b.id);
    // An id this hub never gave out comes from an earlier launch: everything may be missing.
    return { entries, gap: afterId < this.#evicted || afterId > this.lastId };
  }

  /**
   * Streams events to `res` until it closes. With `lastEventId` the client first gets what the
   * history holds after it; without, it starts from now (the first message says where that is).
   */
  attach(res: ServerResponse, lastEventId: number | undefined): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    const client: Client = { res, queue: [], gap: false, blocked: false };
    if (lastEventId !== undefined) {
      const missed = this.since(lastEventId);
      client.queue = missed.entries;
      client.gap = missed.gap;
    }
    // The first message goes out at once: the client learns the current id before any event.
    this.#send(client);
    this.#clients.add(client);
    res.on('drain', () => {
      client.blocked = false;
    });
    res.on('close', () => {
      this.#clients.delete(client);
      if (this.#clients.size === 0) this.#stopTimers();
      this.#onClients(this.#clients.size);
    });
    this.#startTimers();
    this.#onClients(this.#clients.size);
  }

  /** Ends every stream (studio shutdown). */
  close(): void {
    for (const client of this.#clients) client.res.end();
    this.#clients.clear();
    this.#stopTimers();
  }

  #send(client: Client): void {
    const batch = client.queue.splice(0, BATCH_LIMIT);
    const lastId = batch.length > 0 ? batch[batch.length - 1]!.id : this.lastId;
    const gap = client.gap ? ',"gap":true' : '';
    client.gap = false;
    const parts: Buffer[] = [Buffer.from(`id: ${lastId}\ndata: {"lastId":${lastId},"events":[`)];
    joinSpans(batch, parts);
    parts.push(Buffer.from(`]${gap}}\n\n`));
    if (!client.res.write(Buffer.concat(parts))) client.blocked = true;
  }

  #flush(): void {
    for (const client of this.#clients) {
      if (client.blocked || (client.queue.length === 0 && !client.gap)) continue;
      this.#send(client);
    }
  }

  #startTimers(): void {
    this.#timer ??= setInterval(() => this.#flush(), BATCH_INTERVAL_MS);
    this.#keepalive ??= setInterval(() => {
      for (const client of this.#clients) if (!client.blocked) client.res.write(': keepalive\n\n');
    }, KEEPALIVE_MS);
    this.#timer.unref();
    this.#keepalive.unref();
  }

  #stopTimers(): void {
    clearInterval(this.#timer);
    clearInterval(this.#keepalive);
    this.#timer = undefined;
    this.#keepalive = undefined;
  }
}
