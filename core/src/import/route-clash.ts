/**
 * Whether a manual route would answer a URL decorest already generates for the planned models
 * (CONTRACT §2: list, create, get, replace, patch, delete, and `GET /<parent>/:id/<children>`
 * for each link). Two handlers for one URL would make the router refuse the project, so a source
 * route that clashes is left out and reported instead.
 */
import type { PlannedModel, PlannedRoute } from './import-plan.js';

/** `/pets/:petId` and `/pets/:id` are one route to the router: parameters are compared unnamed. */
const shapeOf = (path: string): string => path.replace(/\/:[^/]+/g, '/:');

/** The generated routes of a plan, as `METHOD shape` keys. */
export function generatedRoutes(models: readonly PlannedModel[], basePath = ''): Set<string> {
  const keys = new Set<string>();
  const at = (path: string) => `${basePath}${path}`;
  const byName = new Map(models.map((m) => [m.name, m]));
  for (const model of models) {
    for (const method of ['GET', 'POST']) keys.add(`${method} ${at(`/${model.path}`)}`);
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'])
      keys.add(`${method} ${at(`/${model.path}/:`)}`);
    for (const relation of model.relations) {
      const parent = byName.get(relation.target);
      if (parent) keys.add(`GET ${at(`/${parent.path}/:/${model.path}`)}`);
    }
  }
  return keys;
}

/**
 * @example
 * ```ts
 * clashes({ method: 'GET', path: '/pets/:petId', status: 200, source: '' }, generatedRoutes(models));
 * // true when a model is served on /pets
 * ```
 */
export function clashes(route: PlannedRoute, generated: ReadonlySet<string>): boolean {
  return generated.has(`${route.method} ${shapeOf(route.path)}`);
}
