/**
 * Records read at once, answering the synchronous {@link ReadableRecords} interface from
 * memory: how a store that cannot answer reads itself (a user's datasource's `getAll()`, a
 * database table read whole) hands its records to the queries.
 */
import type { IndexValue, StoredRecord } from './collection.js';
import type { ReadableRecords } from './model-store.js';

/**
 * `records` as {@link ReadableRecords}, in the order given (the caller's id order). `lookup`
 * and `countBy` scan; `indexed` only says which fields a caller may treat as indexed.
 */
export function recordSnapshot(
  records: readonly StoredRecord[],
  indexed: ReadonlySet<string> = new Set(),
): ReadableRecords {
  const window = <T>(list: readonly T[], offset: number, limit: number | undefined): T[] =>
    list.slice(offset, limit === undefined ? undefined : offset + limit);
  const matching = (field: string, value: IndexValue) =>
    records.filter((r) => (r[field] ?? null) === value);
  return {
    count: () => records.length,
    page: (offset, limit) => window(records, offset, limit),
    values: () => records.values(),
    lookup: (field, value, offset = 0, limit) => window(matching(field, value), offset, limit),
    countBy: (field, value) => matching(field, value).length,
    indexed,
  };
}
