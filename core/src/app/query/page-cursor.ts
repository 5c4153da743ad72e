/**
 * The keyset cursor of a list's `next` link (issue 44): `_after=<token>` names the last record
 * of a page by its sort-key values and id, so the next page starts past that record instead of
 * skipping `offset` rows. A database finds it through an index however deep the page, and a
 * list that grows or shrinks between two pages repeats or skips no record, which an offset
 * does as soon as a record is inserted before it.
 *
 * The token is base64url JSON (`[v1, …, id]`), opaque to clients but checked on the way in: a
 * value of the wrong type, or a cursor made for another sort, is a 400 naming `_after`.
 */
import { problems } from '../../errors.js';
import type { FieldType } from '../../model/schema.js';
import type { StoredRecord } from '../../persistence/collection.js';
import type { SortKey } from '../../persistence/record-query.js';

type FilterType = FieldType | 'id-number' | 'id-string' | 'relation';

/** Longer than any cursor of the values a sort compares; a longer `_after` is refused unread. */
const MAX_CURSOR_LENGTH = 8192;

/** The cursor naming `record`'s place in a list sorted by `sort`. */
export function encodeCursor(record: StoredRecord, sort: readonly SortKey[]): string {
  const values = [...sort.map((k) => record[k.field] ?? null), record.id];
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/** Whether `value` is one a field of `type` holds (the cursor's values are a record's). */
function holds(type: FilterType | undefined, value: unknown): boolean {
  if (value === null) return type !== 'id-number' && type !== 'id-string';
  if (type === 'id-number') return Number.isSafeInteger(value);
  if (type === 'id-string') return typeof value === 'string';
  if (type === 'relation') return typeof value === 'string' || Number.isSafeInteger(value);
  switch (type?.kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'enum':
      return typeof value === 'string' && type.values.includes(value);
    case 'date':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    default:
      // An array field, or an open model's undeclared one: compared as list-records does.
      return type === undefined || type.kind === 'array';
  }
}

/**
 * The values of `_after` for a list sorted by `sort`, or a 400 naming `_after`. `types` are
 * the filter types of the model's fields (collection-query.ts `filterTypes`).
 */
export function parseCursor(
  raw: string,
  sort: readonly SortKey[],
  types: ReadonlyMap<string, FilterType>,
): readonly unknown[] {
  const bad = (why: string): never => {
    throw problems.badQuery('_after', `is not a cursor of this list: ${why}`);
  };
  if (raw.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) bad('not base64url');
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return bad('not JSON');
  }
  if (!Array.isArray(values) || values.length !== sort.length + 1)
    return bad(`a list of ${sort.length + 1} values (the sort's, then the id) is expected`);
  const fields = [...sort.map((k) => k.field), 'id'];
  fields.forEach((field, i) => {
    const value: unknown = values[i];
    const type = types.get(field);
    if (field === 'id' ? !holds(types.get('id'), value) : !holds(type, value))
      bad(`${JSON.stringify(value)} is no value of ${field}`);
  });
  return values as unknown[];
}
