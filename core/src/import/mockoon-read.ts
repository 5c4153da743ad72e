/**
 * A Mockoon environment export as an import plan (issues 28, 41). Data buckets holding arrays
 * are models with their records as the seed, on the path of the CRUD route serving them; every
 * other route answers its default response, its rules and templating become response rules
 * with placeholders, and everything is served under the environment's `endpointPrefix`. What
 * Mockoon does that decorest does not (some rule targets, helpers, proxying, callbacks) is a
 * note in the report.
 */
import { checkRules } from '../rules/check-rules.js';
import type { ImportNote, ImportPlan, PlannedRoute } from './import-plan.js';
import { ImportError } from './import-plan.js';
import { planJsonServerDb } from './json-server-db.js';
import { bucketCollections, bucketsOf, type CrudLink } from './mockoon-buckets.js';
import { headerRecord, mockoonRoutes, type RouteContext } from './mockoon-routes.js';
import type { SourcedRule } from './mockoon-rules.js';
import { isObject, type JsonObject } from './openapi-document.js';
import { parseJsonText } from './parse-source.js';
import { clashes, generatedRoutes } from './route-clash.js';

/** The CRUD routes and their bucket links; a CRUD route with no bucket is noted. */
function crudLinks(
  routes: readonly JsonObject[],
  basePath: string,
  notes: ImportNote[],
): CrudLink[] {
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
        text: `CRUD route ${basePath}/${endpoint} names no data bucket`,
      });
      return;
    }
    const crudKey =
      typeof response?.crudKey === 'string' && response.crudKey !== '' ? response.crudKey : 'id';
    links.push({ bucket, endpoint, crudKey, at });
    const more = responses.filter((r) => r !== response);
    if (more.length > 0 || (typeof route.responseMode === 'string' && route.responseMode !== ''))
      notes.push({
        kind: 'not-imported',
        at,
        text: `CRUD route ${basePath}/${endpoint}: its other responses and response mode are not imported (the model answers)`,
      });
  });
  return links;
}

/** Environment settings with no decorest equivalent. */
function environmentNotes(env: JsonObject, notes: ImportNote[]): void {
  if (env.proxyMode === true)
    notes.push({
      kind: 'not-imported',
      at: '#/proxyMode',
      text: 'proxying unmatched requests is not imported (decorest serve --proxy does it)',
    });
  if (isObject(env.tlsOptions) && env.tlsOptions.enabled === true)
    notes.push({
      kind: 'not-imported',
      at: '#/tlsOptions',
      text: 'TLS is not imported: decorest serves HTTP',
    });
  if (Array.isArray(env.callbacks) && env.callbacks.length > 0)
    notes.push({ kind: 'not-imported', at: '#/callbacks', text: 'callbacks are not sent' });
}

/** `endpointPrefix` as a servlet base path (`v2` → `/v2`), or `` when none or unusable. */
function basePathOf(env: JsonObject, notes: ImportNote[]): string {
  const prefix = typeof env.endpointPrefix === 'string' ? env.endpointPrefix : '';
  const segments = prefix.split('/').filter((s) => s !== '');
  if (segments.length === 0) return '';
  if (segments.every((s) => /^[A-Za-z0-9._~-]+$/.test(s))) return `/${segments.join('/')}`;
  notes.push({
    kind: 'not-imported',
    at: '#/endpointPrefix',
    text: `the prefix ${JSON.stringify(prefix)} is not path segments of letters, digits and ._~-: routes are served without it`,
  });
  return '';
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
export async function readMockoon(file: string, text: string): Promise<ImportPlan> {
  const plan = planMockoon(file, parseJsonText(file, text));
  return { ...plan, rules: await checkedRules(plan.sourced, plan.notes) };
}

/**
 * The rules that load as written: each one decorest's own check refuses (an invalid regex, a
 * status under 200, a faker method that does not exist) is left out and named with the place
 * in the Mockoon file it came from.
 */
async function checkedRules(sourced: readonly SourcedRule[], notes: ImportNote[]) {
  const { problems } = await checkRules({ rules: sourced.map((s) => s.rule) });
  const refused = new Map<number, string[]>();
  for (const problem of problems) {
    const index = Number(/^\/rules\/(\d+)/.exec(problem.pointer)?.[1]);
    const list = refused.get(index) ?? [];
    list.push(`${problem.pointer.replace(/^\/rules\/\d+/, '') || '/'}: ${problem.message}`);
    refused.set(index, list);
  }
  const reported = new Set<string>();
  sourced.forEach((s, index) => {
    const why = refused.get(index);
    if (!why) return;
    const text = `${s.rule.method} ${s.rule.path}: rule "${s.rule.name}" is not imported: ${why.join('; ')}`;
    // A route answering every method has one rule per method: the problem is told once.
    if (reported.has(`${s.at} ${why.join()}`)) return;
    reported.add(`${s.at} ${why.join()}`);
    notes.push({ kind: 'not-imported', at: s.at, text });
  });
  return sourced.filter((_, index) => !refused.has(index)).map((s) => s.rule);
}

function planMockoon(file: string, env: unknown): ImportPlan & { sourced: SourcedRule[] } {
  if (!isObject(env) || !Array.isArray(env.routes) || !Array.isArray(env.data))
    throw new ImportError(
      file,
      undefined,
      'is not a Mockoon environment: it needs "routes" and "data" arrays',
    );
  const notes: ImportNote[] = [];
  environmentNotes(env, notes);
  const basePath = basePathOf(env, notes);
  const routes = env.routes.filter(isObject);
  const buckets = bucketsOf(env);
  const answered = new Set(
    routes.flatMap((r) =>
      r.type === 'crud' || !Array.isArray(r.responses)
        ? []
        : r.responses
            .filter(isObject)
            .flatMap((s) =>
              s.bodyType === 'DATABUCKET' && typeof s.databucketID === 'string'
                ? [s.databucketID]
                : [],
            ),
    ),
  );
  const db = bucketCollections(buckets, crudLinks(routes, basePath, notes), notes, {
    basePath,
    answered,
  });
  const collections = Object.keys(db).length > 0 ? planJsonServerDb(file, db) : undefined;
  const models = collections?.models ?? [];
  notes.push(...(collections?.notes ?? []));
  const context: RouteContext = {
    basePath,
    envHeaders: headerRecord(env.headers),
    envLatency: typeof env.latency === 'number' && env.latency > 0 ? env.latency : 0,
    buckets,
  };
  const planned: PlannedRoute[] = [];
  const sourced: SourcedRule[] = [];
  const seen = new Set<string>();
  const generated = generatedRoutes(models, basePath);
  env.routes.forEach((route, index) => {
    if (!isObject(route) || route.type === 'crud') return;
    const at = `#/routes/${index}`;
    const made = mockoonRoutes(route, context, at, notes);
    for (const r of made.routes) {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key) || clashes(r, generated)) {
        notes.push({
          kind: 'not-imported',
          at,
          text: `${key}: already answered by another route or a model (its rules too)`,
        });
        continue;
      }
      seen.add(key);
      planned.push(r);
      sourced.push(...made.rules.filter((s) => s.rule.method === r.method));
    }
  });
  return {
    source: { kind: 'mockoon', file },
    ...(basePath === '' ? {} : { basePath }),
    models,
    routes: planned,
    notes,
    sourced,
  };
}
