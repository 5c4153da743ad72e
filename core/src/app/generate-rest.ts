/**
 * `generateRest()`: the seven endpoints of every `@Rest` model (spec §4.1) and the relation
 * routes of every `@HasMany` (its children's list, and json-server's nested POST). HEAD comes with every GET from the server, so six routes make the
 * seven endpoints.
 */
import type { RouteDefinition } from '../http/types.js';
import { crudHandlers } from './handlers/crud-handlers.js';
import { relationCreateHandler, relationHandler } from './handlers/relation-handlers.js';
import type { ModelRuntime } from './model-runtime.js';

export function generateRestRoutes(
  models: readonly ModelRuntime[],
  prefix: string,
): RouteDefinition[] {
  const routes: RouteDefinition[] = [];
  for (const model of models) {
    const base = `${prefix}/${model.schema.path}`;
    const h = crudHandlers(model, base);
    const generated = (
      method: RouteDefinition['method'],
      path: string,
      handler: RouteDefinition['handler'],
      operation: string,
    ): void => {
      routes.push({
        method,
        path,
        handler,
        origin: 'generated',
        model: model.schema.name,
        operation,
      });
    };
    generated('GET', base, h.list, 'list');
    generated('POST', base, h.create, 'create');
    generated('GET', `${base}/:id`, h.getOne, 'get');
    generated('PUT', `${base}/:id`, h.replace, 'replace');
    generated('PATCH', `${base}/:id`, h.patch, 'patch');
    generated('DELETE', `${base}/:id`, h.remove, 'delete');
    for (const [, { runtime: child, inverse }] of model.children) {
      generated(
        'GET',
        `${base}/:id/${child.schema.path}`,
        relationHandler(model, child, inverse, base),
        `relation ${child.schema.name}`,
      );
      generated(
        'POST',
        `${base}/:id/${child.schema.path}`,
        relationCreateHandler(model, child, inverse, `${prefix}/${child.schema.path}`),
        `relation-create ${child.schema.name}`,
      );
    }
  }
  return routes;
}
