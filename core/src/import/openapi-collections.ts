/**
 * Which paths of an OpenAPI document are collections decorest serves itself (issue 28): a
 * literal last segment (`/pets`) with a GET answering a list or a POST, optionally with its item
 * path (`/pets/{petId}`). The item schema is what the list answers (its `items`), else what the
 * item path or the POST answers. The CRUD operations of these paths are decorest's generated
 * routes; every other operation is left for a manual route.
 */
import { MODEL_PATH_PATTERN } from '../model/naming.js';
import { isObject, type JsonObject, pointerOf } from './openapi-document.js';
import {
  followRef,
  mediaExamples,
  mediaOf,
  type Operation,
  schemaExamples,
  successOf,
} from './openapi-operations.js';
import type { Example } from './openapi-seed.js';

export interface CollectionPaths {
  /** The path segment the model keeps: `pets`. */
  key: string;
  /** As documented: `/pets`, `/api/v1/pets`. */
  listPath: string;
  itemPath?: string;
  /** The item schema, as written (often a `$ref`). */
  schema: unknown;
  /** Examples of its answers; not of request bodies, which must be accepted, so never seeded. */
  examples: Example[];
  /** Every schema its CRUD operations answer or accept (`Pets`, the list), for the report. */
  schemas: unknown[];
}

/** The CRUD operations decorest generates for a collection, by method, on each path. */
const LIST_METHODS: ReadonlySet<string> = new Set(['GET', 'POST']);
const ITEM_METHODS: ReadonlySet<string> = new Set(['GET', 'PUT', 'PATCH', 'DELETE']);

/** The success response's schema and examples, with the pointer of its media type. */
function answered(root: JsonObject, op: Operation | undefined) {
  if (!op) return undefined;
  const success = successOf(root, op.op);
  const media = success ? mediaOf(root, success.response) : undefined;
  if (!success || !media) return undefined;
  const at = pointerOf([
    'paths',
    op.path,
    op.method.toLowerCase(),
    'responses',
    success.key,
    'content',
    media.type,
  ]);
  return { schema: media.media.schema, examples: mediaExamples(root, media.media, at), at };
}

/** The POST's request body schema and examples. */
function posted(root: JsonObject, op: Operation | undefined) {
  if (!op) return undefined;
  const media = mediaOf(root, followRef(root, op.op.requestBody));
  if (!media) return undefined;
  const at = pointerOf(['paths', op.path, 'post', 'requestBody', 'content', media.type]);
  return { schema: media.media.schema, examples: mediaExamples(root, media.media, at), at };
}

/** A schema of records: an object, its properties, or `allOf` parts (merged by the reader). */
export const isRecordSchema = (root: JsonObject, schema: unknown): boolean => {
  const s = followRef(root, schema);
  return isObject(s) && (s.type === 'object' || isObject(s.properties) || Array.isArray(s.allOf));
};

