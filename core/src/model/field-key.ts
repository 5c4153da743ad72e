/**
 * Which JSON keys can be a record's field: the one rule the importers (a key becomes a model
 * member) and an open model's writes (a key is stored as sent, issue 42) share, so whatever an
 * open model keeps can later be declared when it is closed.
 */

/** The longest key: longer ones are typos or attacks. */
export const MAX_FIELD_KEY_LENGTH = 64;

/** Why `key` cannot be a field, or `undefined` when it can. */
export function fieldKeyProblem(key: string): string | undefined {
  // `toString`, `__proto__`, `constructor`: a record holding one misleads any code that reads
  // the record as an object (and `__proto__` set by assignment replaces its prototype).
  if (key in Object.prototype || key === 'prototype')
    return 'every JavaScript object has a member of that name';
  if (key === '' || key.length > MAX_FIELD_KEY_LENGTH || /[\p{Cc}'"\\`]/u.test(key))
    return `a field key has 1 to ${MAX_FIELD_KEY_LENGTH} characters, no quotes or control characters`;
  return undefined;
}
