/**
 * Runs a {@link CollectionQuery} against a collection. The common cases never touch every
 * record (issue 6): a plain page is O(limit) from the ordered index, a single relation filter
 * uses the secondary index; filters, search and sorting are answered from a kept view where
 * the store keeps them (issue 44), else by walking the collection.
 */
import type { IndexValue, StoredRecord } from '../../persistence/collection.js';
import type { ModelStore, ReadableRecords } from '../../persistence/model-store.js';
import type { SortKey } from '../../persistence/record-query.js';
import type { CollectionQuery, Filter } from './collection-query.js';
import { effectiveSort, viewSpecOf } from './list-views.js';
import { compare, compareBy, matchesFilter, matchesSearch } from './record-match.js';

export interface ListResult {
  readonly items: readonly StoredRecord[];
  /** Matches before offset and limit, for `X-Total-Count`. */
  readonly total: number;
}

/**
 * The page `query` asks for, from a store that answers queries itself (a database, issue 26),
 * or `undefined` when it does not (the caller then walks `records()`). `q` searches
 * `stringFields`.
 */
export async function askStore(
  store: ModelStore,
  query: CollectionQuery,
  stringFields: readonly string[],
): Promise<ListResult | undefined> {
  return store.query?.list({
    filters: query.filters,
    search: query.q === undefined ? undefined : { text: query.q, fields: stringFields },
    sort: query.sort,
    offset: query.offset,
    limit: query.limit,
    after: query.after,
  });
}

function window<T>(items: readonly T[], offset: number, limit: number | undefined): T[] {
  return items.slice(offset, limit === undefined ? undefined : offset + limit);
}

/**
 * A relation's bucket at most this big is filtered and sorted as it is (a user's todos with
 * `_sort=-priority`), rather than kept as a view per parent.
 */
const NARROW_MAX = 5000;

/** The single-valued equality filter on an indexed field, if the query has one. */
function indexedEquality(
  collection: ReadableRecords,
  filters: readonly Filter[],
): { field: string; value: IndexValue } | undefined {
  for (const f of filters) {
    if (f.op === 'eq' && f.values.length === 1 && f.undeclared !== true)
      if (collection.indexed.has(f.field))
        return { field: f.field, value: f.values[0] as IndexValue };
  }
  return undefined;
}

/** Every record in id order, to `visit`. */
type Walk = (visit: (record: StoredRecord) => void) => void;

const walkOf =
  (records: Iterable<StoredRecord>): Walk =>
  (visit) => {
    for (const record of records) visit(record);
  };

/** The page of the walked records that `keep` and `sort` ask for, and every match's count. */
function scan(
  walk: Walk,
  keep: (r: StoredRecord) => boolean,
  sort: readonly SortKey[],
  offset: number,
  limit: number | undefined,
): ListResult {
  if (sort.length === 0) {
    // Id order already: keep only the window, but count every match.
    const items: StoredRecord[] = [];
    let total = 0;
    const end = limit === undefined ? Infinity : offset + limit;
    walk((record) => {
      if (!keep(record)) return;
      if (total >= offset && total < end) items.push(record);
      total++;
    });
    return { items, total };
  }
  const matches: StoredRecord[] = [];
  walk((record) => {
    if (keep(record)) matches.push(record);
  });
  // Array.prototype.sort is stable, so ties keep ascending id order.
  matches.sort(compareBy(sort));
  return { items: window(matches, offset, limit), total: matches.length };
}

/**
 * Lists records for a parsed query; `stringFields` feed `q`. From the cheapest answer to the
 * dearest: the id order (O(limit), either direction), a relation's index, a kept view of the
 * query (issue 44: O(log n + limit) once built), and last a walk over every record.
 */
export function listRecords(
  collection: ReadableRecords,
  query: CollectionQuery,
  stringFields: readonly string[],
): ListResult {
  const { offset, limit, filters, q, after } = query;
  if (after !== undefined) return listAfter(collection, query, stringFields, after);
  const keys = effectiveSort(query.sort);
  const byId = keys.length === 1 && keys[0]!.field === 'id';
  // `_sort=id` is the order every list has without a sort.
  const sort = byId && !keys[0]!.descending ? [] : keys;
  if (filters.length === 0 && q === undefined && (sort.length === 0 || byId)) {
    const items =
      sort.length === 0 ? collection.page(offset, limit) : collection.pageFromLast?.(offset, limit);
    if (items !== undefined) return { items, total: collection.count() };
  }
  const equal = indexedEquality(collection, filters);
  if (equal !== undefined && filters.length === 1 && q === undefined && sort.length === 0) {
    return {
      items: collection.lookup(equal.field, equal.value, offset, limit),
      total: collection.countBy(equal.field, equal.value),
    };
  }

  const keep = (r: StoredRecord): boolean =>
    filters.every((f) => matchesFilter(r, f)) &&
    (q === undefined || matchesSearch(r, q, stringFields));
  if (equal !== undefined && collection.countBy(equal.field, equal.value) <= NARROW_MAX) {
    const bucket = collection.lookup(equal.field, equal.value);
    return scan(walkOf(bucket), keep, sort, offset, limit);
  }
  const view = collection.view?.(viewSpecOf(filters, q, stringFields, sort));
  if (view !== undefined) return { items: view.slice(offset, limit ?? Infinity), total: view.size };
  const walk = collection.each?.bind(collection) ?? walkOf(collection.values());
  return scan(walk, keep, sort, offset, limit);
}

/**
 * `_after` (issue 44, page-cursor.ts): the matches past the record the cursor names, in the
 * list's order (its sort, then ascending id); `total` counts every match all the same.
 */
function listAfter(
  collection: ReadableRecords,
  query: CollectionQuery,
  stringFields: readonly string[],
  after: readonly unknown[],
): ListResult {
  const { sort, filters, q, offset, limit } = query;
  const cursor: Record<string, unknown> = { id: after[sort.length] };
  sort.forEach((key, i) => (cursor[key.field] = after[i]));
  const order = compareBy(sort);
  const past = (r: StoredRecord): boolean => {
    const c = order(r, cursor as StoredRecord);
    return c > 0 || (c === 0 && compare(r.id, cursor.id) > 0);
  };
  const matches: StoredRecord[] = [];
  for (const record of collection.values())
    if (
      filters.every((f) => matchesFilter(record, f)) &&
      (q === undefined || matchesSearch(record, q, stringFields))
    )
      matches.push(record);
  matches.sort((a, b) => order(a, b) || compare(a.id, b.id));
  const rest = matches.filter(past);
  return { items: window(rest, offset, limit), total: matches.length };
}
