import { DuplicateRouteError, type HttpProblem } from '../errors.js';
import type { BodyBinder } from './request.js';
import { createRouter, type RouteMatch } from './router.js';
import type { RouteDefinition } from './types.js';

/**
 * One immutable snapshot of everything the server answers. A reload builds a new table and
 * swaps the reference in one assignment (DESIGN.md), so a request sees either the old table or
 * the new one, never half of each.
 */
export interface RouteTable {
  readonly routes: readonly RouteDefinition[];
  readonly binder: BodyBinder | undefined;
  match(method: string, path: string): RouteMatch<RouteDefinition> | null;
  allowedMethods(path: string): string[];
  /**
   * Set when the project did not load: every request is answered with this problem (a 503
   * naming why) rather than a 404 "No route", which would say the API has no such resource.
   */
  readonly unavailable?: HttpProblem;
}

/** `/todos/:id` and `/todos/:todoId` are the same route to a router. */
function shapeOf(method: string, path: string): string {
  return `${method} ${path.replace(/:[^/]+/g, ':').replace(/\/+$/, '')}`;
}

/**
 * Builds a table from an application's routes. A manual route wins over a generated route of
 * the same method and path (CONTRACT §6); the generated one is dropped from the table.
 */
export function buildRouteTable(
  manual: readonly RouteDefinition[],
  generated: readonly RouteDefinition[],
  binder?: BodyBinder,
): RouteTable {
  const router = createRouter<RouteDefinition>();
  const routes: RouteDefinition[] = [];
  const taken = new Set<string>();
  for (const route of manual) {
    const shape = shapeOf(route.method, route.path);
    if (taken.has(shape)) throw new DuplicateRouteError(route.method, route.path);
    taken.add(shape);
    routes.push(route);
  }
  for (const route of generated) {
    const shape = shapeOf(route.method, route.path);
    if (taken.has(shape)) continue;
    taken.add(shape);
    routes.push(route);
  }
  for (const route of routes) router.add(route.method, route.path, route);
  router.seal();
  return Object.freeze({
    routes: Object.freeze(routes),
    binder,
    match: (method: string, path: string) => router.match(method, path),
    allowedMethods: (path: string) => router.allowedMethods(path),
  });
}

/** A table with no routes: what a server answers before a project is loaded. */
export const EMPTY_ROUTE_TABLE: RouteTable = buildRouteTable([], []);

/** A table with no routes that answers every request with `problem` (a project not loading). */
export function unavailableRouteTable(problem: HttpProblem): RouteTable {
  return Object.freeze({ ...EMPTY_ROUTE_TABLE, unavailable: problem });
}
