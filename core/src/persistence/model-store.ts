/**
 * What generated handlers need of a model's datasource, whichever it is: the file collection
 * (default) or a user's `Persistence` class. Reads may be synchronous (the file collection
 * answers from memory) or not (a user's datasource may be remote).
 */
import type { RecordId } from '../model/schema.js';
import type { BatchOp } from './batch-plan.js';
import type { IndexValue, StoredRecord } from './collection.js';
import type { QueryableRecords, RecordView, ViewSpec } from './record-query.js';

type MaybePromise<T> = T | Promise<T>;

/** What a patch makes of the stored record (model-store.ts `patch`). */
export type RecordMerge = (current: StoredRecord) => Record<string, unknown>;

/** The read side of a collection, as queries walk it. */
export interface ReadableRecords {
  count(): number;
  page(offset: number, limit?: number): StoredRecord[];
  values(): IterableIterator<StoredRecord>;
  lookup(field: string, value: IndexValue, offset?: number, limit?: number): StoredRecord[];
  countBy(field: string, value: IndexValue): number;
  /** Fields `lookup`/`countBy` can answer from an index. */
  readonly indexed: ReadonlySet<string>;
  /** Every record in id order, to `visit`, where the store has a quicker walk than `values()`. */
  each?(visit: (record: StoredRecord) => void): void;
  /** Records in descending id order, where the store keeps them ordered (O(limit)). */
  pageFromLast?(offset: number, limit?: number): StoredRecord[];
  /** A kept answer to a list query, where the store keeps them (persistence/collection.ts). */
  view?(spec: ViewSpec): RecordView | undefined;
}

export interface ModelStore {
  /** `default` or the datasource's name, for messages. */
  readonly label: string;
  /**
   * Whether the studio only shows these records (CONTRACT §8: "named datasources are shown
   * read-only"): a user's datasource class, whose writes are its own code's. The mock API's
   * routes still call the writes below; the studio's record writes and imports do not.
   */
  readonly readOnly: boolean;
  records(): MaybePromise<ReadableRecords>;
  /**
   * The first `n` records when the store has a cheaper way than `records()` (a datasource's
   * `getLimit`); `undefined` otherwise.
   */
  first?(n: number): MaybePromise<StoredRecord[]> | undefined;
  /**
   * Every record, in id order, a page of at most `size` at a time, when the store can read a
   * part of them at a time (a database: keyset pages); stores that keep records in memory
   * leave it out and are read through `records()` (persistence/store-reads.ts).
   */
  scan?(size: number): AsyncIterable<readonly StoredRecord[]>;
  /**
   * Up to `n` ids: every id when there are no more than `n`, else `n` spread evenly over id
   * order, the same for the same records. For stores that would otherwise read every record
   * to pick some (fake records' parents); the others leave it out.
   */
  sampleIds?(n: number): Promise<RecordId[]>;
  get(id: RecordId): MaybePromise<StoredRecord | undefined>;
  /**
   * Issue 45: `JSON.stringify(record)` of a record this store handed out, where the store
   * keeps each record's text (the file store, until a write replaces the record); the others
   * leave it out and the caller serialises the object. Synchronous: it is on every read.
   */
  readonly json?: ((record: StoredRecord) => string) | undefined;
  /**
   * Issue 45: the JSON text of the record stored under `id`, as {@link json} gives it, or
   * `undefined` when there is none: a read by id answered without reaching the record.
   */
  readonly jsonOf?: ((id: RecordId) => string | undefined) | undefined;
  /**
   * Issue 45: where the store holds its records in memory, a number that changes with every
   * write that reaches them: the same number means the same records, so an answer built from
   * them is still the answer. Stores whose records change elsewhere leave it out.
   */
  readonly version?: (() => number) | undefined;
  insert(record: Record<string, unknown>): Promise<StoredRecord>;
  replace(id: RecordId, record: Record<string, unknown>): Promise<StoredRecord | undefined>;
  /**
   * Replaces record `id` with `merge(current)`, where `current` is the record as stored at the
   * moment of the write: no other write of `id` lands between the read and the write (issue 40:
   * two PATCHes of different fields both keep their field). `merge` runs once, synchronously;
   * when it throws (a 422), nothing is written and its error rejects. Resolves the stored
   * record, or `undefined` when `id` is absent.
   */
  patch(id: RecordId, merge: RecordMerge): Promise<StoredRecord | undefined>;
  remove(id: RecordId): Promise<StoredRecord | undefined>;
  /** Where writes of several records go as one unit, this store's and its siblings' (issue 25). */
  readonly batches: BatchDoor;
  /**
   * Issue 26: list queries the store answers itself (a database), so a page never reads the
   * whole table; stores that keep records in memory leave it out.
   */
  readonly query?: QueryableRecords;
}

/** One store's part of a batch (persistence/batch-door.ts). */
export interface BatchDoorPart {
  readonly store: ModelStore;
  readonly ops: readonly BatchOp[];
}

export interface BatchDoor {
  /** Whether a write is all or nothing, whatever fails or stops in the middle. */
  readonly atomic: boolean;
  /** Writes `parts`; resolves, per part, the records its put and insert operations stored. */
  write(parts: readonly BatchDoorPart[]): Promise<StoredRecord[][]>;
}
