import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { runCli, type ServeProcess, startServeProcess } from '../test-support/cli.js';
import { jsonRequest } from '../test-support/http-client.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { copyProject } from '../test-support/studio-fixture.js';

const BROKEN = new URL('../loader/fixtures/broken-syntax', import.meta.url).pathname;

let serving: ServeProcess | undefined;
let blocker: Server | undefined;
afterEach(async () => {
  serving?.child.kill('SIGKILL');
  serving = undefined;
  await new Promise<void>((r) => (blocker ? blocker.close(() => r()) : r()));
  blocker = undefined;
});

function oneLine(text: string): void {
  expect(text.trim().split('\n')).toHaveLength(1);
  expect(text).not.toMatch(/\n\s+at /);
}

describe('decorest CLI', () => {
  it('prints help and version', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: decorest <command>/);
    const version = await runCli(['--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('answers a usage mistake with one line and exit code 2', async () => {
    for (const args of [
      ['frobnicate'],
      ['serve', '--prot', '3000'],
      ['serve', '.', '--port', 'x'],
    ]) {
      const result = await runCli(args);
      expect(result.code, args.join(' ')).toBe(2);
      oneLine(result.stderr);
      expect(result.stderr).toMatch(/^decorest: .*see decorest --help/);
    }
  });

  it('names the command a typo meant (issue 48)', async () => {
    const result = await runCli(['serv', '.']);
    expect(result.code).toBe(2);
    oneLine(result.stderr);
    expect(result.stderr).toContain('unknown command "serv"; did you mean "serve"?');
  });

  it('names a missing folder in one line', async () => {
    const result = await runCli(['routes', 'no/such/folder']);
    expect(result.code).toBe(1);
    oneLine(result.stderr);
    expect(result.stderr).toMatch(/no[/\\]such[/\\]folder/);
  });

  it('names the file and line of a broken model file', async () => {
    const result = await runCli(['serve', BROKEN, '--port', '0']);
    expect(result.code).toBe(1);
    oneLine(result.stderr);
    expect(result.stderr).toMatch(/model\.ts:\d+:\d+/);
  });

  it('prints the route table', async () => {
    const result = await runCli(['routes', EXAMPLES.todo]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/GET\s+\/todos\s+Todo list/);
    expect(result.stdout).toMatch(/PATCH\s+\/todos\/:id\s+Todo patch/);
    expect(result.stdout).toMatch(/POST\s+\/todos\s+manual/);
  });

  it('serves a project, prints its URL and routes, and logs requests', async () => {
    serving = await startServeProcess([EXAMPLES.todo, '--port', '0']);
    expect(serving.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(serving.output()).toMatch(/GET\s+\/hello\/:name/);
    const answer = await jsonRequest(serving.url, 'GET', '/hello/cli');
    expect(answer.json).toEqual({ hello: 'cli' });
    await new Promise((r) => setTimeout(r, 100));
    expect(serving.output()).toMatch(/GET \/hello\/cli 200 /);
  });

  it('stays silent about requests with --quiet', async () => {
    serving = await startServeProcess([EXAMPLES.todo, '--port', '0', '--quiet']);
    await jsonRequest(serving.url, 'GET', '/hello/cli');
    await new Promise((r) => setTimeout(r, 100));
    expect(serving.output()).not.toMatch(/GET \/hello\/cli/);
  });

  it('says in one line that a port is busy', async () => {
    blocker = createServer();
    await new Promise<void>((r) => blocker!.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    // A copy: the example's own data folder may be held by another test's server meanwhile.
    const dir = await copyProject(EXAMPLES.todo);
    const result = await runCli(['serve', dir, '--port', String(port)]).finally(() =>
      rm(dir, { recursive: true, force: true }),
    );
    expect(result.code, result.stderr).toBe(1);
    oneLine(result.stderr);
    expect(result.stderr).toContain(`port ${port} is already in use`);
  });

  it('refuses to serve a data folder another decorest is serving', async () => {
    const { cp, mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'decorest-cli-lock-'));
    try {
      await cp(EXAMPLES.todo, dir, { recursive: true, filter: (src) => !src.includes('/data') });
      serving = await startServeProcess([dir, '--port', '0', '--quiet']);
      const second = await runCli(['serve', dir, '--port', '0']);
      expect(second.code).toBe(1);
      oneLine(second.stderr);
      expect(second.stderr).toContain(
        `another decorest process (pid ${String(serving.child.pid)})`,
      );
      const routes = await runCli(['routes', dir]);
      expect(routes.code).toBe(0);
    } finally {
      serving?.child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reloads on save with --watch and says so', async () => {
    const { cp, mkdtemp, readFile, rm, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'decorest-cli-watch-'));
    try {
      await cp(EXAMPLES.todo, dir, { recursive: true, filter: (src) => !src.includes('/data') });
      serving = await startServeProcess([dir, '--port', '0', '--quiet', '--watch']);
      const file = join(dir, 'app.ts');
      const source = await readFile(file, 'utf8');
      await writeFile(file, source.replace("hello: req.params('name')", "hi: req.params('name')"));
      const deadline = Date.now() + 10_000;
      while (!serving.output().includes('reloaded:') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(serving.output()).toContain('reloaded:');
      expect((await jsonRequest(serving.url, 'GET', '/hello/w')).json).toEqual({ hi: 'w' });
    } finally {
      serving?.child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});
