/**
 * The studio's event stream (CONTRACT §8): every event gets an id, the last
 * {@link TRAFFIC_HISTORY} traffic exchanges (at most {@link HISTORY_BYTES} of them) and the last
 * few other events are kept for clients that reconnect with `Last-Event-ID`, and each client
 * receives batches at most every {@link BATCH_INTERVAL_MS}, so a burst of traffic is a few large
 * messages, not thousands.
 *
 * Memory stays bounded whatever a client does (issue 24 §3). Nothing is queued per client: a
 * client is a cursor into the shared history. Clients that are up to date get the same message
 * each tick, built once and written to each as the same buffer. A client that is not (a
 * reconnect, or one that stopped reading for a while) is sent what the history holds after its
 * cursor, a message at a time; one more than {@link CLIENT_QUEUE_BYTES} behind is resynced: it
 * skips to the history's newest events and is told how many it missed. A client is written to
 * only while its socket holds less than half that budget, so a socket that never reads holds
 * at most the budget.
 */
import type { ServerResponse } from 'node:http';

import { type StudioEvent, TRAFFIC_HISTORY } from '../contract/control-api.js';
import type { TrafficEvent } from '../http/traffic.js';
import { ByteLog, joinSpans, type Span } from './byte-log.js';
import { noteEvent } from './event-cause.js';
import { Entry, firstAfter, type Mark, markOf, START } from './event-entry.js';
import { trafficEventJson } from './traffic-capture.js';

/** One batch per client per tick: at most ~10 messages a second (issue 12). */
export const BATCH_INTERVAL_MS = 100;
/** Non-traffic events (reloads, record changes, server state) kept for catch-up. */
const OTHER_HISTORY = 200;
/** The traffic history's bytes (as sent): 1,000 exchanges with large bodies would be 70 MB. */
export const HISTORY_BYTES = 16 * 1024 * 1024;
/**
 * What one client may have waiting, in bytes: written to its socket and not yet taken, plus
 * the events it is behind. A client past it is resynced rather than buffered for.
 */
export const CLIENT_QUEUE_BYTES = 4 * 1024 * 1024;
/** Bytes of events in one message (at least one event). */
export const BATCH_BYTES = 512 * 1024;
/**
 * Bytes of events sent per tick to all clients together: each client's messages are this
 * shared out, between {@link MIN_BATCH_BYTES} and {@link BATCH_BYTES}. Every byte is copied
 * into each client's socket by the kernel on the mock API's CPU, so without it 100 studio
 * windows under a load test would cost the mock API a third of its throughput (issue 24 §3).
 */
const TICK_BYTES = 2 * 1024 * 1024;
const MIN_BATCH_BYTES = 8 * 1024;
/** Events in one message. */
const BATCH_LIMIT = 2_000;
/**
 * Non-traffic events that wait for the next tick. A flood of them (record changes under a
 * write load test) beyond this is a `gap`: the client reloads what they describe.
 */
const PENDING_OTHER_LIMIT = 5_000;
/** A comment line now and then keeps proxies and idle timers from closing the stream. */
const KEEPALIVE_MS = 15_000;
/**
 * An exchange with a body larger than this is written at once, even if no client needs it yet:
 * its capture holds request chunks whose buffers may be larger than what was kept.
 */
const KEEP_CAPTURE_UP_TO = 4 * 1024;
/** What an exchange not yet written is counted as, beyond its bodies: headers and fields. */
const EXCHANGE_OVERHEAD = 512;

interface Client {
  readonly res: ServerResponse;
  /** Everything up to here was sent or accounted for as dropped. */
  cursor: Mark;
  /** Events were lost before the cursor, not yet reported (a reconnect past the history). */
  gap: boolean;
}

/** What one client holds and lags, for tests and diagnostics. */
export interface ClientQueue {
  /** Bytes written to the client that its socket has not taken yet. */
  readonly writtenBytes: number;
  /** Bytes of events published since its cursor, still to be sent (or skipped). */
  readonly behindBytes: number;
}

