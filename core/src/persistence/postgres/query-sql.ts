/**
 * A list query as one SELECT (issue 26, QUERY-DESIGN.md): WHERE, ORDER BY, LIMIT/OFFSET and the
 * match count in the same statement, every value a `$n` parameter (the conditions are
 * filter-sql.ts). On a counted table (issue 44, counters-sql.ts) the count costs no scan: the
 * whole table's is its counter; a filter's is the one a server cached at the table's version
 * when that version is still the one this statement reads, else counted (through the filter's
 * index); a deep offset in id order is found through the per-block counts; a keyset cursor
 * (`after`) starts the page past a record. It answers exactly what
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
import type { RecordQuery, SortKey } from '../record-query.js';
import { BUCKET_BITS, BUCKETS_TABLE, COUNTS_TABLE, regclass } from './counters-sql.js';
import { hasTextKey, textKey } from './field-indexes.js';
import {
  comparable,
  compareSql,
  filterSql,
  isArrayColumn,
  operand,
  Params,
  rangeParam,
  searchSql,
} from './filter-sql.js';
import { quoteIdent } from './sql.js';
import type { ColumnSpec, TableSpec } from './table-schema.js';

/** A count of a query's matches, as counted at a version of its table. */
export interface CachedCount {
  readonly version: number;
  readonly total: number;
}

/** How the statement counts (postgres-store.ts knows the table and keeps the cache). */
export interface Counting {
  /** The table's counter (counters-sql.ts), with per-block id counts or not; unset: none. */
  readonly counted?: 'buckets' | 'total' | undefined;
  /** The count cached for the matches of the WHERE named by `key`, if any. */
  readonly cached?: ((key: string) => CachedCount | undefined) | undefined;
}

/** Below this offset a plain OFFSET is as cheap as the per-block counts. */
const BUCKET_OFFSET = 1 << BUCKET_BITS;

export interface ListSql {
  /**
   * The page, each row the table's columns, then the count of every match, then (on a counted
   * table) the table's version the statement read.
   */
  readonly page: { readonly text: string; readonly values: unknown[] };
  /** The count (and version) alone, for a page that came back empty. */
  readonly count: { readonly text: string; readonly values: unknown[] };
  /** The matches counted by a scan: for a counted table whose counter row is gone. */
  readonly scan: { readonly text: string; readonly values: unknown[] };
  /** The matches' cache key (their WHERE and its values); unset when the counter answers. */
  readonly key?: string | undefined;
  /** Whether the rows carry the version after the count. */
  readonly versioned: boolean;
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

/**
 * One sort key as ORDER BY terms. `id` is never null: no NULLS LAST, so `_sort=-id` is the
 * primary key read backwards (with NULLS LAST the planner sorts every row). A text field with
 * an order index sorts by its indexed prefix first, then the whole text: the same order, read
 * from the index, with only the rows whose prefixes tie sorted (field-indexes.ts).
 */
function orderTerms(column: ColumnSpec, key: SortKey): string[] {
  const direction = key.descending ? 'DESC' : 'ASC';
  if (column.name === 'id') return [`"id" ${direction}`];
  const whole = `${operand(column)} ${direction} NULLS LAST`;
  return hasTextKey(column) ? [`${textKey(column.name)} ${direction} NULLS LAST`, whole] : [whole];
}

/**
 * The rows after the keyset cursor `after` in the order `keys` (then ascending id), as
 * list-records orders them: absent and null last in either direction, ties by id. Each key in
 * turn: equal on the keys before it and after on it; then equal on every key and a greater id.
 */
function keysetSql(
  params: Params,
  columns: ReadonlyMap<string, ColumnSpec>,
  keys: readonly SortKey[],
  after: readonly unknown[],
): string | undefined {
  if (after.length !== keys.length + 1) return undefined;
  const equal: string[] = [];
  const any: string[] = [];
  const idColumn = columns.get('id')!;
  const all = [...keys, { field: 'id', descending: false }];
  for (let i = 0; i < all.length; i++) {
    const key = all[i]!;
    const column = columns.get(key.field);
    const value = after[i];
    if (column === undefined) return undefined;
    const isId = column === idColumn;
    if (value === null || value === undefined) {
      if (isId) return undefined;
      // Nothing is after null but more nulls, which only tie.
      equal.push(`${quoteIdent(column.name)} IS NULL`);
      continue;
    }
    if (!comparable(column.type, value)) return undefined;
    const bound = rangeParam(params, column, value);
    const past = compareSql(column, key.descending ? '<' : '>', bound);
    const step = isId ? past : `(${past} OR ${quoteIdent(column.name)} IS NULL)`;
    any.push(equal.length === 0 ? step : `(${[...equal, step].join(' AND ')})`);
    // After an `id` key nothing ties: the keys behind it cannot matter.
    if (isId) break;
    equal.push(compareSql(column, '=', bound));
  }
  return any.length === 0 ? 'FALSE' : any.length === 1 ? any[0]! : `(${any.join(' OR ')})`;
}

/** The statements answering `query` on `spec`'s table, or `undefined` (see the file comment). */
export function listSql(
  spec: TableSpec,
  query: RecordQuery,
  counting: Counting = {},
): ListSql | undefined {
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
    order.push(...orderTerms(column, key));
  }
  // Ties in ascending id order; a last key on `id` leaves none.
  if (query.sort.at(-1)?.field !== 'id') order.push('"id"');
  const table = quoteIdent(spec.table);
  const whereSql = where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`;
  const counted = counting.counted;
  const filterCount = params.values.length;
  const rel = regclass(spec.table);
  const version = `(SELECT "version" FROM ${quoteIdent(COUNTS_TABLE)} WHERE "relid" = ${rel})`;
  const scan = `(SELECT count(*) FROM ${table}${whereSql})`;
  let total = scan;
  let key: string | undefined;
  if (counted !== undefined && where.length === 0)
    // A counter row lost by hand reads NULL: the store then counts (postgres-store.ts).
    total = `(SELECT "total" FROM ${quoteIdent(COUNTS_TABLE)} WHERE "relid" = ${rel})`;
  else if (counted !== undefined) {
    key = `${whereSql}\u0000${JSON.stringify(params.values)}`;
    const cached = counting.cached?.(key);
    // The scalar subquery in ELSE runs only when needed: PostgreSQL evaluates an InitPlan when
    // its value is first asked for, and a CASE asks only for the branch it takes.
    if (cached !== undefined)
      total = `CASE WHEN ${version} = ${params.add(cached.version)}::bigint THEN ${params.add(cached.total)}::bigint ELSE ${scan} END`;
  }
  const totals = counted === undefined ? total : `${total}, ${version}`;
  const countValues = [...params.values];
  const after =
    query.after === undefined ? undefined : keysetSql(params, columns, query.sort, query.after);
  if (query.after !== undefined && after === undefined) return undefined;
  const list = spec.columns.map((c) => quoteIdent(c.name)).join(', ');
  const count = { text: `SELECT ${totals}`, values: countValues };
  const scanning = { text: `SELECT ${scan}`, values: params.values.slice(0, filterCount) };
  const deep = bucketPage(spec, query, counted, where.length + (after === undefined ? 0 : 1));
  if (deep !== undefined)
    return {
      page: deep(params, `SELECT ${list}, ${totals} FROM ${table}`),
      count,
      scan: scanning,
      key,
      versioned: true,
    };
  const conditions = after === undefined ? where : [...where, after];
  const pageWhere = conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`;
  let window = '';
  if (query.limit !== undefined) window += ` LIMIT ${params.add(query.limit)}`;
  if (query.offset > 0) window += ` OFFSET ${params.add(query.offset)}`;
  return {
    page: {
      // The total as a scalar subquery, run once (an InitPlan) in the page's snapshot. Not
      // `count(*) OVER ()`: a window over every match makes the database fetch and sort all
      // of them before the LIMIT (6× slower at a million rows, bench/POSTGRES-RESULTS.md).
      text: `SELECT ${list}, ${totals} FROM ${table}${pageWhere} ORDER BY ${order.join(', ')}${window}`,
      values: params.values,
    },
    count,
    scan: scanning,
    key,
    versioned: counted !== undefined,
  };
}

