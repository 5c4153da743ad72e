/**
 * A json-server `db.json` as an import plan (issue 28). Each top-level array is a collection
 * and becomes a model on the same path; field types come from every record; json-server's
 * `<singular>Id` convention becomes `@BelongTo <singular>Id` (the key stays `postId` on the
 * wire, so bodies stay json-server's); a top-level object (a "singular" resource) is answered
 * read-only by a manual route.
 */
import type { JsonValue } from '../contract/control-api.js';
import {
  type Collection,
  type CollectionConvention,
  linkRelations,
  planCollection,
} from './collection-plan.js';
import { isModelPath } from './import-names.js';
import { ImportError, type ImportNote, type ImportPlan, type PlannedRoute } from './import-plan.js';
import { parseJsonText } from './parse-source.js';

type JsonRecord = Record<string, JsonValue>;

const isRecord = (value: unknown): value is JsonRecord =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * json-server's ways: it requires no field and keeps any body (so the models are open and every
 * field optional), lists in file order, and deletes the records a deleted record's id leaves
 * dangling (0.17).
 */
export const JSON_SERVER_CONVENTION: CollectionConvention = {
  lenient: true,
  orderNote: 'json-server in file order',
  onDelete: 'cascade',
  cascadeWhy: 'as json-server does',
};

/** Parses a db.json text and plans it; see {@link planJsonServerDb}. */
export function readJsonServerDb(file: string, text: string): ImportPlan {
  return planJsonServerDb(file, parseJsonText(file, text));
}

/** The plan for a parsed db.json: a top-level object whose arrays are collections. */
export function planJsonServerDb(file: string, db: unknown): ImportPlan {
  if (!isRecord(db))
    throw new ImportError(
      file,
      undefined,
      'is not a json-server database: the top level must be an object',
    );
  const notes: ImportNote[] = [];
  const routes: PlannedRoute[] = [];
  const collections: Collection[] = [];
  const taken = new Set<string>();
  for (const [key, value] of Object.entries(db)) {
    const at = `/${key}`;
    if (Array.isArray(value) && value.length > 0 && !value.some(isRecord) && isModelPath(key)) {
      // A list of plain values (`"tags": ["a", "b"]`) has no records to model: GET keeps it.
      routes.push({ method: 'GET', path: at, status: 200, body: value, source: `#${at}` });
      notes.push({
        kind: 'not-imported',
        at: key,
        text: `holds no objects, so no model: GET ${at} answers the list from app.ts`,
      });
    } else if (Array.isArray(value)) {
      const collection = planCollection(key, value, taken, notes, JSON_SERVER_CONVENTION);
      if (collection) {
        collections.push(collection);
        taken.add(collection.model.name);
      }
    } else if (isRecord(value) && isModelPath(key)) {
      // json-server serves GET/PUT/PATCH /profile; a manual route keeps GET's body.
      routes.push({ method: 'GET', path: at, status: 200, body: value, source: `#${at}` });
      notes.push({
        kind: 'not-imported',
        at: key,
        text: `a singular resource, not a collection: GET ${at} answers it from app.ts; PUT and PATCH are not served`,
      });
    } else {
      notes.push({
        kind: 'not-imported',
        at: key,
        text: 'is neither a collection (array) nor a resource (object) with a path-safe name',
      });
    }
  }
  if (collections.length === 0 && routes.length === 0)
    throw new ImportError(file, undefined, 'holds no collection: a db.json is an object of arrays');
  linkRelations(collections, notes, JSON_SERVER_CONVENTION);
  return {
    source: { kind: 'json-server', file },
    models: collections.map((c) => c.model),
    routes,
    notes,
  };
}
