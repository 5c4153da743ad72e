/**
 * A model's table as its {@link ModelStore} (issue 26). Its database (postgres-database.ts)
 * holds the pool, the transactions and the batch door; its statements are table-sql.ts.
 *
 * Several servers may share the database (a team's mock server): every read asks the database
 * (the list pages' caches, table-lists.ts, are used only while the database says the table is
 * as it was), ids come from the database (numeric: the identity column) or are checked there
 * (string: the primary key), so two processes never hand out the same one.
 */
import { randomBytes } from 'node:crypto';

import { IdConflictError, IdKindError } from '../../errors.js';
import type { RecordId } from '../../model/schema.js';
import type { BatchDoor } from '../batch-door.js';
import type { BatchOp } from '../batch-plan.js';
import type { NewRecord, StoredRecord } from '../collection.js';
import type { ModelStore, ReadableRecords, RecordMerge } from '../model-store.js';
import type { QueryableRecords } from '../record-query.js';
import { recordSnapshot } from '../record-snapshot.js';
import type { PostgresDatabase } from './postgres-database.js';
import { decodeRow, encodeRecord, isStorableId } from './record-codec.js';
import { rows } from './rows.js';
import type { Queryable } from './sql.js';
import { TableLists } from './table-lists.js';
import { indexedColumns, type TableSpec } from './table-schema.js';
import { ADVANCE_IDENTITY, TableSql } from './table-sql.js';

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

function randomStringId(): string {
  // As the file store's (persistence/datafile/id-rules.ts): 16 url-safe characters from 96 random bits.
  return randomBytes(12).toString('base64url');
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
    this.#lists = new TableLists(database, spec);
  }

  get batches(): BatchDoor {
    return this.database.batches;
  }

  readonly #lists: TableLists;

  /** List pages answered by the database: only the page's rows travel (QUERY-DESIGN.md). */
  readonly query: QueryableRecords = { list: (query) => this.#lists.list(query) };

  /**
   * Every record, read now. Enough for the conformance suite and small tables; the list
   * endpoints need a query the database answers instead (QUERY-DESIGN.md).
   */
  async records(): Promise<ReadableRecords> {
    const all = await rows(this.database.admitted(), this.database.where, this.#sql.select, []);
    return recordSnapshot(
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
    for (const { record } of run) {
      this.checkId(record.id);
      values.push(record.id, ...encodeRecord(this.spec, record));
    }
    const text = this.#sql.many(run[0]!.kind, run.length);
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
