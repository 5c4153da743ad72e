/**
 * PostgreSQL as a datasource (issue 26): a {@link ModelStore} per model table, and one batch
 * door per database whose write is one transaction over every part, so a delete's rules, a
 * seed reset or an import across several models is all or nothing.
 *
 * Several servers may share the database (a team's mock server): nothing is cached, every read
 * asks the database, ids come from the database (numeric: the identity column) or are checked
 * there (string: the primary key), so two processes never hand out the same one.
 */
import { randomBytes } from 'node:crypto';

import { IdConflictError, IdKindError, InvalidRecordError, problems } from '../../errors.js';
import type { BatchDoor, BatchDoorPart } from '../batch-door.js';
import type { BatchOp } from '../batch-plan.js';
import type { IndexValue, NewRecord, RecordId, StoredRecord } from '../collection.js';
import type { ModelStore, ReadableRecords, RecordMerge } from '../model-store.js';
import type { QueryableRecords, RecordPage, RecordQuery } from '../record-query.js';
import { listSql } from './query-sql.js';
import { castOf, decodeRow, encodeRecord, isStorableId } from './record-codec.js';
import {
  connectionFault,
  type DatabaseAddress,
  DatabaseError,
  describeAddress,
  type Pool,
  POOL_DEFAULTS,
  type Queryable,
  quoteIdent,
} from './sql.js';
import { indexedColumns, type TableSpec } from './table-schema.js';

/** How many fresh ids an insert tries before giving up (each taken one means a race). */
const ID_TRIES = 100;

/** Rows per multi-row write, and the protocol's bound on one statement's parameters. */
const MANY_ROWS = 1000;
const MAX_PARAMETERS = 65_535;

/** A put, or an insert that names its id: what a multi-row write takes. */
type KeyedOp = Extract<BatchOp, { kind: 'put' | 'insert' }> & {
  readonly record: { readonly id: RecordId };
};

function isKeyed(op: BatchOp): op is KeyedOp {
  return (op.kind === 'put' || op.kind === 'insert') && op.record.id != null;
}

/** The statements of one table, built once from its spec (names quoted, values `$n`). */
class TableSql {
  readonly select: string;
  readonly byId: string;
  readonly forUpdate: string;
  readonly insertWithId: string;
  readonly insertAuto: string;
  readonly upsert: string;
  readonly update: string;
  readonly delete: string;
  readonly deleteAll: string;
  readonly first: string;
  readonly after: string;
  readonly sample: string;
  /** The table's name as `pg_get_serial_sequence` takes it. */
  readonly quotedTable: string;
  /** `INSERT INTO t (…) VALUES`: a multi-row write's start; its rows follow. */
  readonly insertMany: string;
  /** What follows a multi-row write's rows, by operation: a put replaces, an insert refuses. */
  readonly manyTail: { readonly put: string; readonly insert: string };

  constructor(spec: TableSpec) {
    const table = quoteIdent(spec.table);
    const names = spec.columns.map((c) => quoteIdent(c.name));
    const list = names.join(', ');
    const rest = spec.columns.slice(1);
    const values = (from: number) => rest.map((c, i) => `$${from + i}${castOf(c)}`).join(', ');
    this.quotedTable = table;
    this.select = `SELECT ${list} FROM ${table} ORDER BY "id"`;
    this.first = `SELECT ${list} FROM ${table} ORDER BY "id" LIMIT $1`;
    // Keyset pages: each starts past the last id of the one before, along the primary key.
    this.after = `SELECT ${list} FROM ${table} WHERE "id" > $1 ORDER BY "id" LIMIT $2`;
    // Every k-th id in id order, k = ceil(rows / $1): at most $1 ids, all of them if no more.
    this.sample = `SELECT "id" FROM (SELECT "id", row_number() OVER (ORDER BY "id") - 1 AS n, count(*) OVER () AS total FROM ${table}) AS s WHERE n % ceil(total::float8 / $1::float8)::bigint = 0 ORDER BY "id"`;
    this.byId = `SELECT ${list} FROM ${table} WHERE "id" = $1`;
    this.forUpdate = `${this.byId} FOR UPDATE`;
    // ON CONFLICT DO NOTHING: a taken id answers no row instead of aborting a transaction.
    this.insertWithId = `INSERT INTO ${table} (${list}) VALUES ($1, ${values(2)}) ON CONFLICT ("id") DO NOTHING RETURNING ${list}`;
    this.insertAuto = `INSERT INTO ${table} (${names.slice(1).join(', ')}) VALUES (${values(1)}) ON CONFLICT ("id") DO NOTHING RETURNING ${list}`;
    const assign = rest.map((c, i) => `${names[i + 1]} = $${i + 2}${castOf(c)}`).join(', ');
    const fromExcluded = names
      .slice(1)
      .map((n) => `${n} = EXCLUDED.${n}`)
      .join(', ');
    this.upsert = `INSERT INTO ${table} (${list}) VALUES ($1, ${values(2)}) ON CONFLICT ("id") DO UPDATE SET ${fromExcluded} RETURNING ${list}`;
    this.insertMany = `INSERT INTO ${table} (${list}) VALUES `;
    this.manyTail = {
      put: ` ON CONFLICT ("id") DO UPDATE SET ${fromExcluded} RETURNING ${list}`,
      insert: ` ON CONFLICT ("id") DO NOTHING RETURNING ${list}`,
    };
    this.update = `UPDATE ${table} SET ${assign} WHERE "id" = $1 RETURNING ${list}`;
    this.delete = `DELETE FROM ${table} WHERE "id" = $1 RETURNING ${list}`;
    this.deleteAll = `DELETE FROM ${table}`;
  }
}

