/**
 * A list query's conditions as SQL (issue 26, QUERY-DESIGN.md): one filter or `q` as a
 * condition over the table's columns, every value a `$n` parameter, or `undefined` for a shape
 * answered by app/query/list-records instead. Written so the field indexes (field-indexes.ts,
 * issue 44) serve them: one value is `=`, not `= ANY`, so a B-tree on `(field, id)` hands the
 * matches out in id order; text compares `COLLATE "C"` as those indexes are built; `q` and a
 * plain-text `_like` are a `LIKE` on `lower(field)`, which a trigram index answers.
 */
import type { Filter, RecordQuery } from '../record-query.js';
import { hasTextKey, isTextField, lowered, TEXT_KEY_CHARS, textKey } from './field-indexes.js';
import { isStorableDate, isStorableText } from './record-codec.js';
import { quoteIdent } from './sql.js';
import type { ColumnSpec, ColumnType } from './table-schema.js';

/** The array type a scalar column's values are sent as, for `= ANY($n)`. */
const ARRAY_OF: Partial<Record<ColumnType, string>> = {
  int8: 'bigint[]',
  float8: 'float8[]',
  text: 'text[]',
  bool: 'boolean[]',
  timestamptz: 'timestamptz[]',
};

/**
 * Whether a filter value can be a value of the column (else it equals nothing there). Text
 * PostgreSQL cannot hold (U+0000, a lone surrogate) and a date outside what a date column
 * stores cannot be sent either: the database would refuse the statement (a 500).
 */
function fits(type: ColumnType, value: unknown): boolean {
  switch (type) {
    case 'int8':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'float8':
      return typeof value === 'number' && Number.isFinite(value);
    case 'bool':
      return typeof value === 'boolean';
    case 'text':
      return typeof value === 'string' && isStorableText(value);
    case 'timestamptz':
      return typeof value === 'string' && isStorableDate(value);
    default:
      return false;
  }
}

/**
 * Whether a filter value can be an element of a stored list, as jsonb: not text PostgreSQL
 * cannot hold, not a number JSON has no form for (`1e400` would be sent as `null`).
 */
function elementFits(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (typeof value === 'number') return Number.isFinite(value);
  return true;
}

/**
 * Whether `value` has the JavaScript type the column's values have and can be sent (for
 * ranges; any other bound is left to app/query/list-records).
 */
export function comparable(type: ColumnType, value: unknown): boolean {
  if (type === 'int8' || type === 'float8') return typeof value === 'number';
  return fits(type, value);
}

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A column as a sort or range operand: text in code-point order, as the ids are. */
export function operand(column: ColumnSpec): string {
  const name = quoteIdent(column.name);
  return column.type === 'text' ? `${name} COLLATE "C"` : name;
}

export type Comparison = '=' | '<' | '<=' | '>' | '>=';

/**
 * `column op bound`; on a text field with an order index, its indexed prefix compared first
 * (the prefix of a greater text is no smaller: field-indexes.ts), so the index finds the rows.
 */
export function compareSql(column: ColumnSpec, op: Comparison, bound: string): string {
  const whole = `${operand(column)} ${op} ${bound}`;
  if (!hasTextKey(column)) return whole;
  const loose = op === '<' ? '<=' : op === '>' ? '>=' : op;
  return `(${textKey(column.name)} ${loose} left(${bound}, ${TEXT_KEY_CHARS}) AND ${whole})`;
}

/** The value's parameter cast to the column's type, for `>=`/`<=` (numbers as doubles). */
export function rangeParam(params: Params, column: ColumnSpec, value: unknown): string {
  const p = params.add(value);
  switch (column.type) {
    case 'int8':
      // A whole bound as bigint, so the column's index serves it; a fraction as a double.
      return Number.isSafeInteger(value) ? `${p}::bigint` : `${p}::float8`;
    case 'float8':
      return `${p}::float8`;
    case 'bool':
      return `${p}::boolean`;
    case 'timestamptz':
      return `${p}::timestamptz`;
    default:
      return `${p}::text COLLATE "C"`;
  }
}

export function isArrayColumn(column: ColumnSpec): boolean {
  return column.type === 'jsonb';
}

/** Whether an array column's elements are scalars (jsonb containment then matches list-records). */
function scalarElements(column: ColumnSpec): boolean {
  const type = column.field?.type;
  return type?.kind === 'array' && type.element.kind !== 'array';
}

