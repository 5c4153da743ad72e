/**
 * Ascending id order for the ordered indexes (DESIGN "Known traps": NeDB lists in `_id`
 * string order, so `10` sorts before `2`; we keep numeric order for numeric ids and UTF-16
 * code-unit order for string ids, the order `Array.prototype.sort` gives strings).
 *
 * Arrays stay sorted by binary-search insertion; an id above the current maximum (every
 * server-assigned numeric id) is a plain push, so the common insert is O(1).
 */
import type { IdKind, RecordId } from '../../model/schema.js';

export type IdCompare = (a: RecordId, b: RecordId) => number;

const compareNumbers: IdCompare = (a, b) => (a as number) - (b as number);
const compareStrings: IdCompare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

export function idComparator(kind: IdKind): IdCompare {
  return kind === 'number' ? compareNumbers : compareStrings;
}

/** Index of the first element ≥ `id` (lower bound). */
export function lowerBound(ids: readonly RecordId[], id: RecordId, compare: IdCompare): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(ids[mid]!, id) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Adds `id` keeping order; no-op when present. */
export function insertSorted(ids: RecordId[], id: RecordId, compare: IdCompare): void {
  const n = ids.length;
  if (n === 0 || compare(ids[n - 1]!, id) < 0) {
    ids.push(id);
    return;
  }
  const at = lowerBound(ids, id, compare);
  if (at < n && compare(ids[at]!, id) === 0) return;
  ids.splice(at, 0, id);
}

/** Removes `id` if present; returns whether it was. */
export function removeSorted(ids: RecordId[], id: RecordId, compare: IdCompare): boolean {
  const n = ids.length;
  // Deleting the newest record is common (undo of an insert): check the end first.
  if (n > 0 && compare(ids[n - 1]!, id) === 0) {
    ids.pop();
    return true;
  }
  const at = lowerBound(ids, id, compare);
  if (at >= n || compare(ids[at]!, id) !== 0) return false;
  ids.splice(at, 1);
  return true;
}

/** Sorts once after a bulk load; skips the sort when the ids already arrive in order. */
export function sortIds(ids: RecordId[], compare: IdCompare): RecordId[] {
  for (let i = 1; i < ids.length; i++) {
    if (compare(ids[i - 1]!, ids[i]!) > 0) return ids.sort(compare);
  }
  return ids;
}
