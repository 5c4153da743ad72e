/** The default datasource as a {@link ModelStore}: a file collection, read from memory. */
import type { Collection, IndexValue, RecordId, StoredRecord } from './collection.js';
import type { ModelStore, ReadableRecords } from './model-store.js';

export class CollectionStore implements ModelStore {
  readonly label = 'default';
  readonly #readable: ReadableRecords;

  constructor(
    readonly collection: Collection,
    indexed: readonly string[],
  ) {
    const c = collection;
    this.#readable = {
      count: () => c.count(),
      page: (offset, limit) => c.page(offset, limit),
      values: () => c.values(),
      lookup: (field: string, value: IndexValue, offset?: number, limit?: number) =>
        c.lookup(field, value, offset, limit),
      countBy: (field: string, value: IndexValue) => c.countBy(field, value),
      indexed: new Set(indexed),
    };
  }

  records(): ReadableRecords {
    return this.#readable;
  }

  get(id: RecordId): StoredRecord | undefined {
    return this.collection.get(id);
  }

  insert(record: Record<string, unknown>): Promise<StoredRecord> {
    return this.collection.insert(record);
  }

  replace(id: RecordId, record: Record<string, unknown>): Promise<StoredRecord | undefined> {
    return this.collection.replace(id, record);
  }

  remove(id: RecordId): Promise<StoredRecord | undefined> {
    return this.collection.remove(id);
  }
}
