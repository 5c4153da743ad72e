/**
 * A Mockoon environment export as an import plan (issue 28). Data buckets holding arrays are
 * models with their records as the seed, on the path of the CRUD route serving them; every
 * other route answers its default response. What Mockoon does that decorest does not (rules,
 * templating, proxying, callbacks) is a note in the report.
 */
import type { ImportNote, ImportPlan, PlannedRoute } from './import-plan.js';
import { ImportError } from './import-plan.js';
import { planJsonServerDb } from './json-server-db.js';
import { bucketCollections, bucketsOf, type CrudLink } from './mockoon-buckets.js';
import { headerRecord, mockoonRoutes } from './mockoon-routes.js';
import { isObject, type JsonObject } from './openapi-document.js';
import { parseJsonText } from './parse-source.js';
import { clashes, generatedRoutes } from './route-clash.js';

/** The CRUD routes and their bucket links; a CRUD route with no bucket is noted. */
function crudLinks(routes: readonly JsonObject[], notes: ImportNote[]): CrudLink[] {
  const links: CrudLink[] = [];
  routes.forEach((route, index) => {
    if (route.type !== 'crud') return;
    const at = `#/routes/${index}`;
    const responses = Array.isArray(route.responses) ? route.responses.filter(isObject) : [];
    const response = responses.find((r) => r.default === true) ?? responses[0];
    const bucket = typeof response?.databucketID === 'string' ? response.databucketID : '';
    const endpoint = typeof route.endpoint === 'string' ? route.endpoint : '';
    if (bucket === '') {
      notes.push({
        kind: 'not-imported',
        at,
        text: `CRUD route /${endpoint} names no data bucket`,
      });
      return;
    }
    const crudKey =
      typeof response?.crudKey === 'string' && response.crudKey !== '' ? response.crudKey : 'id';
    links.push({ bucket, endpoint, crudKey, at });
  });
  return links;
}

/** Environment settings with no decorest equivalent. */
function environmentNotes(env: JsonObject, notes: ImportNote[]): void {
  if (env.proxyMode === true)
    notes.push({
      kind: 'not-imported',
      at: '#/proxyMode',
      text: 'proxying unmatched requests is not imported',
    });
  if (isObject(env.tlsOptions) && env.tlsOptions.enabled === true)
    notes.push({
      kind: 'not-imported',
      at: '#/tlsOptions',
      text: 'TLS is not imported: decorest serves HTTP',
    });
  if (Array.isArray(env.callbacks) && env.callbacks.length > 0)
    notes.push({ kind: 'not-imported', at: '#/callbacks', text: 'callbacks are not sent' });
  if (typeof env.endpointPrefix === 'string' && env.endpointPrefix.replace(/\//g, '') !== '')
    notes.push({
      kind: 'guess',
      at: '#/endpointPrefix',
      text: `the prefix /${env.endpointPrefix} is kept on manual routes; models are served without it`,
    });
}

/**
 * The plan for a Mockoon environment; an ImportError for a syntax error (line:column) or a file
 * that is not an environment.
 *
 * @example
 * ```ts
 * const plan = await readMockoon('shop.json', await readFile('shop.json', 'utf8'));
 * plan.models.map((m) => `${m.name} /${m.path} (${m.seed.length})`); // ['Product /products (3)']
 * ```
 */
export function readMockoon(file: string, text: string): Promise<ImportPlan> {
  // Async for the dispatcher's one reader type; parsing is synchronous.
  return Promise.resolve().then(() => planMockoon(file, parseJsonText(file, text)));
}

function planMockoon(file: string, env: unknown): ImportPlan {
  if (!isObject(env) || !Array.isArray(env.routes) || !Array.isArray(env.data))
    throw new ImportError(
      file,
      undefined,
      'is not a Mockoon environment: it needs "routes" and "data" arrays',
    );
  const notes: ImportNote[] = [];
  environmentNotes(env, notes);
  const routes = env.routes.filter(isObject);
  const buckets = bucketsOf(env);
  const db = bucketCollections(buckets, crudLinks(routes, notes), notes);
  const collections = Object.keys(db).length > 0 ? planJsonServerDb(file, db) : undefined;
  const models = collections?.models ?? [];
  notes.push(...(collections?.notes ?? []));
  const prefix = typeof env.endpointPrefix === 'string' ? env.endpointPrefix : '';
  const envHeaders = headerRecord(env.headers);
  const planned: PlannedRoute[] = [];
  const seen = new Set<string>();
  const generated = generatedRoutes(models);
  env.routes.forEach((route, index) => {
    if (!isObject(route) || route.type === 'crud') return;
    const at = `#/routes/${index}`;
    for (const r of mockoonRoutes(route, prefix, envHeaders, buckets, at, notes)) {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key) || clashes(r, generated)) {
        notes.push({
          kind: 'not-imported',
          at,
          text: `${key}: already answered by another route or a model`,
        });
        continue;
      }
      seen.add(key);
      planned.push(r);
    }
  });
  return { source: { kind: 'mockoon', file }, models, routes: planned, notes };
}
