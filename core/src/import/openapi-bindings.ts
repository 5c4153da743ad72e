/**
 * Which documented operations a model's records answer, and how (issue 41): a list (bare or
 * wrapped with its count, filtered by the query parameters that name fields: the Petstore's
 * `findByStatus`/`findByTags`), a read by the key the path uses (`{petId}` is the id,
 * `{username}`/`{slug}` are fields), a create (body unwrapped, server-set fields filled in), an
 * update (by the path's key or the id in the body), a delete. The answer keeps the operation's
 * own path, status and shape; `app.ts` maps it to `documented.<call>(Model, options)`.
 */
import { COLLECTION_CONTROLS } from '../contract/collection-controls.js';
import type { JsonValue } from '../contract/control-api.js';
import { identifierFor } from './import-names.js';
import type { DocumentedAnswer, ImportNote, PlannedField } from './import-plan.js';
import { listOf, recordOf } from './openapi-collections.js';
import { isObject, type JsonObject } from './openapi-document.js';
import { exampleOf } from './openapi-example.js';
import { followRef, mediaOf, type Operation, successOf } from './openapi-operations.js';

type Options = { [key: string]: JsonValue };

/** A planned model as the binder needs it. */
export interface BoundModel {
  name: string;
  /** The item schema as resolved (object identity is how operations are matched to it). */
  target: unknown;
  listPath: string;
  itemPath?: string;
  fields: readonly PlannedField[];
  /** Relation fields (`ownerId`), which a query may filter on too. */
  links: readonly string[];
  /** Wire keys the schema requires. */
  required: ReadonlySet<string>;
  /** The schema declares an `id`. */
  hasId: boolean;
}

const wireOf = (f: PlannedField): string => f.wireName ?? f.name;

/** decorest's own list controls, read by the generated list; never a filter here. */
const PAGE_PARAMS: Readonly<Record<string, 'limit' | 'offset'>> = {
  limit: 'limit',
  offset: 'offset',
};

function resolved(root: JsonObject, schema: unknown): unknown {
  return followRef(root, schema);
}

function modelOf(
  root: JsonObject,
  schema: unknown,
  models: readonly BoundModel[],
): BoundModel | undefined {
  const target = resolved(root, schema);
  return target === undefined ? undefined : models.find((m) => m.target === target);
}

/** The path parameters, in order. */
const paramsOf = (path: string): string[] => [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!);

/** The field a path parameter holds: a field of that name, else the id (`petId`, `id`). */
function keyField(model: BoundModel, param: string, only: boolean): string | undefined {
  if (model.fields.some((f) => wireOf(f) === param && !f.type.includes('[]'))) return param;
  if (/id$/i.test(param) || only) return 'id';
  return undefined;
}

/** The last path parameter that names a record of `model`, as the route's key. */
function keyOf(model: BoundModel, path: string): { param: string; field: string } | undefined {
  const params = paramsOf(path);
  for (const param of params.reverse()) {
    const field = keyField(model, param, params.length === 1);
    if (field !== undefined) return { param: identifierFor(param), field };
  }
  return undefined;
}

/**
 * Whether a query parameter's values can be a field's: RealWorld's `favorited` is a user name,
 * not the article's boolean of that name.
 */
function fits(root: JsonObject, parameter: JsonObject, model: BoundModel, field: string): boolean {
  const schema = followRef(root, parameter.schema);
  const type = isObject(schema) ? schema.type : undefined;
  if (typeof type !== 'string' || type === 'array') return true;
  const declared = model.fields.find((f) => f.name === field)?.type.replace(/ \| null$/, '');
  if (declared === undefined || declared.endsWith('[]')) return true;
  if (declared === 'boolean') return type === 'boolean';
  if (declared === 'number') return type === 'integer' || type === 'number';
  return type === 'string';
}

/**
 * A list binding's query parameters that are decorest's own list controls (`_sort`, `q`,
 * `_page`): the generated route reads them, so they are said unread only where the import keeps
 * a documented list (openapi-read.ts), not where it leaves the route to the generated one.
 */
export const listControlsOf = new WeakMap<DocumentedAnswer, readonly string[]>();

/** The note for a query parameter a documented route does not read. */
export function unreadParameter(operation: Operation, name: string, model: string): ImportNote {
  return {
    kind: 'not-imported',
    at: `${operation.at}/parameters`,
    text: `${operation.method} ${operation.path}: the query parameter ${name} names no field of ${model}: not read`,
  };
}

