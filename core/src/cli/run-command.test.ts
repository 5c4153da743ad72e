/**
 * Issue 47 through the real `decorest run` command (CONTRACT §7), against real servers on
 * 127.0.0.1: the example's requests on the mock API `--serve` starts (a chained POST → GET), and
 * a test server of this file that answers, fails, never answers or answers 50 MB. Exit codes
 * 0/1/2, every reporter's shape, chaining, --bail, the timeout, a file that does not read,
 * secrets from the studio's config folder or DECOREST_VAR_.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { SecretStore } from '../requests/secret-store.js';
import { REPO_ROOT, runCli } from '../test-support/cli.js';
import { freePort } from '../test-support/free-port.js';
import { type RequestSpec, writeRequestProject } from '../test-support/request-project.js';
import { parseXml, type XmlElement } from '../test-support/xml-tree.js';

// ------------------------------------------------------------------ the server the runs call

const hanging: ServerResponse[] = [];
const hits: string[] = [];
let server: Server;
let base: string;

const json = (res: ServerResponse, status: number, body: unknown, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    const route = `${req.method} ${new URL(req.url!, base).pathname}`;
    if (route === 'GET /hang') return void hanging.push(res);
    if (route === 'GET /ok') return json(res, 200, { id: 1, name: 'a' });
    if (route === 'POST /items')
      return json(res, 201, { id: 42, tags: ['new'] }, { location: '/items/42' });
    if (route === 'GET /items/42') return json(res, 200, { id: 42, name: 'made' });
    if (route === 'GET /weird')
      return json(res, 200, { v: `<&>"' ]]>` }, { 'x-weird': `<&>"' ]]>` });
    if (route === 'GET /auth')
      return req.headers.authorization === 'Bearer s3cret'
        ? json(res, 200, { ok: true })
        : json(res, 401, { ok: false });
    if (route === 'GET /big') {
      // 50 MB of one JSON document, written as it is read.
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = 'x'.repeat(1024 * 1024);
      res.write('{"pad":"');
      let left = 50;
      const more = () => {
        while (left > 0) {
          left--;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end('"}');
      };
      return more();
    }
    json(res, 404, { route });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise((r) => server.close(r));
});

// ------------------------------------------------------------------ projects of saved requests

const dirs: string[] = [];
let config: string;
beforeEach(async () => {
  hits.length = 0;
  config = await mkdtemp(join(tmpdir(), 'decorest-run-config-'));
  dirs.push(config);
});
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function project(
  requests: Record<string, RequestSpec | string>,
  environments: Parameters<typeof writeRequestProject>[0]['environments'] = [],
): Promise<string> {
  const dir = await writeRequestProject({ requests, environments });
  dirs.push(dir);
  return dir;
}

/** `decorest run <args>` with the test server as `{{baseUrl}}` and this test's config folder. */
function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  return runCli(['run', ...args], 30_000, {
    DECOREST_VAR_baseUrl: base,
    DECOREST_STUDIO_CONFIG_DIR: config,
    ...env,
  });
}

const status = (equals: number) => ({ kind: 'status', equals });
const jsonEquals = (pointer: string, value: unknown) => ({ kind: 'json-equals', pointer, value });

// ------------------------------------------------------------------ the tests

describe('decorest run --serve on examples/todo', () => {
  it('serves the example from seed/, chains the POST into the GET, PATCH and DELETE, exit 0', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'decorest-run-example-'));
    dirs.push(dir);
    await cp(join(REPO_ROOT, 'examples', 'todo'), dir, {
      recursive: true,
      filter: (src) => !src.includes(join('todo', 'data')),
    });
    for (let i = 0; i < 2; i++) {
      // Twice: each run starts from the seed, so the POST makes todo 7 both times.
      const result = await run([dir, '--serve', '--reporter', 'json']);
      expect(result.code, result.stderr).toBe(0);
      const report = JSON.parse(result.stdout) as {
        served: boolean;
        summary: { requests: number; passed: number; failed: number };
        requests: { name: string; state: string; status: number; saved: string[] }[];
      };
      expect(report.served).toBe(true);
      expect(report.summary).toMatchObject({ requests: 7, passed: 7, failed: 0 });
      expect(report.requests.map((r) => [r.name, r.status])).toEqual([
        ['List todos', 200],
        ['Create todo', 201],
        ['Get the new todo', 200],
        ['Complete it', 200],
        ['Delete it', 200],
        ['It is gone', 404],
        ['User summary', 200],
      ]);
      expect(report.requests[1]!.saved).toEqual(['todoId', 'todoUrl']);
    }
    // The run's data lived in a temp folder: the project has no data/.
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });
});

