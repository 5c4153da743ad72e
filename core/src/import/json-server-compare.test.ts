/**
 * Issue 28, "Done when": json-server 0.17 serving the original db.json and `decorest serve` on
 * the project `decorest init --from` made of it answer the same GET requests with the same
 * bodies, for the query conventions decorest serves (CONTRACT §2). json-server runs on a copy:
 * it writes its file back.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCli, type ServeProcess, startServeProcess } from '../test-support/cli.js';
import { jsonRequest } from '../test-support/http-client.js';

const JSON_SERVER_BIN = join(
  dirname(createRequire(import.meta.url).resolve('json-server/package.json')),
  'lib/cli/bin.js',
);

const fixture = (name: string): string =>
  fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** json-server 0.17 on a copy of `db`, resolved once it answers. */
async function startJsonServer(
  db: string,
  dir: string,
): Promise<{ url: string; child: ChildProcess }> {
  const file = join(dir, 'db.json');
  await copyFile(db, file);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [JSON_SERVER_BIN, file, '--port', String(port), '--host', '127.0.0.1', '--quiet'],
    { cwd: dir, stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      if ((await jsonRequest(url, 'GET', '/db')).status === 200) return { url, child };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('json-server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Pair {
  jsonServer: { url: string; child: ChildProcess };
  decorest: ServeProcess;
  dir: string;
}

async function startPair(db: string): Promise<Pair> {
  const dir = await mkdtemp(join(tmpdir(), 'decorest-compare-'));
  const project = join(dir, 'api');
  const init = await runCli(['init', project, '--from', db]);
  expect(init.code, init.stderr).toBe(0);
  const [jsonServer, decorest] = await Promise.all([
    startJsonServer(db, dir),
    startServeProcess([project, '--port', '0', '--quiet']),
  ]);
  return { jsonServer, decorest, dir };
}

async function stopPair(pair: Pair | undefined): Promise<void> {
  if (!pair) return;
  pair.jsonServer.child.kill('SIGKILL');
  pair.decorest.child.kill('SIGKILL');
  await pair.decorest.exited();
  await rm(pair.dir, { recursive: true, force: true });
}

async function expectSameBodies(pair: Pair, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const [theirs, ours] = await Promise.all([
      jsonRequest(pair.jsonServer.url, 'GET', path),
      jsonRequest(pair.decorest.url, 'GET', path),
    ]);
    expect(theirs.status, path).toBe(200);
    expect({ path, status: ours.status, body: ours.json }).toEqual({
      path,
      status: 200,
      body: theirs.json,
    });
  }
}

describe("json-server's example db.json: json-server 0.17 and decorest", () => {
  let pair: Pair | undefined;
  beforeAll(async () => {
    pair = await startPair(fixture('json-server-readme.json'));
  }, 40_000);
  afterAll(() => stopPair(pair));

  it('answer list, by-id, filter, _sort, _limit, _page, _start/_end, q, _like, _ne, _gte and _embed alike', async () => {
    await expectSameBodies(pair!, [
      '/posts',
      '/posts/1',
      '/comments',
      '/comments/3',
      '/profile',
      '/comments?postId=1',
      '/posts/1/comments',
      '/posts?author=typicode',
      '/posts?id=1&id=3',
      '/posts?_sort=title&_order=desc',
      '/posts?_limit=2',
      '/posts?_page=2&_limit=2',
      '/posts?_start=1&_end=3',
      '/posts?q=json',
      '/posts?title_like=json',
      '/posts?id_ne=2',
      '/comments?postId_gte=2',
      '/posts?_embed=comments',
      '/posts/1?_embed=comments',
    ]);
  });
});

describe('a db.json with string ids and userId links: json-server 0.17 and decorest', () => {
  let pair: Pair | undefined;
  beforeAll(async () => {
    pair = await startPair(fixture('string-ids.json'));
  }, 40_000);
  afterAll(() => stopPair(pair));

  it('answer the same bodies, quoted keys included', async () => {
    await expectSameBodies(pair!, [
      '/users',
      '/users/ann',
      '/todos',
      '/blogPosts',
      '/todos?userId=ann',
      '/users/ann/todos',
      '/todos?done=false',
      '/todos?_sort=title',
      '/todos?_sort=id&_order=desc',
      '/users?first-name=Ann',
      '/todos?tags_like=home',
      '/users?_embed=todos',
      '/users/bob?_embed=todos',
    ]);
  });
});