/** Query parameters → fields: the same name, or the list field it names (`tag` → `tagList`). */
function filtersOf(
  root: JsonObject,
  model: BoundModel,
  operation: Operation,
  notes: ImportNote[],
): {
  filters: Record<string, string>;
  defaults: Record<string, string>;
  page: Record<string, string>;
  controls: string[];
} {
  const filters: Record<string, string> = {};
  const defaults: Record<string, string> = {};
  const page: Record<string, string> = {};
  const controls: string[] = [];
  const names = [...model.fields.map(wireOf), ...model.links];
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query' || typeof parameter.name !== 'string') continue;
    const name = parameter.name;
    const field =
      names.find((n) => n === name) ??
      model.fields.find((f) => f.type.endsWith('[]') && wireOf(f).startsWith(name))?.name;
    if (field !== undefined && fits(root, parameter, model, field)) {
      filters[name] = field;
      // Petstore's `status` defaults to `available`: a request without it reads as if it said so.
      const schema = followRef(root, parameter.schema);
      const fallback = isObject(schema) ? schema.default : undefined;
      if (
        typeof fallback === 'string' ||
        typeof fallback === 'number' ||
        typeof fallback === 'boolean'
      )
        defaults[name] = String(fallback);
    } else if (PAGE_PARAMS[name]) page[PAGE_PARAMS[name]] = name;
    else if (COLLECTION_CONTROLS.includes(name)) controls.push(name);
    else notes.push(unreadParameter(operation, name, model.name));
  }
  return { filters, defaults, page, controls };
}

