/**
 * What a collection GET asks of a store (issue 26, postgres/QUERY-DESIGN.md), as data: a store
 * that can answer it itself (a database: WHERE, ORDER BY, LIMIT) says so with
 * {@link QueryableRecords}; the others are read through `records()` by app/query/list-records.
 */
import type { StoredRecord } from './collection.js';

export type FilterOp = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'like';

/** A compiled `like` pattern (rules/safe-pattern.ts: linear-time, case-insensitive). */
export interface LikePattern {
  test(text: string): boolean;
}

export interface Filter {
  readonly field: string;
  readonly op: FilterOp;
  /**
   * Typed by the schema; several values mean "any of them" (`id=2&id=5`); `ne`: none of them.
   * `like`: the regular expressions as sent (json-server 0.17: `title_like=^json`).
   */
  readonly values: readonly unknown[];
  /** `like` only: `values` compiled, in the same order, by the query parser. */
  readonly patterns?: readonly LikePattern[] | undefined;
  /**
   * A field an open model does not declare (issue 42): `values` are the query's text, compared
   * by the type of each stored value (a number as a number, anything else as its text), as
   * json-server 0.17 compares. A store without a column for the field leaves it to the scan.
   */
  readonly undeclared?: true | undefined;
}

export interface SortKey {
  readonly field: string;
  readonly descending: boolean;
}

export interface RecordQuery {
  readonly filters: readonly Filter[];
  /** `q`: a lower-cased substring of any of `fields` (strings, or string elements of arrays). */
  readonly search?: { readonly text: string; readonly fields: readonly string[] } | undefined;
  /** Absent and null last in both directions; ties in ascending id order. */
  readonly sort: readonly SortKey[];
  readonly offset: number;
  readonly limit?: number | undefined;
  /**
   * Keyset continuation (issue 44, the `Link` header's `next`): only the matches that sort
   * after the record whose sort-key values, then id, these are (one value per `sort` key, then
   * the id); `offset` then counts from there. `total` still counts every match.
   */
  readonly after?: readonly unknown[] | undefined;
}

export interface RecordPage {
  readonly items: readonly StoredRecord[];
  /** Every match, before offset and limit (X-Total-Count, Link). */
  readonly total: number;
}

export interface QueryableRecords {
  /**
   * The page `query` asks for, answered by the store, or `undefined` for a query it does not
   * answer the way app/query/list-records does (the caller then reads `records()`).
   */
  list(query: RecordQuery): Promise<RecordPage | undefined>;
}

/**
 * What one list query asks of a store that keeps its records in memory, compiled by the app
 * layer (app/query/list-views.ts), for a kept answer (persistence/collections/record-views.ts).
 */
export interface ViewSpec {
  /** Equal keys mean the same `keep` and `compare`. */
  readonly key: string;
  /** The records the query keeps; absent: every record. */
  readonly keep?: ((record: StoredRecord) => boolean) | undefined;
  /** The order asked, ties broken by ascending id (a total order); absent: ascending id. */
  readonly compare?: ((a: StoredRecord, b: StoredRecord) => number) | undefined;
  /** The fields `compare` reads besides `id`. */
  readonly fields: readonly string[];
}

/** The kept answer to one query. */
export interface RecordView {
  /** Every record the query keeps (`X-Total-Count`). */
  readonly size: number;
  /** Records `offset … offset+limit-1` in the query's order. */
  slice(offset: number, limit: number): StoredRecord[];
}
