/**
 * A Mockoon HTTP route as manual routes (issue 28) and response rules (issue 41): the route
 * answers its default response (status, headers, body) from app.ts, under the environment's
 * prefix; the responses its rules or response mode choose, and a default answer that needs
 * templating or latency, are rules in `mock-rules.json`. File bodies are not read; what cannot
 * come over is a note in the report.
 */
import type { JsonValue } from '../contract/control-api.js';
import type { RuleCondition } from '../contract/rules-api.js';
import type { ImportNote, PlannedRoute } from './import-plan.js';
import { bucketValue, type MockoonBucket } from './mockoon-buckets.js';
import {
  type AnswerParts,
  needsRule,
  responseConditions,
  ruleResponse,
  type SourcedRule,
} from './mockoon-rules.js';
import { convertTemplate, TEMPLATING } from './mockoon-template.js';
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

/** The route's responses, and the default: the one marked `default`, else the first. */
function responsesOf(route: JsonObject): { all: JsonObject[]; fallback: JsonObject | undefined } {
  const all = Array.isArray(route.responses) ? route.responses.filter(isObject) : [];
  return { all, fallback: all.find((r) => r.default === true) ?? all[0] };
}

function dropContentType(headers: Record<string, string>): void {
  for (const key of Object.keys(headers))
    if (key.toLowerCase() === 'content-type') delete headers[key];
}

function contentTypeOf(headers: Record<string, string>): string | undefined {
  return Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
}

/** The text a response sends (its inline body, or its bucket's JSON); `undefined`: none. */
function bodyText(
  response: JsonObject,
  buckets: readonly MockoonBucket[],
  say: (text: string, kind?: ImportNote['kind']) => void,
): string | undefined {
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
    return JSON.stringify(read.value);
  }
  const text = typeof response.body === 'string' ? response.body : '';
  return text === '' ? undefined : text;
}

/** What one Mockoon response answers, as a rule response is made of. */
function answerOf(
  response: JsonObject,
  context: RouteContext,
  say: (text: string, kind?: ImportNote['kind']) => void,
): AnswerParts {
  const status = typeof response.statusCode === 'number' ? response.statusCode : 200;
  const headers = { ...context.envHeaders, ...headerRecord(response.headers) };
  let body = bodyText(response, context.buckets, say);
  if (body !== undefined && (status === 204 || status === 304)) body = undefined;
  const latency = typeof response.latency === 'number' ? response.latency : 0;
  return {
    status,
    headers,
    body,
    delayMs: context.envLatency + Math.max(0, latency),
    // Mockoon renders templating unless the response says not to (or the body is a bucket's).
    ...(response.disableTemplating === true || response.bodyType === 'DATABUCKET'
      ? { literal: true }
      : {}),
  };
}

/** The body the route itself (app.ts) answers with: JSON when it parses, else text. */
function routeBody(
  parts: AnswerParts,
  headers: Record<string, string>,
  say: (text: string, kind?: ImportNote['kind']) => void,
): JsonValue | undefined {
  const text = parts.body;
  if (text === undefined) return undefined;
  const type = contentTypeOf(headers);
  if (TEMPLATING.test(text)) return text;
  if (type === undefined || /json/i.test(type))
    try {
      return JSON.parse(text) as JsonValue;
    } catch {
      if (type !== undefined)
        say('its body is not JSON though its content type is: answered as text', 'guess');
    }
  return text;
}

/** What every route of an environment shares. */
export interface RouteContext {
  /** The environment's prefix as a served path (`/v2`), or `` for none. */
  basePath: string;
  envHeaders: Record<string, string>;
  /** The environment's latency, added to every response's (Mockoon adds them). */
  envLatency: number;
  buckets: readonly MockoonBucket[];
}

/** The manual routes and response rules of one Mockoon HTTP route. */
export interface RouteImport {
  routes: PlannedRoute[];
  rules: SourcedRule[];
}

/**
 * The manual routes of one Mockoon HTTP route (one per method; five for "all"), each served
 * under the environment's prefix and answering the default response, and the response rules
 * that choose the others.
 *
 * @example
 * ```ts
 * mockoonRoutes(route, context, '#/routes/1', notes).routes;
 * // [{ method: 'GET', path: '/v2/health', status: 200, body: { status: 'ok' }, source: '#/routes/1' }]
 * ```
 */
