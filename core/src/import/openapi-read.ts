/**
 * An OpenAPI 3.0/3.1 document (JSON or YAML) as an import plan (issue 28). Each collection path
 * (`/pets` answering a list, `/pets/{petId}`) is a model on that path, its schema's keywords
 * `@Field` rules and its examples the seed; every other operation is a manual route answering
 * its documented example. What decorest cannot express (unions, auth schemes, request shapes of
 * manual routes) is a note in the report, never a file the loader refuses.
 */
import { checkModelName } from '../model-edit/create-model.js';
import { classNameFor, derivedPath } from './import-names.js';
import type { ImportNote, ImportPlan, PlannedModel, PlannedRoute } from './import-plan.js';
import { basePathOf } from './openapi-base-path.js';
import {
  bindOperation,
  type BoundModel,
  generatedAnswers,
  listControlsOf,
  unreadParameter,
} from './openapi-bindings.js';
import { type CollectionPaths, findCollections } from './openapi-collections.js';
import { isObject, type JsonObject, readOpenApiDocument } from './openapi-document.js';
import { exampleOf, hasPropertyExamples } from './openapi-example.js';
import { readModelShape } from './openapi-model.js';
import { documentNotes, linkNotes } from './openapi-notes.js';
import { followRef, operationsOf } from './openapi-operations.js';
import { plannedRoute, routePath } from './openapi-routes.js';
import { seedRows } from './openapi-seed.js';
import { clashes, generatedRoutes } from './route-clash.js';

const COMPONENT_SCHEMA = /^#\/components\/schemas\/([^/]+)$/;

function isModelName(name: string): boolean {
  try {
    checkModelName(name);
    return true;
  } catch {
    return false;
  }
}

/** Class names: the component's own name when it can be one (`Pet`), else from the path. */
function nameCollections(
  collections: readonly CollectionPaths[],
  notes: ImportNote[],
): { named: { paths: CollectionPaths; name: string }[]; models: Map<string, string> } {
  const taken = new Set<string>();
  const models = new Map<string, string>();
  const named: { paths: CollectionPaths; name: string }[] = [];
  // Paths with an item path first: `/pet` is Pet's path, not the finder documented before it.
  const ordered = [...collections].sort((a, b) => Number(!a.itemPath) - Number(!b.itemPath));
  for (const paths of ordered) {
    const ref =
      isObject(paths.schema) && typeof paths.schema.$ref === 'string'
        ? paths.schema.$ref
        : undefined;
    // A finder (`/pet/findByStatus`) answers a model's records: a filtered read of it, no model.
    if (ref !== undefined && models.has(ref)) continue;
    const component = ref === undefined ? undefined : COMPONENT_SCHEMA.exec(ref)?.[1];
    const name =
      component !== undefined && isModelName(component) && !taken.has(component)
        ? component
        : classNameFor(paths.key, taken);
    if (name === undefined) {
      notes.push({
        kind: 'not-imported',
        at: paths.listPath,
        text: 'no class name can be made from this path',
      });
      continue;
    }
    if (component !== undefined && component !== name)
      notes.push({
        kind: 'guess',
        at: ref!,
        text: `cannot be a class name: the model is called ${name}`,
      });
    taken.add(name);
    if (ref !== undefined) models.set(ref, name);
    named.push({ paths, name });
  }
  return { named, models };
}

/**
 * The plan for an OpenAPI document; an ImportError for a syntax error (line:column), an
 * external or dangling `$ref` (its pointer) or a version other than 3.0/3.1.
 *
 * @example
 * ```ts
 * const plan = await readOpenApi('petstore.yaml', await readFile('petstore.yaml', 'utf8'));
 * plan.models.map((m) => `${m.name} /${m.path}`); // ['Pet /pets']
 * ```
 */