const isArraySchema = (root: JsonObject, schema: unknown): schema is JsonObject => {
  const s = followRef(root, schema);
  return isObject(s) && (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array')));
};

const propertiesOf = (root: JsonObject, schema: unknown): [string, unknown][] => {
  const s = followRef(root, schema);
  return isObject(s) && isObject(s.properties) ? Object.entries(s.properties) : [];
};

/**
 * A record schema, or one wrapped in an object of a single property (`{ "article": Article }`,
 * RealWorld's shape): the record's schema and the key it is wrapped under.
 */
export function recordOf(
  root: JsonObject,
  schema: unknown,
): { schema: unknown; wrap?: string } | undefined {
  if (!isRecordSchema(root, schema)) return undefined;
  const properties = propertiesOf(root, schema);
  const only = properties.length === 1 ? properties[0] : undefined;
  if (only && isRecordSchema(root, only[1]) && !isArraySchema(root, only[1]))
    return { schema: only[1], wrap: only[0] };
  return { schema };
}

/**
 * A list of records, bare (`Pet[]`) or wrapped in an object beside its count
 * (`{ "articles": Article[], "articlesCount": n }`): the item schema and the wrapper's keys.
 */
export function listOf(
  root: JsonObject,
  schema: unknown,
): { items: unknown; wrap?: { items: string; count?: string } } | undefined {
  if (isArraySchema(root, schema)) {
    const items = (followRef(root, schema) as JsonObject).items;
    return isRecordSchema(root, items) ? { items } : undefined;
  }
  const properties = propertiesOf(root, schema);
  const lists = properties.filter(
    ([, p]) =>
      isArraySchema(root, p) && isRecordSchema(root, (followRef(root, p) as JsonObject).items),
  );
  if (lists.length !== 1) return undefined;
  const [key, list] = lists[0]!;
  const count = properties.find(([k, p]) => {
    const s = followRef(root, p);
    return k !== key && isObject(s) && (s.type === 'integer' || s.type === 'number');
  })?.[0];
  // Other members than the list and its count: not a wrapper decorest can fill from records.
  if (properties.length > (count === undefined ? 1 : 2)) return undefined;
  return {
    items: (followRef(root, list) as JsonObject).items,
    wrap: { items: key, ...(count === undefined ? {} : { count }) },
  };
}

/** Examples of a wrapped shape, unwrapped to the records they hold. */
function unwrapExamples(examples: readonly Example[], key: string | undefined): Example[] {
  if (key === undefined) return [...examples];
  return examples.flatMap((e) =>
    isObject(e.value) && e.value[key] !== undefined
      ? [{ value: e.value[key], at: `${e.at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}` }]
      : [],
  );
}

/**
 * The collections of a document and the operations left over (non-collection operations).
 *
 * @example
 * ```ts
 * const { collections, rest } = findCollections(doc.root, operations);
 * collections[0]; // { key: 'pets', listPath: '/pets', itemPath: '/pets/{petId}', schema: { $ref: … } }
 * ```
 */
export function findCollections(
  root: JsonObject,
  operations: readonly Operation[],
): { collections: CollectionPaths[]; rest: Operation[] } {
  const byPath = new Map<string, Operation[]>();
  for (const op of operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  // `/pets/{petId}` by its parent `/pets`: one pass, not a search per path (5,000 operations).
  const itemPaths = new Map<string, string>();
  for (const path of byPath.keys()) {
    const item = /^(.*)\/\{[^/{}]+\}$/.exec(path);
    if (item && !itemPaths.has(item[1]!)) itemPaths.set(item[1]!, path);
  }
  const find = (path: string | undefined, method: string) =>
    path === undefined ? undefined : byPath.get(path)?.find((o) => o.method === method);
  const collections: CollectionPaths[] = [];
  const covered = new Set<Operation>();
  const keys = new Set<string>();
  for (const path of byPath.keys()) {
    const match = /^((?:\/[^/{}]+)*)\/([^/{}]+)$/.exec(path);
    const key = match?.[2];
    if (key === undefined || !MODEL_PATH_PATTERN.test(key) || keys.has(key)) continue;
    const itemPath = itemPaths.get(path);
    const list = answered(root, find(path, 'GET'));
    const item = answered(root, find(itemPath, 'GET'));
    const post = posted(root, find(path, 'POST'));
    const created = answered(root, find(path, 'POST'));
    // A collection answers a list on GET, or accepts records on POST with an item path beside.
    const listed = list ? listOf(root, list.schema) : undefined;
    if (!listed && !(post && itemPath)) continue;
    const single = [item, created, post]
      .map((a) => (a ? { a, r: recordOf(root, a.schema) } : undefined))
      .find((x) => x?.r !== undefined);
    const schema = listed?.items ?? single?.r?.schema;
    if (!isRecordSchema(root, schema)) continue;
    keys.add(key);
    const itemWrap = (a: typeof item) => (a ? recordOf(root, a.schema)?.wrap : undefined);
    const examples = [
      ...unwrapExamples(list?.examples ?? [], listed?.wrap?.items),
      ...unwrapExamples(item?.examples ?? [], itemWrap(item)),
      ...unwrapExamples(created?.examples ?? [], itemWrap(created)),
      ...schemaExamples(
        root,
        schema,
        schemaPointer(schema, listed ? `${list!.at}/schema/items` : '#'),
      ),
    ];
    const schemas = [list?.schema, item?.schema, created?.schema, post?.schema];
    collections.push({
      key,
      listPath: path,
      ...(itemPath ? { itemPath } : {}),
      schema,
      examples,
      schemas: schemas.filter((s) => s !== undefined),
    });
    for (const op of byPath.get(path) ?? []) if (LIST_METHODS.has(op.method)) covered.add(op);
    for (const op of itemPath ? (byPath.get(itemPath) ?? []) : [])
      if (ITEM_METHODS.has(op.method)) covered.add(op);
  }
  return { collections, rest: operations.filter((op) => !covered.has(op)) };
}

/** Where a schema's own examples are: its `$ref`'s target, else where it is written. */
function schemaPointer(schema: unknown, written: string): string {
  return isObject(schema) && typeof schema.$ref === 'string' ? schema.$ref : written;
}
