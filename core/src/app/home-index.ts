/**
 * What json-server's `GET /` and `GET /db` list (issue 42), from a route table alone: shared by
 * the routes that answer them (`project/home-routes.ts`) and the OpenAPI document's examples of
 * them, so the two list the same resources.
 */
import type { RouteDefinition } from '../http/types.js';

/** The most records `GET /db` answers with, every collection together. */
export const DB_RECORD_LIMIT = 100_000;

const SEGMENT = /^[^/:*]+$/;

/** The name a route contributes to `/db`: a GET of one static segment under the prefix. */
export function resourceName(route: RouteDefinition, prefix: string): string | undefined {
  if (route.method !== 'GET' || !route.path.startsWith(`${prefix}/`)) return undefined;
  const name = route.path.slice(prefix.length + 1);
  if (!SEGMENT.test(name) || name === 'db') return undefined;
  if (route.origin === 'generated') return route.operation === 'list' ? name : undefined;
  return name;
}

/** The answer of `GET /`: the resources, `/db`, the document and every route. */
export interface HomeIndex {
  resources: string[];
  db: string;
  openapi: string;
  routes: string[];
}

/**
 * The index `GET <prefix>/` answers for `routes`.
 *
 * @example
 * ```ts
 * homeIndex(table.routes, '');
 * // { resources: ['/todos'], db: '/db', openapi: '/openapi.json', routes: ['GET /todos', …] }
 * ```
 */
export function homeIndex(routes: readonly RouteDefinition[], prefix: string): HomeIndex {
  return {
    resources: routes.flatMap((r) => {
      const name = resourceName(r, prefix);
      return name === undefined ? [] : [`${prefix}/${name}`];
    }),
    db: `${prefix}/db`,
    openapi: '/openapi.json',
    routes: routes.map((r) => `${r.method} ${r.path}`),
  };
}