/**
 * A deep page of the whole table in id order, on a table with per-block id counts: the block
 * holding row `offset` is found by a running sum over the blocks (a thousandth of the rows),
 * and only the rows of that block before it are skipped, instead of every row before it.
 * `undefined` when the query is not that page.
 */
function bucketPage(
  spec: TableSpec,
  query: RecordQuery,
  counted: Counting['counted'],
  conditions: number,
): ((params: Params, select: string) => { text: string; values: unknown[] }) | undefined {
  const [only, ...more] = query.sort;
  const idOrder = only === undefined || (only.field === 'id' && more.length === 0);
  if (counted !== 'buckets' || conditions > 0 || !idOrder || query.offset < BUCKET_OFFSET)
    return undefined;
  const descending = only?.descending === true;
  return (params, select) => {
    const offset = params.add(query.offset);
    const dir = descending ? 'DESC' : 'ASC';
    const blocks =
      `WITH b AS (SELECT "bucket", "n", sum("n") OVER (ORDER BY "bucket" ${dir}) AS upto FROM ${quoteIdent(BUCKETS_TABLE)} WHERE "relid" = ${regclass(spec.table)}), ` +
      `s AS (SELECT "bucket", (upto - "n")::bigint AS before FROM b WHERE upto > ${offset}::bigint ORDER BY "bucket" ${dir} LIMIT 1) `;
    const from = descending
      ? `"id" < (SELECT ("bucket" + 1) << ${BUCKET_BITS} FROM s)`
      : `"id" >= (SELECT "bucket" << ${BUCKET_BITS} FROM s)`;
    const limit = query.limit === undefined ? '' : ` LIMIT ${params.add(query.limit)}`;
    return {
      text: `${blocks}${select} WHERE ${from} ORDER BY "id" ${dir}${limit} OFFSET (SELECT ${offset}::bigint - before FROM s)`,
      values: params.values,
    };
  };
}
