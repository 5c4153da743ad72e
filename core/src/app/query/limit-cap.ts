/**
 * Issue 44: a limit above {@link MAX_LIST_LIMIT} is clamped, never refused, and the answer says
 * so in {@link LIMIT_HEADER}. A `_page` asked with a larger page size becomes that page of
 * pages of the maximum size, so the `Link` header's pages (built with the clamped size) walk
 * every record once.
 */
import { LIMIT_HEADER, MAX_LIST_LIMIT } from '../../contract/collection-controls.js';
import type { CollectionQuery } from './collection-query.js';

export interface CappedQuery {
  readonly query: CollectionQuery;
  /** The limit asked, when it was clamped. */
  readonly requested?: number | undefined;
}

/** `query` with its limit (and page size) at most {@link MAX_LIST_LIMIT}. */
export function capLimit(query: CollectionQuery, max = MAX_LIST_LIMIT): CappedQuery {
  if (query.limit === undefined || query.limit <= max) return { query };
  const requested = query.limit;
  if (query.page === undefined) return { query: { ...query, limit: max }, requested };
  const page = { number: query.page.number, size: max };
  return { query: { ...query, page, offset: (page.number - 1) * max, limit: max }, requested };
}

/** The header of a clamped answer, name and value. */
export function limitHeader(requested: number, max = MAX_LIST_LIMIT): [string, string] {
  return [LIMIT_HEADER, `${max}; requested=${requested}`];
}

/** The query string of the `Link` URLs: the page size as clamped, where one was asked. */
export function linkSearch(search: URLSearchParams, capped: CappedQuery): URLSearchParams {
  if (capped.requested === undefined) return search;
  const params = new URLSearchParams(search);
  for (const name of ['_per_page', '_limit', 'limit'])
    if (params.has(name)) params.set(name, String(capped.query.limit));
  return params;
}
