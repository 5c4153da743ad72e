/**
 * The in-memory state of one collection (issue 4/6: "an ordered in-memory index per
 * collection, O(1) by id, O(limit) lists"; issue 5: "relation lookups use an index"):
 * - `byId`: id → record, for O(1) `get` and `count`;
 * - `order`: every id ascending, so a page is a slice;
 * - one {@link FieldIndex} per indexed field: value → ascending ids, built on its first lookup
 *   (a server's first answer is a list or a record by id, and building a relation index over
 *   100,000 loaded records is start-up time that answer does not need; issue 15).
 *
 * - the {@link RecordViews}: kept answers to list queries (issue 44), built when asked;
 * - the {@link RecordTexts}: each answered record's JSON text (issue 45).
 *
 * It knows nothing of files; both collections mutate it through `put` and `delete` only, so
 * the indexes and views can never drift from the records.
 */
import { FieldNotIndexedError } from '../../errors.js';
import type { IdKind, RecordId } from '../../model/schema.js';
import type { IndexValue, StoredRecord } from '../collection.js';
import {
  idComparator,
  type IdCompare,
  insertSorted,
  removeSorted,
  sortIds,
} from '../datafile/id-order.js';
import type { RecordView, ViewSpec } from '../record-query.js';
import { RecordTexts } from './record-texts.js';
import { RecordViews } from './record-views.js';

const NO_IDS: readonly RecordId[] = [];

/** Value → ascending ids for one field. Objects and arrays are not indexed. */
class FieldIndex {
  private readonly buckets = new Map<IndexValue, RecordId[]>();
  /** False until built from the table's records; an index not built yet ignores writes. */
  ready = true;

  constructor(
    readonly field: string,
    private readonly compare: IdCompare,
  ) {}

  add(record: StoredRecord): void {
    const value = indexValueOf(record[this.field]);
    if (value === undefined) return;
    const ids = this.buckets.get(value);
    if (ids) insertSorted(ids, record.id, this.compare);
    else this.buckets.set(value, [record.id]);
  }

  delete(record: StoredRecord): void {
    const value = indexValueOf(record[this.field]);
    if (value === undefined) return;
    const ids = this.buckets.get(value);
    if (!ids) return;
    removeSorted(ids, record.id, this.compare);
    if (ids.length === 0) this.buckets.delete(value);
  }

  /** Keeps the bucket when the field did not change (the usual PUT/PATCH). */
  update(previous: StoredRecord, next: StoredRecord): void {
    if (indexValueOf(previous[this.field]) === indexValueOf(next[this.field])) return;
    this.delete(previous);
    this.add(next);
  }

  ids(value: IndexValue): readonly RecordId[] {
    return this.buckets.get(value) ?? NO_IDS;
  }

  clear(): void {
    this.buckets.clear();
  }
}

/** A missing field counts as `null` (an unset relation); non-primitives are not indexed. */
function indexValueOf(value: unknown): IndexValue | undefined {
  if (value === undefined || value === null) return null;
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return value as IndexValue;
  return undefined;
}

export class RecordTable {
  readonly compare: IdCompare;
  private byId = new Map<RecordId, StoredRecord>();
  private order: RecordId[] = [];
  private readonly fields = new Map<string, FieldIndex>();
  private readonly views: RecordViews;
  private readonly texts: RecordTexts;
  /** Counts changes of the records (see {@link version}). */
  private changes = 0;

  /**
   * `views`: how the kept views are made (record-views.ts; tests keep them at any size);
   * `textBudget`: characters of kept record texts (record-texts.ts).
   */
  constructor(
    readonly idKind: IdKind,
    indexedFields: readonly string[] = [],
    views: { readonly minRecords?: number; readonly textBudget?: number } = {},
  ) {
    this.texts = new RecordTexts(views.textBudget);
    const compare = idComparator(idKind);
    this.compare = compare;
    for (const field of indexedFields) this.fields.set(field, new FieldIndex(field, compare));
    this.views = new RecordViews(
      () => this.snapshot(),
      () => this.size,
      (a, b) => compare(a.id, b.id),
      views,
    );
  }

  /**
   * Fills an empty table from a loaded datafile: one sort (skipped when the file is already
   * in id order, as appended files are) instead of one insertion per record.
   */
  bulkLoad(records: Map<RecordId, StoredRecord>): void {
    this.changes++;
    this.byId = records; // adopted, not copied: the loader hands over its map
    this.order = sortIds([...records.keys()], this.compare);
    for (const index of this.fields.values()) {
      index.clear();
      index.ready = records.size === 0;
    }
    this.views.reset();
    this.texts.clear();
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: RecordId): StoredRecord | undefined {
    return this.byId.get(id);
  }

  has(id: RecordId): boolean {
    return this.byId.has(id);
  }

