/**
 * A list query as one SELECT (issue 26, QUERY-DESIGN.md): WHERE, ORDER BY, LIMIT/OFFSET and the
 * match count in the same statement, every value a `$n` parameter. It answers exactly what
 * app/query/list-records answers over the records in memory; a query it cannot answer the same
 * way (a range, `like` or sort on an array field, `like` on a date, `like` with a pattern
 * that is more than plain text, an array of arrays) is left to that path: {@link listSql}
 * gives `undefined`.
 *
 * Known, accepted differences (QUERY-DESIGN.md): `lower()` folds case by the database's
 * collation (JavaScript's `toLowerCase` is Unicode-wide); text orders by code point
 * (`COLLATE "C"`), JavaScript by UTF-16 code unit, which differ only between astral characters
 * and U+E000–U+FFFF; `_like` on a number past 1e21 reads its digits, not JavaScript's exponent.
 */
import type { Filter, RecordQuery } from '../record-query.js';
import { isStorableDate, isStorableText } from './record-codec.js';
import { quoteIdent } from './sql.js';
import type { ColumnSpec, ColumnType, TableSpec } from './table-schema.js';

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
function comparable(type: ColumnType, value: unknown): boolean {
  if (type === 'int8' || type === 'float8') return typeof value === 'number';
  return fits(type, value);
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A column as a sort or range operand: text in code-point order, as the ids are. */
function operand(column: ColumnSpec): string {
  const name = quoteIdent(column.name);
  return column.type === 'text' ? `${name} COLLATE "C"` : name;
}

/** The value's parameter cast to the column's type, for `>=`/`<=` (numbers as doubles). */
function rangeParam(params: Params, column: ColumnSpec, value: unknown): string {
  const p = params.add(value);
  switch (column.type) {
    case 'int8':
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

function isArrayColumn(column: ColumnSpec): boolean {
  return column.type === 'jsonb';
}

/** Whether an array column's elements are scalars (jsonb containment then matches list-records). */
function scalarElements(column: ColumnSpec): boolean {
  const type = column.field?.type;
  return type?.kind === 'array' && type.element.kind !== 'array';
}

/** One filter as a condition, or `undefined` when it is not answered here. */
function filterSql(params: Params, column: ColumnSpec, filter: Filter): string | undefined {
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
      if (usable.length > 0) any.push(`${name} = ANY(${params.add(usable)}::${arrayType})`);
      if (hasNull) any.push(`${name} IS NULL`);
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
      const any = nonNull.map((v) => `${operand(column)} ${op} ${rangeParam(params, column, v)}`);
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
      const any = filter.values.map(
        (v) => `strpos(lower(${name}::text), lower(${params.add(v)})) > 0`,
      );
      return any.length === 0 ? 'FALSE' : `(${any.join(' OR ')})`;
    }
  }
}

const RANGE_SQL = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** A pattern without one character a regular expression reads as syntax, storable as text. */
function isPlainText(pattern: string): boolean {
  return !/[\\^$.|?*+()[\]{}]/.test(pattern) && isStorableText(pattern);
}

/** `q` over the string columns and the string elements of array columns. */
function searchSql(
  params: Params,
  columns: ReadonlyMap<string, ColumnSpec>,
  search: NonNullable<RecordQuery['search']>,
): string | undefined {
  if (!isStorableText(search.text)) return undefined;
  const text = params.add(search.text);
  const any: string[] = [];
  for (const field of search.fields) {
    const column = columns.get(field);
    if (column === undefined) return undefined;
    const name = quoteIdent(field);
    if (column.type === 'text') any.push(`strpos(lower(${name}), ${text}) > 0`);
    else if (isArrayColumn(column))
      any.push(
        `EXISTS (SELECT 1 FROM jsonb_array_elements(${name}) AS e(v) WHERE jsonb_typeof(v) = 'string' AND strpos(lower(v #>> '{}'), ${text}) > 0)`,
      );
    else return undefined;
  }
  return any.length === 0 ? 'FALSE' : `(${any.join(' OR ')})`;
}

export interface ListSql {
  /** The page, each row the table's columns then the count of every match. */
  readonly page: { readonly text: string; readonly values: unknown[] };
  /** The count alone, for a page that came back empty (the count beside its rows is then lost). */
  readonly count: { readonly text: string; readonly values: unknown[] };
}

const QUERY_COLUMNS = new WeakMap<TableSpec, ReadonlyMap<string, ColumnSpec>>();

/**
 * The columns a query may name: `id`, fields and relations, never the store's own `$nulls` and
 * `$extra` (an open model's undeclared key may be spelt so: it is no column to filter on).
 */
function queryColumnsOf(spec: TableSpec): ReadonlyMap<string, ColumnSpec> {
  let columns = QUERY_COLUMNS.get(spec);
  if (columns === undefined) {
    columns = new Map(
      spec.columns
        .filter((c) => c.name === 'id' || c.field !== undefined || c.parent !== undefined)
        .map((c) => [c.name, c]),
    );
    QUERY_COLUMNS.set(spec, columns);
  }
  return columns;
}

/** The statements answering `query` on `spec`'s table, or `undefined` (see the file comment). */
export function listSql(spec: TableSpec, query: RecordQuery): ListSql | undefined {
  const columns = queryColumnsOf(spec);
  const params = new Params();
  const where: string[] = [];
  for (const filter of query.filters) {
    // An open model's undeclared field (`$extra`) is compared by each value's JSON type, as
    // list-records does: left to that path rather than written again in SQL.
    if (filter.undeclared === true) return undefined;
    const column = columns.get(filter.field);
    if (column === undefined) return undefined;
    const condition = filterSql(params, column, filter);
    if (condition === undefined) return undefined;
    where.push(condition);
  }
  if (query.search !== undefined) {
    const condition = searchSql(params, columns, query.search);
    if (condition === undefined) return undefined;
    where.push(condition);
  }
  const order: string[] = [];
  for (const key of query.sort) {
    const column = columns.get(key.field);
    if (column === undefined || isArrayColumn(column)) return undefined;
    order.push(`${operand(column)} ${key.descending ? 'DESC' : 'ASC'} NULLS LAST`);
  }
  order.push('"id"');
  const table = quoteIdent(spec.table);
  const whereSql = where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`;
  const filterValues = [...params.values];
  let window = '';
  if (query.limit !== undefined) window += ` LIMIT ${params.add(query.limit)}`;
  if (query.offset > 0) window += ` OFFSET ${params.add(query.offset)}`;
  const list = spec.columns.map((c) => quoteIdent(c.name)).join(', ');
  return {
    page: {
      // The total as a scalar subquery, run once (an InitPlan) in the page's snapshot. Not
      // `count(*) OVER ()`: a window over every match makes the database fetch and sort all
      // of them before the LIMIT (6× slower at a million rows, bench/POSTGRES-RESULTS.md).
      text: `SELECT ${list}, (SELECT count(*) FROM ${table}${whereSql}) FROM ${table}${whereSql} ORDER BY ${order.join(', ')}${window}`,
      values: params.values,
    },
    count: { text: `SELECT count(*) FROM ${table}${whereSql}`, values: filterValues },
  };
}
