/**
 * A full or read-only data folder over HTTP (issue 7: "writes answer a 5xx problem saying why
 * while reads keep working and nothing already stored is lost"). The store-level version is in
 * persistence/crash.test.ts; this one runs the real `decorest serve` in a child:
 * - full: under `ulimit -f` (RLIMIT_FSIZE), so appends fail with EFBIG once the datafile
 *   reaches the limit, as on a full disk, and root cannot override it;
 * - read-only: datafiles (and then the folder) without write permission; as root (which
 *   ignores permissions) the child gives up that bypass, see test-support/read-only-child.ts.
 */
import {
  chmod,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import type { ServeProcess } from '../test-support/cli.js';
import { replayDataDir } from '../test-support/datafile-replay.js';
import { jsonRequest, type RawAnswer } from '../test-support/http-client.js';
import { startLimitedServe } from '../test-support/limited-serve.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { readOnlyChild } from '../test-support/read-only-child.js';
import { openProject } from './open-project.js';

const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';
/** How the read-only cases make the server meet file permissions, or why they cannot. */
const READ_ONLY = readOnlyChild();
const READ_ONLY_LIMITS = 'limits' in READ_ONLY ? READ_ONLY.limits : {};
if ('skip' in READ_ONLY) console.warn(`storage-faults: read-only cases skipped: ${READ_ONLY.skip}`);

let sandbox: string | undefined;
let serving: ServeProcess | undefined;
afterEach(async () => {
  if (serving && serving.child.exitCode === null) {
    serving.child.kill('SIGKILL');
    await serving.exited();
  }
  serving = undefined;
  if (sandbox) await rm(sandbox, { recursive: true, force: true });
  sandbox = undefined;
});

/**
 * A copy of examples/todo in a folder every user may read, without its data/ and seed/ (serve
 * imports seed/ records on a folder's first run): the cases start from the records they write.
 */
async function todoProject(): Promise<string> {
  sandbox = await mkdtemp(join(tmpdir(), 'decorest-storage-'));
  await chmod(sandbox, 0o755);
  const dir = join(sandbox, 'project');
  await cp(EXAMPLES.todo, dir, {
    recursive: true,
    filter: (src) => !/[\\/](data|seed)([\\/]|$)/.test(src.slice(EXAMPLES.todo.length)),
  });
  return dir;
}

async function stop(process: ServeProcess): Promise<number | null> {
  process.child.kill('SIGTERM');
  return process.exited();
}

/** What a refused write says: nothing was changed. */
const nothingChanged = (osCode: string) =>
  `the datafile could not be written (${osCode}); nothing was changed`;

/** The 507 problem a failed write answers, with its expected detail. */
function expectStorageProblem(answer: RawAnswer, instance: string, detail: string): void {
  expect(answer.status, answer.text).toBe(507);
  expect(answer.headers['content-type']).toBe(PROBLEM_TYPE);
  expect(answer.json).toEqual({
    type: 'storage-failed',
    title: 'The record could not be stored',
    status: 507,
    detail,
    message: detail,
    instance,
  });
}

/** Every write route of examples/todo, each expected to fail with its 507. */
async function expectEveryWriteRefused(url: string, osCode: string): Promise<void> {
  const call = (method: string, path: string, body?: unknown) =>
    jsonRequest(url, method, path, body);
  const plain = nothingChanged(osCode);
  const writes: [string, string, unknown, string][] = [
    ['POST', '/users', { name: 'one too many' }, plain],
    ['POST', '/todos', { content: 'manual route, dao().save', completed: false, user: 1 }, plain],
    ['PUT', '/users/1', { name: 'renamed' }, plain],
    ['PATCH', '/users/1', { name: 'patched' }, plain],
    ['PATCH', '/todos/1', { completed: true }, plain],
    ['PUT', '/todos/1', { content: 'replaced', completed: true, user: 1 }, plain],
    ['PUT', '/manual/todos/1', { content: 'manual route, dao().update', completed: true }, plain],
    ['DELETE', '/todos/2', undefined, plain],
    ['DELETE', '/manual/todos/2', undefined, plain],
    // User 1 has todos: nullifying them is the first write, refused before the user is touched.
    // Issue 18: the delete rules are one atomic batch, so a parent delete changes nothing too.
    ['DELETE', '/users/1', undefined, nothingChanged(osCode)],
  ];
  for (const [method, path, body, detail] of writes) {
    expectStorageProblem(await call(method, path, body), path, detail);
  }
}

async function snapshot(url: string): Promise<{ users: unknown; todos: unknown }> {
  const users = await jsonRequest(url, 'GET', '/users');
  const todos = await jsonRequest(url, 'GET', '/todos?embed=user');
  expect([users.status, todos.status]).toEqual([200, 200]);
  return { users: users.json, todos: todos.json };
}

describe('a full data folder (EFBIG under ulimit -f)', () => {
  /** `ulimit -f 8`: no file of the child may pass 8 blocks of 512 bytes. */
  const LIMIT = 8 * 512;

  it('answers every write 507 naming EFBIG, keeps serving reads, and loses nothing stored', async () => {
    const dir = await todoProject();
    serving = await startLimitedServe(dir, { fileBlocks: LIMIT / 512 });
    const url = serving.url;
    const call = (method: string, path: string, body?: unknown) =>
      jsonRequest(url, method, path, body);
    const sizeOf = async (model: string) => (await stat(join(dir, 'data', `${model}.db`))).size;
    expect((await call('POST', '/users', { name: 'Ann' })).status).toBe(201);
    for (const content of ['first todo', 'second todo', 'third todo']) {
      const answer = await call('POST', '/todos', { content, completed: false, user: 1 });
      expect(answer.status).toBe(201);
    }

    /**
     * Fills `<model>.db` to exactly the limit, like a disk with no block left: one record to
     * measure a line's overhead, one too big (it lands in part, is cut back and answers 507),
     * then one padded to the last byte. Returns what was acknowledged.
     */
    const fillUp = async (model: string, field: string, extra: Record<string, unknown>) => {
      const post = (pad: number) =>
        call('POST', `/${model}`, { ...extra, [field]: 'x'.repeat(pad) });
      const start = await sizeOf(model);
      const probe = await post(100);
      expect(probe.status).toBe(201);
      const overhead = (await sizeOf(model)) - start - 100;
      const full = await sizeOf(model);
      expectStorageProblem(await post(LIMIT), `/${model}`, nothingChanged('EFBIG'));
      expect(await sizeOf(model), 'the part that landed was cut back').toBe(full);
      const filler = await post(LIMIT - full - overhead);
      expect(filler.status, filler.text).toBe(201);
      expect(await sizeOf(model)).toBe(LIMIT);
      return [probe.json, filler.json];
    };
    const users = await fillUp('users', 'name', {});
    const todos = await fillUp('todos', 'content', { completed: true });

    const before = await snapshot(url);
    await expectEveryWriteRefused(url, 'EFBIG');
    // Reads keep working and show exactly what was acknowledged, nothing half-written.
    expect(await snapshot(url)).toEqual(before);
    expect((before.users as unknown[]).slice(1)).toEqual(users);
    expect((before.todos as unknown[]).slice(3)).toEqual(todos);
    expect((await call('GET', '/users/1/todos')).json).toHaveLength(3);
    expect((await call('GET', '/users/1/summary')).json).toEqual({
      user: 'Ann',
      todos: 3,
      completed: 0,
    });

    // A clean stop, then a load without the limit: every record, no torn line, writable again.
    expect(await stop(serving)).toBe(0);
    const project = await openProject(dir);
    try {
      expect(project.warnings).toEqual([]);
    } finally {
      await project.close();
    }
    serving = await startLimitedServe(dir, {});
    expect(await snapshot(serving.url)).toEqual(before);
    expect((await jsonRequest(serving.url, 'POST', '/users', { name: 'after' })).status).toBe(201);
  }, 60_000);
});

describe.skipIf('skip' in READ_ONLY)('a read-only data folder', () => {
  /** A project whose data/ holds one user and two todos, written while still writable. */
  async function seededProject(): Promise<string> {
    const dir = await todoProject();
    const data = join(dir, 'data');
    await mkdir(data);
    await writeFile(
      join(data, 'users.db'),
      '{"$$decorest":{"lastId":1}}\n{"_id":"1","id":1,"name":"Ann"}\n',
    );
    await writeFile(
      join(data, 'todos.db'),
      '{"_id":"1","id":1,"content":"a","completed":false,"user":1}\n' +
        '{"_id":"2","id":2,"content":"b","completed":true,"user":1}\n',
    );
    return dir;
  }

  const EXPECTED = {
    users: [{ id: 1, name: 'Ann' }],
    todos: [
      { id: 1, content: 'a', completed: false, user: { id: 1, name: 'Ann' } },
      { id: 2, content: 'b', completed: true, user: { id: 1, name: 'Ann' } },
    ],
  };

  it('with read-only datafiles: writes answer 507 naming EACCES, reads work, files untouched', async () => {
    const dir = await seededProject();
    const data = join(dir, 'data');
    await chmod(join(data, 'users.db'), 0o444);
    await chmod(join(data, 'todos.db'), 0o444);
    await chmod(data, 0o777); // the lock file can still be written
    const files = await replayDataDir(data);
    const bytes = await readFile(join(data, 'todos.db'));

    serving = await startLimitedServe(dir, READ_ONLY_LIMITS, { DECOREST_CACHE_DIR: 'off' });
    expect(await snapshot(serving.url)).toEqual(EXPECTED);
    await expectEveryWriteRefused(serving.url, 'EACCES');
    expect(await snapshot(serving.url)).toEqual(EXPECTED);
    expect(await stop(serving)).toBe(0);
    expect(serving.output()).toMatch(
      /users\.db: not writable \(EACCES\); reads work, writes will fail/,
    );
    expect(await replayDataDir(data)).toEqual(files);
    expect(await readFile(join(data, 'todos.db'))).toEqual(bytes);
  }, 60_000);

  it('with a read-only folder: serves reads without a lock file, and writes answer 507', async () => {
    const dir = await seededProject();
    const data = join(dir, 'data');
    await chmod(join(data, 'users.db'), 0o444);
    await chmod(join(data, 'todos.db'), 0o444);
    await chmod(data, 0o555);
    const files = await replayDataDir(data);

    serving = await startLimitedServe(dir, READ_ONLY_LIMITS, { DECOREST_CACHE_DIR: 'off' });
    expect(await snapshot(serving.url)).toEqual(EXPECTED);
    await expectEveryWriteRefused(serving.url, 'EACCES');
    expect(await snapshot(serving.url)).toEqual(EXPECTED);
    expect(await readdir(data), 'no lock file could be made, none was').toEqual([
      'todos.db',
      'users.db',
    ]);
    expect(await stop(serving)).toBe(0);
    expect(await replayDataDir(data)).toEqual(files);
    await chmod(data, 0o755);
  }, 60_000);
});