  /**
   * A number that changes whenever a record is put, deleted or the table is refilled: the same
   * number means the same records (issue 45: a kept list answer is still the answer).
   */
  get version(): number {
    return this.changes;
  }

  /** Inserts or replaces; returns the record it replaced. */
  put(record: StoredRecord): StoredRecord | undefined {
    this.changes++;
    const previous = this.byId.get(record.id);
    this.byId.set(record.id, record);
    if (previous === undefined) {
      insertSorted(this.order, record.id, this.compare);
      for (const index of this.fields.values()) if (index.ready) index.add(record);
    } else {
      for (const index of this.fields.values()) if (index.ready) index.update(previous, record);
      this.texts.forget(record.id);
    }
    this.views.put(previous, record);
    return previous;
  }

  delete(id: RecordId): StoredRecord | undefined {
    const previous = this.byId.get(id);
    if (previous === undefined) return undefined;
    this.changes++;
    this.byId.delete(id);
    removeSorted(this.order, id, this.compare);
    for (const index of this.fields.values()) if (index.ready) index.delete(previous);
    this.views.delete(previous);
    this.texts.forget(id);
    return previous;
  }

  /** Empties the table and hands back every record in id order (for undo). */
  clear(): StoredRecord[] {
    this.changes++;
    const records = this.snapshot();
    this.byId.clear();
    this.order = [];
    for (const index of this.fields.values()) {
      index.clear();
      index.ready = true;
    }
    this.views.reset();
    this.texts.clear();
    return records;
  }

  /**
   * `JSON.stringify(record)`, kept while `record` is the stored one (issue 45): a record read
   * before a write replaced it is still answered as it was, but its text is not kept.
   */
  json(record: StoredRecord): string {
    return this.texts.text(record, this.byId);
  }

  /** The JSON text of the record stored under `id` (kept, or made and kept), if there is one. */
  jsonOf(id: RecordId): string | undefined {
    const kept = this.texts.kept(id);
    if (kept !== undefined) return kept;
    const record = this.byId.get(id);
    return record === undefined ? undefined : this.texts.keep(record);
  }

  /** How many record texts are kept, and their characters (tests, the bench's notes). */
  get keptTexts(): { readonly count: number; readonly chars: number } {
    return { count: this.texts.size, chars: this.texts.chars };
  }

  /** Every record in id order, as of now (compaction serializes this while writes go on). */
  snapshot(): StoredRecord[] {
    const records = new Array<StoredRecord>(this.order.length);
    for (let i = 0; i < this.order.length; i++) records[i] = this.byId.get(this.order[i]!)!;
    return records;
  }

  page(offset: number, limit: number): StoredRecord[] {
    return this.resolve(this.order, offset, limit);
  }

  /** Records `offset … offset+limit-1` in descending id order. O(limit). */
  pageFromLast(offset: number, limit: number): StoredRecord[] {
    const start = Math.max(0, Math.trunc(offset) || 0);
    const end = Math.min(this.order.length, start + Math.max(0, limit));
    const out: StoredRecord[] = [];
    for (let i = start; i < end; i++)
      out.push(this.byId.get(this.order[this.order.length - 1 - i]!)!);
    return out;
  }

  /** The kept answer to a list query (persistence/collections/record-views.ts). */
  view(spec: ViewSpec): RecordView | undefined {
    return this.views.view(spec);
  }

  /**
   * Every record in id order, to `visit`: a plain loop, about three times quicker than
   * `values()`'s generator over a million records (issue 44: a query's first asking walks them).
   */
  each(visit: (record: StoredRecord) => void): void {
    const { order, byId } = this;
    for (let i = 0; i < order.length; i++) visit(byId.get(order[i]!)!);
  }

  *values(): IterableIterator<StoredRecord> {
    for (const id of this.order) {
      const record = this.byId.get(id);
      if (record !== undefined) yield record;
    }
  }

  lookup(field: string, value: IndexValue, offset: number, limit: number): StoredRecord[] {
    return this.resolve(this.index(field).ids(value), offset, limit);
  }

  countBy(field: string, value: IndexValue): number {
    return this.index(field).ids(value).length;
  }

  private index(field: string): FieldIndex {
    const index = this.fields.get(field);
    if (!index) throw new FieldNotIndexedError(field);
    if (!index.ready) {
      // Ids are visited ascending, so every bucket is built by pushes.
      for (const id of this.order) index.add(this.byId.get(id)!);
      index.ready = true;
    }
    return index;
  }

  private resolve(ids: readonly RecordId[], offset: number, limit: number): StoredRecord[] {
    const start = Math.max(0, Math.trunc(offset) || 0);
    const end = Math.min(ids.length, start + Math.max(0, limit));
    const out: StoredRecord[] = [];
    for (let i = start; i < end; i++) out.push(this.byId.get(ids[i]!)!);
    return out;
  }
}