/** One filter as a condition, or `undefined` when it is not answered here. */
export function filterSql(params: Params, column: ColumnSpec, filter: Filter): string | undefined {
  const name = quoteIdent(column.name);
  const nonNull = filter.values.filter((v) => v !== null);
  const hasNull = nonNull.length < filter.values.length;
  if (isArrayColumn(column)) {
    if (!scalarElements(column)) return undefined;
    // A value no stored list can hold is in none of them: it matches nothing, excludes nothing.
    const held = nonNull.filter(elementFits);
    const contains = (v: unknown) => `${name} @> ${params.add(JSON.stringify([v]))}::jsonb`;
    switch (filter.op) {
      case 'eq': {
        // Any element equal to any value; `null` also matches an absent list.
        const any = held.map(contains);
        if (hasNull) any.push(`(${name} IS NULL OR ${name} @> '[null]'::jsonb)`);
        return any.length === 0 ? 'FALSE' : `(${any.join(' OR ')})`;
      }
      case 'ne': {
        const every = held.map((v) => `NOT coalesce(${contains(v)}, FALSE)`);
        if (hasNull) every.push(`(${name} IS NOT NULL AND NOT ${name} @> '[null]'::jsonb)`);
        return every.length === 0 ? 'TRUE' : `(${every.join(' AND ')})`;
      }
      default:
        return undefined;
    }
  }
  const arrayType = ARRAY_OF[column.type];
  if (arrayType === undefined) return undefined;
  switch (filter.op) {
    case 'eq': {
      const usable = nonNull.filter((v) => fits(column.type, v));
      const any: string[] = [];
      // One value as `=`: an index on (field, id) then gives the matches in id order, which
      // `= ANY` does not (PostgreSQL 15), so a page is LIMIT rows deep, not all the matches.
      if (usable.length === 1) any.push(compareSql(column, '=', params.add(usable[0])));
      else if (usable.length > 1)
        any.push(`${operand(column)} = ANY(${params.add(usable)}::${arrayType})`);
      if (hasNull) any.push(`${name} IS NULL`);
      if (any.length === 1) return any[0]!;
      return any.length === 0 ? 'FALSE' : `(${any.join(' OR ')})`;
    }
    case 'ne': {
      // A value the column cannot hold differs from every record: it excludes nothing.
      const usable = nonNull.filter((v) => fits(column.type, v));
      const every: string[] = [];
      if (usable.length > 0)
        every.push(`(${name} IS NULL OR ${name} <> ALL(${params.add(usable)}::${arrayType}))`);
      if (hasNull) every.push(`${name} IS NOT NULL`);
      return every.length === 0 ? 'TRUE' : `(${every.join(' AND ')})`;
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      if (nonNull.some((v) => !comparable(column.type, v))) return undefined;
      const op = RANGE_SQL[filter.op];
      const any = nonNull.map((v) => compareSql(column, op, rangeParam(params, column, v)));
      // list-records sorts null after every value: `< null` holds for every present value.
      if (hasNull && (filter.op === 'lte' || filter.op === 'lt')) any.push(`${name} IS NOT NULL`);
      return any.length === 0 ? 'FALSE' : `(${any.join(' OR ')})`;
    }
    case 'like': {
      // A date's text is its ISO string in JavaScript, another form in PostgreSQL.
      if (column.type === 'timestamptz') return undefined;
      // A regular expression runs on the linear-time engine in list-records (PostgreSQL's
      // dialect and engine differ); a pattern that is plain text, the common `title_like=json`,
      // is a case-insensitive substring here. Text that cannot be sent is left there too (a
      // lone surrogate may match half a stored pair there).
      if (filter.values.some((v) => typeof v !== 'string' || !isPlainText(v))) return undefined;
      // Text as a LIKE on lower(field): the trigram index's expression (field-indexes.ts).
      const any = filter.values.map((v) =>
        isTextField(column)
          ? `${lowered(column.name)} LIKE lower(${params.add(containing(v as string))})`
          : `strpos(lower(${name}::text), lower(${params.add(v)})) > 0`,
      );
      return any.length === 0 ? 'FALSE' : `(${any.join(' OR ')})`;
    }
  }
}

const RANGE_SQL = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/**
 * The LIKE pattern matching text that contains `text`: `%`, `_` and the escape `\\` in it are
 * escaped, so it matches the substring exactly as `strpos` would (and `includes` in JavaScript).
 */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** A pattern without one character a regular expression reads as syntax, storable as text. */
function isPlainText(pattern: string): boolean {
  return !/[\\^$.|?*+()[\]{}]/.test(pattern) && isStorableText(pattern);
}

/** `q` over the string columns and the string elements of array columns. */
export function searchSql(
  params: Params,
  columns: ReadonlyMap<string, ColumnSpec>,
  search: NonNullable<RecordQuery['search']>,
): string | undefined {
  if (!isStorableText(search.text)) return undefined;
  // Each parameter added once, and only when used: an unused `$n` has no type to infer.
  let text: string | undefined;
  let like: string | undefined;
  const plain = (): string => (text ??= params.add(search.text));
  const pattern = (): string => (like ??= params.add(containing(search.text)));
  const any: string[] = [];
  for (const field of search.fields) {
    const column = columns.get(field);
    if (column === undefined) return undefined;
    const name = quoteIdent(field);
    if (column.type === 'text') any.push(`${lowered(field)} LIKE ${pattern()}`);
    else if (isArrayColumn(column))
      any.push(
        `EXISTS (SELECT 1 FROM jsonb_array_elements(${name}) AS e(v) WHERE jsonb_typeof(v) = 'string' AND strpos(lower(v #>> '{}'), ${plain()}) > 0)`,
      );
    else return undefined;
  }
  return any.length === 0 ? 'FALSE' : `(${any.join(' OR ')})`;
}
