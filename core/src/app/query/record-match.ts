/**
 * Whether a record matches a list query (CONTRACT §2: typed equality, json-server 0.17's
 * operators and `q`) and the order a sort asks: one definition for the scan
 * (list-records.ts) and for the kept views (list-views.ts), so both give the same answer.
 */
import type { StoredRecord } from '../../persistence/collection.js';
import type { LikePattern, SortKey } from '../../persistence/record-query.js';
import { checkPattern, queryPattern } from '../../rules/pattern-pool.js';
import { testBounded } from '../../rules/safe-pattern.js';
import type { Filter } from './collection-query.js';

/** Absent and null last, numbers by value, anything else by its text (UTF-16 order). */
export function compare(a: unknown, b: unknown): number {
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

export function matchesFilter(record: StoredRecord, filter: Filter): boolean {
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

export function matchesSearch(
  record: StoredRecord,
  q: string,
  stringFields: readonly string[],
): boolean {
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

/**
 * The order `sort` asks: each key in turn, absent and null last in either direction; 0 for
 * records equal on every key (a stable sort then keeps them in id order).
 */
export function compareBy(sort: readonly SortKey[]): (a: StoredRecord, b: StoredRecord) => number {
  return (a, b) => {
    for (const key of sort) {
      const c = compare(a[key.field], b[key.field]);
      if (c !== 0)
        return key.descending ? (a[key.field] == null || b[key.field] == null ? c : -c) : c;
    }
    return 0;
  };
}
