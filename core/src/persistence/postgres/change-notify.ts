/**
 * Record changes between servers sharing one database (issue 26): a studio hears the writes
 * made through every other `decorest serve` on the same database, as the same record-change
 * events its own writes raise.
 *
 * Writers: each database (one per served project) relays what its change bus publishes as
 * `NOTIFY decorest_records`, after the write committed and apart from it: the changes of a
 * {@link NOTIFY_WINDOW_MS} window go out together in one statement (`pg_notify` over an array of
 * payloads), one statement at a time. A `pg_notify` inside the write's own statement was
 * measured and refused: every transaction that notifies takes the notification queue's lock
 * at commit, one at a time, so 8 concurrent writers ran at less than half their speed, with
 * or without a listener (docs/postgresql.md, "Several servers on one database"). Out of band,
 * the cost stays at most one small statement per window while a server writes, and none while
 * it does not.
 *
 * Payloads carry ids, never records (at most 8000 bytes each: a long list of ids is split over
 * several), and the writer's origin: a random id per opened database, so a studio skips what
 * its own project wrote (its bus published that already) and still hears another project in
 * the same process.
 *
 * Listeners: only a studio listens, on one connection of its own (not from the pool), opened
 * again after the database restarts or the connection drops; then each model gets a `reset`
 * change, since what was written meanwhile was not heard.
 */
import { randomUUID } from 'node:crypto';

import pg from 'pg';

import type { Pool } from './sql.js';

export const CHANGES_CHANNEL = 'decorest_records';
/** The changes of this long go out in one statement. */
export const NOTIFY_WINDOW_MS = 50;
/** PostgreSQL refuses payloads of 8000 bytes or more. */
const PAYLOAD_BYTES = 7_900;
const OPS = new Set(['create', 'update', 'delete', 'import', 'reset']);

export type SharedChangeOp = 'create' | 'update' | 'delete' | 'import' | 'reset';

/** A record change as the change bus carries it (app/write/record-changes.ts). */
export interface SharedChange {
  readonly model: string;
  readonly op: SharedChangeOp;
  readonly ids: readonly (number | string)[];
  /** Heard from another server: not relayed again. */
  readonly remote?: boolean;
}

/** The change bus, as far as this module uses it. */
export interface SharedChangeBus {
  subscribe(listener: (change: SharedChange) => void): () => void;
  publish(change: SharedChange): void;
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * `changes` as NOTIFY payloads of at most {@link PAYLOAD_BYTES}:
 * `{"o":origin,"c":[[model,op,[ids…]],…]}`. A change whose ids do not fit one payload is split
 * over several; an id too long for any payload is left out (the change still goes, so the
 * studio reloads that model's page).
 */
export function payloadsOf(origin: string, changes: readonly SharedChange[]): string[] {
  const head = `{"o":${JSON.stringify(origin)},"c":[`;
  const tail = ']}';
  const budget = PAYLOAD_BYTES - bytes(head) - bytes(tail);
  const out: string[] = [];
  let items: string[] = [];
  let size = 0;
  const add = (item: string) => {
    const n = bytes(item) + 1;
    if (items.length > 0 && size + n > budget) {
      out.push(head + items.join(',') + tail);
      items = [];
      size = 0;
    }
    items.push(item);
    size += n;
  };
  for (const change of changes) {
    const prefix = `[${JSON.stringify(change.model)},${JSON.stringify(change.op)},[`;
    let ids: string[] = [];
    let used = bytes(prefix) + 2;
    let emitted = false;
    const emit = () => {
      add(`${prefix}${ids.join(',')}]]`);
      emitted = true;
      ids = [];
      used = bytes(prefix) + 2;
    };
    for (const id of change.ids) {
      const json = JSON.stringify(id);
      const n = bytes(json) + 1;
      if (used + n > budget && ids.length > 0) emit();
      if (used + n > budget) continue;
      ids.push(json);
      used += n;
    }
    if (ids.length > 0 || !emitted) emit();
  }
  if (items.length > 0) out.push(head + items.join(',') + tail);
  return out;
}

/** A payload's changes, or undefined when it is not one of ours (or ours, from `origin`). */
export function changesOf(payload: string, origin: string): SharedChange[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { o, c } = parsed as { o?: unknown; c?: unknown };
  if (typeof o !== 'string' || o === origin || !Array.isArray(c)) return undefined;
  const out: SharedChange[] = [];
  for (const item of c as unknown[]) {
    if (!Array.isArray(item) || item.length !== 3) continue;
    const [model, op, ids] = item as [unknown, unknown, unknown];
    if (typeof model !== 'string' || typeof op !== 'string' || !OPS.has(op)) continue;
    if (!Array.isArray(ids)) continue;
    const kept = ids.filter(
      (id): id is number | string => typeof id === 'string' || typeof id === 'number',
    );
    out.push({ model, op: op as SharedChangeOp, ids: kept, remote: true });
  }
  return out;
}

/** Sends one database's changes as NOTIFY, a window at a time, in order. */
class ChangeRelay {
  #pending: { model: string; op: SharedChangeOp; ids: (number | string)[] }[] = [];
  #timer: NodeJS.Timeout | undefined;
  #sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly pool: Pool,
    private readonly origin: string,
  ) {}

  add(change: SharedChange): void {
    if (change.remote === true) return;
    const last = this.#pending[this.#pending.length - 1];
    // A burst of one kind (an import, a load test) is one change with many ids.
    if (last !== undefined && last.model === change.model && last.op === change.op)
      last.ids.push(...change.ids);
    else this.#pending.push({ model: change.model, op: change.op, ids: [...change.ids] });
    if (this.#timer === undefined) {
      this.#timer = setTimeout(() => this.#flush(), NOTIFY_WINDOW_MS);
      this.#timer.unref();
    }
  }

  #flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const changes = this.#pending;
    this.#pending = [];
    if (changes.length === 0) return this.#sending;
    const payloads = payloadsOf(this.origin, changes);
    this.#sending = this.#sending.then(() =>
      this.pool
        .query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [CHANGES_CHANNEL, payloads])
        .then(
          () => undefined,
          // The database is away: these changes are not heard; listeners that lost their
          // connection too are told to reload when it is back.
          () => undefined,
        ),
    );
    return this.#sending;
  }

  /** Sends what waits, before the pool ends. */
  close(): Promise<void> {
    return this.#flush();
  }
}

