/**
 * Issue 16 through the real `decorest` command: `seed save|reset`, `fake`, and `serve` with
 * `--reset`, `--delay`, `--fail` and `--proxy`, each on a temp copy of the todo example over
 * real HTTP on 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { CLI, REPO_ROOT, runCli, type ServeProcess, serveProcessOf } from '../test-support/cli.js';
import { jsonRequest } from '../test-support/http-client.js';
import { EXAMPLES } from '../test-support/project-server.js';

let dir: string;
let serving: ServeProcess | undefined;
let upstream: Server | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'decorest-cli-data-'));
  await cp(EXAMPLES.todo, dir, {
    recursive: true,
    filter: (src) => !/[\\/]data([\\/]|$)/.test(src.slice(EXAMPLES.todo.length)),
  });
});
afterEach(async () => {
  serving?.child.kill('SIGKILL');
  if (serving) await serving.exited();
  serving = undefined;
  if (upstream) await new Promise<void>((r) => upstream!.close(() => r()));
  upstream = undefined;
  await rm(dir, { recursive: true, force: true });
});

function serve(args: string[]): Promise<ServeProcess> {
  return serveProcessOf(
    spawn(process.execPath, [CLI, 'serve', dir, '--port', '0', ...args], { cwd: REPO_ROOT }),
  );
}

async function stop(): Promise<void> {
  serving!.child.kill('SIGTERM');
  await serving!.exited();
  serving = undefined;
}

const seedTodos = async (): Promise<{ id: number }[]> =>
  JSON.parse(await readFile(join(dir, 'seed', 'todos.json'), 'utf8')) as { id: number }[];

describe('decorest seed and fake', () => {
  it('fake adds n records, seed save snapshots them, seed reset and serve --reset bring them back', async () => {
    const faked = await runCli(['fake', dir, 'todos', '300', '--seed', '5']);
    expect(faked.code, faked.stderr).toBe(0);
    expect(faked.stdout).toMatch(/added 300 fake todos/);
    const saved = await runCli(['seed', 'save', dir]);
    expect(saved.code, saved.stderr).toBe(0);
    const seeded = await seedTodos();
    expect(seeded.length).toBeGreaterThanOrEqual(300);

    serving = await serve([]);
    await jsonRequest(serving.url, 'DELETE', `/todos/${seeded[0]!.id}`);
    // The folder is served: the CLI refuses to write it and says what to use instead.
    const refused = await runCli(['seed', 'reset', dir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/another decorest process .*\n.*\/api\/data\/reset/);
    await stop();

    const reset = await runCli(['seed', 'reset', dir]);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toMatch(/seed\/todos\.json\s+\d+ Todo/);
    serving = await serve([]);
    const listed = (await jsonRequest(serving.url, 'GET', '/todos?limit=1000')).json;
    expect(listed).toEqual(seeded);
    await jsonRequest(serving.url, 'DELETE', `/todos/${seeded[0]!.id}`);
    await stop();

    serving = await serve(['--reset']);
    expect((await jsonRequest(serving.url, 'GET', '/todos?limit=1000')).json).toEqual(seeded);
  });

  it('refuses an invalid seed on reset, naming each bad row, and a usage slip with exit 2', async () => {
    await writeFile(join(dir, 'seed', 'todos.json'), '[{"content": 3}]');
    const bad = await runCli(['seed', 'reset', dir]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/todos\.json\[0\]\.content/);
    for (const args of [
      ['seed', 'wipe', dir],
      ['fake', dir, 'todos', 'many'],
      ['serve', dir, '--delay', 'slow'],
      ['serve', dir, '--fail', '2:503'],
      ['serve', dir, '--proxy', 'ftp://x'],
    ]) {
      const result = await runCli(args);
      expect(result.code, args.join(' ')).toBe(2);
    }
    const unknown = await runCli(['fake', dir, 'Nope', '3']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no model named "Nope"/);
  });
});

describe('decorest serve with behaviours', () => {
  it('--delay answers no sooner than the minimum and logs it as simulated', async () => {
    serving = await serve(['--delay', '120-150']);
    const started = performance.now();
    expect((await jsonRequest(serving.url, 'GET', '/todos')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(119);
    await expect.poll(() => serving!.output()).toMatch(/GET \/todos 200 .*\[simulated\]/);
  });

  it("applies the project's mock-behaviour.json (the studio's), each flag given over its setting", async () => {
    await writeFile(
      join(dir, 'mock-behaviour.json'),
      JSON.stringify({
        routes: [{ method: 'GET', path: '/todos', fail: { rate: 1, status: 418 } }],
      }),
    );
    serving = await serve([]);
    expect(serving.output()).toContain('mock-behaviour.json applied: 1 route rule');
    expect((await jsonRequest(serving.url, 'GET', '/todos')).status).toBe(418);
    expect((await jsonRequest(serving.url, 'GET', '/users')).status).toBe(200);
    await stop();
    // A flag replaces its own setting for the run; the project's route rules stay.
    serving = await serve(['--proxy-timeout', '5000', '--fail', '1:503']);
    expect((await jsonRequest(serving.url, 'GET', '/todos')).status).toBe(418);
    expect((await jsonRequest(serving.url, 'GET', '/users')).status).toBe(503);
  });

  it('--fail 1:503 answers a simulated problem', async () => {
    serving = await serve(['--fail', '1:503']);
    const answer = await jsonRequest(serving.url, 'GET', '/todos');
    expect(answer.status).toBe(503);
    expect((answer.json as { detail: string }).detail).toMatch(/simulated 503/);
  });

  it('--proxy forwards what no route matches and logs it as proxied', async () => {
    upstream = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`upstream ${req.method} ${req.url}`);
    });
    await new Promise<void>((r) => upstream!.listen(0, '127.0.0.1', () => r()));
    const target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    serving = await serve(['--proxy', target]);
    const answer = await jsonRequest(serving.url, 'GET', '/legacy/items?x=1');
    expect(answer.text).toBe('upstream GET /legacy/items?x=1');
    expect((await jsonRequest(serving.url, 'GET', '/todos/1')).status).toBe(200);
    await expect
      .poll(() => serving!.output())
      .toMatch(/GET \/legacy\/items\?x=1 200 .*\[proxied\]/);
  });
});
