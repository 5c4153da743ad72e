/**
 * Seed and reset (issue 16) on real datafiles over real HTTP: a reset puts the seed back with
 * its relations, survives a restart, refuses a broken seed without changing anything, and a
 * saved seed resets to exactly the data it was saved from.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { RecordChange } from '../app/write/record-changes.js';
import { HttpProblem } from '../errors.js';
import { jsonRequest } from '../test-support/http-client.js';
import { EXAMPLES, serveCopy, type ServedProject } from '../test-support/project-server.js';
import { resetToSeed, saveSeed } from './seed-data.js';

let served: ServedProject;
const call = (method: string, path: string, body?: unknown) =>
  jsonRequest(served.url, method, path, body);

beforeEach(async () => {
  served = await serveCopy(EXAMPLES.todo);
});
afterEach(async () => {
  await served.dispose();
});

async function seedOf(name: string): Promise<{ id: number }[]> {
  return JSON.parse(await readFile(join(served.dir, 'seed', `${name}.json`), 'utf8')) as {
    id: number;
  }[];
}

describe('resetToSeed', () => {
  it('replaces every record with the seed, relations intact, kept after a restart', async () => {
    const todos = await seedOf('todos');
    await call('POST', '/users', { id: 50, name: 'extra' });
    await call('POST', '/todos', { content: 'mine', completed: false, user: 50 });
    const changes: RecordChange[] = [];
    served.project.changes.subscribe((c) => changes.push(c));

    const counts = await resetToSeed(served.project);
    expect(counts.find((c) => c.model === 'Todo')!.count).toBe(todos.length);
    expect(changes.map((c) => `${c.model}:${c.op}`).sort()).toEqual(['Todo:reset', 'User:reset']);
    const listed = (await call('GET', '/todos?limit=1000')).json as unknown[];
    expect(listed).toEqual(todos);
    expect((await call('GET', '/users/50')).status).toBe(404);
    const firstUser = (todos[0] as unknown as { user: number }).user;
    const children = (await call('GET', `/users/${firstUser}/todos`)).json as unknown[];
    expect(children.length).toBeGreaterThan(0);

    served = await served.restart();
    expect((await call('GET', '/todos?limit=1000')).json).toEqual(todos);
    // No journal left behind: the batch finished.
    expect((await readdir(served.dataDir)).filter((f) => f.includes('batch'))).toEqual([]);
  });

  it('refuses a seed with an orphan or a bad row, naming file[index].field, and changes nothing', async () => {
    await call('POST', '/users', { id: 9, name: 'kept' });
    const todos = await seedOf('todos');
    await writeFile(
      join(served.dir, 'seed', 'todos.json'),
      JSON.stringify([
        ...todos,
        { content: 'orphan', completed: false, user: 999 },
        { content: 1 },
      ]),
    );
    const error = await resetToSeed(served.project).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpProblem);
    const problem = error as HttpProblem;
    expect(problem.status).toBe(422);
    const fields = problem.errors!.map((e) => e.field);
    expect(fields).toContain(`todos.json[${todos.length}].user`);
    expect(fields).toContain(`todos.json[${todos.length + 1}].content`);
    expect((await call('GET', '/users/9')).status).toBe(200);
  });

  it('answers 404 when the project has no seed folder', async () => {
    await rm(join(served.dir, 'seed'), { recursive: true });
    const error = await resetToSeed(served.project).catch((e: unknown) => e);
    expect((error as HttpProblem).status).toBe(404);
  });
});

describe('saveSeed', () => {
  it('snapshots the current data; a reset after more writes comes back to it', async () => {
    await resetToSeed(served.project);
    await call('POST', '/users', { id: 20, name: 'Zed' });
    await call('POST', '/todos', { id: 70, content: 'saved', completed: true, user: 20 });
    const saved = await saveSeed(served.project);
    expect(saved.find((s) => s.model === 'User')!.file).toBe('seed/users.json');
    const snapshot = (await call('GET', '/todos?limit=1000')).json;

    await call('DELETE', '/users/20');
    await call('POST', '/todos', { content: 'after', completed: false });
    await resetToSeed(served.project);
    expect((await call('GET', '/todos?limit=1000')).json).toEqual(snapshot);
    expect((await call('GET', '/users/20')).json).toEqual({ id: 20, name: 'Zed' });
  });
});
