/**
 * json-server 0.17 (the dev dependency) serving a db.json beside `decorest serve` on the
 * project `decorest init --from` made of the same file (issues 28 and 42): differential tests
 * send both the same requests. json-server runs on a copy, since it writes its file back.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterAll, beforeAll, expect } from 'vitest';

import { runCli, type ServeProcess, startServeProcess } from './cli.js';
import { freePort } from './free-port.js';
import { jsonRequest, type RawAnswer } from './http-client.js';

const JSON_SERVER_BIN = join(
  dirname(createRequire(import.meta.url).resolve('json-server/package.json')),
  'lib/cli/bin.js',
);

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

export interface Pair {
  jsonServer: { url: string; child: ChildProcess };
  decorest: ServeProcess;
  dir: string;
  /** What `decorest init --from` printed: its guesses and what it left out. */
  init: string;
}

/**
 * Both servers on `db`; decorest on its data folder, or on the PostgreSQL database `database`
 * (an empty one: the seed is loaded into it).
 */
export async function startPair(db: string, database?: string): Promise<Pair> {
  const dir = await mkdtemp(join(tmpdir(), 'decorest-compare-'));
  const project = join(dir, 'api');
  const init = await runCli(['init', project, '--from', db]);
  expect(init.code, init.stderr).toBe(0);
  const [jsonServer, decorest] = await Promise.all([
    startJsonServer(db, dir),
    startServeProcess([
      project,
      '--port',
      '0',
      '--quiet',
      ...(database === undefined ? [] : ['--database', database]),
    ]),
  ]);
  return { jsonServer, decorest, dir, init: init.stdout };
}

export async function stopPair(pair: Pair | undefined): Promise<void> {
  if (!pair) return;
  pair.jsonServer.child.kill('SIGKILL');
  pair.decorest.child.kill('SIGKILL');
  await pair.decorest.exited();
  await rm(pair.dir, { recursive: true, force: true });
}

/**
 * Both servers on `db` for the tests of the enclosing `describe`: started before them, stopped
 * after; `database` names decorest's PostgreSQL database when it should use one.
 */
export function usePair(db: string, database?: () => Promise<string | undefined>): () => Pair {
  let pair: Pair | undefined;
  beforeAll(async () => {
    pair = await startPair(db, await database?.());
  }, 120_000);
  afterAll(() => stopPair(pair));
  return () => pair ?? expect.fail('the pair did not start');
}

/** One request sent to both: json-server's answer first. */
export async function askBoth(
  pair: Pair,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ theirs: RawAnswer; ours: RawAnswer }> {
  // One after the other: a write must not race the other server's read of the same request list.
  const theirs = await jsonRequest(pair.jsonServer.url, method, path, body);
  const ours = await jsonRequest(pair.decorest.url, method, path, body);
  return { theirs, ours };
}

/** Each GET answers 200 from json-server and the same status and body from decorest. */
export async function expectSameBodies(pair: Pair, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const { theirs, ours } = await askBoth(pair, 'GET', path);
    expect(theirs.status, path).toBe(200);
    expect({ path, status: ours.status, body: ours.json }).toEqual({
      path,
      status: 200,
      body: theirs.json,
    });
  }
}
