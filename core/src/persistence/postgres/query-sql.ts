/**
 * A list query as one SELECT (issue 26, QUERY-DESIGN.md): WHERE, ORDER BY, LIMIT/OFFSET and the
 * match count in the same statement, every value a `$n` parameter (the conditions are
 * filter-sql.ts). On a counted table (issue 44, counters-sql.ts) the count costs no scan: the
 * whole table's is its counter; a filter's is the one a server cached at the table's state
 * when that state is still the one this statement reads, else counted (through the filter's
 * index); a deep offset in id order starts from an anchor the server keeps for that state; a
 * keyset cursor (`after`) starts the page past a record. It answers exactly what
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
import type { RecordId } from '../../model/schema.js';
import type { RecordQuery, SortKey } from '../record-query.js';
import { stateSql, totalSql } from './counters-sql.js';
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

/** A count of a query's matches, as counted at a state of its table (counters-sql.ts). */
export interface CachedCount {
  readonly state: string;
  readonly total: number;
}

/** The id at every {@link ANCHOR_STEP}-th match of a list in id order, at a table state. */
export interface Anchors {
  readonly state: string;
  readonly ids: readonly RecordId[];
}

/** Matches between two anchors: a deep page skips fewer than this many rows. */
export const ANCHOR_STEP = 1024;

/** How the statement counts and finds deep pages (postgres-store.ts keeps the caches). */
export interface Counting {
  /** The table's rows are counted (counters-sql.ts). */
  readonly counted?: boolean | undefined;
  /** The count cached for the matches of the WHERE named by `key`, if any. */
  readonly cached?: ((key: string) => CachedCount | undefined) | undefined;
  /** The anchors kept for the list named by `key`, if any. */
  readonly anchors?: ((key: string) => Anchors | undefined) | undefined;
}

type Statement = { readonly text: string; readonly values: unknown[] };

