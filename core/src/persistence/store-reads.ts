/**
 * Reads that need part of a model's records, or all of them a page at a time (issue 26): a
 * store that answers queries (PostgreSQL) is asked for just that, the others (the data folder,
 * a user's datasource) are read through `records()` as before, so their answers are unchanged.
 */
import type { RecordId } from '../model/schema.js';
import type { IndexValue, StoredRecord } from './collection.js';
import type { ModelStore } from './model-store.js';

/** Rows per page when a store is read whole a page at a time. */
export const SCAN_PAGE = 1000;

/**
 * The records whose `field` is `value` (a relation's children), in id order on a database,
 * in the index's order otherwise. On PostgreSQL: one `WHERE "field" = …` (foreign keys are
 * indexed), through the list query.
 */
export async function recordsWhere(
  store: ModelStore,
  field: string,
  value: IndexValue,
): Promise<readonly StoredRecord[]> {
  const asked = await store.query?.list({
    filters: [{ field, op: 'eq', values: [value] }],
    sort: [],
    offset: 0,
  });
  if (asked !== undefined) return asked.items;
  const records = await store.records();
  return records.indexed.has(field)
    ? records.lookup(field, value)
    : [...records.values()].filter((r) => r[field] === value);
}

/** Every record of `store`, a page at a time where the store can (`scan`), else at once. */
export async function* recordPages(
  store: ModelStore,
  size = SCAN_PAGE,
): AsyncIterable<readonly StoredRecord[]> {
  if (store.scan !== undefined) {
    yield* store.scan(size);
    return;
  }
  yield [...(await store.records()).values()];
}

/** Every record of `store`, read a page at a time where the store can. */
export async function allRecords(store: ModelStore): Promise<StoredRecord[]> {
  const out: StoredRecord[] = [];
  for await (const page of recordPages(store)) for (const record of page) out.push(record);
  return out;
}

/** Up to `n` ids of `store` (every id of a store without `sampleIds`). */
export async function someIds(store: ModelStore, n: number): Promise<RecordId[]> {
  if (store.sampleIds !== undefined) return store.sampleIds(n);
  return [...(await store.records()).values()].map((r) => r.id);
}