/**
 * A numeric id given by a client moves the identity past it, so the database never gives it
 * out again: only ever up (a concurrent smaller one does not move it back, bar a race whose
 * collision the insert's retry absorbs).
 */
const ADVANCE_IDENTITY = `SELECT setval(pg_get_serial_sequence($1, 'id'), $2::bigint)
  WHERE coalesce(pg_sequence_last_value(pg_get_serial_sequence($1, 'id')::regclass), 0) < $2::bigint`;

function randomStringId(): string {
  // As the file store's (persistence/datafile/id-rules.ts): 16 url-safe characters from 96 random bits.
  return randomBytes(12).toString('base64url');
}

/**
 * A database's refusal as the store's errors (app/write/store-problem.ts maps those), and a
 * database that cannot answer now (down, restarting, unreachable) as the 503 problem it is.
 */
function storeError(error: unknown, where: string, id?: RecordId): unknown {
  const fault = connectionFault(error);
  if (fault !== undefined) return problems.databaseUnavailable(where, fault, 2, error);
  if (!(error instanceof DatabaseError)) return error;
  const code = error.code ?? '';
  if (code === '23505' && id !== undefined) return new IdConflictError(id);
  if (code === '23503')
    return new InvalidRecordError(
      `a relation names a record that does not exist: ${error.detail ?? error.message}`,
      {
        cause: error,
      },
    );
  // Class 22, data exceptions: a value the column type cannot hold (a date out of range …).
  if (code.startsWith('22')) return new InvalidRecordError(error.message, { cause: error });
  return error;
}

async function rows(
  db: Queryable,
  where: string,
  text: string,
  values: unknown[],
  id?: RecordId,
): Promise<unknown[][]> {
  try {
    const result = await db.query<unknown[]>({ text, values, rowMode: 'array' });
    return result.rows;
  } catch (error) {
    throw storeError(error, where, id);
  }
}

/** A snapshot of every record, answering the synchronous read interface from memory. */
function snapshot(records: readonly StoredRecord[], indexed: ReadonlySet<string>): ReadableRecords {
  const matching = (field: string, value: IndexValue) =>
    records.filter((r) => (r[field] ?? null) === value);
  return {
    count: () => records.length,
    page: (offset, limit) =>
      records.slice(offset, limit === undefined ? undefined : offset + limit),
    values: () => records.values(),
    lookup: (field, value, offset = 0, limit) =>
      matching(field, value).slice(offset, limit === undefined ? undefined : offset + limit),
    countBy: (field, value) => matching(field, value).length,
    indexed,
  };
}

export class PostgresStore implements ModelStore {
  /** Issue 26: a database table is written like the default datasource's. */
  readonly readOnly = false;
  readonly #sql: TableSql;
  readonly #indexed: ReadonlySet<string>;

  constructor(
    readonly database: PostgresDatabase,
    readonly spec: TableSpec,
    readonly label = 'default',
  ) {
    this.#sql = new TableSql(spec);
    this.#indexed = new Set(indexedColumns(spec));
  }

  get batches(): BatchDoor {
    return this.database.batches;
  }

  /** List pages answered by the database: only the page's rows travel (QUERY-DESIGN.md). */
  readonly query: QueryableRecords = { list: (query) => this.#list(query) };

  async #list(query: RecordQuery): Promise<RecordPage | undefined> {
    const sql = listSql(this.spec, query);
    if (sql === undefined) return undefined;
    const found = await rows(
      this.database.admitted(),
      this.database.where,
      sql.page.text,
      sql.page.values,
    );
    const width = this.spec.columns.length;
    if (found.length > 0)
      return {
        items: found.map((row) => decodeRow(this.spec, row.slice(0, width))),
        total: found[0]![width] as number,
      };
    // No row, so no count beside it: an empty match, or a window past the matches.
    if (query.offset === 0 && query.limit !== 0) return { items: [], total: 0 };
    const [count] = await rows(
      this.database.admitted(),
      this.database.where,
      sql.count.text,
      sql.count.values,
    );
    return { items: [], total: count![0] as number };
  }

