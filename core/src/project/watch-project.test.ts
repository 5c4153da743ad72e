import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { LoadError } from '../errors.js';
import { type RunningServer, startServer } from '../http/node-server.js';
import { jsonRequest } from '../test-support/http-client.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { openProject, type ProjectRuntime } from './open-project.js';
import { type ProjectWatcher, watchProject } from './watch-project.js';

let dir: string | undefined;
let server: RunningServer | undefined;
let watcher: ProjectWatcher | undefined;
afterEach(async () => {
  await server?.close();
  await watcher?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  server = watcher = dir = undefined;
});

/** The next reload or failure, whichever comes first. */
function nextEvent(events: { on: (e: Outcome) => void }): Promise<Outcome> {
  return new Promise((resolve) => {
    events.on = resolve;
  });
}
type Outcome = { kind: 'reloaded'; project: ProjectRuntime } | { kind: 'failed'; error: unknown };

describe('serve --watch', () => {
  it('reloads on save, keeps the data, and keeps the last good API when a file breaks', async () => {
    dir = await mkdtemp(join(tmpdir(), 'decorest-watch-'));
    await cp(EXAMPLES.todo, dir, { recursive: true, filter: (src) => !src.includes('/data') });
    const project = await openProject(dir);
    server = await startServer({ port: 0, table: project.table });
    const sink = { on: (_e: Outcome) => {} };
    watcher = watchProject(
      project,
      (t) => server!.setTable(t),
      {
        reloaded: (p) => sink.on({ kind: 'reloaded', project: p }),
        failed: (error) => sink.on({ kind: 'failed', error }),
      },
      { debounceMs: 50 },
    );
    await watcher.ready;
    const call = (method: string, path: string, body?: unknown) =>
      jsonRequest(server!.url, method, path, body);

    await call('POST', '/todos', { content: 'before', completed: false });
    expect(
      (await call('POST', '/todos', { content: 'x', completed: false, priority: 'high' })).status,
    ).toBe(422);

    // A new optional field appears on save.
    const todoFile = join(dir, 'todo.ts');
    const original = await readFile(todoFile, 'utf8');
    let event = nextEvent(sink);
    await writeFile(
      todoFile,
      original.replace(
        'completed!: boolean;',
        "completed!: boolean;\n  priority?: 'low' | 'high';",
      ),
    );
    expect((await event).kind).toBe('reloaded');
    expect(
      (await call('POST', '/todos', { content: 'x', completed: false, priority: 'high' })).status,
    ).toBe(201);
    expect(
      ((await call('GET', '/todos')).json as { content: string }[]).map((t) => t.content),
    ).toEqual(['before', 'x']);

    // A syntax error is reported with file and line; the last good version keeps serving.
    event = nextEvent(sink);
    await writeFile(todoFile, `${original}\nexport const broken = ;\n`);
    const failed = await event;
    expect(failed.kind).toBe('failed');
    const error = (failed as { error: unknown }).error;
    expect(error).toBeInstanceOf(LoadError);
    expect((error as LoadError).message).toMatch(/todo\.ts:\d+:\d+/);
    expect(
      (await call('POST', '/todos', { content: 'still', completed: true, priority: 'low' })).status,
    ).toBe(201);

    // Fixing it reloads again.
    event = nextEvent(sink);
    await writeFile(todoFile, original);
    expect((await event).kind).toBe('reloaded');
    expect((await call('GET', '/todos')).headers['x-total-count']).toBe('3');
  }, 30_000);

  it("reloads at once on request, without waiting for the save's file event", async () => {
    dir = await mkdtemp(join(tmpdir(), 'decorest-watch-'));
    await cp(EXAMPLES.todo, dir, { recursive: true, filter: (src) => !src.includes('/data') });
    const project = await openProject(dir);
    server = await startServer({ port: 0, table: project.table });
    const reloaded: ProjectRuntime[] = [];
    watcher = watchProject(
      project,
      (t) => server!.setTable(t),
      { reloaded: (p) => reloaded.push(p), failed: () => {} },
      { debounceMs: 60_000 },
    );
    await watcher.ready;
    const todoFile = join(dir, 'todo.ts');
    const original = await readFile(todoFile, 'utf8');
    await writeFile(
      todoFile,
      original.replace(
        'completed!: boolean;',
        "completed!: boolean;\n  priority?: 'low' | 'high';",
      ),
    );
    await watcher.reloadNow();
    expect(reloaded).toHaveLength(1);
    const created = await jsonRequest(server.url, 'POST', '/todos', {
      content: 'x',
      completed: false,
      priority: 'high',
    });
    expect(created.status).toBe(201);
    // Only todo.ts and the files importing it ran again.
    const ran = reloaded[0]!.loaded.evaluated.map((f) => f.slice(dir!.length + 1)).sort();
    expect(ran).toContain('todo.ts');
    expect(ran).not.toContain('quote.ts');
  }, 30_000);
});