/** The schema of the property `key` of an object schema (its `allOf` parts included). */
function propertyOf(root: JsonObject, schema: unknown, key: string, depth = 0): unknown {
  const r = resolved(root, schema);
  if (!isObject(r) || depth > 8) return undefined;
  if (isObject(r.properties) && Object.hasOwn(r.properties, key)) return r.properties[key];
  if (!Array.isArray(r.allOf)) return undefined;
  for (const part of r.allOf) {
    const found = propertyOf(root, part, key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Properties a create's body schema declares (unwrapped). */
function bodyKeys(root: JsonObject, schema: unknown): Set<string> {
  const keys = new Set<string>();
  const walk = (s: unknown, depth: number): void => {
    const r = resolved(root, s);
    if (!isObject(r) || depth > 8) return;
    if (isObject(r.properties)) for (const k of Object.keys(r.properties)) keys.add(k);
    if (Array.isArray(r.allOf)) for (const part of r.allOf) walk(part, depth + 1);
  };
  walk(schema, 0);
  return keys;
}

/**
 * What the server sets on a create: required fields the request body does not declare
 * (`slug`, `createdAt`, `favorited` of a RealWorld article).
 */
function fillOf(
  root: JsonObject,
  model: BoundModel,
  bodySchema: unknown,
  key: string | undefined,
): Options | undefined {
  if (resolved(root, bodySchema) === model.target) return undefined;
  const sent = bodyKeys(root, bodySchema);
  const now: string[] = [];
  const values: Record<string, JsonValue> = {};
  let slug: Options | undefined;
  for (const field of model.fields) {
    const wire = wireOf(field);
    if (sent.has(wire) || field.optional) continue;
    if (field.rules?.default !== undefined) continue;
    if (wire === key && field.type === 'string') {
      const from = ['title', 'name'].find((f) => sent.has(f));
      slug = { field: wire, ...(from === undefined ? {} : { from }) };
    } else if (field.rules?.format === 'date-time' || field.type === 'Date') now.push(wire);
    else if (field.type.endsWith('[]')) values[wire] = [];
    else if (field.type === 'boolean') values[wire] = false;
    else if (field.type === 'number') values[wire] = field.rules?.min ?? 0;
    else if (field.type.endsWith('| null')) values[wire] = null;
    else if (field.type === 'string' && field.rules?.format === undefined) values[wire] = '';
    else {
      // An object the server makes (a RealWorld article's `author`): its documented example,
      // else a value its schema allows.
      const value = exampleOf(root, propertyOf(root, model.target, wire));
      if (value !== undefined) values[wire] = value;
    }
  }
  const fill: Options = {
    ...(now.length > 0 ? { now } : {}),
    ...(slug ? { slug } : {}),
    ...(Object.keys(values).length > 0 ? { values } : {}),
  };
  return Object.keys(fill).length > 0 ? fill : undefined;
}

/** A model-backed answer for `operation`, or undefined when it fits no model. */
export function bindOperation(
  root: JsonObject,
  operation: Operation,
  models: readonly BoundModel[],
  notes: ImportNote[],
): DocumentedAnswer | undefined {
  const { method, path, op } = operation;
  const success = successOf(root, op);
  const status = success?.status ?? 200;
  const response = success ? mediaOf(root, success.response)?.media.schema : undefined;
  const requestMedia = mediaOf(root, followRef(root, op.requestBody));
  const request = requestMedia?.media.schema;
  const byPath = models.find((m) => m.listPath === path || m.itemPath === path);
  const params = paramsOf(path);

  const list = response === undefined ? undefined : listOf(root, response);
  if (method === 'GET' && list && params.length === 0) {
    const model = modelOf(root, list.items, models);
    if (model) {
      const { filters, defaults, page, controls } = filtersOf(root, model, operation, notes);
      const answer: DocumentedAnswer = {
        call: 'list',
        model: model.name,
        options: {
          status,
          ...(Object.keys(filters).length > 0 ? { filters } : {}),
          ...(Object.keys(defaults).length > 0 ? { defaults } : {}),
          ...(Object.keys(page).length > 0 ? { page } : {}),
          ...(list.wrap ? { wrap: list.wrap } : {}),
        },
      };
      if (controls.length > 0) listControlsOf.set(answer, controls);
      return answer;
    }
  }

  const record = response === undefined ? undefined : recordOf(root, response);
  const answered = record ? modelOf(root, record.schema, models) : undefined;
  const wrap: Options = record?.wrap === undefined ? {} : { wrap: record.wrap };
  const noBody: Options = response === undefined ? { answer: false } : {};
  const unwrap = (schema: unknown): Options => {
    const inner = recordOf(root, schema);
    return inner?.wrap === undefined ? {} : { unwrap: inner.wrap };
  };

  if (method === 'POST' && request !== undefined && byPath?.listPath === path) {
    const model = byPath;
    if (answered === undefined || answered === model) {
      const inner = recordOf(root, request)?.schema ?? request;
      const key = model.itemPath ? keyOf(model, model.itemPath)?.field : undefined;
      const fill = fillOf(root, model, inner, key);
      return {
        call: 'create',
        model: model.name,
        options: { status, ...unwrap(request), ...wrap, ...noBody, ...(fill ? { fill } : {}) },
      };
    }
  }

  if ((method === 'PUT' || method === 'PATCH') && request !== undefined) {
    const model = answered ?? byPath;
    const key = model ? keyOf(model, path) : undefined;
    if (model && key && params.length > 0)
      return {
        call: 'update',
        model: model.name,
        options: { status, key, ...unwrap(request), ...wrap, ...noBody },
      };
    const sentModel = modelOf(root, recordOf(root, request)?.schema, models);
    if (model && params.length === 0 && sentModel === model && model.hasId)
      return {
        call: 'update',
        model: model.name,
        options: { status, key: { body: 'id' }, ...unwrap(request), ...wrap, ...noBody },
      };
  }

  if (method === 'DELETE' && byPath?.itemPath === path) {
    const key = keyOf(byPath, path);
    if (key)
      return {
        call: 'remove',
        model: byPath.name,
        options: {
          status,
          key,
          ...(answered === byPath && record?.wrap === undefined ? {} : { answer: false }),
        },
      };
  }

  // Any other operation answering one record named by the path (`POST /articles/{slug}/favorite`).
  if (answered) {
    const key = keyOf(answered, path);
    if (key) return { call: 'read', model: answered.name, options: { status, key, ...wrap } };
  }
  return undefined;
}

const GENERATED_STATUS: Readonly<Record<DocumentedAnswer['call'], number>> = {
  list: 200,
  read: 200,
  create: 201,
  update: 200,
  remove: 200,
};

/**
 * Whether decorest's generated route already answers the operation as documented: the same
 * path and key, status and bare shape. It is then left to that route, which also reads
 * decorest's list controls (`_page`, `sort`, `embed`, …) and keeps the hot read path.
 */
export function generatedAnswers(
  answer: DocumentedAnswer,
  method: string,
  path: string,
  modelPath: string,
  arrayFields: ReadonlySet<string>,
): boolean {
  const { call, options } = answer;
  if (options.status !== GENERATED_STATUS[call]) return false;
  if (options.wrap !== undefined || options.unwrap !== undefined || options.fill !== undefined)
    return false;
  const key = options.key as { param?: string; field?: string } | undefined;
  if (call === 'list' || call === 'create') {
    if (path !== `/${modelPath}`) return false;
    // Equality filters the generated list reads as they are (not a list field's "holds").
    const filters = Object.entries((options.filters ?? {}) as Record<string, string>);
    return filters.every(([param, field]) => param === field && !arrayFields.has(field));
  }
  if (method === 'PATCH' || key?.field !== 'id' || key.param === undefined) return false;
  return path === `/${modelPath}/:${key.param}`;
}
