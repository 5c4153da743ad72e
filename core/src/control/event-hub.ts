/**
 * The studio's event stream (CONTRACT §8): every event gets an id, the last
 * {@link TRAFFIC_HISTORY} traffic exchanges (and the last few other events) are kept for
 * clients that reconnect with `Last-Event-ID`, and each client receives batches at most every
 * {@link BATCH_INTERVAL_MS}, so a burst of traffic is a few large messages, not thousands.
 */
import type { ServerResponse } from 'node:http';

import type { TrafficEvent } from '../http/traffic.js';
import { ByteLog, joinSpans, type Span } from './byte-log.js';
import { type StudioEvent, TRAFFIC_HISTORY } from './contract.js';
import { trafficEventJson } from './traffic-capture.js';

/** One batch per client per tick: at most ~10 messages a second (issue 12). */
export const BATCH_INTERVAL_MS = 100;
/** Non-traffic events (reloads, record changes, server state) kept for catch-up. */
const OTHER_HISTORY = 200;
/**
 * Exchanges waiting for one client. A client this far behind (a hidden tab, or a mock API
 * answering faster than {@link BATCH_LIMIT} × 10 a second) is sent the count of the exchanges
 * it missed instead of them (`dropped`), and nothing is prepared for it meanwhile.
 */
const CLIENT_QUEUE_LIMIT = 20_000;
/** Other events still wait beyond it, up to this many in all; past that the client has a gap. */
const CLIENT_QUEUE_HARD_LIMIT = CLIENT_QUEUE_LIMIT * 2;
/** Events in one message, so one message stays a reasonable size. */
const BATCH_LIMIT = 2_000;
/** A comment line now and then keeps proxies and idle timers from closing the stream. */
const KEEPALIVE_MS = 15_000;
/**
 * An exchange with a body larger than this is written at once, even if no client needs it yet:
 * an exchange waiting in the history keeps its capture, and a large body (a whole collection)
 * must not be kept a thousand times over.
 */
const KEEP_CAPTURE_UP_TO = 4 * 1024;

const NOT_WRITTEN = Buffer.alloc(0);

/**
 * One event. Its bytes are in the byte log once written; an exchange of the mock API that no
 * client has needed yet keeps its capture instead and is written when one does (a reconnect),
 * so an exchange dropped for every client is never turned into text.
 */
class Entry implements Span {
  chunk = NOT_WRITTEN;
  start = 0;
  end = 0;
  constructor(
    readonly id: number,
    public exchange: TrafficEvent | undefined,
  ) {}
}

interface Client {
  readonly res: ServerResponse;
  queue: Entry[];
  gap: boolean;
  /** Exchanges this client was not sent since its last batch (it was too far behind). */
  dropped: number;
  /** `write` returned false: wait for `drain` before sending more. */
  blocked: boolean;
}

export class EventHub {
  #nextId = 1;
  #log = new ByteLog();
  #traffic: Entry[] = [];
  #other: Entry[] = [];
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
    const entry = new Entry(this.#nextId++, undefined);
    this.#log.write(JSON.stringify({ id: entry.id, ...event }), entry);
    this.#keep(event.type === 'traffic', entry);
  }

  /**
   * Publishes one mock API exchange as a `traffic` event, the same as
   * `publish({ type: 'traffic', exchange })`: written straight from the capture
   * (`trafficEventJson`), and only once some client needs it.
   */
  publishTraffic(event: TrafficEvent): void {
    const entry = new Entry(this.#nextId++, event);
    const bodies = event.responseBytes + (event.capture?.requestBodyBytes ?? event.requestBytes);
    if (bodies > KEEP_CAPTURE_UP_TO) this.#written(entry);
    this.#keep(true, entry);
  }

  #written(entry: Entry): Entry {
    if (entry.exchange !== undefined) {
      this.#log.write(trafficEventJson(entry.id, entry.exchange), entry);
      entry.exchange = undefined;
    }
    return entry;
  }

  #keep(traffic: boolean, entry: Entry): void {
    const history = traffic ? this.#traffic : this.#other;
    history.push(entry);
    if (history.length > (traffic ? TRAFFIC_HISTORY : OTHER_HISTORY)) {
      this.#evicted = Math.max(this.#evicted, history.shift()!.id);
    }
    for (const client of this.#clients) {
      const waiting = client.queue.length;
      if (waiting >= CLIENT_QUEUE_LIMIT && traffic) client.dropped++;
      else if (waiting >= CLIENT_QUEUE_HARD_LIMIT) client.gap = true;
      else client.queue.push(this.#written(entry));
    }
  }

  /** What the history still holds after `afterId`, in id order, and whether some was lost. */
  since(afterId: number): { entries: Span[]; gap: boolean } {
    return this.#since(afterId);
  }

  #since(afterId: number): { entries: Entry[]; gap: boolean } {
    const entries = [
      ...this.#traffic.filter((e) => e.id > afterId),
      ...this.#other.filter((e) => e.id > afterId),
    ].sort((a, b) => a.id - b.id);
    // An id this hub never gave out comes from an earlier launch: everything may be missing.
    return {
      entries: entries.map((e) => this.#written(e)),
      gap: afterId < this.#evicted || afterId > this.lastId,
    };
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
    const client: Client = { res, queue: [], gap: false, dropped: 0, blocked: false };
    if (lastEventId !== undefined) {
      const missed = this.#since(lastEventId);
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
    const dropped = client.dropped > 0 ? `,"dropped":${client.dropped}` : '';
    client.gap = false;
    client.dropped = 0;
    const parts: Buffer[] = [Buffer.from(`id: ${lastId}\ndata: {"lastId":${lastId},"events":[`)];
    joinSpans(batch, parts);
    parts.push(Buffer.from(`]${gap}${dropped}}\n\n`));
    if (!client.res.write(Buffer.concat(parts))) client.blocked = true;
  }

  #flush(): void {
    for (const client of this.#clients) {
      if (client.blocked || (client.queue.length === 0 && !client.gap && client.dropped === 0))
        continue;
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
