/**
 * Issue 26: the hostile-input properties of issue 7 (http/hostile-input.test.ts) against the
 * same two projects served from PostgreSQL. Every query parameter (filters, `_gte`/`_lte`/
 * `_ne`/`_like`, `_sort`/`_order`, `_page`/`_limit`/`_start`/`_end`, `q`, `_embed`/`_expand`,
 * nested routes) and every hostile body (quotes, `'; drop table`, NUL bytes, long strings,
 * `__proto__` keys, huge numbers, invalid dates) is answered with a success or a 4xx problem,
 * never a 5xx; a refused request changes no row; an accepted write is read back exactly as it
 * was answered; and the database keeps its tables (no SQL injection).
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startServer } from '../../http/node-server.js';
import type { RouteDefinition } from '../../http/types.js';
import { openProject } from '../../project/open-project.js';
import { memoryRecords } from '../../test-support/datafile-replay.js';
import {
  ensureSeeded,
  expectNoPrototypeTampering,
  expectOnlyTargetChanged,
  expectSuccessOrProblem,
  fieldNames,
  type HostileRequest,
  isWrite,
  modelOf,
  PROPERTY_MS,
  type State,
  Target,
  TARGETS,
  TIMEOUT_MS,
  wire,
} from '../../test-support/hostile-harness.js';
import {
  hostileBody,
  NASTY_NUMBERS,
  NASTY_STRINGS,
  percentEncode,
} from '../../test-support/hostile-inputs.js';
import {
  idChoice,
  queryStringProperty,
  routesOf,
  run,
  targetPath,
} from '../../test-support/hostile-properties.js';
import {
  describeWithPostgres,
  type PostgresCluster,
  startPostgres,
} from '../../test-support/postgres-cluster.js';
import { exchange, type RawExchange } from '../../test-support/raw-http.js';
import type { SandboxServer } from '../../test-support/sandbox-server.js';

/** Values a column's type cannot hold, or holds only at its edge. */
const ODD_VALUES: readonly string[] = [
  '99999-01-01',
  '0000-01-01',
  '-000001-01-01T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '2024-02-30',
  '2024-01-31T09:30:00.000Z',
  '2024-01-31T09:30:00Z',
  'infinity',
  '-infinity',
  'epoch',
  'now',
  'NaN',
  'Infinity',
  '1e400',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  'a\0b',
  '\0',
  '\ud800',
  'true',
  'null',
  '',
  '%',
  '_',
  '\\',
];

/** The same projects and seeds as the file store's hostile suite, each on a database. */
const ON_DATABASE = TARGETS.map((t) => new Target(t.name, t.source, t.health, t.seeds));

let cluster: PostgresCluster | undefined;
let admin: pg.Pool | undefined;
/** A connection per target's database, outside the server, to look at its tables. */
const inspectors = new Map<Target, pg.Pool>();

