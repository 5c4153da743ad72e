/**
 * Issue 29: the OpenAPI document of a serving project, one function for the mock API's
 * `/openapi.json`, the control API's `GET /api/openapi` and `decorest openapi`, so the
 * studio's endpoint inspector and the served document never disagree.
 */
import { basename } from 'node:path';

import type { ModelRuntime } from '../app/model-runtime.js';
import type { RouteDefinition } from '../http/types.js';
import { buildOpenApi } from '../openapi/build-openapi.js';
import { seedExamples } from '../openapi/seed-examples.js';

/** What the document is made of: a project's root, its route table and its models. */
export interface OpenApiSource {
  readonly root: string;
  readonly table: { readonly routes: readonly RouteDefinition[] };
  readonly runtimes: readonly ModelRuntime[];
}

/** The document's own route is not part of the API it describes. */
export const isOpenApiRoute = (r: RouteDefinition): boolean =>
  r.origin === 'generated' && r.operation === 'openapi';

/** Built once per route table: a reload makes a new table, and so a new document. */
const built = new WeakMap<object, Promise<Record<string, unknown>>>();

export function projectOpenApi(project: OpenApiSource): Promise<Record<string, unknown>> {
  let doc = built.get(project.table);
  if (doc === undefined) {
    doc = (async () => {
      const examples = await seedExamples(
        project.root,
        project.runtimes.map((r) => r.schema),
      );
      return buildOpenApi(
        basename(project.root),
        project.table.routes.filter((r) => !isOpenApiRoute(r)),
        project.runtimes,
        examples,
      );
    })();
    built.set(project.table, doc);
    // A failed build is tried again by the next request rather than remembered.
    doc.catch(() => built.delete(project.table));
  }
  return doc;
}
