/**
 * What an id may be, and how it is written as NeDB's `_id` (CONTRACT §1, issue 4).
 *
 * Numeric ids are safe integers: `_id` is their decimal string, never a number (DESIGN
 * "Known traps": NeDB drops a numeric `_id` 0 and confuses 1 with "1" after a reload).
 * String ids are non-empty strings; generated ones are 16 url-safe characters from 96 random
 * bits, so collisions are negligible (and checked anyway).
 */
import { randomBytes } from 'node:crypto';

import type { IdKind, RecordId } from '../../model/schema.js';

export function isIdOfKind(id: unknown, kind: IdKind): id is RecordId {
  return kind === 'number'
    ? typeof id === 'number' && Number.isSafeInteger(id)
    : typeof id === 'string' && id.length > 0;
}

/** The id a bare `_id` stands for, or `undefined` when it cannot be one of this kind. */
export function idFromKey(key: string, kind: IdKind): RecordId | undefined {
  if (kind === 'string') return key.length > 0 ? key : undefined;
  const n = Number(key);
  // Canonical decimal only: "07", "1e3", " 5" and "" are not numeric ids.
  return Number.isSafeInteger(n) && String(n) === key ? n : undefined;
}

export function keyOf(id: RecordId): string {
  return typeof id === 'string' ? id : String(id);
}

/**
 * Whether `text[start, end)` is `keyOf(id)`, without building that string (a datafile read
 * asks it once per line).
 */
export function isKeyOf(id: RecordId, text: string, start: number, end: number): boolean {
  if (typeof id === 'string') return end - start === id.length && text.startsWith(id, start);
  if (id < 0) {
    if (text.charCodeAt(start) !== 45 /* - */) return false;
    start++;
  }
  if (end <= start) return false;
  // The decimal digits of a safe integer, last digit first.
  let rest = Math.abs(id);
  let at = end;
  do {
    at--;
    if (at < start || text.charCodeAt(at) !== 48 + (rest % 10)) return false;
    rest = Math.floor(rest / 10);
  } while (rest > 0);
  return at === start;
}

export function randomStringId(): string {
  return randomBytes(12).toString('base64url');
}