async function serveOnDatabase(source: string, database: string): Promise<SandboxServer> {
  const dir = await mkdtemp(join(tmpdir(), 'decorest-hostile-pg-'));
  await cp(source, dir, {
    recursive: true,
    filter: (src) => !/[\\/]data([\\/]|$)/.test(src.slice(source.length)),
  });
  const project = await openProject(dir, { database });
  const logged: unknown[] = [];
  const server = await startServer({
    port: 0,
    table: project.table,
    logger: { error: (_message, error) => logged.push(error) },
  });
  return {
    url: server.url,
    port: server.port,
    sandbox: dir,
    dir,
    dataDir: project.dataDir,
    project,
    server,
    canary: 'no canary on a database',
    logged,
    dispose: async () => {
      await server.close();
      await project.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The public schema's tables: a dropped or added table shows here. */
async function tablesOf(t: Target): Promise<string[]> {
  const { rows } = await inspectors
    .get(t)!
    .query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
  return rows.map((r) => r.tablename);
}

async function stateOf(t: Target): Promise<State> {
  return { memory: await memoryRecords(t.served.project), files: {}, tree: [] };
}

/** The generated GET route of `route`'s model's single record (`/todos/:id`). */
function itemRoute(t: Target, route: RouteDefinition): RouteDefinition | undefined {
  return routesOf(t).find(
    (r) => r.model === route.model && r.origin === 'generated' && r.operation === 'get',
  );
}

/**
 * Sends one hostile request to `t` on PostgreSQL and checks every invariant: a success or a
 * 4xx problem and nothing logged, the server still answers, the same tables, a refused request
 * changed no row, an accepted one exactly its record, which reads back as it was answered.
 */
async function expectSafeOnDatabase(t: Target, request: HostileRequest): Promise<RawExchange> {
  const served = t.served;
  await ensureSeeded(t);
  const tables = await tablesOf(t);
  const before = await stateOf(t);
  const answer = await exchange(served.port, wire(served, request), TIMEOUT_MS);
  const what = `${request.method} ${request.target.slice(0, 200)} → ${answer.status} ${answer.text.slice(0, 300)}`;
  const logged = served.logged.splice(0).map((e) => (e instanceof Error ? e.stack : String(e)));
  expect(logged, what).toEqual([]);
  const path = request.target.split('?')[0]!;
  const route = served.project.table.match(
    request.method === 'HEAD' ? 'GET' : request.method,
    path,
  )?.value;
  expectSuccessOrProblem(answer, request.method, route);

  const health = await exchange(
    served.port,
    wire(served, { method: 'GET', target: t.health, headers: [] }),
  );
  expect(health.status, 'the server still answers').toBe(200);
  expect(await tablesOf(t), `${what}: the tables changed`).toEqual(tables);
  const after = await stateOf(t);
  await expectNoPrototypeTampering(t);
  const accepted = isWrite(request.method) && answer.status >= 200 && answer.status < 300;
  if (!accepted) {
    expect(after.memory, `${what}: a rejected request changed records`).toEqual(before.memory);
    return answer;
  }
  if (route === undefined) return answer;
  expectOnlyTargetChanged(before, after, t, route, answer);
  const item = itemRoute(t, route);
  if (item !== undefined && ['create', 'replace', 'patch'].includes(route.operation ?? '')) {
    const id = (answer.json as { id: string | number }).id;
    const read = await exchange(
      served.port,
      wire(served, {
        method: 'GET',
        target: item.path.replace(':id', encodeURIComponent(String(id))),
        headers: [],
      }),
    );
    expect(read.status, `${what}: read back`).toBe(200);
    expect(read.json, `${what}: read back exactly`).toEqual(answer.json);
  }
  return answer;
}

describeWithPostgres('hostile input to the projects on PostgreSQL', () => {
  beforeAll(async () => {
    cluster = await startPostgres();
    admin = new pg.Pool({ connectionString: cluster.url, max: 1 });
    admin.on('error', () => undefined);
    let n = 0;
    for (const t of ON_DATABASE) {
      const name = `hostile_${++n}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const url = cluster.url.replace(/\/[^/]+$/, `/${name}`);
      const inspector = new pg.Pool({ connectionString: url, max: 1 });
      // The cluster's stop ends its sessions: that must not be an uncaught error here.
      inspector.on('error', () => undefined);
      inspectors.set(t, inspector);
      t.served = await serveOnDatabase(t.source, url);
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(ON_DATABASE.map((t) => t.served?.dispose()));
    await Promise.all([...inspectors.values()].map((p) => p.end()));
    await admin?.end();
    await cluster?.stop();
  });

  describe.each(ON_DATABASE.map((t) => [t.name, t] as const))('%s', (_name, t) => {
    it(
      'answers hostile query strings on every route with a success or a 4xx problem',
      async () => {
        await run(queryStringProperty(t, expectSafeOnDatabase));
      },
      PROPERTY_MS,
    );

    it(
      'answers hostile filters, sorts, pages and searches on every list route with a success or a 4xx problem',
      async () => {
        // Aimed at the SQL of a list page: each list route with its own model's fields, every
        // operator, and the values a column type cannot hold.
        const lists = routesOf(t).filter(
          (r) =>
            r.method === 'GET' &&
            r.origin === 'generated' &&
            (r.operation === 'list' || r.operation?.startsWith('relation ') === true),
        );
        const input = fc.constantFrom(...lists).chain((route) => {
          const child = route.operation?.startsWith('relation ')
            ? t.served.project.runtimes.find(
                (r) => r.schema.name === route.operation!.slice('relation '.length),
              )
            : modelOf(t, route);
          const fields = fieldNames(child);
          const name = fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...fields) },
            {
              weight: 4,
              arbitrary: fc
                .tuple(fc.constantFrom(...fields), fc.constantFrom('_gte', '_lte', '_ne', '_like'))
                .map(([f, op]) => f + op),
            },
            {
              weight: 3,
              arbitrary: fc.constantFrom(
                'q',
                '_sort',
                '_order',
                '_page',
                '_per_page',
                '_limit',
                '_start',
                '_end',
                '_embed',
                '_expand',
                'sort',
                'limit',
                'offset',
                'embed',
              ),
            },
          );
          const value = fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS, ...NASTY_NUMBERS) },
            { weight: 2, arbitrary: fc.constantFrom(...ODD_VALUES) },
            { weight: 2, arbitrary: fc.constantFrom(...fields).map((f) => `${f},-${f}`) },
            { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
          );
          return fc.record({
            route: fc.constant(route),
            id: idChoice,
            pairs: fc.array(fc.tuple(name, value), { minLength: 1, maxLength: 4 }),
            head: fc.boolean(),
          });
        });
        await run(
          fc.asyncProperty(input, async ({ route, id, pairs, head }) => {
            const query = pairs
              .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
              .join('&');
            await expectSafeOnDatabase(t, {
              method: head ? 'HEAD' : 'GET',
              target: `${await targetPath(t, route, id, '')}?${query}`,
              headers: [],
            });
          }),
        );
      },
      PROPERTY_MS,
    );

    it(
      'stores hostile bodies exactly as answered, or refuses them with a 4xx problem',
      async () => {
        const writes = routesOf(t).filter((r) => r.method !== 'GET');
        const input = fc.constantFrom(...writes).chain((route) => {
          const runtime = modelOf(t, route);
          const seed = (runtime && t.seeds[runtime.schema.name]) ?? {};
          return fc.record({
            route: fc.constant(route),
            id: idChoice,
            body: hostileBody(fieldNames(runtime), seed),
          });
        });
        await run(
          fc.asyncProperty(input, async ({ route, id, body }) => {
            await expectSafeOnDatabase(t, {
              method: route.method,
              target: await targetPath(t, route, id, ''),
              headers: [['content-type', 'application/json']],
              body,
            });
          }),
        );
      },
      PROPERTY_MS,
    );
  });

  describe('named hostile values, each once', () => {
    const todo = ON_DATABASE[1]!;
    const library = ON_DATABASE[0]!;
    const send = (t: Target, method: string, target: string, body?: unknown) =>
      expectSafeOnDatabase(t, {
        method,
        target,
        headers: body === undefined ? [] : [['content-type', 'application/json']],
        ...(body === undefined
          ? {}
          : { body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)) }),
      });

    it('stores quotes, SQL, long text and odd Unicode exactly, and refuses NUL with a 422', async () => {
      for (const content of [
        `'; drop table todos; --`,
        `" OR 1=1 --`,
        `\\'; DELETE FROM users; --`,
        'x'.repeat(1024 * 1024 - 100),
        '🦄 e\u0301 \u202e',
        ...NASTY_STRINGS.filter((s) => !s.includes('\0') && !/[\ud800-\udfff]/.test(s)),
      ]) {
        const created = await send(todo, 'POST', '/todos', { content, completed: false });
        expect(created.status, content.slice(0, 40)).toBe(201);
        expect((created.json as { content: string }).content).toBe(content);
      }
      const nul = await send(todo, 'POST', '/todos', { content: 'a\0b', completed: false });
      expect(nul.status).toBe(422);
    });

    it('filters, sorts and searches on SQL-looking values as plain values', async () => {
      for (const query of [
        `content=${encodeURIComponent(`'; drop table todos; --`)}`,
        `content_like=${encodeURIComponent(`%' OR '1'='1`)}`,
        `q=${encodeURIComponent(`'); DROP TABLE todos; --`)}`,
        `_sort=${encodeURIComponent('content; DROP TABLE todos')}`,
        `_sort=${encodeURIComponent('"content"')}&_order=${encodeURIComponent('desc; --')}`,
        `id_gte=${encodeURIComponent('1 OR 1=1')}`,
        `content_ne=${encodeURIComponent('\\')}`,
        `content_like=${encodeURIComponent('[')}`,
        `content_like=${encodeURIComponent('(?<a>)\\k<a>')}`,
        `_page=1e400&_limit=-1`,
        `_start=99999999999999999999&_end=1`,
        `_limit=9007199254740993`,
        `id=${encodeURIComponent('\0')}`,
        `content=%ED%A0%80`,
        `__proto__=1&constructor=2`,
      ]) {
        const answer = await send(todo, 'GET', `/todos?${query}`);
        expect(answer.status, query).toBeLessThan(500);
      }
    });

    it('answers filters the columns cannot hold (NUL, invalid dates, out-of-range numbers) without a 5xx', async () => {
      for (const query of [
        'title=a%00b',
        'title_like=%00',
        'title_ne=%00',
        'title_gte=%00',
        'q=%00',
        'id=%00',
        'createdAt=not-a-date',
        'createdAt_gte=not-a-date',
        'createdAt_lte=2024-13-45',
        'createdAt_ne=yesterday',
        'releasedAt=99999-01-01',
        'releasedAt_gte=-infinity',
        'createdAt_gte=%00',
        'createdAt=1700000000000',
        'createdAt_gte=1e400',
        'issue=99999999999999999999',
        'issue_gte=1e400',
        'issue_lte=-1e400',
        'issue_ne=NaN',
        'issue=0x10',
        'published=%00',
        'published_gte=maybe',
        'tags=%00',
        'tags_ne=%00',
        '_sort=createdAt&createdAt_gte=2024-01-01',
      ]) {
        const answer = await send(library, 'GET', `/api/magazines?${query}`);
        expect(answer.status, `${query}: ${answer.text}`).toBeLessThan(500);
      }
    });

    it('answers huge numbers and invalid dates with a 422 or stores them exactly', async () => {
      for (const issue of [2 ** 53 + 1, 1e308, -1e308, 2 ** 63, -(2 ** 63)]) {
        const answer = await send(library, 'POST', '/api/magazines', {
          ...library.seeds['Magazine'],
          issue,
        });
        expect([201, 422], String(issue)).toContain(answer.status);
      }
      for (const age of ['1e400', '-0', '5e-324', '9007199254740993']) {
        const answer = await send(
          library,
          'POST',
          '/api/people',
          `{"name":"a","email":"a@b.co","age":${age}}`,
        );
        expect([201, 422], age).toContain(answer.status);
      }
    });
  });
});