export class EventHub {
  #log = new ByteLog();
  /** The last event published. */
  #now: Mark = START;
  /** The traffic history from {@link #trafficHead} on. */
  #traffic: Entry[] = [];
  /** Evicted exchanges before it are cut from the array now and then, not one by one. */
  #trafficHead = 0;
  #trafficBytes = 0;
  #other: Entry[] = [];
  /** The highest id dropped from either history: a client behind it missed something. */
  #evicted = 0;
  /** Where every up-to-date client stands: the stream at the last tick. */
  #tickMark: Mark = this.#now;
  /** Events since the last tick, for the up-to-date clients: the newest exchanges that fit. */
  #pendingTraffic: Entry[] = [];
  /** Pending exchanges before this index no longer fit: skipped, cut from the array later. */
  #pendingHead = 0;
  #pendingTrafficBytes = 0;
  #pendingOther: Entry[] = [];
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
    return this.#now.id;
  }

  /** Each client's bytes waiting (issue 24 §3: each stays within {@link CLIENT_QUEUE_BYTES}). */
  queues(): ClientQueue[] {
    return [...this.#clients].map((c) => ({
      writtenBytes: c.res.writableLength,
      behindBytes: this.#now.bytes - c.cursor.bytes,
    }));
  }

  publish(event: StudioEvent): void {
    const text = JSON.stringify({ id: this.#now.id + 1, ...event });
    // UTF-8 bytes, not UTF-16 units: the budgets are about memory and sockets.
    const entry = this.#append(event.type === 'traffic', Buffer.byteLength(text), undefined);
    this.#log.write(text, entry);
    this.#keep(entry);
  }

  /**
   * Publishes one mock API exchange as a `traffic` event, the same as
   * `publish({ type: 'traffic', exchange })`: written straight from the capture
   * (`trafficEventJson`), and only once some client needs it.
   */
  publishTraffic(event: TrafficEvent): void {
    const capture = event.capture;
    const bodies = event.responseBytes + (capture?.requestBodyBytes ?? event.requestBytes);
    if (capture !== undefined && bodies > KEEP_CAPTURE_UP_TO) {
      const text = trafficEventJson(this.#now.id + 1, event);
      const entry = this.#append(true, Buffer.byteLength(text), undefined);
      this.#log.write(text, entry);
      this.#keep(entry);
      return;
    }
    // Small bodies (at most KEEP_CAPTURE_UP_TO in all), so the estimate is close.
    this.#keep(this.#append(true, bodies + EXCHANGE_OVERHEAD, event));
  }

  #append(traffic: boolean, size: number, exchange: TrafficEvent | undefined): Entry {
    const entry = new Entry(this.#now, traffic, size, exchange);
    this.#now = entry;
    // Issue 43: a control call that caused it names it in its answer.
    noteEvent(entry.id);
    return entry;
  }

  #written(entry: Entry): Entry {
    if (entry.exchange !== undefined) {
      this.#log.write(trafficEventJson(entry.id, entry.exchange), entry);
      entry.exchange = undefined;
    }
    return entry;
  }

  #keep(entry: Entry): void {
    if (entry.isTraffic) {
      const history = this.#traffic;
      history.push(entry);
      this.#trafficBytes += entry.size;
      while (
        history.length - this.#trafficHead > 1 &&
        (history.length - this.#trafficHead > TRAFFIC_HISTORY || this.#trafficBytes > HISTORY_BYTES)
      ) {
        const old = history[this.#trafficHead++]!;
        this.#trafficBytes -= old.size;
        this.#evicted = Math.max(this.#evicted, old.id);
      }
      if (this.#trafficHead >= 128) {
        history.splice(0, this.#trafficHead);
        this.#trafficHead = 0;
      }
      if (this.#clients.size === 0) return;
      // Only the newest exchanges that fit one message wait for the tick.
      const pending = this.#pendingTraffic;
      pending.push(entry);
      this.#pendingTrafficBytes += entry.size;
      while (
        pending.length - this.#pendingHead > 1 &&
        (pending.length - this.#pendingHead > BATCH_LIMIT ||
          this.#pendingTrafficBytes > BATCH_BYTES)
      ) {
        this.#pendingTrafficBytes -= pending[this.#pendingHead++]!.size;
      }
      // Cut the array once in a while, not on every exchange.
      if (this.#pendingHead >= 256) {
        pending.splice(0, this.#pendingHead);
        this.#pendingHead = 0;
      }
      return;
    }
    this.#other.push(entry);
    if (this.#other.length > OTHER_HISTORY) {
      this.#evicted = Math.max(this.#evicted, this.#other.shift()!.id);
    }
    if (this.#clients.size > 0 && this.#pendingOther.length < PENDING_OTHER_LIMIT) {
      this.#pendingOther.push(entry);
    }
  }

  /** What the history still holds after `afterId`, in id order, and whether some was lost. */
  since(afterId: number): { entries: Span[]; gap: boolean } {
    const entries = this.#after(afterId, Infinity, Infinity);
    return {
      entries: entries.map((e) => this.#written(e)),
      gap: afterId < this.#evicted || afterId > this.lastId,
    };
  }

  /** History entries after `afterId` in id order, at most `count` of them and about `bytes`. */
  #after(afterId: number, count: number, bytes: number): Entry[] {
    const traffic = this.#traffic;
    const other = this.#other;
    let t = firstAfter(traffic, afterId, this.#trafficHead);
    let o = firstAfter(other, afterId);
    const out: Entry[] = [];
    let size = 0;
    while (out.length < count && (t < traffic.length || o < other.length)) {
      const next =
        o >= other.length || (t < traffic.length && traffic[t]!.id < other[o]!.id)
          ? traffic[t++]!
          : other[o++]!;
      if (out.length > 0 && size + next.size > bytes) break;
      out.push(next);
      size += next.size;
    }
    return out;
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
    const client: Client = { res, cursor: markOf(this.#now), gap: false };
    if (lastEventId !== undefined && lastEventId < this.lastId) {
      const first = this.#after(lastEventId, 1, Infinity)[0];
      if (first !== undefined) client.cursor = first.before();
      client.gap = lastEventId < this.#evicted;
    } else if (lastEventId !== undefined && lastEventId > this.lastId) {
      // An id this hub never gave out comes from an earlier launch: everything may be missing.
      client.gap = true;
    }
    // The first message goes out at once: the client learns the current id before any event.
    this.#catchUp(client, true);
    // With no client the tick mark went stale: up to date means at `now`. A client still
    // behind (a reloaded page catching up on the history) is caught up tick by tick, never
    // taken for up to date (it was: the rest of its history was reported dropped).
    if (this.#clients.size === 0) this.#tickMark = markOf(this.#now);
    this.#clients.add(client);
    res.on('close', () => {
      this.#clients.delete(client);
      if (this.#clients.size === 0) {
        this.#stopTimers();
        // Nobody is up to date any more: what waited for the tick is not held.
        this.#clearPending();
      }
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

  /**
   * Sends what each client is due: one message built once for all clients that are up to date,
   * and one of its own to each client that is behind. Runs every {@link BATCH_INTERVAL_MS};
   * public so that tests drive it without timers.
   */
  flush(): void {
    const from = this.#tickMark;
    const live: Client[] = [];
    for (const client of this.#clients) {
      // Its socket still holds half its budget: nothing more until it reads.
      if (client.res.writableLength > CLIENT_QUEUE_BYTES / 2) continue;
      if (client.cursor.id === from.id) live.push(client);
      else this.#catchUp(client, false);
    }
    const now = this.#now.id === from.id ? from : markOf(this.#now);
    if (live.length > 0 && now !== from) {
      const events = this.#pendingEvents();
      const message = this.#message(from, now, events, false, false);
      for (const client of live) {
        client.cursor = now;
        client.res.write(message);
      }
    }
    // Clients that caught up this tick stand at `now` too: next tick they are up to date.
    this.#tickMark = now;
    this.#clearPending();
  }

  #clearPending(): void {
    this.#pendingTraffic = [];
    this.#pendingHead = 0;
    this.#pendingTrafficBytes = 0;
    this.#pendingOther = [];
  }

  /** A message's share of {@link TICK_BYTES}. */
  #batchBytes(): number {
    const share = Math.floor(TICK_BYTES / Math.max(1, this.#clients.size));
    return Math.max(MIN_BATCH_BYTES, Math.min(BATCH_BYTES, share));
  }

  /** The events that waited for the tick, in id order: the newest exchanges that fit. */
  #pendingEvents(): Entry[] {
    const other = this.#pendingOther;
    const traffic = this.#pendingTraffic;
    let t = this.#pendingHead;
    const bytes = this.#batchBytes();
    for (let size = this.#pendingTrafficBytes; size > bytes && t < traffic.length - 1; t++) {
      size -= traffic[t]!.size;
    }
    if (other.length === 0) return t === 0 ? traffic : traffic.slice(t);
    const out: Entry[] = [];
    for (const entry of other) {
      while (t < traffic.length && traffic[t]!.id < entry.id) out.push(traffic[t++]!);
      out.push(entry);
    }
    while (t < traffic.length) out.push(traffic[t++]!);
    return out;
  }

  /**
   * Sends a client that is not up to date what the history holds after its cursor, one message
   * (`first`: its first message, sent even when empty). One more than its budget behind is
   * resynced instead: it is sent the newest events that fit one message, and is up to date.
   */
  #catchUp(client: Client, first: boolean): void {
    const from = client.cursor;
    const behind = this.#now.bytes - from.bytes;
    const resync = behind > CLIENT_QUEUE_BYTES - client.res.writableLength;
    const bytes = this.#batchBytes();
    const events = resync ? this.#newest(from.id, bytes) : this.#after(from.id, BATCH_LIMIT, bytes);
    const last = events[events.length - 1];
    // Past the last event sent, unless the history holds nothing more: then up to now.
    const to = markOf(!resync && last !== undefined && last.id < this.#now.id ? last : this.#now);
    if (!first && to.id === from.id) return;
    const message = this.#message(from, to, events, client.gap, resync);
    client.gap = false;
    client.cursor = to;
    client.res.write(message);
  }

  /** The newest history events after `afterId` that fit in `bytes`, in id order. */
  #newest(afterId: number, bytes: number): Entry[] {
    const traffic = this.#traffic;
    const other = this.#other;
    let t = traffic.length - 1;
    let o = other.length - 1;
    const out: Entry[] = [];
    let size = 0;
    const head = this.#trafficHead;
    while (out.length < BATCH_LIMIT && (t >= head || o >= 0)) {
      const next =
        o < 0 || (t >= head && traffic[t]!.id > other[o]!.id) ? traffic[t--]! : other[o--]!;
      if (next.id <= afterId || (out.length > 0 && size + next.size > bytes)) break;
      out.push(next);
      size += next.size;
    }
    return out.reverse();
  }

  /**
   * One message taking a client from `from` to `to` with `events` (all between them); what lies
   * between and is not in `events` is reported as `dropped` exchanges, and as a `gap` for other
   * events, whose loss the client makes up by reloading.
   */
  #message(from: Mark, to: Mark, events: Entry[], gap: boolean, resync: boolean): Buffer {
    let traffic = 0;
    for (const e of events) if (e.isTraffic) traffic++;
    const dropped = to.traffic - from.traffic - traffic;
    const lostOther = to.other - from.other - (events.length - traffic) > 0;
    const parts: Buffer[] = [Buffer.from(`id: ${to.id}\ndata: {"lastId":${to.id},"events":[`)];
    joinSpans(
      events.map((e) => this.#written(e)),
      parts,
    );
    parts.push(
      Buffer.from(
        `]${gap || lostOther ? ',"gap":true' : ''}${dropped > 0 ? `,"dropped":${dropped}` : ''}` +
          `${resync ? ',"resync":true' : ''}}\n\n`,
      ),
    );
    return Buffer.concat(parts);
  }

  #startTimers(): void {
    this.#timer ??= setInterval(() => this.flush(), BATCH_INTERVAL_MS);
    this.#keepalive ??= setInterval(() => {
      for (const client of this.#clients)
        if (client.res.writableLength === 0) client.res.write(': keepalive\n\n');
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