  /**
   * Every record, read now. Enough for the conformance suite and small tables; the list
   * endpoints need a query the database answers instead (QUERY-DESIGN.md).
   */
  async records(): Promise<ReadableRecords> {
    const all = await rows(this.database.admitted(), this.database.where, this.#sql.select, []);
    return snapshot(
      all.map((row) => decodeRow(this.spec, row)),
      this.#indexed,
    );
  }

  async first(n: number): Promise<StoredRecord[]> {
    const found = await rows(this.database.admitted(), this.database.where, this.#sql.first, [n]);
    return found.map((row) => decodeRow(this.spec, row));
  }

  /** Every record in id order, `size` rows a query (keyset pages, never one huge result). */
  async *scan(size: number): AsyncIterable<readonly StoredRecord[]> {
    let page = await rows(this.database.admitted(), this.database.where, this.#sql.first, [size]);
    while (page.length > 0) {
      yield page.map((row) => decodeRow(this.spec, row));
      if (page.length < size) return;
      page = await rows(this.database.admitted(), this.database.where, this.#sql.after, [
        page[page.length - 1]![0],
        size,
      ]);
    }
  }

  /** Up to `n` ids spread over id order; only the ids travel. */
  async sampleIds(n: number): Promise<RecordId[]> {
    if (n <= 0) return [];
    const found = await rows(this.database.admitted(), this.database.where, this.#sql.sample, [n]);
    return found.map((row) => row[0] as RecordId);
  }

  async get(id: RecordId): Promise<StoredRecord | undefined> {
    if (!isStorableId(this.spec, id)) return undefined;
    const [row] = await rows(this.database.admitted(), this.database.where, this.#sql.byId, [id]);
    return row === undefined ? undefined : decodeRow(this.spec, row);
  }

  insert(record: Record<string, unknown>): Promise<StoredRecord> {
    return this.insertOn(this.database.pool, record);
  }

  replace(id: RecordId, record: Record<string, unknown>): Promise<StoredRecord | undefined> {
    return this.replaceOn(this.database.pool, id, record);
  }

  /**
   * One transaction: the row read FOR UPDATE, merged, written back. The lock holds every other
   * write of the row, from this server or another on the database, until COMMIT, so a
   * concurrent PATCH of another field merges into this one's result instead of undoing it.
   */
  async patch(id: RecordId, merge: RecordMerge): Promise<StoredRecord | undefined> {
    if (!isStorableId(this.spec, id)) return undefined;
    return this.database.transaction(async (db) => {
      const [row] = await rows(db, this.database.where, this.#sql.forUpdate, [id], id);
      return row === undefined
        ? undefined
        : this.replaceOn(db, id, merge(decodeRow(this.spec, row)));
    });
  }

  async remove(id: RecordId): Promise<StoredRecord | undefined> {
    if (!isStorableId(this.spec, id)) return undefined;
    const [row] = await rows(
      this.database.admitted(),
      this.database.where,
      this.#sql.delete,
      [id],
      id,
    );
    return row === undefined ? undefined : decodeRow(this.spec, row);
  }

  /** `insert` on `db` (the pool, or a batch's transaction). */
  async insertOn(db: Queryable, record: NewRecord): Promise<StoredRecord> {
    const params = encodeRecord(this.spec, record);
    const requested = record.id;
    if (requested !== undefined && requested !== null) {
      this.checkId(requested);
      const [row] = await rows(
        db,
        this.database.where,
        this.#sql.insertWithId,
        [requested, ...params],
        requested,
      );
      if (row === undefined) throw new IdConflictError(requested);
      await this.advanceIdentity(db, requested);
      return decodeRow(this.spec, row);
    }
    for (let attempt = 0; attempt < ID_TRIES; attempt++) {
      const [row] =
        this.spec.idKind === 'number'
          ? await rows(db, this.database.where, this.#sql.insertAuto, params)
          : await rows(db, this.database.where, this.#sql.insertWithId, [
              randomStringId(),
              ...params,
            ]);
      // No row: the id was taken, by a client's id the identity had not passed yet.
      if (row !== undefined) return decodeRow(this.spec, row);
    }
    throw new Error(`${this.spec.table}: no free id after ${ID_TRIES} tries`);
  }

  async replaceOn(
    db: Queryable,
    id: RecordId,
    record: NewRecord,
  ): Promise<StoredRecord | undefined> {
    if (!isStorableId(this.spec, id)) return undefined;
    const [row] = await rows(
      db,
      this.database.where,
      this.#sql.update,
      [id, ...encodeRecord(this.spec, record)],
      id,
    );
    return row === undefined ? undefined : decodeRow(this.spec, row);
  }

  /**
   * Applies a batch part's operations in order inside a transaction. A run of puts, or of
   * inserts naming their ids (a seed reset, an import), goes as multi-row statements: one
   * round trip per thousand records instead of two per record.
   */
  async applyAllOn(db: Queryable, ops: readonly BatchOp[], stored: StoredRecord[]): Promise<void> {
    const most = Math.max(
      1,
      Math.min(MANY_ROWS, Math.floor(MAX_PARAMETERS / this.spec.columns.length)),
    );
    let i = 0;
    while (i < ops.length) {
      const first = ops[i]!;
      const run: KeyedOp[] = [];
      // One row per id in a statement: ON CONFLICT DO UPDATE cannot touch a row twice.
      const ids = new Set<RecordId>();
      for (let j = i; j < ops.length && run.length < most; j++) {
        const op = ops[j]!;
        if (!isKeyed(op) || op.kind !== first.kind || ids.has(op.record.id)) break;
        ids.add(op.record.id);
        run.push(op);
      }
      if (run.length > 1) await this.#writeMany(db, run, stored);
      else await this.applyOn(db, first, stored);
      i += Math.max(1, run.length);
    }
  }

  async #writeMany(db: Queryable, run: readonly KeyedOp[], stored: StoredRecord[]): Promise<void> {
    const width = this.spec.columns.length;
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (const { record } of run) {
      this.checkId(record.id);
      const from = values.length;
      values.push(record.id, ...encodeRecord(this.spec, record));
      tuples.push(
        `(${this.spec.columns.map((c, j) => `$${from + j + 1}${j === 0 ? '' : castOf(c)}`).join(', ')})`,
      );
    }
    const kind = run[0]!.kind;
    const text = `${this.#sql.insertMany}${tuples.join(', ')}${this.#sql.manyTail[kind]}`;
    const found = await rows(db, this.database.where, text, values);
    const byId = new Map(found.map((row) => [row[0] as RecordId, row]));
    for (const { record } of run) {
      const row = byId.get(record.id);
      // An insert's taken id answers no row: refused, as one by one.
      if (row === undefined) throw new IdConflictError(record.id);
      stored.push(decodeRow(this.spec, row.slice(0, width)));
    }
    if (this.spec.idKind === 'number')
      await this.advanceIdentity(db, Math.max(...run.map((op) => op.record.id as number)));
  }

  /** Applies one batch operation inside a transaction; put and insert push what they stored. */
  async applyOn(db: Queryable, op: BatchOp, stored: StoredRecord[]): Promise<void> {
    switch (op.kind) {
      case 'insert':
        stored.push(await this.insertOn(db, op.record));
        return;
      case 'put': {
        const { id } = op.record;
        this.checkId(id);
        const [row] = await rows(
          db,
          this.database.where,
          this.#sql.upsert,
          [id, ...encodeRecord(this.spec, op.record)],
          id,
        );
        await this.advanceIdentity(db, id);
        stored.push(decodeRow(this.spec, row!));
        return;
      }
      case 'merge': {
        if (!isStorableId(this.spec, op.id)) return;
        // FOR UPDATE: the fields merged into are the ones stored until the transaction ends.
        const [row] = await rows(db, this.database.where, this.#sql.forUpdate, [op.id]);
        if (row === undefined) return;
        await this.replaceOn(db, op.id, { ...decodeRow(this.spec, row), ...op.fields });
        return;
      }
      case 'remove':
        if (isStorableId(this.spec, op.id))
          await rows(db, this.database.where, this.#sql.delete, [op.id], op.id);
        return;
      case 'clear':
        // DELETE, not TRUNCATE: it runs the foreign keys' delete rules and leaves the identity
        // where it is (cleared ids stay unused, as in the file store).
        await rows(db, this.database.where, this.#sql.deleteAll, []);
        return;
    }
  }

  private checkId(id: unknown): asserts id is RecordId {
    if (!isStorableId(this.spec, id)) {
      throw new IdKindError(
        id,
        this.spec.idKind,
        this.spec.idKind === 'string' && typeof id === 'string' && id.length > 0
          ? 'text PostgreSQL can hold (no NUL, no lone surrogate)'
          : undefined,
      );
    }
  }

  private async advanceIdentity(db: Queryable, id: RecordId): Promise<void> {
    if (this.spec.idKind !== 'number') return;
    await rows(db, this.database.where, ADVANCE_IDENTITY, [this.#sql.quotedTable, id]);
  }
}

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
      throw storeError(error, this.where);
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
      throw storeError(error, this.where);
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
