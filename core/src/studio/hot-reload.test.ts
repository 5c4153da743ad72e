import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import type { ProjectStatus, StudioEvent } from '../contract/control-api.js';
import { EXAMPLES } from '../test-support/project-server.js';
import {
  readEvents,
  startStudioFixture,
  type StudioFixture,
} from '../test-support/studio-fixture.js';

let f: StudioFixture | undefined;
afterEach(async () => {
  await f?.dispose();
  f = undefined;
});

type Event = StudioEvent & { id: number };
const projectEvents = (events: Event[]): ProjectStatus[] =>
  events.flatMap((e) => (e.type === 'project' ? [e.project] : []));

describe('hot reload in the studio', () => {
  it('shows a broken save as a load error while the last good API serves, and recovers', async () => {
    f = await startStudioFixture(EXAMPLES.todo);
    const events = await readEvents(f.base, f.studio.token);
    try {
      const todoFile = join(f.dir, 'todo.ts');
      const original = await readFile(todoFile, 'utf8');
      await writeFile(
        todoFile,
        original.replace('completed!: boolean;', 'completed!: boolean;\n  oops = ;'),
      );
      const line = (await readFile(todoFile, 'utf8')).split('\n').indexOf('  oops = ;') + 1;
      await events.waitFor((all) => projectEvents(all).some((p) => p.state === 'failed'));
      const failed = projectEvents(events.events()).find((p) => p.state === 'failed')!;
      expect(failed.serving).toBe(true);
      expect(failed.error).toMatchObject({ code: 'SYNTAX_ERROR', file: todoFile, line });
      expect(failed.error?.column).toEqual(expect.any(Number));
      expect(failed.error?.frame).toContain(`> ${line} |   oops = ;`);
      // The last good API answers, through the mock API and the control API alike.
      expect((await f.mock('GET', '/todos/1')).status).toBe(200);
      expect((await f.api('GET', '/models/Todo/records/1')).status).toBe(200);
      expect(((await f.api('GET', '/project')).json as ProjectStatus).state).toBe('failed');

      // The fix recovers, with a new field the API now takes.
      await writeFile(
        todoFile,
        original.replace(
          'completed!: boolean;',
          "completed!: boolean;\n  priority?: 'low' | 'high';",
        ),
      );
      await events.waitFor((all) => {
        const states = projectEvents(all).map((p) => p.state);
        return states.lastIndexOf('loaded') > states.indexOf('failed');
      });
      const status = (await f.api('GET', '/project')).json as ProjectStatus;
      expect(status).toMatchObject({ state: 'loaded', serving: true });
      expect(status.error).toBeUndefined();
      const created = await f.mock('POST', '/todos', {
        content: 'x',
        completed: false,
        priority: 'high',
      });
      expect(created.status).toBe(201);
      // The data survived the reloads: the seeds and the new record.
      expect(((await f.api('GET', '/models/Todo/records')).json as { total: number }).total).toBe(
        7,
      );
      // Record changes are still heard after the reload.
      await events.waitFor((all) => all.some((e) => e.type === 'records' && e.op === 'create'));
    } finally {
      events.close();
    }
  }, 30_000);

  it('keeps the last good API serving when Reload meets a broken file (issue 23)', async () => {
    f = await startStudioFixture(EXAMPLES.todo);
    const events = await readEvents(f.base, f.studio.token);
    try {
      const todoFile = join(f.dir, 'todo.ts');
      const original = await readFile(todoFile, 'utf8');
      await writeFile(todoFile, original.replace('completed!: boolean;', 'oops = ;'));
      await events.waitFor((all) => projectEvents(all).some((p) => p.state === 'failed'));

      const reloaded = await f.api('POST', '/project/reload');
      expect(reloaded.status).toBe(200);
      expect(reloaded.json).toMatchObject({ state: 'failed', serving: true });
      expect((reloaded.json as ProjectStatus).error).toMatchObject({ code: 'SYNTAX_ERROR' });
      expect((await f.mock('GET', '/todos/1')).status).toBe(200);
      expect((await f.mock('POST', '/todos', { content: 'x', completed: false })).status).toBe(201);
      expect((await f.api('GET', '/models')).status).toBe(200);

      // Fixed, Reload serves the file as it is now.
      await writeFile(
        todoFile,
        original.replace('completed!: boolean;', 'completed!: boolean;\n  due?: string;'),
      );
      const fixed = (await f.api('POST', '/project/reload')).json as ProjectStatus;
      expect(fixed).toMatchObject({ state: 'loaded', serving: true });
      const created = await f.mock('POST', '/todos', { content: 'y', completed: true, due: 'x' });
      expect(created.status).toBe(201);
    } finally {
      events.close();
    }
  }, 30_000);

  it('starts with a project that does not load, and serves it once fixed', async () => {
    f = await startStudioFixture(EXAMPLES.todo);
    // Break the copy, then open it again so the first load of the folder fails.
    const userFile = join(f.dir, 'user.ts');
    const original = await readFile(userFile, 'utf8');
    await writeFile(userFile, `${original}\nthrow new Error('not today');\n`);
    await rm(join(f.dir, 'data'), { recursive: true, force: true });
    const opened = (await f.api('POST', '/project/open', { dir: f.dir })).json as ProjectStatus;
    expect(opened).toMatchObject({ state: 'failed', serving: false });
    expect(opened.error).toMatchObject({ code: 'MODULE_THREW', file: userFile });
    expect(opened.error?.message).toContain('not today');
    const models = await f.api('GET', '/models');
    expect(models.status).toBe(409);
    // Not a 404 "No route", which would say the API has no todos: a 503 saying why (issue 48).
    const unloaded = await f.mock('GET', '/todos');
    expect(unloaded.status).toBe(503);
    expect(unloaded.headers['retry-after']).toBe('2');
    expect(unloaded.json).toMatchObject({
      type: 'project-not-loaded',
      title: 'The project does not load',
      detail: expect.stringMatching(
        /^user\.ts:\d+:\d+: .*not today.*; the mock API answers again once the project loads$/,
      ) as unknown,
    });

    const events = await readEvents(f.base, f.studio.token);
    try {
      await writeFile(userFile, original);
      await events.waitFor((all) => projectEvents(all).some((p) => p.state === 'loaded'));
      expect((await f.api('GET', '/models')).status).toBe(200);
      // First run of the folder: the seeds were imported.
      expect(((await f.mock('GET', '/todos')).json as unknown[]).length).toBe(6);
    } finally {
      events.close();
    }
  }, 30_000);
});
