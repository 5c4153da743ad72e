/**
 * Mockoon data buckets as collections (issue 28). A bucket holding an array of records is a
 * collection, on the path of the CRUD route that serves it (Mockoon's `type: 'crud'` routes),
 * else on a path made from its name. The collections are then planned exactly as a json-server
 * `db.json` is (field types from every record, `<singular>Id` links), so both sources agree.
 */
import type { JsonValue } from '../contract/control-api.js';
import { isModelPath } from './import-names.js';
import type { ImportNote } from './import-plan.js';
import { TEMPLATING } from './mockoon-template.js';
import { isObject, type JsonObject } from './openapi-document.js';

/** A bucket as Mockoon stores it: `value` is JSON text, possibly with templating. */
export interface MockoonBucket {
  /** The short id routes link by (`databucketID`). */
  id: string;
  uuid: string;
  name: string;
  value: string;
}

/** A bucket's content, or why it has none decorest can use. */
export type BucketValue = { value: JsonValue } | { why: string };

export function bucketsOf(env: JsonObject): MockoonBucket[] {
  const data = Array.isArray(env.data) ? env.data : [];
  return data.filter(isObject).map((b) => ({
    id: typeof b.id === 'string' ? b.id : '',
    uuid: typeof b.uuid === 'string' ? b.uuid : '',
    name: typeof b.name === 'string' ? b.name : '',
    value: typeof b.value === 'string' ? b.value : '',
  }));
}

export function bucketValue(bucket: MockoonBucket): BucketValue {
  if (TEMPLATING.test(bucket.value))
    return { why: 'uses templating ({{…}}), which decorest does not render: not imported' };
  try {
    return { value: JSON.parse(bucket.value) as JsonValue };
  } catch {
    return { why: 'is not JSON: not imported' };
  }
}

/** `api/v1/products` → `products`; a bucket name `Order lines` → `order-lines`. */
function keyFrom(text: string): string {
  const last =
    text
      .split('/')
      .filter((s) => s !== '')
      .pop() ?? '';
  return last
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|-+$/g, '');
}

/** A CRUD route's link to its bucket: the endpoint it serves it on. */
export interface CrudLink {
  bucket: string;
  endpoint: string;
  crudKey: string;
  at: string;
}

/**
 * The collections to plan, keyed by path: every bucket holding an array. `links` name the CRUD
 * routes; a bucket no CRUD route serves gets a path from its name.
 */
export function bucketCollections(
  buckets: readonly MockoonBucket[],
  links: readonly CrudLink[],
  notes: ImportNote[],
  context: { basePath: string; answered: ReadonlySet<string> } = {
    basePath: '',
    answered: new Set(),
  },
): Record<string, JsonValue[]> {
  const db: Record<string, JsonValue[]> = {};
  const { basePath } = context;
  buckets.forEach((bucket, index) => {
    const at = `#/data/${index}`;
    const served = links.filter((l) => l.bucket === bucket.id || l.bucket === bucket.uuid);
    // Mockoon serves a bucket only through routes: one a route answers whole is that route's body.
    if (
      served.length === 0 &&
      (context.answered.has(bucket.id) || context.answered.has(bucket.uuid))
    )
      return;
    const read = bucketValue(bucket);
    if ('why' in read) {
      notes.push({ kind: 'not-imported', at, text: `bucket ${bucket.name} ${read.why}` });
      return;
    }
    if (!Array.isArray(read.value)) {
      notes.push({
        kind: 'not-imported',
        at,
        text: `bucket ${bucket.name} holds no array: only arrays of records become models`,
      });
      return;
    }
    const [first, ...others] = served;
    for (const other of others)
      notes.push({
        kind: 'not-imported',
        at: other.at,
        text: `a second CRUD route over bucket ${bucket.name}: only ${basePath}/${first!.endpoint} serves it`,
      });
    let key = keyFrom(first?.endpoint ?? bucket.name);
    if (first && `/${key}` !== `/${first.endpoint.replace(/^\/+/, '')}`)
      notes.push({
        kind: 'guess',
        at: first.at,
        text: `CRUD route ${basePath}/${first.endpoint} is served at ${basePath}/${key}: decorest serves a model on one path segment`,
      });
    if (!first)
      notes.push({
        kind: 'guess',
        at,
        text: `bucket ${bucket.name} has no CRUD route: served at ${basePath}/${key}`,
      });
    if (first && first.crudKey !== 'id')
      notes.push({
        kind: 'guess',
        at: first.at,
        text: `the CRUD key is ${first.crudKey}: decorest identifies records by id`,
      });
    if (!isModelPath(key) || key in db) key = `${key || 'bucket'}-${index + 1}`;
    if (read.value.length === 0)
      notes.push({
        kind: 'guess',
        at,
        text: `bucket ${bucket.name} is empty, so its model has no field but id: it is open, so a POST or PUT to ${basePath}/${key} stores any fields, as Mockoon does; declare them in the model to type them`,
      });
    db[key] = read.value;
  });
  return db;
}
