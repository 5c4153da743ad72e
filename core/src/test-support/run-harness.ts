/**
 * The harness of the `decorest run` tests (issue 47), shared by the `cli/run-command-*.test.ts`
 * files: `useRunHarness()` starts, for the calling test file, a server on 127.0.0.1 that answers,
 * fails, never answers or answers 50 MB, and gives each test a config folder of its own and
 * projects of saved requests, removed after it; `run` runs the real command against them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

import { runCli } from './cli.js';
import { type RequestSpec, writeRequestProject } from './request-project.js';

// ------------------------------------------------------------------ the server the runs call

const hanging: ServerResponse[] = [];
/** The requests the server received (`GET /ok`), emptied before each test. */
export const hits: string[] = [];
let server: Server;
/** The server's URL, the runs' `{{baseUrl}}`: set by `useRunHarness()`'s `beforeAll`. */
export let base: string;

const json = (res: ServerResponse, status: number, body: unknown, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

// ------------------------------------------------------------------ projects of saved requests

/** Folders removed after each test: a test adds the ones it makes. */
export const dirs: string[] = [];
/** The studio config folder of the current test: set by `useRunHarness()`'s `beforeEach`. */
export let config: string;

/** Registers the server and folder hooks in the calling test file. */
export function useRunHarness(): void {
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

  beforeEach(async () => {
    hits.length = 0;
    config = await mkdtemp(join(tmpdir(), 'decorest-run-config-'));
    dirs.push(config);
  });
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
}

/** A project of `requests` (and `environments`), removed after the test. */
export async function project(
  requests: Record<string, RequestSpec | string>,
  environments: Parameters<typeof writeRequestProject>[0]['environments'] = [],
): Promise<string> {
  const dir = await writeRequestProject({ requests, environments });
  dirs.push(dir);
  return dir;
}

/** `decorest run <args>` with the test server as `{{baseUrl}}` and this test's config folder. */
export function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  return runCli(['run', ...args], 30_000, {
    DECOREST_VAR_baseUrl: base,
    DECOREST_STUDIO_CONFIG_DIR: config,
    ...env,
  });
}

/** A test of the status code. */
export const status = (equals: number) => ({ kind: 'status', equals });
/** A test that the JSON at `pointer` equals `value`. */
export const jsonEquals = (pointer: string, value: unknown) => ({
  kind: 'json-equals',
  pointer,
  value,
});
