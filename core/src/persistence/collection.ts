/**
 * The record store behind the default datasource (CONTRACT §5): one collection per model.
 * Two implementations share this interface and one conformance suite (`collection.case.ts`),
 * as Hono runs one router suite against every router: {@link FileCollection} (NeDB's datafile
 * format, durable) and {@link MemoryCollection} (no file).
 *
 * Types only.
 */
import type { IdKind, RecordId } from '../model/schema.js';
import type { RecordView, ViewSpec } from './record-query.js';

/**
 * A stored record: a plain JSON object whose `id` is the key. The datafile's `_id` never
 * appears here. Records handed out are the store's own objects (no copy on the read path, for
 * issue 6's throughput): treat them as read-only and write through `replace`.
 */
export interface StoredRecord {
  readonly id: RecordId;
  readonly [field: string]: unknown;
}

/** What a caller hands to `insert` / `replace`: `id` optional (assigned when absent or null). */
export interface NewRecord {
  readonly id?: RecordId | null | undefined;
  readonly [field: string]: unknown;
}

/** Field values a secondary index can key on; a missing field is indexed as `null`. */
export type IndexValue = string | number | boolean | null;

export interface CollectionOptions {
  idKind: IdKind;
  /** Fields with a secondary index (relation fields such as `user`), for `lookup`/`countBy`. */
  indexes?: readonly string[];
}

/**
 * Reads are synchronous and answer from memory. Writes apply to memory at once (so reads and
 * later writes in the same tick see them, in queue order) and resolve once stored; a write
 * that cannot be stored rejects and is rolled back.
 *
 * @example
 * ```ts
 * const todos = await openFileCollection('data/todos.db', { idKind: 'number', indexes: ['user'] });
 * const todo = await todos.insert({ content: 'write docs', completed: false, user: 1 });
 * todos.page(0, 10);          // first ten by ascending id
 * todos.lookup('user', 1);    // the user's todos, by ascending id
 * ```
 */
export interface Collection {
  readonly idKind: IdKind;
  /** Number of records. O(1). */
  count(): number;
  has(id: RecordId): boolean;
  /** O(1). */
  get(id: RecordId): StoredRecord | undefined;
  /** Records `offset … offset+limit-1` in ascending id order. O(limit). */
  page(offset: number, limit?: number): StoredRecord[];
  /** Records `offset … offset+limit-1` in descending id order (`_sort=-id`). O(limit). */
  pageFromLast(offset: number, limit?: number): StoredRecord[];
  /**
   * The kept answer to a list query, kept up to date by every write (issue 44), or
   * `undefined` when the query is not worth keeping (yet) or its order is not total.
   */
  view(spec: ViewSpec): RecordView | undefined;
  /**
   * `JSON.stringify(record)` of a record read from this collection, kept beside the stored
   * record until a write replaces it (issue 45: a read answers bytes, not an object).
   */
  json(record: StoredRecord): string;
  /** The JSON text of the record stored under `id` (as {@link json}), or `undefined` if absent. */
  jsonOf(id: RecordId): string | undefined;
  /**
   * A number that changes with every write that reaches memory: the same number means the
   * same records (issue 45: a kept list answer is still the answer).
   */
  version(): number;
  /** Every record in ascending id order, to `visit` (quicker than `values()`). */
  each(visit: (record: StoredRecord) => void): void;
  /** Every record in ascending id order; consume it synchronously. */
  values(): IterableIterator<StoredRecord>;
  /** Records whose indexed `field` equals `value`, ascending id order. O(limit). */
  lookup(field: string, value: IndexValue, offset?: number, limit?: number): StoredRecord[];
  /** How many records have `field` equal to `value`. O(1). */
  countBy(field: string, value: IndexValue): number;
  /**
   * Stores a new record. Without `id` one is assigned; a client `id` is kept if free.
   * Rejects with `IdConflictError` (409) when taken, `IdKindError` when of the wrong kind.
   */
  insert(record: NewRecord): Promise<StoredRecord>;
  /** Replaces every field; `id` comes from the argument. Resolves `undefined` when absent. */
  replace(id: RecordId, record: NewRecord): Promise<StoredRecord | undefined>;
  /** Removes and resolves the removed record, or `undefined` when absent. */
  remove(id: RecordId): Promise<StoredRecord | undefined>;
  /** Removes every record (ids stay unused); resolves how many were removed. */
  clear(): Promise<number>;
  /** Waits for pending writes, then releases the file. Later writes reject. */
  close(): Promise<void>;
}
