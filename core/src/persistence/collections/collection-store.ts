/** The default datasource as a {@link ModelStore}: a file collection, read from memory. */
import type { RecordId } from '../../model/schema.js';
import { writeBatch } from '../batch/batch-journal.js';
import { type BatchDoor, type BatchDoorPart, ONE_BY_ONE } from '../batch-door.js';
import type { Collection, IndexValue, StoredRecord } from '../collection.js';
import type { ModelStore, ReadableRecords, RecordMerge } from '../model-store.js';
import { FileCollection } from './file-collection.js';

function fileCollectionOf(part: BatchDoorPart): FileCollection {
  const { store } = part;
  if (store instanceof CollectionStore && store.collection instanceof FileCollection)
    return store.collection;
  throw new Error(`the file store's batch was handed a ${store.label} store`);
}

/**
 * The datafiles' door: one journaled batch per data folder, all or nothing across a crash. A
 * single change is one append, atomic already: it skips the journal.
 */
export const FILE_BATCHES: BatchDoor = {
  atomic: true,
  async write(parts) {
    const count = parts.reduce((n, p) => n + p.ops.length, 0);
    if (count <= 1 && parts.every((p) => p.ops.every((op) => op.kind !== 'clear')))
      return ONE_BY_ONE.write(parts);
    const plans = await writeBatch(
      parts.map((p) => ({ collection: fileCollectionOf(p), ops: p.ops })),
    );
    return plans.map((plan) => [...plan.stored]);
  },
};

export class CollectionStore implements ModelStore {
  readonly label = 'default';
  readonly readOnly = false;
  readonly #readable: ReadableRecords;
  /** Journaled for datafiles; records kept in memory only have nothing to tear. */
  readonly batches: BatchDoor;

  constructor(
    readonly collection: Collection,
    indexed: readonly string[],
  ) {
    this.batches = collection instanceof FileCollection ? FILE_BATCHES : ONE_BY_ONE;
    const c = collection;
    this.#readable = {
      count: () => c.count(),
      page: (offset, limit) => c.page(offset, limit),
      values: () => c.values(),
      lookup: (field: string, value: IndexValue, offset?: number, limit?: number) =>
        c.lookup(field, value, offset, limit),
      countBy: (field: string, value: IndexValue) => c.countBy(field, value),
      indexed: new Set(indexed),
      each: (visit) => c.each(visit),
      pageFromLast: (offset, limit) => c.pageFromLast(offset, limit),
      view: (spec) => c.view(spec),
    };
  }

  records(): ReadableRecords {
    return this.#readable;
  }

  get(id: RecordId): StoredRecord | undefined {
    return this.collection.get(id);
  }

  /** The record's JSON text, kept by the collection (issue 45). */
  readonly json = (record: StoredRecord): string => this.collection.json(record);

  /** The kept text of the record stored under `id` (issue 45: a read by id in one lookup). */
  readonly jsonOf = (id: RecordId): string | undefined => this.collection.jsonOf(id);

  /** Changes with every write of the collection (issue 45: kept list answers). */
  readonly version = (): number => this.collection.version();

  insert(record: Record<string, unknown>): Promise<StoredRecord> {
    return this.collection.insert(record);
  }

  replace(id: RecordId, record: Record<string, unknown>): Promise<StoredRecord | undefined> {
    return this.collection.replace(id, record);
  }

  /**
   * Read, merge and write in one synchronous step (no await before `replace`, which applies
   * the write to memory before its own first await): no other write of `id` comes between.
   */
  async patch(id: RecordId, merge: RecordMerge): Promise<StoredRecord | undefined> {
    const current = this.collection.get(id);
    return current === undefined ? undefined : this.collection.replace(id, merge(current));
  }

  remove(id: RecordId): Promise<StoredRecord | undefined> {
    return this.collection.remove(id);
  }
}
