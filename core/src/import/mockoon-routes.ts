/**
 * A Mockoon HTTP route as manual routes (issue 28): each answers what the route's default
 * response answers (status, headers, body). Mockoon's rules, response modes, file bodies and
 * `{{…}}` templating have no decorest equivalent; each one met is a note in the report.
 */
import type { JsonValue } from '../contract/control-api.js';
import type { ImportNote, PlannedRoute } from './import-plan.js';
import { bucketValue, type MockoonBucket, TEMPLATING } from './mockoon-buckets.js';
import { isObject, type JsonObject } from './openapi-document.js';

const METHODS: Record<string, PlannedRoute['method'][]> = {
  get: ['GET'],
  post: ['POST'],
  put: ['PUT'],
  patch: ['PATCH'],
  delete: ['DELETE'],
  // Mockoon's "all" answers every method; the writer serves these five.
  all: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
};

/** `[{ key, value }]` as a record; empty keys (Mockoon's blank editor row) are skipped. */
export function headerRecord(list: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!Array.isArray(list)) return headers;
  for (const h of list)
    if (isObject(h) && typeof h.key === 'string' && h.key !== '' && typeof h.value === 'string')
      headers[h.key] = h.value;
  return headers;
}

/** The default response: the one marked `default`, else the first (older exports). */
function defaultResponse(route: JsonObject): JsonObject | undefined {
  const responses = Array.isArray(route.responses) ? route.responses.filter(isObject) : [];
  return responses.find((r) => r.default === true) ?? responses[0];
}

function dropContentType(headers: Record<string, string>): void {
  for (const key of Object.keys(headers))
    if (key.toLowerCase() === 'content-type') delete headers[key];
}

function contentTypeOf(headers: Record<string, string>): string | undefined {
  return Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
}

/** The body to answer with, keyed as the writer reads it (JSON value, or text). */
function bodyOf(
  response: JsonObject,
  headers: Record<string, string>,
  buckets: readonly MockoonBucket[],
  say: (text: string, kind?: ImportNote['kind']) => void,
): JsonValue | undefined {
  if (response.bodyType === 'FILE') {
    say(`answers the file ${JSON.stringify(response.filePath)}, which is not read: no body`);
    return undefined;
  }
  if (response.bodyType === 'DATABUCKET') {
    const bucket = buckets.find(
      (b) => b.id === response.databucketID || b.uuid === response.databucketID,
    );
    const read = bucket ? bucketValue(bucket) : { why: 'names no bucket' };
    if ('why' in read) {
      say(`answers a data bucket that ${read.why}: no body`);
      return undefined;
    }
    return read.value;
  }
  const text = typeof response.body === 'string' ? response.body : '';
  if (text === '') return undefined;
  const type = contentTypeOf(headers);
  if (TEMPLATING.test(text) && response.disableTemplating !== true) {
    say('its body uses templating ({{…}}), which is not rendered: answered as the text written');
    return text;
  }
  if (type === undefined || /json/i.test(type))
    try {
      return JSON.parse(text) as JsonValue;
    } catch {
      if (type !== undefined)
        say('its body is not JSON though its content type is: answered as text', 'guess');
    }
  return text;
}

/**
 * The manual routes of one Mockoon HTTP route (one per method; five for "all").
 *
 * @example
 * ```ts
 * mockoonRoutes(route, '', {}, [], '#/routes/1', notes);
 * // [{ method: 'GET', path: '/health', status: 200, body: { status: 'ok' }, source: '#/routes/1' }]
 * ```
 */
export function mockoonRoutes(
  route: JsonObject,
  prefix: string,
  envHeaders: Record<string, string>,
  buckets: readonly MockoonBucket[],
  at: string,
  notes: ImportNote[],
): PlannedRoute[] {
  const endpoint = typeof route.endpoint === 'string' ? route.endpoint : '';
  const path = `/${[prefix, endpoint]
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter((p) => p !== '')
    .join('/')}`;
  const method = typeof route.method === 'string' ? route.method.toLowerCase() : '';
  const say = (text: string, kind: ImportNote['kind'] = 'not-imported') =>
    notes.push({ kind, at, text: `${method.toUpperCase()} ${path}: ${text}` });
  const methods = METHODS[method];
  if (!methods) {
    say(`decorest answers ${method.toUpperCase() || 'this method'} itself, or not at all`);
    return [];
  }
  // The writer takes `/`-rooted paths without spaces, `?` or `#`; regex routes are Mockoon's own.
  if (/[\s?#()]/.test(path)) {
    say('the path is a pattern decorest routes do not take');
    return [];
  }
  const response = defaultResponse(route);
  if (!response) {
    say('has no response');
    return [];
  }
  const responses = Array.isArray(route.responses) ? route.responses.length : 0;
  if (responses > 1) say(`${responses - 1} other responses (chosen by rules) are not imported`);
  if (typeof route.responseMode === 'string')
    say(`response mode ${route.responseMode} is not imported`);
  const headers = { ...envHeaders, ...headerRecord(response.headers) };
  const body = bodyOf(response, headers, buckets, say);
  const jsonType = /json/i.test(contentTypeOf(headers) ?? '');
  // No body needs no type, and the writer's `.json()` sets the JSON type itself; a text under a
  // JSON type would be sent as a JSON string by the writer, so it is answered as text.
  if (body === undefined || typeof body !== 'string' || jsonType) dropContentType(headers);
  if (typeof body === 'string' && jsonType) headers['content-type'] = 'text/plain; charset=utf-8';
  const status = typeof response.statusCode === 'number' ? response.statusCode : 200;
  return methods.map((m) => ({
    method: m,
    path,
    status,
    ...(Object.keys(headers).length > 0 ? { headers: { ...headers } } : {}),
    ...(body === undefined ? {} : { body }),
    source: at,
  }));
}