export interface ListenerOptions {
  /** A connection of its own: `pg.Client` on the project's URL. */
  readonly connect: () => pg.Client;
  readonly origin: string;
  onChange(change: SharedChange): void;
  /** The connection came back: what was written meanwhile was not heard. */
  onResync(): void;
  /** First wait before connecting again (doubles up to 5 s). */
  readonly retryMs?: number;
}

/** LISTENs on a dedicated connection, reconnecting for as long as it is open. */
export class ChangeListener {
  #client: pg.Client | undefined;
  #closed = false;
  #heardBefore = false;
  #delay: number;
  #timer: NodeJS.Timeout | undefined;
  /** Resolves once the first LISTEN is in place (or failed: it keeps trying). */
  readonly ready: Promise<void>;

  constructor(private readonly options: ListenerOptions) {
    this.#delay = options.retryMs ?? 250;
    this.ready = this.#open();
  }

  async #open(): Promise<void> {
    if (this.#closed) return;
    const client = this.options.connect();
    this.#client = client;
    let lost = false;
    const onLost = () => {
      if (lost || this.#client !== client) return;
      lost = true;
      this.#client = undefined;
      void client.end().catch(() => undefined);
      this.#retry();
    };
    // A restart or a dropped connection: 'error' and/or 'end'; an unheard 'error' would throw.
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL || message.payload === undefined) return;
      for (const change of changesOf(message.payload, this.options.origin) ?? [])
        this.options.onChange(change);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch {
      onLost();
      return;
    }
    if (this.#closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#delay = this.options.retryMs ?? 250;
    if (this.#heardBefore) this.options.onResync();
    this.#heardBefore = true;
  }

  #retry(): void {
    if (this.#closed) return;
    // Once heard, a reconnect resyncs: it may have missed writes.
    this.#timer = setTimeout(() => void this.#open(), this.#delay);
    this.#timer.unref();
    this.#delay = Math.min(5_000, this.#delay * 2);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }
}

/**
 * One database's change traffic, shared by every version of the project served on it: the
 * relay of its bus, and (in a studio) the listener.
 */
export class DatabaseChanges {
  /** Who wrote: this project on this database. */
  readonly origin = randomUUID();
  /** The default datasource's models now (for a resync). */
  models: readonly string[] = [];
  #relays = new Map<SharedChangeBus, { relay: ChangeRelay; unsubscribe: () => void }>();
  #listener: ChangeListener | undefined;

  constructor(
    private readonly url: string,
    private readonly pool: Pool,
  ) {}

  /** Relays what `bus` publishes to the other servers (once per bus). */
  relay(bus: SharedChangeBus): void {
    if (this.#relays.has(bus)) return;
    const relay = new ChangeRelay(this.pool, this.origin);
    this.#relays.set(bus, { relay, unsubscribe: bus.subscribe((c) => relay.add(c)) });
  }

  /** Publishes on `bus` what the other servers write (once; a studio calls it). */
  listen(bus: SharedChangeBus): Promise<void> {
    this.#listener ??= new ChangeListener({
      origin: this.origin,
      connect: () =>
        new pg.Client({
          connectionString: this.url,
          keepAlive: true,
          connectionTimeoutMillis: 10_000,
        }),
      onChange: (change) => bus.publish(change),
      onResync: () => {
        for (const model of this.models) bus.publish({ model, op: 'reset', ids: [], remote: true });
      },
    });
    return this.#listener.ready;
  }

  async close(): Promise<void> {
    const relays = [...this.#relays.values()];
    this.#relays.clear();
    for (const r of relays) r.unsubscribe();
    await Promise.all([...relays.map((r) => r.relay.close()), this.#listener?.close()]);
    this.#listener = undefined;
  }
}
