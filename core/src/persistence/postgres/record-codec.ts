/**
 * Records to rows and back (issue 26), so a record reads back exactly as it was stored, or is
 * refused with an {@link InvalidRecordError} (a 422) saying why, never changed on the way:
 *
 * - Every value is checked against its column's kind before it is sent: pg would turn `5` into
 *   `'5'` for a text column, silently.
 * - PostgreSQL text (and jsonb) cannot hold U+0000, and pg would send a lone UTF-16 surrogate as
 *   U+FFFD: both are refused.
 * - Absent and `null` both become NULL; `$nulls` lists the fields whose NULL means the other
 *   thing than its default (absent for an optional, non-nullable field; `null` otherwise), so a
 *   row written by hand (`$nulls` NULL) reads as the model expects.
 */
import { InvalidRecordError } from '../../errors.js';
import type { FieldType } from '../../model/schema.js';
import type { RecordId } from '../../model/schema.js';
import type { StoredRecord } from '../collection.js';
import type { ColumnSpec, TableSpec } from './table-schema.js';

/** U+0000 or a UTF-16 surrogate not paired with its other half. */
const UNSTORABLE = /\0|\p{Cs}/u;

const INT8_MIN = -(2 ** 63);
const INT8_LIMIT = 2 ** 63;

function refuse(field: string, why: string): never {
  throw new InvalidRecordError(`field "${field}": ${why}`);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 40 ? 'a string' : JSON.stringify(value);
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

/** Whether PostgreSQL text holds `value` unchanged (no U+0000, no lone surrogate). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * Whether `value` is a date as a `date` column stores it: the ISO string `toISOString` writes,
 * years 0001-9999 (what {@link dateParam} lets in). Any other text equals no stored date.
 */
export function isStorableDate(value: string): boolean {
  const time = new Date(value);
  if (Number.isNaN(time.getTime()) || time.toISOString() !== value) return false;
  const year = time.getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** Checks a string PostgreSQL can hold unchanged. */
export function checkText(field: string, value: string): string {
  if (UNSTORABLE.test(value)) {
    refuse(
      field,
      value.includes('\0')
        ? 'PostgreSQL text cannot hold the NUL character (U+0000)'
        : 'a lone UTF-16 surrogate is not text PostgreSQL can hold',
    );
  }
  return value;
}

/** Whether `type` holds `value` (an array's elements as JSON, checked the same way). */
function checkValue(field: string, type: FieldType, value: unknown): void {
  const wrong = (wanted: string): never =>
    refuse(field, `must be ${wanted}, got ${describe(value)}`);
  switch (type.kind) {
    case 'string':
    case 'date':
      if (typeof value !== 'string') wrong('a string');
      checkText(field, value as string);
      return;
    case 'enum':
      if (typeof value !== 'string' || !type.values.includes(value))
        wrong(`one of ${type.values.join(', ')}`);
      return;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) wrong('a finite number');
      if (type.integer && !Number.isInteger(value)) wrong('an integer');
      return;
    case 'boolean':
      if (typeof value !== 'boolean') wrong('a boolean');
      return;
    case 'array':
      if (!Array.isArray(value)) wrong('an array');
      for (const element of value as unknown[]) {
        if (element === null) continue;
        checkValue(field, type.element, element);
      }
      return;
    case 'object':
      if (value === null || typeof value !== 'object' || Array.isArray(value)) wrong('an object');
      for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
        const inner = `${field}.${key}`;
        checkText(inner, key);
        const declared = type.fields.find((m) => m.name === key);
        if (declared === undefined) refuse(inner, 'is not a field of the object');
        if (member !== null) checkValue(inner, declared.type, member);
      }
      return;
  }
}

/** Whether `type` holds an object somewhere, whose keys jsonb reorders. */
function holdsObject(type: FieldType): boolean {
  return type.kind === 'object' || (type.kind === 'array' && holdsObject(type.element));
}

/**
 * `value` (read from jsonb, which orders an object's keys by length) with its objects' keys in
 * the order the model declares them, so a record reads back as it was written through the API.
 */
function declaredOrder(type: FieldType, value: unknown): unknown {
  if (type.kind === 'array' && Array.isArray(value)) {
    return value.map((element) => declaredOrder(type.element, element));
  }
  if (type.kind !== 'object' || value === null || typeof value !== 'object') return value;
  const stored = value as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const member of type.fields) {
    if (Object.hasOwn(stored, member.name)) {
      ordered[member.name] = declaredOrder(member.type, stored[member.name]);
    }
  }
  // Keys the model does not declare (written by hand) are kept, after the declared ones.
  for (const key of Object.keys(stored))
    if (!Object.hasOwn(ordered, key)) ordered[key] = stored[key];
  return ordered;
}

/** A `date` field's parameter: the ISO string `toISOString` gives, which is how it reads back. */
function dateParam(field: string, value: unknown): string {
  const text = value instanceof Date ? value.toISOString() : value;
  if (typeof text !== 'string')
    refuse(field, `must be an ISO date-time string, got ${describe(value)}`);
  const time = new Date(text);
  // Only the canonical form reads back unchanged; the API normalises to it before storing.
  if (Number.isNaN(time.getTime()) || time.toISOString() !== text)
    refuse(
      field,
      `must be a date as toISOString() writes it (2024-01-31T09:30:00.000Z), got ${describe(text)}`,
    );
  const year = time.getUTCFullYear();
  if (year < 1 || year > 9999) refuse(field, `the year ${year} is outside 0001-9999`);
  return text;
}

/**
 * One column's parameter for a value that is not null (a model edit's UPDATE of one column):
 * checked and encoded as a whole record's would be, an {@link InvalidRecordError} otherwise.
 */
