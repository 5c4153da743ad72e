/**
 * One PostgreSQL database a project serves from (issue 26): its pool, with a bounded wait for
 * a connection, its transactions, and the batch door its stores share, whose write is one
 * transaction over every part (a delete's rules, a seed reset, an import: all or nothing).
 * The per-table store is postgres-store.ts; opening one is connect.ts.
 */
import { databaseStoreError, problems } from '../../errors.js';
import type { BatchDoor, BatchDoorPart } from '../batch-door.js';
import type { StoredRecord } from '../collection.js';
import { PostgresStore } from './postgres-store.js';
import {
  type DatabaseAddress,
  describeAddress,
  type Pool,
  POOL_DEFAULTS,
  type Queryable,
} from './sql.js';
import type { TableSpec } from './table-schema.js';

/**
 * One database (one pool): its stores and its batch door. Stores of two `PostgresDatabase`s
 * never share a door, so `writeRecords` falls back to one-by-one for them rather than claim
 * a transaction it cannot hold.
 */
export class PostgresDatabase {
  readonly batches: BatchDoor;
  /** `user@host:port/database` for messages (a 503's detail); never the password. */
  readonly where: string;
  readonly #maxWaiting: number;

  /**
   * @param address what the pool is connected to, for messages (connect.ts gives it); never
   *   the password.
   * @param limits `maxWaiting`: requests that may wait for a busy pool's connection before
   *   one more is answered 503 at once.
   */
  constructor(
    readonly pool: Pool,
    readonly address?: DatabaseAddress,
    limits: { readonly maxWaiting?: number } = {},
  ) {
    this.batches = { atomic: true, write: (parts) => this.#write(parts) };
    this.where = address === undefined ? 'the database' : describeAddress(address);
    this.#maxWaiting = limits.maxWaiting ?? POOL_DEFAULTS.maxWaiting;
  }

  /**
   * The pool, once the wait for one of its connections is bounded: with every connection busy
   * and `maxWaiting` requests already queued, a 503 now rather than an unbounded queue behind
   * slow clients (the queue's wait itself ends at the pool's connection timeout, also a 503).
   */
  admitted(): Pool {
    const pool = this.pool;
    const full = pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? POOL_DEFAULTS.max);
    if (full && pool.waitingCount >= this.#maxWaiting)
      throw problems.databaseUnavailable(
        this.where,
        `all ${pool.totalCount} connections are busy and ${pool.waitingCount} requests wait for one`,
        1,
      );
    return pool;
  }

  store(spec: TableSpec, label?: string): PostgresStore {
    return new PostgresStore(this, spec, label);
  }

  async #write(parts: readonly BatchDoorPart[]): Promise<StoredRecord[][]> {
    const stores = parts.map(({ store }) => {
      if (store instanceof PostgresStore && store.database === this) return store;
      throw new Error(`a PostgreSQL batch was handed the ${store.label} store of another database`);
    });
    return this.transaction(async (client) => {
      const out: StoredRecord[][] = [];
      for (let i = 0; i < parts.length; i++) {
        const stored: StoredRecord[] = [];
        await stores[i]!.applyAllOn(client, parts[i]!.ops, stored);
        out.push(stored);
      }
      return out;
    });
  }

  /**
   * Runs `work` on one connection inside BEGIN … COMMIT: committed when it resolves, rolled
   * back when it throws (its error rejects, a database's refusal as the store's error).
   */
  async transaction<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
    let client;
    try {
      client = await this.admitted().connect();
    } catch (error) {
      throw databaseStoreError(error, this.where);
    }
    let broken: Error | undefined;
    // A checked-out client has no pool listener: the server ending its connection (a restart)
    // would be an uncaught 'error' event and end the process. The query in flight rejects too.
    const onError = (error: Error): void => {
      broken = error;
    };
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const out = await work(client);
      await client.query('COMMIT');
      return out;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        // The connection is gone: the server rolls back on its own; drop the client.
        broken = rollbackError as Error;
      }
      // A deferred foreign key fails at COMMIT: the same refusal as an immediate one.
      throw databaseStoreError(error, this.where);
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  /** Ends the pool: waits for its queries, closes its connections. */
  close(): Promise<void> {
    return this.pool.end();
  }
}
