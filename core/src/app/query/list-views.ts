/**
 * A list query as a {@link ViewSpec} (issue 44): what it keeps and in which order, for a store
 * that keeps answers in memory (persistence/collections/record-views.ts). Both come from
 * record-match.ts, as the scan's do, so a kept answer is the scan's answer.
 */
import type { StoredRecord } from '../../persistence/collection.js';
import type { Filter, SortKey, ViewSpec } from '../../persistence/record-query.js';
import { compareBy, matchesFilter, matchesSearch } from './record-match.js';

/** Ids of one collection are all numbers or all strings: numeric, else UTF-16 order. */
function compareIds(a: StoredRecord, b: StoredRecord): number {
  if (typeof a.id === 'number' && typeof b.id === 'number') return a.id - b.id;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The keys a sort really uses: ids are unique, so nothing after an `id` key is ever compared
 * (`_sort=priority,id,content` orders as `_sort=priority`, ties being in id order anyway).
 */
export function effectiveSort(sort: readonly SortKey[]): readonly SortKey[] {
  const at = sort.findIndex((k) => k.field === 'id');
  return at < 0 || at === sort.length - 1 ? sort : sort.slice(0, at + 1);
}

/**
 * The view of `filters`, `q` over `stringFields` and `sort` (already {@link effectiveSort}).
 * Its key names everything the answer depends on; `like` filters are keyed by the patterns as
 * sent, from which the parser compiles them the same way every time.
 */
export function viewSpecOf(
  filters: readonly Filter[],
  q: string | undefined,
  stringFields: readonly string[],
  sort: readonly SortKey[],
): ViewSpec {
  const key = JSON.stringify([
    filters.map((f) => [f.field, f.op, f.values, f.undeclared === true]),
    q ?? null,
    q === undefined ? null : stringFields,
    sort.map((k) => [k.field, k.descending]),
  ]);
  const keep =
    filters.length === 0 && q === undefined
      ? undefined
      : (r: StoredRecord): boolean =>
          filters.every((f) => matchesFilter(r, f)) &&
          (q === undefined || matchesSearch(r, q, stringFields));
  const idOnly = sort.length === 1 && sort[0]!.field === 'id' && !sort[0]!.descending;
  const byKeys = compareBy(sort);
  return {
    key,
    keep,
    compare: sort.length === 0 || idOnly ? undefined : (a, b) => byKeys(a, b) || compareIds(a, b),
    fields: sort.filter((k) => k.field !== 'id').map((k) => k.field),
  };
}
