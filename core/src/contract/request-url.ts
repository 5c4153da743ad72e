/**
 * A request's URL as text (issue 30, issue 47): its query split into rows and joined back, a
 * saved request's query rows joined in, and whether it names a host or is a path on the mock
 * API. Pure: the Console (renderer) and `decorest run` (core) read a URL the same way.
 */
import type { KeyValueRow, SavedRequest } from './requests-api.js';

/** The URL before `?` and its query as rows, in order (each enabled). */
export function splitUrl(url: string): { base: string; query: KeyValueRow[] } {
  const q = url.indexOf('?');
  if (q < 0) return { base: url, query: [] };
  const rows = [...new URLSearchParams(url.slice(q + 1))].map(([name, value]) => ({
    name,
    value,
    enabled: true,
  }));
  return { base: url.slice(0, q), query: rows };
}

/** `base` with the enabled, named rows as its query (none: no `?`). */
export function joinUrl(base: string, rows: readonly KeyValueRow[]): string {
  const params = new URLSearchParams();
  for (const r of rows) if (r.enabled && r.name) params.append(r.name, r.value);
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}

/**
 * A saved request's URL with its query rows joined in (issue 47): a Bruno import keeps
 * `params:query` as rows and the URL without them; they go out on every send and every run.
 */
export function urlOfSaved(request: Pick<SavedRequest, 'url' | 'query'>): string {
  const rows = (request.query ?? []).filter((r) => r.enabled && r.name);
  if (rows.length === 0) return request.url;
  const { base, query } = splitUrl(request.url);
  return joinUrl(base, [...query, ...rows]);
}

/** Whether `url` names its scheme (`https://…`, `http:`): else it is a path on the mock API. */
export const hasScheme = (url: string): boolean => /^[a-z][a-z\d+.-]*:/i.test(url.trim());

/** The first `:name` path parameter left in a URL's path (`/todos/:id` → `id`), if any. */
export function pathParameterOf(url: string): string | undefined {
  return /\/:([A-Za-z_]\w*)/.exec(splitUrl(url).base)?.[1];
}