export interface ListSql {
  /**
   * The page, each row the table's columns, then the count of every match, then (on a counted
   * table) the table's state the statement read.
   */
  readonly page: Statement;
  /** The count (and state) alone, for a page that came back empty. */
  readonly count: Statement;
  /** The matches counted by a scan: for a counted table whose counter rows are gone. */
  readonly scan: Statement;
  /** The matches' count cache key (their WHERE and its values); unset when the counter answers. */
  readonly key?: string | undefined;
  /** Whether the rows carry the table's state after the count. */
  readonly stated: boolean;
  /**
   * A page deep in id order on a counted table: its anchors' cache key, the statement that
   * finds them (rows: an anchor id, the state), and, when `page` started from an anchor, the
   * state the anchors were taken at and the page by OFFSET alone, for when the state moved.
   */
  readonly deep?:
    | {
        readonly key: string;
        readonly anchorsSql: Statement;
        readonly anchored?: { readonly state: string; readonly plain: Statement };
      }
    | undefined;
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
  const filterValues = [...params.values];
  const counted = counting.counted === true;
  const state = stateSql(spec.table);
  const scan = `(SELECT count(*) FROM ${table}${whereSql})`;
  let total = scan;
  let key: string | undefined;
  if (counted && where.length === 0)
    // Counter rows lost by hand read NULL: the store then counts (postgres-store.ts).
    total = totalSql(spec.table);
  else if (counted) {
    key = `${whereSql}\u0000${JSON.stringify(filterValues)}`;
    const cached = counting.cached?.(key);
    // The scalar subquery in ELSE runs only when needed: PostgreSQL evaluates an InitPlan when
    // its value is first asked for, and a CASE asks only for the branch it takes.
    if (cached !== undefined)
      total = `CASE WHEN ${state} = ${params.add(cached.state)}::text THEN ${params.add(cached.total)}::bigint ELSE ${scan} END`;
  }
  const totals = counted ? `${total}, ${state}` : total;
  const base = [...params.values];
  const list = spec.columns.map((c) => quoteIdent(c.name)).join(', ');
  /** The page with `extra` conditions and `offset`: the values after `base`. */
  const pageOf = (extra: (p: Params) => string[], offset: number): Statement => {
    const p = new Params();
    p.values.push(...base);
    const conditions = [...where, ...extra(p)];
    const pageWhere = conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`;
    // A whole number as a literal: a prepared statement (prepared-names.ts) then gets a plan
    // for its own LIMIT, where a `$n` would have it planned again on every execution.
    const literal = (n: number) => (Number.isSafeInteger(n) && n >= 0 ? String(n) : p.add(n));
    let window = '';
    if (query.limit !== undefined) window += ` LIMIT ${literal(query.limit)}`;
    if (offset > 0) window += ` OFFSET ${literal(offset)}`;
    // The total as a scalar subquery, run once (an InitPlan) in the page's snapshot. Not
    // `count(*) OVER ()`: a window over every match makes the database fetch and sort all
    // of them before the LIMIT (6× slower at a million rows, bench/POSTGRES-RESULTS.md).
    return {
      text: `SELECT ${list}, ${totals} FROM ${table}${pageWhere} ORDER BY ${order.join(', ')}${window}`,
      values: p.values,
    };
  };
  let cursorFits = true;
  const page = pageOf((p) => {
    if (query.after === undefined) return [];
    const condition = keysetSql(p, columns, query.sort, query.after);
    cursorFits = condition !== undefined;
    return condition === undefined ? [] : [condition];
  }, query.offset);
  if (!cursorFits) return undefined;
  const sql = {
    page,
    count: { text: `SELECT ${totals}`, values: base },
    scan: { text: `SELECT ${scan}`, values: filterValues },
    key,
    stated: counted,
  };
  const [only, ...more] = query.sort;
  const idOrder = only === undefined || (only.field === 'id' && more.length === 0);
  if (!counted || !idOrder || query.after !== undefined || query.offset < ANCHOR_STEP) return sql;
  return { ...sql, ...deepPage(spec, query, pageOf, { whereSql, filterValues, state }, counting) };
}

/**
 * A page deep in id order: the anchors' statement (the id at every ANCHOR_STEP-th match, one
 * ordered read of the index), and, with anchors kept for this list, the page from the anchor
 * before `offset`: fewer than ANCHOR_STEP rows skipped instead of `offset`.
 */
function deepPage(
  spec: TableSpec,
  query: RecordQuery,
  pageOf: (extra: (p: Params) => string[], offset: number) => Statement,
  where: { whereSql: string; filterValues: unknown[]; state: string },
  counting: Counting,
): { readonly page?: Statement; readonly deep: NonNullable<ListSql['deep']> } {
  const descending = query.sort[0]?.descending === true;
  const dir = descending ? 'DESC' : 'ASC';
  const key = `${dir}${where.whereSql}\u0000${JSON.stringify(where.filterValues)}`;
  const anchorsSql = {
    text: `SELECT "id", ${where.state} FROM (SELECT "id", row_number() OVER (ORDER BY "id" ${dir}) - 1 AS "rn" FROM ${quoteIdent(spec.table)}${where.whereSql}) AS s WHERE "rn" % ${ANCHOR_STEP} = 0 ORDER BY "rn"`,
    values: where.filterValues,
  };
  const anchors = counting.anchors?.(key);
  const step = Math.floor(query.offset / ANCHOR_STEP);
  const anchor = anchors?.ids[step];
  if (anchors === undefined || anchor === undefined) return { deep: { key, anchorsSql } };
  const idColumn = queryColumnsOf(spec).get('id')!;
  const plain = pageOf(() => [], query.offset);
  return {
    page: pageOf(
      (p) => [compareSql(idColumn, descending ? '<=' : '>=', rangeParam(p, idColumn, anchor))],
      query.offset - step * ANCHOR_STEP,
    ),
    deep: { key, anchorsSql, anchored: { state: anchors.state, plain } },
  };
}
