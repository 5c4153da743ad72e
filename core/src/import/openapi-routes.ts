/**
 * A non-collection operation as a manual route (issue 28): it answers the documented example
 * with the documented status, so the frontend gets every URL the document names. Its request
 * shape is not checked, which the report says.
 */
import type { JsonValue } from '../contract/control-api.js';
import { identifierFor } from './import-names.js';
import type { ImportNote, PlannedRoute } from './import-plan.js';
import { isObject, type JsonObject } from './openapi-document.js';
import { exampleOf, isJsonValue } from './openapi-example.js';
import {
  followRef,
  mediaExamples,
  mediaOf,
  type Operation,
  schemaExamples,
  successOf,
} from './openapi-operations.js';

/** `/pets/{petId}/photo` → `/pets/:petId/photo`; a parameter name that is no identifier is mapped. */
export function routePath(path: string): string {
  return path.replace(/\{([^{}]+)\}/g, (_, name: string) => `:${identifierFor(name)}`);
}

/** The documented response headers with an example, as the route's headers. */
function headersOf(root: JsonObject, response: JsonObject): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!isObject(response.headers)) return headers;
  for (const [name, raw] of Object.entries(response.headers)) {
    const header = followRef(root, raw);
    if (!isObject(header)) continue;
    const schema = followRef(root, header.schema);
    const example = header.example ?? (isObject(schema) ? schema.example : undefined);
    if (typeof example === 'string' || typeof example === 'number' || typeof example === 'boolean')
      headers[name] = String(example);
  }
  return headers;
}

/**
 * The manual route for an operation decorest does not generate, with notes on what it leaves out.
 *
 * @example
 * ```ts
 * plannedRoute(root, { method: 'GET', path: '/health', op, at: '#/paths/~1health/get' }, notes);
 * // { method: 'GET', path: '/health', status: 200, body: { status: 'ok' }, source: '#/paths/~1health/get' }
 * ```
 */
export function plannedRoute(
  root: JsonObject,
  operation: Operation,
  notes: ImportNote[],
): PlannedRoute {
  const { method, path, op, at } = operation;
  const route: PlannedRoute = { method, path: routePath(path), status: 200, source: at };
  const success = successOf(root, op);
  if (op.requestBody !== undefined)
    notes.push({
      kind: 'not-imported',
      at: `${at}/requestBody`,
      text: `${method} ${path}: the request body is not checked`,
    });
  if (!success) {
    notes.push({
      kind: 'guess',
      at,
      text: `${method} ${path} documents no success response: answers 200 with no body`,
    });
    return route;
  }
  route.status = success.status;
  const headers = headersOf(root, success.response);
  const media = mediaOf(root, success.response);
  if (media) {
    const examples = [
      ...mediaExamples(root, media.media, at),
      ...schemaExamples(root, media.media.schema, at),
    ];
    const json = /json/i.test(media.type);
    if (!json) headers['content-type'] = media.type;
    // An example JSON cannot carry (YAML's .nan, a date) is named and passed over.
    const usable = examples.filter((e) => {
      if (isJsonValue(e.value)) return true;
      notes.push({
        kind: 'not-imported',
        at: e.at,
        text: `${method} ${path}: this example is not JSON (a date, NaN or Infinity): not answered`,
      });
      return false;
    });
    const example = usable[0];
    const made = example === undefined && json ? exampleOf(root, media.media.schema) : undefined;
    if (made !== undefined) {
      route.body = made;
      notes.push({
        kind: 'guess',
        at,
        text: `${method} ${path} has no example: answers a body made from its schema`,
      });
    } else if (example === undefined)
      notes.push({
        kind: 'guess',
        at,
        text: `${method} ${path} has no example: answers ${route.status} with no body`,
      });
    else if (json || typeof example.value === 'string') {
      route.body = example.value as JsonValue;
      // A JSON string example is JSON on the wire (`"session:1718"`), not text.
      if (json && typeof example.value === 'string') headers['content-type'] = media.type;
    } else
      notes.push({
        kind: 'not-imported',
        at,
        text: `${method} ${path}: a ${media.type} example that is not text`,
      });
  }
  if (Object.keys(headers).length > 0) route.headers = headers;
  return route;
}
