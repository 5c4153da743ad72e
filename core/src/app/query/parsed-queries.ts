/**
 * Issue 45: a list route's query string parsed once. A client asks the same few query strings
 * again and again (`?limit=10`, a page, a filter), and parsing one builds a `URLSearchParams`
 * and checks every parameter against the model: a cost per request the bare server does not
 * pay twice. The parse depends only on the string and the model (fixed for a runtime: a model
 * edit builds new runtimes), so its result, immutable, is kept by the string; a string that is
 * refused (a 400) is parsed, and refused, every time.
 */
import type { ModelRuntime } from '../model-runtime.js';
import { parseCollectionQuery } from './collection-query.js';
import { capLimit, type CappedQuery } from './limit-cap.js';

/** Distinct query strings kept per model; all are dropped once there are more. */
export const PARSED_QUERIES_MAX = 256;

const kept = new WeakMap<ModelRuntime, Map<string, CappedQuery>>();

/**
 * The list query of `search` (the query string without `?`) for `model`, its limit clamped;
 * `query()` parses it when it is not kept (the request's own `URLSearchParams`).
 */
export function parsedQuery(
  model: ModelRuntime,
  search: string,
  query: () => URLSearchParams,
): CappedQuery {
  let byString = kept.get(model);
  const found = byString?.get(search);
  if (found !== undefined) return found;
  const parsed = capLimit(parseCollectionQuery(query(), model.schema, model.filterTypes));
  if (byString === undefined || byString.size >= PARSED_QUERIES_MAX) {
    byString = new Map();
    kept.set(model, byString);
  }
  byString.set(search, parsed);
  return parsed;
}
