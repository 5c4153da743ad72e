/**
 * The generated API's HTTP behaviour, once per store of the default datasource (issue 26): the
 * data folder and PostgreSQL answer every request alike. Here relations and delete rules on the
 * team fixture: parent ids, embeds, nested routes, `_expand`, `GET /db`, and cascade, restrict
 * and null as the @HasMany rules say, racing writes included. (CRUD: generated-api-crud-stores;
 * the query conventions: generated-api-queries-stores.)
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { expectBadQuery, idsOf, problemOf, totalOf } from '../../test-support/blog-server.js';
import { FIXTURES } from '../../test-support/fixtures.js';
import { useGeneratedApi } from '../../test-support/generated-api.js';
import { storeChoices } from '../../test-support/store-choice.js';

describe.each(storeChoices())('the generated API on the %s store', (store) => {
  const { open, call, get, ok } = useGeneratedApi(store);

  describe('relations and delete rules', () => {
    beforeEach(() => open(FIXTURES.team));
    const seed = async (): Promise<void> => {
      await ok('POST', '/members', { name: 'Ann' });
      await ok('POST', '/members', { name: 'Bo' });
      await ok('POST', '/tasks', { title: 'plan', done: false, assignee: 1 });
      await ok('POST', '/tasks', { title: 'build', done: true, assignee: { id: 1 } });
      await ok('POST', '/tasks', { title: 'ship', done: false, assignee: 2 });
      await ok('POST', '/tasks', { title: 'rest', done: false });
    };

    it('sends parent ids, refuses a missing parent with 422, embeds and filters', async () => {
      await seed();
      const tasks = (await get('/tasks')).json as Record<string, unknown>[];
      expect(tasks.map((t) => t.assignee)).toEqual([1, 1, 2, null]);
      expect(tasks[0]).toEqual({ id: 1, title: 'plan', done: false, assignee: 1, board: null });
      expect(
        problemOf(await call('POST', '/tasks', { title: 'x', done: false, assignee: 7 }), 422)
          .errors,
      ).toEqual([{ field: 'assignee', message: 'no member with id 7' }]);
      problemOf(await call('PATCH', '/tasks/1', { assignee: 9 }), 422);
      const list = (await get('/tasks?_embed=assignee&limit=4')).json as { assignee: unknown }[];
      expect(list.map((t) => t.assignee)).toEqual([
        { id: 1, name: 'Ann' },
        { id: 1, name: 'Ann' },
        { id: 2, name: 'Bo' },
        null,
      ]);
      const members = (await get('/members?embed=tasks')).json as { tasks: unknown[] }[];
      expect(members.map((m) => m.tasks.length)).toEqual([2, 1]);
      const mine = await get('/tasks?assignee=1');
      expect((mine.json as { title: string }[]).map((t) => t.title)).toEqual(['plan', 'build']);
      expect(totalOf(mine)).toBe(2);
      expect(((await get('/tasks?assignee=null')).json as unknown[]).length).toBe(1);
      const children = await get('/members/1/tasks?sort=title&limit=1');
      expect(children.json).toEqual([
        { id: 2, title: 'build', done: true, assignee: 1, board: null },
      ]);
      expect(totalOf(children)).toBe(2);
      problemOf(await get('/members/9/tasks'), 404);
    });

    it("creates a child through its parent's path, the link set from the path (issue 42)", async () => {
      await seed();
      const created = await call('POST', '/members/1/tasks', {
        title: 'nested',
        done: false,
        assignee: 2,
      });
      expect(created.status, created.text).toBe(201);
      expect(created.headers.location).toBe('/tasks/5');
      expect(created.json).toEqual({
        id: 5,
        title: 'nested',
        done: false,
        assignee: 1,
        board: null,
      });
      expect(idsOf(await get('/members/1/tasks'))).toEqual([1, 2, 5]);
      problemOf(await call('POST', '/members/9/tasks', { title: 'x', done: false }), 404);
      problemOf(await call('POST', '/members/1/tasks', [{ title: 'x', done: false }]), 422);
      problemOf(await call('POST', '/members/1/tasks', { done: false }), 422);
      expect(totalOf(await get('/tasks?limit=0'))).toBe(5);
    });

    it('adds a parent with _expand, and answers GET /db and GET / (issue 42)', async () => {
      await seed();
      const expanded = (await get('/tasks?_expand=assignee&limit=1')).json;
      expect(expanded).toEqual([
        { id: 1, title: 'plan', done: false, assignee: { id: 1, name: 'Ann' }, board: null },
      ]);
      expect((await get('/tasks/4?_expand=assignee')).json).toMatchObject({ assignee: null });
      expectBadQuery(await get('/tasks?_expand=title'), '_expand');
      const db = (await get('/db')).json as Record<string, unknown[]>;
      expect(db.members).toEqual((await get('/members')).json);
      expect(db.tasks).toEqual((await get('/tasks')).json);
      expect(db.planets).toHaveLength(4);
      const home = (await get('/')).json as { resources: string[] };
      expect(home.resources).toEqual(expect.arrayContaining(['/members', '/tasks', '/boards']));
    });

    it('cascades, restricts and nulls as the @HasMany rules say', async () => {
      await seed();
      await ok('DELETE', '/members/1');
      expect(((await get('/tasks')).json as { title: string }[]).map((t) => t.title)).toEqual([
        'ship',
        'rest',
      ]);

      const board = await ok('POST', '/boards', { title: 'B' });
      await ok('POST', '/cards', { text: 'a', board: board.id });
      await ok('POST', '/cards', { text: 'b', board: board.id });
      const refused = problemOf(await call('DELETE', `/boards/${String(board.id)}`), 409);
      expect(refused.detail).toMatch(/^2 cards still belong to board/);
      expect((await get(`/boards/${String(board.id)}`)).status).toBe(200);
      const cards = await get(`/boards/${String(board.id)}/cards`);
      expect((cards.json as { text: string }[]).map((c) => c.text)).toEqual(['a', 'b']);

      const loose = await ok('POST', '/boards', { title: 'C' });
      const task = await ok('POST', '/tasks', { title: 't', done: false, board: loose.id });
      await ok('DELETE', `/boards/${String(loose.id)}`);
      expect(await ok('GET', `/tasks/${String(task.id)}`)).toEqual({
        id: task.id,
        title: 't',
        done: false,
        assignee: null,
        board: null,
      });
    });

    it('never leaves a child pointing at a parent deleted while the child was written', async () => {
      await ok('POST', '/members', { name: 'Ann' });
      for (let i = 0; i < 40; i++)
        await ok('POST', '/tasks', { title: `t${i}`, done: false, assignee: 1 });
      const removal = call('DELETE', '/members/1');
      const writes = Array.from({ length: 20 }, (_, i) =>
        call('POST', '/tasks', { title: `late${i}`, done: false, assignee: 1 }),
      );
      expect((await removal).status).toBe(200);
      const statuses = (await Promise.all(writes)).map((a) => a.status);
      expect(statuses.every((s) => s === 201 || s === 422)).toBe(true);
      expect((await get('/tasks?assignee=1')).json).toEqual([]);
    });
  });
});
