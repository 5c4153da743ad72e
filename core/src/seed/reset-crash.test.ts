/**
 * kill -9 during `decorest seed reset` (issue 16): the data holds one whole dataset (A or B),
 * the seed the other; the real CLI resets and is killed at a random moment around the batch.
 * Reopening the folder (which finishes or undoes an interrupted batch) must find exactly A or
 * exactly B, users and todos together, never a mix, never an orphan. The folder carries over
 * from round to round. DECOREST_RESET_KILLS sets the number of rounds (default 12).
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openProject } from '../project/open-project.js';
import { CLI, REPO_ROOT, runCli } from '../test-support/cli.js';
import { EXAMPLES } from '../test-support/project-server.js';

const ROUNDS = Number(process.env['DECOREST_RESET_KILLS'] ?? 12);
const USERS = 50;

let dir: string;

/** A dataset whose every name and content starts with `tag`, sizes differing per tag. */
function dataset(tag: 'a' | 'b') {
  const todos = tag === 'a' ? 12_000 : 9_000;
  return {
    users: Array.from({ length: USERS }, (_, i) => ({ id: i + 1, name: `${tag}-user-${i}` })),
    todos: Array.from({ length: todos }, (_, i) => ({
      id: i + 1,
      content: `${tag}-todo-${i}`,
      completed: i % 3 === 0,
      user: 1 + (i % USERS),
    })),
  };
}

async function writeSeed(tag: 'a' | 'b'): Promise<void> {
  const data = dataset(tag);
  await writeFile(join(dir, 'seed', 'users.json'), JSON.stringify(data.users));
  await writeFile(join(dir, 'seed', 'todos.json'), JSON.stringify(data.todos));
}

/** Which whole dataset the folder holds, or a description of the mix. */
async function stateOf(): Promise<{ tag: string; recovered: boolean }> {
  const pending = (await readdir(join(dir, 'data'))).some((f) => f.startsWith('.decorest-batch-'));
  const project = await openProject(dir);
  try {
    const model = (name: string) => project.runtimes.find((r) => r.schema.name === name)!;
    const users = [...(await model('User').store.records()).values()];
    const todos = [...(await model('Todo').store.records()).values()];
    const tags = new Set([
      ...users.map((u) => String(u['name']).slice(0, 1)),
      ...todos.map((t) => String(t['content']).slice(0, 1)),
    ]);
    const ids = new Set(users.map((u) => u.id));
    const orphans = todos.filter((t) => !ids.has(t['user'] as number)).length;
    const tag = tags.size === 1 ? [...tags][0]! : `mix of ${[...tags].join(',')}`;
    const expected = tag === 'a' || tag === 'b' ? dataset(tag) : undefined;
    const whole =
      expected !== undefined &&
      users.length === expected.users.length &&
      todos.length === expected.todos.length &&
      orphans === 0;
    return {
      tag: whole
        ? tag
        : `${tag} (${users.length} users, ${todos.length} todos, ${orphans} orphans)`,
      recovered: pending,
    };
  } finally {
    await project.close();
  }
}

/** Runs `decorest seed reset`, killed with SIGKILL after `ms`; resolves how it ended. */
function resetKilledAfter(ms: number): Promise<NodeJS.Signals | number | null> {
  const child = spawn(process.execPath, [CLI, 'seed', 'reset', dir], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve(signal ?? code);
    }),
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'decorest-reset-kill-'));
  await cp(EXAMPLES.todo, dir, {
    recursive: true,
    filter: (src) => !/[\\/]data([\\/]|$)/.test(src.slice(EXAMPLES.todo.length)),
  });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('kill -9 during a seed reset', () => {
  it(`leaves the old dataset or the new one, never a mix (${ROUNDS} kills)`, async () => {
    await writeSeed('a');
    const started = performance.now();
    const first = await runCli(['seed', 'reset', dir], 60_000);
    expect(first.code, first.stderr).toBe(0);
    const full = performance.now() - started;
    let state = 'a';
    expect((await stateOf()).tag).toBe('a');
    const seen = { old: 0, new: 0, recovered: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const next = state === 'a' ? 'b' : 'a';
      await writeSeed(next);
      // Most of a run is starting node and loading the project; the batch is near the end.
      await resetKilledAfter(full * (0.45 + Math.random() * 0.5));
      const after = await stateOf();
      expect([state, next], `round ${round}`).toContain(after.tag);
      if (after.recovered) seen.recovered++;
      if (after.tag === state) seen.old++;
      else seen.new++;
      state = after.tag;
    }
    if (process.env['DEBUG_RESET_KILLS']) console.log(seen);
  }, 180_000);
});
