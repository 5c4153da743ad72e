import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { CLI, REPO_ROOT, startServeProcess, startStudioProcess } from '../test-support/cli.js';
import { freePort } from '../test-support/free-port.js';
import { jsonRequest } from '../test-support/http-client.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { copyProject } from '../test-support/studio-fixture.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('decorest studio', () => {
  it('serves the mock API and the studio, prints both URLs, and stops cleanly', async () => {
    const dir = await copyProject(EXAMPLES.todo);
    const config = await mkdtemp(join(tmpdir(), 'decorest-config-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    cleanup.push(() => rm(config, { recursive: true, force: true }));
    const studio = await startStudioProcess(
      [dir, '--port', '0'],
      { DECOREST_STUDIO_CONFIG_DIR: config },
      (kill) => cleanup.push(kill),
    );
    // The folder as it is, not relative to the shell's folder (`../../tmp/…`, issue 23).
    expect(studio.output()).toMatch(new RegExp(`^decorest studio: ${escape(dir)}$`, 'm'));
    const url = new URL(studio.studioUrl);
    expect(url.hostname).toBe('127.0.0.1');
    const token = url.hash.replace('#token=', '');
    expect(token.length).toBeGreaterThanOrEqual(22);

    // First launch imported the example's seed records.
    const todos = await jsonRequest(studio.apiUrl, 'GET', '/todos');
    expect((todos.json as unknown[]).length).toBe(6);
    const project = await jsonRequest(url.origin, 'GET', '/api/project', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(project.json).toMatchObject({ root: dir, state: 'loaded' });
    expect(existsSync(join(config, 'recent-projects.json'))).toBe(true);

    // A broken save is one line in the terminal, then its fix another (issue 23).
    const todo = join(dir, 'todo.ts');
    const good = await readFile(todo, 'utf8');
    await writeFile(todo, good.replace('content!: string;', 'content!: string = ;'));
    await expect
      .poll(() => studio.output(), { timeout: 10_000 })
      .toMatch(/^load error: todo\.ts:\d+:\d+: /m);
    await writeFile(todo, good);
    await expect
      .poll(() => studio.output(), { timeout: 10_000 })
      .toMatch(/^reloaded todo\.ts, serving \d+ ms after the save$/m);

    const ui = await jsonRequest(url.origin, 'GET', '/');
    if (existsSync(join(REPO_ROOT, 'renderer', 'dist', 'index.html'))) {
      expect(ui.status).toBe(200);
    } else {
      expect(studio.output()).toMatch(/^The studio UI is not built yet: run `npm run build`/m);
      expect(ui.status).toBe(404);
    }

    const exited = new Promise<number | null>((r) => studio.child.on('exit', r));
    studio.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The data folder was released: another server can take it.
    const again = await startServeProcess([dir, '--port', '0', '--quiet']);
    cleanup.push(async () => again.child.kill('SIGKILL'));
    expect(((await jsonRequest(again.url, 'GET', '/todos')).json as unknown[]).length).toBe(6);
  }, 30_000);

  it('refuses a folder that does not exist in one line', async () => {
    const child = spawn(process.execPath, [CLI, 'studio', 'no/such/folder', '--port', '0'], {
      cwd: REPO_ROOT,
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/no project folder at .*no[/\\]such[/\\]folder/);
  });

  it('checks --control-port like --port', async () => {
    const child = spawn(process.execPath, [CLI, 'studio', '.', '--control-port', 'x'], {
      cwd: REPO_ROOT,
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    expect(await new Promise<number | null>((r) => child.on('exit', r))).toBe(2);
    expect(stderr).toMatch(/--control-port must be a number/);
  });
});

describe("decorest studio's terminal on a mock-rules.json that does not load (issue 48)", () => {
  it('prints the problem at the start, the repair, and a later breaking edit', async () => {
    const dir = await copyProject(EXAMPLES.todo);
    const config = await mkdtemp(join(tmpdir(), 'decorest-config-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    cleanup.push(() => rm(config, { recursive: true, force: true }));
    const rulesFile = join(dir, 'mock-rules.json');
    await writeFile(rulesFile, '{ "rules": [ }');
    const studio = await startStudioProcess(
      [dir, '--port', '0'],
      { DECOREST_STUDIO_CONFIG_DIR: config },
      (kill) => cleanup.push(kill),
    );
    // Nothing loaded before: no rule answers (not "the last good rules", which there are not).
    expect(studio.output()).toMatch(
      /^mock-rules\.json does not load: .+; no rule answers until it loads$/m,
    );

    await writeFile(rulesFile, JSON.stringify({ rules: [] }));
    await expect
      .poll(() => studio.output(), { timeout: 10_000 })
      .toMatch(/^mock-rules\.json loads again$/m);
    const before = studio.output().split('does not load').length;
    await writeFile(rulesFile, JSON.stringify({ rules: [{ status: 'x' }] }));
    await expect
      .poll(() => studio.output().split('does not load').length, { timeout: 10_000 })
      .toBe(before + 1);
    expect(studio.output()).toMatch(/does not load: .+; the last good rules keep answering$/m);
  }, 30_000);
});

describe('decorest studio on the ports it is given (issue 48)', () => {
  /** A port some other program holds until the test ends. */
  async function busyPort(): Promise<number> {
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    cleanup.push(() => new Promise((r) => holder.close(r)));
    return (holder.address() as AddressInfo).port;
  }

  it('listens on --control-port, and says in the terminal that a busy --port moved', async () => {
    const dir = await copyProject(EXAMPLES.todo);
    const config = await mkdtemp(join(tmpdir(), 'decorest-config-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    cleanup.push(() => rm(config, { recursive: true, force: true }));
    const busy = await busyPort();
    const control = await freePort();
    const studio = await startStudioProcess(
      [dir, '--port', String(busy), '--control-port', String(control)],
      { DECOREST_STUDIO_CONFIG_DIR: config },
      (kill) => cleanup.push(kill),
    );
    expect(new URL(studio.studioUrl).port).toBe(String(control));
    const moved = new URL(studio.apiUrl).port;
    expect(moved).not.toBe(String(busy));
    expect(studio.output()).toContain(`(port ${busy} was busy; serving on ${moved} instead)`);
  }, 30_000);

  it('refuses a busy --control-port in one line', async () => {
    const busy = await busyPort();
    const child = spawn(
      process.execPath,
      [CLI, 'studio', EXAMPLES.todo, '--port', '0', '--control-port', String(busy)],
      { cwd: REPO_ROOT, env: { ...process.env, DECOREST_STUDIO_CONFIG_DIR: tmpdir() } },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    expect(await new Promise<number | null>((r) => child.on('exit', r))).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(`port ${busy} is already in use on 127.0.0.1`);
    expect(stderr).toContain('--control-port');
  }, 30_000);
});

describe('decorest serve', () => {
  it('imports the seed records on the first run of a folder only', async () => {
    const dir = await copyProject(EXAMPLES.todo);
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const first = await startServeProcess([dir, '--port', '0', '--quiet']);
    expect(((await jsonRequest(first.url, 'GET', '/users')).json as unknown[]).length).toBe(3);
    await jsonRequest(first.url, 'DELETE', '/users/3');
    first.child.kill('SIGTERM');
    await first.exited();
    const second = await startServeProcess([dir, '--port', '0', '--quiet']);
    cleanup.push(async () => second.child.kill('SIGKILL'));
    expect(((await jsonRequest(second.url, 'GET', '/users')).json as unknown[]).length).toBe(2);
  }, 30_000);
});
