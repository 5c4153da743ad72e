/**
 * Issue 29: the OpenAPI document of a serving project, one function for the mock API's
 * `/openapi.json`, the control API's `GET /api/openapi` and `decorest openapi`, so the
 * studio's endpoint inspector and the served document never disagree.
 */
import { basename } from 'node:path';

import type { ModelRuntime } from '../app/model-runtime.js';
import type { RouteDefinition } from '../http/types.js';
import { loadFaker } from '../model/fake-values.js';
import { buildOpenApi, isOpenApiRoute } from '../openapi/build-openapi.js';
import { exampleRecords } from '../openapi/example-records.js';
import { seedExamples } from '../openapi/seed-examples.js';

/** What the document is made of: a project's root, its route table and its models. */
export interface OpenApiSource {
  readonly root: string;
  readonly table: { readonly routes: readonly RouteDefinition[] };
  readonly runtimes: readonly ModelRuntime[];
}

export { isOpenApiRoute };

/** Built once per route table: a reload makes a new table, and so a new document. */
const built = new WeakMap<object, Promise<Record<string, unknown>>>();

export function projectOpenApi(project: OpenApiSource): Promise<Record<string, unknown>> {
  let doc = built.get(project.table);
  if (doc === undefined) {
    doc = (async () => {
      const [seeded, faker] = await Promise.all([
        seedExamples(
          project.root,
          project.runtimes.map((r) => r.schema),
        ),
        // Issue 43: a model without seed records shows made-up ones, so every operation has examples.
        loadFaker(),
      ]);
      const records = exampleRecords(project.runtimes, seeded, faker);
      return buildOpenApi(basename(project.root), project.table.routes, project.runtimes, {
        seeded,
        records,
      });
    })();
    built.set(project.table, doc);
    // A failed build is tried again by the next request rather than remembered.
    doc.catch(() => built.delete(project.table));
  }
  return doc;
}
