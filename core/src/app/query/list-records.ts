/**
 * Runs a {@link CollectionQuery} against a collection. The common cases never touch every
 * record (issue 6): a plain page is O(limit) from the ordered index, a single relation filter
 * uses the secondary index; only filters, search and sorting walk the collection.
 */
import type { StoredRecord } from '../../persistence/collection.js';
import type { ModelStore, ReadableRecords } from '../../persistence/model-store.js';
import type { LikePattern } from '../../persistence/record-query.js';
import { checkPattern, queryPattern } from '../../rules/pattern-pool.js';
import { testBounded } from '../../rules/safe-pattern.js';
import type { CollectionQuery, Filter } from './collection-query.js';

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

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  // Absent and null values sort last, whatever the direction asked, and tie with each other
  // (else the comparator is inconsistent: absent after null and null after absent).
  const aNone = a === undefined || a === null;
  const bNone = b === undefined || b === null;
  if (aNone || bNone) return aNone && bNone ? 0 : aNone ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/**
 * The query's text `raw` as the stored value `actual` would be typed: a number for a number
 * (none when the text is no number), else the text, which a boolean or string is compared by.
 */
function undeclaredOperand(actual: unknown, raw: unknown): unknown {
  if (typeof actual === 'number') {
    const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    return Number.isFinite(n) ? n : undefined;
  }
  return raw;
}

/** An undeclared field's value against the query's text (see `Filter.undeclared`). */
function matchesUndeclared(actual: unknown, filter: Filter, raw: unknown): boolean {
  if (Array.isArray(actual) && filter.op === 'ne')
    return actual.every((a) => matchesUndeclared(a, filter, raw));
  if (Array.isArray(actual)) return actual.some((a) => matchesUndeclared(a, filter, raw));
  // An object holds no value a query's text names; absent and null match only `_ne`.
  const scalar = actual !== null && typeof actual !== 'object' && actual !== undefined;
  const value = scalar ? undeclaredOperand(actual, raw) : undefined;
  const same = scalar && value !== undefined && String(actual) === String(value);
  if (filter.op === 'eq') return same;
  if (filter.op === 'ne') return !same;
  if (value === undefined || typeof actual === 'boolean') return false;
  return ordered(filter.op, compare(actual, value));
}

/** Whether `order` (a comparison's sign) satisfies a range operator. */
function ordered(op: Filter['op'], order: number): boolean {
  switch (op) {
    case 'gt':
      return order > 0;
    case 'gte':
      return order >= 0;
    case 'lt':
      return order < 0;
    default:
      return order <= 0;
  }
}

function matchesValue(actual: unknown, filter: Filter, value: unknown): boolean {
  if (filter.undeclared === true) return matchesUndeclared(actual, filter, value);
  // An array matches when any element does; `ne`, the negation, when no element is the value.
  if (Array.isArray(actual) && filter.op === 'ne')
    return actual.every((a) => matchesValue(a, filter, value));
  if (Array.isArray(actual)) return actual.some((a) => matchesValue(a, filter, value));
  if (filter.op === 'eq')
    return value === null ? actual === null || actual === undefined : actual === value;
  if (filter.op === 'ne')
    return value === null ? actual !== null && actual !== undefined : actual !== value;
  if (actual === undefined || actual === null) return false;
  return ordered(filter.op, compare(actual, value));
}

/**
 * The text a `like` pattern is tested on, as json-server 0.17 tests `value.toString()`: a
 * list's elements joined by commas (an object element as its JSON, not `[object Object]`).
 */