export async function readOpenApi(file: string, text: string): Promise<ImportPlan> {
  const doc = await readOpenApiDocument(file, text);
  const root: JsonObject = doc.root;
  const notes: ImportNote[] = [];
  const { operations, skipped } = operationsOf(root);
  for (const at of skipped) notes.push({ kind: 'not-imported', at, text: 'TRACE is not served' });
  const basePath = basePathOf(root, notes);
  const { collections } = findCollections(root, operations);
  const { named, models } = nameCollections(collections, notes);
  const scope = { root, models };
  const bound: BoundModel[] = [];
  const planned: PlannedModel[] = named.map(({ paths, name }) => {
    const shape = readModelShape(scope, paths.schema, name, notes);
    if (paths.listPath !== `/${paths.key}`)
      notes.push({
        kind: 'guess',
        at: paths.listPath,
        text: `served as documented; decorest's generated routes for ${name} are at /${paths.key} too`,
      });
    if (derivedPath(name) !== paths.key)
      notes.push({
        kind: 'guess',
        at: name,
        text: `keeps the path /${paths.key} with @Rest({ path })`,
      });
    const examples = [...paths.examples];
    // The Petstore's way: an example on each property, which make one record together.
    if (hasPropertyExamples(root, paths.schema)) {
      const at =
        isObject(paths.schema) && typeof paths.schema.$ref === 'string'
          ? paths.schema.$ref
          : paths.listPath;
      examples.push({ value: exampleOf(root, paths.schema), at });
      notes.push({
        kind: 'guess',
        at,
        text: `a seed record of ${name} is made from its properties' examples`,
      });
    }
    const seed = seedRows(examples, shape, name, notes);
    bound.push({
      name,
      target: followRef(root, paths.schema),
      listPath: paths.listPath,
      ...(paths.itemPath ? { itemPath: paths.itemPath } : {}),
      fields: shape.fields,
      links: shape.relations.map((r) => r.field),
      required: shape.required,
      hasId: shape.hasId,
    });
    return {
      name,
      path: paths.key,
      idType: shape.idType,
      fields: shape.fields,
      relations: shape.relations,
      seed,
    };
  });
  linkNotes(planned, notes);
  const routes: PlannedRoute[] = [];
  const seen = new Set<string>();
  const generated = generatedRoutes(planned);
  for (const operation of operations) {
    const key = `${operation.method} ${operation.path}`;
    // HEAD is answered wherever GET is, OPTIONS by CORS (CONTRACT §2): no manual route for them.
    if (operation.method === 'HEAD' || operation.method === 'OPTIONS') {
      notes.push({
        kind: 'not-imported',
        at: operation.at,
        text: `${key}: decorest answers ${operation.method} itself`,
      });
      continue;
    }
    const answer = bindOperation(root, operation, bound, notes);
    const model = answer && planned.find((m) => m.name === answer.model);
    if (
      answer &&
      model &&
      generatedAnswers(
        answer,
        operation.method,
        routePath(operation.path),
        model.path,
        new Set(model.fields.filter((f) => f.type.endsWith('[]')).map((f) => f.name)),
      )
    )
      continue;
    const route: PlannedRoute = answer
      ? {
          method: operation.method,
          path: routePath(operation.path),
          status: answer.options.status as number,
          source: operation.at,
          answer,
        }
      : plannedRoute(root, operation, notes);
    // An example is a poorer answer than the generated route's records (`/authors/:id/books`).
    if (!answer && clashes(route, generated)) {
      notes.push({
        kind: 'not-imported',
        at: operation.at,
        text: `${key}: answered by decorest's generated route ${route.method} ${route.path}, not by the example`,
      });
      continue;
    }
    // The writer takes `/`-rooted paths without spaces, `?` or `#`.
    if (/[\s?#]/.test(route.path)) {
      notes.push({
        kind: 'not-imported',
        at: operation.at,
        text: `${key}: no route path decorest takes`,
      });
      continue;
    }
    // `/a/:x` and `/a/:y` are one route to the router.
    const shape = `${route.method} ${route.path.replace(/:[^/]+/g, ':')}`;
    if (seen.has(shape)) {
      notes.push({
        kind: 'not-imported',
        at: operation.at,
        text: `${key}: the same route as another operation`,
      });
      continue;
    }
    seen.add(shape);
    routes.push(route);
    // Kept as a documented list: decorest's list controls the document names are not read there.
    for (const name of (answer && listControlsOf.get(answer)) ?? [])
      notes.push(unreadParameter(operation, name, answer!.model));
  }
  notes.push(
    ...documentNotes(root, [...named.flatMap((n) => [n.paths.schema, ...n.paths.schemas])]),
  );
  return {
    source: { kind: 'openapi', file },
    models: planned,
    // As Mockoon's prefix: a plan's routes carry the paths they are served at.
    routes:
      basePath === undefined
        ? routes
        : routes.map((r) => ({ ...r, path: r.path === '/' ? basePath : basePath + r.path })),
    ...(basePath === undefined ? {} : { basePath }),
    notes,
  };
}