export function param(column: ColumnSpec, value: unknown): unknown {
  const name = column.name;
  if (column.parent !== undefined) {
    // A relation holds its parent's id, of the kind its column has.
    if (column.type === 'int8') {
      if (typeof value !== 'number' || !Number.isSafeInteger(value))
        refuse(name, `must be an integer id, got ${describe(value)}`);
    } else if (typeof value !== 'string' || value.length === 0)
      refuse(name, `must be a string id, got ${describe(value)}`);
    else checkText(name, value);
    return value;
  }
  const field = column.field!;
  if (field.type.kind === 'date') return dateParam(name, value);
  checkValue(name, field.type, value);
  if (field.type.kind === 'array' || field.type.kind === 'object') return JSON.stringify(value);
  if (column.type === 'int8') {
    if ((value as number) < INT8_MIN || (value as number) >= INT8_LIMIT)
      refuse(name, `${String(value)} is outside PostgreSQL's bigint range`);
    // The exact integer: String(2 ** 62) is the shortest text that reads back as the same
    // double ("4611686018427388000"), another integer to bigint, and past its range at -2^63.
    return BigInt(value as number).toString();
  }
  return value;
}

/** Whether a NULL in `column` reads as absent when `$nulls` does not name it. */
export function nullMeansAbsent(column: ColumnSpec): boolean {
  const field = column.field;
  return field !== undefined && field.optional && !field.nullable;
}

/** The SQL type cast each column's parameter takes (`$3::jsonb`), in `spec.columns` order. */
export function castOf(column: ColumnSpec): string {
  switch (column.type) {
    case 'jsonb':
      return '::jsonb';
    case 'timestamptz':
      return '::timestamptz';
    case '_text':
      return '::text[]';
    default:
      return '';
  }
}

/**
 * `record`'s parameters for every column after `id` (fields, relations, `$nulls`), in
 * `spec.columns` order. Refuses a field the table has no column for.
 */
export function encodeRecord(
  spec: TableSpec,
  record: Readonly<Record<string, unknown>>,
): unknown[] {
  const columns = spec.columns.slice(1, -1);
  const known = new Set(columns.flatMap((c) => (c.extra ? [] : [c.name])));
  const open = columns.some((c) => c.extra);
  let extra: Record<string, unknown> | undefined;
  for (const name of Object.keys(record)) {
    if (name === 'id' || name === '_id' || known.has(name)) continue;
    if (!open)
      throw new InvalidRecordError(`field "${name}": the table "${spec.table}" has no such column`);
    extra ??= {};
    // defineProperty: a key `__proto__` stays a key, never the prototype.
    Object.defineProperty(extra, name, {
      value: record[name],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const flipped: string[] = [];
  const params: unknown[] = [];
  for (const column of columns) {
    if (column.extra) {
      params.push(extra === undefined ? null : extraParam(extra));
      continue;
    }
    const has = Object.hasOwn(record, column.name) && record[column.name] !== undefined;
    const value = has ? record[column.name] : undefined;
    if (value === undefined || value === null) {
      if ((value === null) === nullMeansAbsent(column)) flipped.push(column.name);
      params.push(null);
    } else params.push(param(column, value));
  }
  params.push(flipped.length > 0 ? flipped : null);
  return params;
}

/**
 * JSON.stringify writes U+0000 and a lone surrogate as `\u0000` and `\udXXX` escapes (a paired
 * one as itself): an odd run of backslashes before one of them is such an escape.
 */
const UNSTORABLE_ESCAPE = /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

/**
 * An open model's undeclared fields as the `$extra` parameter: their JSON text, refused when
 * jsonb could not hold it unchanged (U+0000, a lone surrogate, anywhere in keys or values).
 */
function extraParam(extra: Record<string, unknown>): string {
  const text = JSON.stringify(extra);
  if (UNSTORABLE_ESCAPE.test(text)) {
    const key = Object.keys(extra).find((k) =>
      UNSTORABLE_ESCAPE.test(JSON.stringify({ [k]: extra[k] })),
    );
    refuse(
      key ?? Object.keys(extra)[0]!,
      'PostgreSQL text cannot hold U+0000 or a lone UTF-16 surrogate',
    );
  }
  return text;
}

/** Whether `id` is of the table's kind and text PostgreSQL holds unchanged. */
export function isStorableId(spec: TableSpec, id: unknown): id is RecordId {
  if (spec.idKind === 'number') return typeof id === 'number' && Number.isSafeInteger(id);
  return typeof id === 'string' && id.length > 0 && !UNSTORABLE.test(id);
}

/** An open model's `$extra` object into the record, each key a plain data property. */
function mergeExtra(record: Record<string, unknown>, extra: Record<string, unknown>): void {
  for (const key of Object.keys(extra))
    Object.defineProperty(record, key, {
      value: extra[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
}

/** A row (array mode, `spec.columns` order) as the record it stores. */
export function decodeRow(spec: TableSpec, row: readonly unknown[]): StoredRecord {
  const record: Record<string, unknown> = { id: row[0] };
  const flipped = new Set((row[spec.columns.length - 1] as string[] | null) ?? []);
  for (let i = 1; i < spec.columns.length - 1; i++) {
    const column = spec.columns[i]!;
    let value = row[i];
    if (column.extra) {
      // After the declared fields, as the file store's records hold them when sent so.
      if (value !== null) mergeExtra(record, value as Record<string, unknown>);
      continue;
    }
    if (value === null) {
      if (nullMeansAbsent(column) !== flipped.has(column.name)) continue;
    } else if (value instanceof Date) value = value.toISOString();
    else if (column.field !== undefined && holdsObject(column.field.type))
      value = declaredOrder(column.field.type, value);
    // defineProperty: a field named `__proto__` stays a field, never the prototype.
    Object.defineProperty(record, column.name, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return record as StoredRecord;
}