function likeText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.map((v) => (v === null || v === undefined ? '' : likeText(v))).join(',');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Filters built without the parser (a store's conformance suite) are compiled once here. */
const compiled = new WeakMap<Filter, readonly LikePattern[]>();

function patternsOf(filter: Filter): readonly LikePattern[] {
  if (filter.patterns) return filter.patterns;
  let patterns = compiled.get(filter);
  if (!patterns) {
    patterns = filter.values.map((v) => {
      // Unreachable from HTTP (the parser answers 400): a bad pattern matches nothing.
      return checkPattern(String(v), true).ok
        ? queryPattern(String(v), true)
        : { test: () => false };
    });
    compiled.set(filter, patterns);
  }
  return patterns;
}

function matchesFilter(record: StoredRecord, filter: Filter): boolean {
  // An undeclared filter's field is never a member every object has (the parser refuses those).
  const actual = record[filter.field];
  if (filter.op === 'like') {
    if (actual === undefined || actual === null) return false;
    const text = likeText(actual);
    return patternsOf(filter).some((p) => testBounded(p, text));
  }
  // `ne` with several values excludes all of them; the other operators accept any of them.
  if (filter.op === 'ne') return filter.values.every((v) => matchesValue(actual, filter, v));
  return filter.values.some((v) => matchesValue(actual, filter, v));
}

function matchesSearch(record: StoredRecord, q: string, stringFields: readonly string[]): boolean {
  for (const field of stringFields) {
    const value = record[field];
    if (typeof value === 'string' && value.toLowerCase().includes(q)) return true;
    if (
      Array.isArray(value) &&
      value.some((v) => typeof v === 'string' && v.toLowerCase().includes(q))
    )
      return true;
  }
  return false;
}

function window<T>(items: readonly T[], offset: number, limit: number | undefined): T[] {
  return items.slice(offset, limit === undefined ? undefined : offset + limit);
}

/** Lists records for a parsed query; `stringFields` feed `q`. */
export function listRecords(
  collection: ReadableRecords,
  query: CollectionQuery,
  stringFields: readonly string[],
): ListResult {
  const indexed = collection.indexed;
  const { offset, limit, filters, sort, q, after } = query;
  if (after !== undefined) return listAfter(collection, query, stringFields, after);
  if (filters.length === 0 && q === undefined && sort.length === 0) {
    return { items: collection.page(offset, limit), total: collection.count() };
  }
  const only = filters[0];
  if (
    filters.length === 1 &&
    only !== undefined &&
    only.op === 'eq' &&
    only.values.length === 1 &&
    indexed.has(only.field) &&
    q === undefined &&
    sort.length === 0
  ) {
    const value = only.values[0] as string | number | null;
    return {
      items: collection.lookup(only.field, value, offset, limit),
      total: collection.countBy(only.field, value),
    };
  }

  const keep = (r: StoredRecord): boolean =>
    filters.every((f) => matchesFilter(r, f)) &&
    (q === undefined || matchesSearch(r, q, stringFields));

  if (sort.length === 0) {
    // Id order already: keep only the window, but count every match.
    const items: StoredRecord[] = [];
    let total = 0;
    const end = limit === undefined ? Infinity : offset + limit;
    for (const record of collection.values()) {
      if (!keep(record)) continue;
      if (total >= offset && total < end) items.push(record);
      total++;
    }
    return { items, total };
  }

  const matches: StoredRecord[] = [];
  for (const record of collection.values()) if (keep(record)) matches.push(record);
  // Array.prototype.sort is stable, so ties keep ascending id order.
  matches.sort((a, b) => compareKeys(a, b, sort));
  return { items: window(matches, offset, limit), total: matches.length };
}

/** How `a` and `b` compare on the sort keys (absent and null last either way); 0 on a tie. */
function compareKeys(
  a: Readonly<Record<string, unknown>>,
  b: Readonly<Record<string, unknown>>,
  sort: CollectionQuery['sort'],
): number {
  for (const key of sort) {
    const c = compare(a[key.field], b[key.field]);
    if (c !== 0)
      return key.descending ? (a[key.field] == null || b[key.field] == null ? c : -c) : c;
  }
  return 0;
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
  const past = (r: StoredRecord): boolean => {
    const c = compareKeys(r, cursor, sort);
    return c > 0 || (c === 0 && compare(r.id, cursor.id) > 0);
  };
  const matches: StoredRecord[] = [];
  for (const record of collection.values())
    if (
      filters.every((f) => matchesFilter(record, f)) &&
      (q === undefined || matchesSearch(record, q, stringFields))
    )
      matches.push(record);
  matches.sort((a, b) => compareKeys(a, b, sort) || compare(a.id, b.id));
  const rest = matches.filter(past);
  return { items: window(rest, offset, limit), total: matches.length };
}