describe('decorest run: exit codes', () => {
  it('exits 0 when every test passes and 1 when one fails, naming expected and actual', async () => {
    const dir = await project({
      'a.json': { name: 'Get ok', url: '{{baseUrl}}/ok', assertions: [status(200)] },
      'b.json': {
        name: 'Wrong name',
        url: '/ok',
        assertions: [status(200), jsonEquals('/name', 'b')],
      },
    });
    const pass = await run([dir, 'requests/a.json']);
    expect(pass.code, pass.stderr).toBe(0);
    expect(pass.stdout).toMatch(/^PASS {2}Get ok {2}GET 200 \d+ ms$/m);
    const fail = await run([dir]);
    expect(fail.code).toBe(1);
    expect(fail.stdout).toMatch(/^FAIL {2}Wrong name {2}GET 200 \d+ ms$/m);
    expect(fail.stdout).toContain('✗ /name equals "b": expected "b", got "a"');
    expect(fail.stdout).toMatch(/2 requests: 1 passed, 1 failed; 3 tests, 1 failed/);
  });

  it('exits 2, sending nothing, for an unknown folder, environment or variable, each named', async () => {
    const dir = await project(
      {
        'todos/a.json': { name: 'A', url: '/ok', headers: [{ name: 'X-Key', value: '{{key}}' }] },
        'todos/b.json': { name: 'B', url: '/ok?q={{key}}&r={{loop}}' },
      },
      [
        {
          name: 'Local',
          variables: [
            { name: 'loop', value: '{{other}}' },
            { name: 'other', value: '{{loop}}' },
          ],
        },
      ],
    );
    const folder = await run([dir, 'requests/nope']);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain(`no folder or request file requests/nope under ${dir}`);
    const env = await run([dir, '--env', 'Staging']);
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('no environment named "Staging" (environments/ has "Local")');
    const vars = await run([dir, 'requests/todos', '--env', 'Local']);
    expect(vars.code).toBe(2);
    expect(vars.stderr).toContain(
      'unknown variable {{key}} (used by requests/todos/a.json, requests/todos/b.json): environment "Local" does not define it, nor DECOREST_VAR_key',
    );
    expect(vars.stderr).toContain(
      'variable cycle loop → other → loop (used by requests/todos/b.json)',
    );
    const empty = await project({});
    const nothing = await run([empty]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('has no requests/ folder');
    expect(hits).toEqual([]);
  });
});

describe('decorest run: chaining', () => {
  it('saves a value from a JSON pointer and a header for the requests after it', async () => {
    const dir = await project({
      'a.json': {
        name: 'Create',
        seq: 1,
        method: 'POST',
        url: '/items',
        body: { kind: 'json', text: '{"name":"made"}' },
        assertions: [status(201)],
        set: { itemId: '/id', itemUrl: 'header:Location', tags: '/tags' },
      },
      'b.json': {
        name: 'Read by id',
        seq: 2,
        url: '/items/{{itemId}}',
        assertions: [status(200), jsonEquals('/name', 'made')],
      },
      'c.json': { name: 'Read by Location', seq: 3, url: '{{itemUrl}}', assertions: [status(200)] },
      'd.json': {
        name: 'Array as JSON text',
        seq: 4,
        url: '/ok?tags={{tags}}',
        assertions: [status(200)],
      },
    });
    const result = await run([dir]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('saved itemId, itemUrl, tags');
    expect(hits).toEqual([
      'POST /items',
      'GET /items/42',
      'GET /items/42',
      // As the Console sends it: the value as it is, what a URL cannot hold percent-encoded.
      'GET /ok?tags=[%22new%22]',
    ]);
  });

  it('fails a value the answer lacks, and the request that needed it says which request did not save it', async () => {
    const dir = await project({
      'a.json': { name: 'Create', seq: 1, url: '/ok', set: { itemId: '/missing' } },
      'b.json': { name: 'Read', seq: 2, url: '/items/{{itemId}}', assertions: [status(200)] },
    });
    const result = await run([dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✗ save itemId from /missing: expected a value, got absent');
    expect(result.stdout).toContain(
      '{{itemId}} has no value: "Create" was to save it from its answer, and did not',
    );
    expect(hits).toEqual(['GET /ok']);
  });
});

describe('decorest run: bad input', () => {
  it('names a server that does not answer in time and goes on; --bail stops there', async () => {
    const dir = await project({
      'a.json': { name: 'Hangs', seq: 1, url: '/hang', assertions: [status(200)] },
      'b.json': { name: 'Fine', seq: 2, url: '/ok', assertions: [status(200)] },
    });
    const result = await run([dir, '--timeout', '300']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`No answer from ${base} within 0.3 s`);
    expect(result.stdout).toMatch(/^PASS {2}Fine/m);
    hits.length = 0;
    const bail = await run([dir, '--timeout', '300', '--bail']);
    expect(bail.code).toBe(1);
    expect(bail.stdout).toMatch(/^SKIP {2}Fine {2}GET {2}\(not run: --bail stopped the run\)$/m);
    expect(hits).toEqual(['GET /hang']);
  });

  it('names a request file that does not read by line and column; the rest runs; exit 1', async () => {
    const dir = await project({
      'a.json': { name: 'Fine', url: '/ok', assertions: [status(200)] },
      'broken.json': '{\n  "name": "Broken",\n  "url": /ok\n}\n',
      'wrong.json': '{ "version": 1, "name": "Wrong", "url": "/ok", "headers": [{}] }\n',
    });
    const result = await run([dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^PASS {2}Fine/m);
    expect(result.stdout).toMatch(
      /^FAIL {2}broken\.json\n {6}requests\/broken\.json does not read at 3:10: is not JSON: unexpected character$/m,
    );
    expect(result.stdout).toContain(
      'requests/wrong.json does not read at /headers/0/name: must be a string',
    );
    expect(hits).toEqual(['GET /ok']);
  });

  it('runs the tests of a 50 MB answer within bounded memory: its first 10 MiB kept', async () => {
    const dir = await project({
      'big.json': {
        name: 'Big',
        url: '/big',
        assertions: [status(200), { kind: 'json-exists', pointer: '/pad' }],
      },
    });
    // A heap smaller than the answer: holding it whole would end the process.
    const result = await run([dir, '--reporter', 'json'], {
      NODE_OPTIONS: '--max-old-space-size=40',
    });
    expect(result.code, result.stderr).toBe(1);
    const report = JSON.parse(result.stdout) as {
      requests: { tests: { name: string; pass: boolean; actual: string }[] }[];
    };
    expect(report.requests[0]!.tests).toEqual([
      { name: 'status is 200', pass: true, expected: '200', actual: '200' },
      {
        name: '/pad exists',
        pass: false,
        expected: 'present',
        actual: 'the body is not JSON in its first 10 MiB (the rest was not kept)',
      },
    ]);
  });
});

describe('decorest run: secrets', () => {
  const spec = {
    'auth.json': {
      name: 'Auth',
      url: '/auth',
      headers: [{ name: 'Authorization', value: 'Bearer {{token}}' }],
      assertions: [status(200)],
    },
  };
  const ci = { name: 'CI', variables: [{ name: 'token', value: '', secret: true }] };

  it('refuses a secret with no value, naming DECOREST_VAR_<name>; takes it from there', async () => {
    const dir = await project(spec, [ci]);
    const refused = await run([dir, '--env', 'CI']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'the secret {{token}} of environment "CI" has no value here (the studio keeps secrets in its user config folder): set DECOREST_VAR_token',
    );
    const given = await run([dir, '--env', 'CI'], { DECOREST_VAR_token: 's3cret' });
    expect(given.code, given.stdout).toBe(0);
    // A report never shows a secret: the URL and headers as saved.
    expect(given.stdout).not.toContain('s3cret');
  });

  it("takes a secret the studio stored in the user's config folder", async () => {
    const dir = await project(spec, [ci]);
    await new SecretStore(config, dir).update('CI', { token: 's3cret' }, ['token']);
    const result = await run([dir, '--env', 'CI']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });
});

describe('decorest run: reporters', () => {
  const spec = {
    'a/ok.json': { name: 'Ok', seq: 1, url: '/ok', assertions: [status(200)] },
    'a/two fail.json': {
      name: `Two <&> "fail" 'here'`,
      seq: 2,
      url: '/weird',
      assertions: [
        status(201),
        { kind: 'header-equals', name: 'X-Weird', value: 'plain' },
        jsonEquals('/v', 'plain'),
      ],
    },
    'b/gone.json': { name: 'Gone', seq: 3, url: '{{closed}}/', assertions: [status(200)] },
  };
  // A port nothing listens on (fetch refuses the "bad ports" of the Fetch standard, 1 among them).
  let closed: string;
  beforeAll(async () => {
    closed = `http://127.0.0.1:${await freePort()}`;
  });
  const runWithClosed = (args: string[]) => run(args, { DECOREST_VAR_closed: closed });

  const find = (e: XmlElement, name: string): XmlElement[] => [
    ...e.children.filter((c) => c.name === name),
    ...e.children.flatMap((c) => find(c, name)),
  ];

  it('writes JUnit XML: a testcase per request, a failure per failed test, an error for no answer', async () => {
    const dir = await project(spec);
    const out = join(dir, 'reports', 'junit.xml');
    const result = await runWithClosed([dir, '--reporter', 'junit', '--out', out]);
    expect(result.code).toBe(1);
    // The readable list still goes to the log.
    expect(result.stdout).toMatch(/^PASS {2}a\/Ok/m);
    expect(result.stdout).toContain(`junit report written to ${out}`);
    const xml = await readFile(out, 'utf8');
    const root = parseXml(xml);
    expect(root.name).toBe('testsuites');
    expect(root.attributes).toMatchObject({ tests: '3', failures: '1', errors: '1' });
    expect(find(root, 'testsuite').map((s) => s.attributes['name'])).toEqual([
      'requests/a/',
      'requests/b/',
    ]);
    const cases = find(root, 'testcase');
    expect(cases.map((c) => c.attributes['name'])).toEqual(['Ok', `Two <&> "fail" 'here'`, 'Gone']);
    expect(cases[1]!.attributes['classname']).toBe('requests.a');
    const failures = find(cases[1]!, 'failure');
    expect(failures.map((f) => f.attributes['message'])).toEqual([
      'status is 201: expected 201, got 200',
      `header X-Weird is "plain": expected "plain", got "<&>\\"' ]]>"`,
      `/v equals "plain": expected "plain", got "<&>\\"' ]]>"`,
    ]);
    expect(find(cases[2]!, 'error')[0]!.attributes['message']).toBe(
      `Could not reach ${closed}: ECONNREFUSED`,
    );
    expect(find(cases[0]!, 'failure')).toEqual([]);
  });

  it('writes TAP version 13 with a YAML block of expected and actual per failed test', async () => {
    const dir = await project(spec);
    const result = await runWithClosed([dir, '--reporter', 'tap']);
    expect(result.code).toBe(1);
    const lines = result.stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual(['TAP version 13', '1..3', 'ok 1 - a/Ok']);
    expect(lines).toContain(`not ok 2 - a/Two <&> "fail" 'here'`);
    expect(lines).toContain('not ok 3 - b/Gone');
    const start = lines.indexOf('  ---');
    const block = parseYaml(
      lines
        .slice(start + 1, lines.indexOf('  ...', start))
        .map((l) => l.slice(2))
        .join('\n'),
    ) as { failures: { test: string; expected: string; actual: string }[] };
    expect(block.failures).toEqual([
      { test: 'status is 201', expected: '201', actual: '200' },
      { test: 'header X-Weird is "plain"', expected: '"plain"', actual: `"<&>\\"' ]]>"` },
      { test: '/v equals "plain"', expected: '"plain"', actual: `"<&>\\"' ]]>"` },
    ]);
  });

  it('writes JSON: the run, its summary and every request with its tests', async () => {
    const dir = await project(spec);
    const result = await runWithClosed([dir, 'requests/a', '--reporter', 'json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      version: 1,
      target: 'requests/a/',
      environment: null,
      baseUrl: base,
      served: false,
      summary: { requests: 2, passed: 1, failed: 1, tests: 4, testsFailed: 3 },
    });
    expect((report['requests'] as { path: string; url: string }[])[1]).toMatchObject({
      path: 'a/two fail.json',
      url: '/weird',
      state: 'failed',
      status: 200,
    });
  });
});