export function mockoonRoutes(
  route: JsonObject,
  context: RouteContext,
  at: string,
  notes: ImportNote[],
): RouteImport {
  const endpoint = typeof route.endpoint === 'string' ? route.endpoint : '';
  const path = `${context.basePath}/${endpoint.replace(/^\/+|\/+$/g, '')}`.replace(/(.)\/$/, '$1');
  const method = typeof route.method === 'string' ? route.method.toLowerCase() : '';
  const label = `${method.toUpperCase()} ${path}`;
  const say = (text: string, kind: ImportNote['kind'] = 'not-imported') =>
    notes.push({ kind, at, text: `${label}: ${text}` });
  const sayAt = (where: string, text: string, kind: ImportNote['kind'] = 'not-imported') =>
    notes.push({ kind, at: where, text: `${label}: ${text}` });
  const none: RouteImport = { routes: [], rules: [] };
  const methods = METHODS[method];
  if (!methods) {
    say(`decorest answers ${method.toUpperCase() || 'this method'} itself, or not at all`);
    return none;
  }
  // The writer takes `/`-rooted paths without spaces, `?` or `#`; regex routes are Mockoon's own.
  if (/[\s?#()*]/.test(path)) {
    say('the path is a pattern decorest routes do not take');
    return none;
  }
  const { all, fallback } = responsesOf(route);
  if (!fallback) {
    say('has no response');
    return none;
  }
  const defaultIndex = all.indexOf(fallback);
  const fallbackParts = answerOf(fallback, context, say);
  const blocked =
    fallbackParts.body === undefined || fallbackParts.literal
      ? undefined
      : convertTemplate(fallbackParts.body).blocked;
  if (blocked !== undefined)
    say(
      `its body uses {{${blocked}}}, which decorest placeholders cannot express: answered as the text written`,
    );
  const headers = { ...fallbackParts.headers };
  const body = routeBody(fallbackParts, headers, say);
  const jsonType = /json/i.test(contentTypeOf(headers) ?? '');
  // No body needs no type, and the writer's `.json()` sets the JSON type itself; a text under a
  // JSON type would be sent as a JSON string by the writer, so it is answered as text.
  if (body === undefined || typeof body !== 'string' || jsonType) dropContentType(headers);
  if (typeof body === 'string' && jsonType) headers['content-type'] = 'text/plain; charset=utf-8';
  const routes = methods.map((m) => ({
    method: m,
    path,
    status: fallbackParts.status,
    ...(Object.keys(headers).length > 0 ? { headers: { ...headers } } : {}),
    ...(body === undefined ? {} : { body }),
    source: at,
  }));
  const rules = routeRules(route, all, defaultIndex, fallbackParts, {
    context,
    at,
    path,
    methods,
    sayAt,
  });
  return { routes, rules };
}

interface RuleContext {
  context: RouteContext;
  at: string;
  path: string;
  methods: readonly PlannedRoute['method'][];
  sayAt: (where: string, text: string, kind?: ImportNote['kind']) => void;
}

/** The rules of a route: by its response mode, or one set per response with rules. */
function routeRules(
  route: JsonObject,
  all: readonly JsonObject[],
  defaultIndex: number,
  fallbackParts: AnswerParts,
  rc: RuleContext,
): SourcedRule[] {
  const { at, sayAt } = rc;
  const mode = typeof route.responseMode === 'string' ? route.responseMode : null;
  const partsAt = (index: number): AnswerParts =>
    index === defaultIndex
      ? fallbackParts
      : answerOf(all[index]!, rc.context, (text, kind) =>
          sayAt(`${at}/responses/${index}`, text, kind),
        );
  const made: SourcedRule[] = [];
  const add = (
    suffix: string,
    name: string,
    when: RuleCondition[],
    responses: { parts: AnswerParts; at: string }[],
    order?: 'sequence' | 'random',
  ) => {
    for (const method of rc.methods)
      made.push({
        at: responses.length === 1 ? responses[0]!.at : at,
        rule: {
          id: `mockoon-${at.split('/').pop()}-${suffix}${rc.methods.length > 1 ? `-${method.toLowerCase()}` : ''}`,
          name,
          method,
          path: rc.path,
          enabled: true,
          when,
          responses: responses.map((r) => ruleResponse(r.parts, r.at, sayAt)),
          ...(order ? { order } : {}),
        },
      });
  };
  if (mode === 'RANDOM' || mode === 'SEQUENTIAL') {
    if (all.length > 1)
      add(
        mode.toLowerCase(),
        `Mockoon ${mode.toLowerCase()} responses`,
        [],
        all.map((_, i) => ({ parts: partsAt(i), at: `${at}/responses/${i}` })),
        mode === 'RANDOM' ? 'random' : 'sequence',
      );
    else if (needsRule(fallbackParts))
      add(
        'default',
        'Mockoon default response',
        [],
        [{ parts: fallbackParts, at: `${at}/responses/${defaultIndex}` }],
      );
    return made;
  }
  if (mode === 'FALLBACK')
    sayAt(
      `${at}/responseMode`,
      'response mode FALLBACK (no rule holds: the next route) is not imported: the default response answers',
    );
  else if (mode !== null && mode !== 'DISABLE_RULES')
    sayAt(`${at}/responseMode`, `response mode ${mode} is not imported`);
  if (mode !== 'DISABLE_RULES')
    all.forEach((response, index) => {
      const where = `${at}/responses/${index}`;
      const alternatives = responseConditions(response, where, (w, t) => sayAt(w, t));
      if (alternatives === undefined) {
        if (index !== defaultIndex)
          sayAt(where, 'has no rules, so Mockoon never chooses it: not imported', 'guess');
        return;
      }
      const parts = partsAt(index);
      const label =
        typeof response.label === 'string' && response.label !== ''
          ? response.label
          : `response ${index + 1}`;
      alternatives.forEach((when, n) =>
        add(`${index}${alternatives.length > 1 ? `-${n + 1}` : ''}`, `Mockoon: ${label}`, when, [
          { parts, at: where },
        ]),
      );
    });
  if (needsRule(fallbackParts))
    add(
      'default',
      'Mockoon default response',
      [],
      [{ parts: fallbackParts, at: `${at}/responses/${defaultIndex}` }],
    );
  return made;
}
