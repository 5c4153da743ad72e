import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { FIXTURES } from '../../test-support/fixtures.js';
import { jsonRequest, type RawAnswer } from '../../test-support/http-client.js';
import { serveCopy, type ServedProject } from '../../test-support/project-server.js';

let served: ServedProject;
beforeEach(async () => {
  served = await serveCopy(FIXTURES.team);
});
afterEach(async () => {
  await served.dispose();
});

const call = (method: string, path: string, body?: unknown) =>
  jsonRequest(served.url, method, path, body);
const ok = async (method: string, path: string, body?: unknown) => {
  const answer = await call(method, path, body);
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
  return answer.json as Record<string, unknown>;
};
function problem(answer: RawAnswer, status: number): Record<string, unknown> {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  return answer.json as Record<string, unknown>;
}

async function seed(): Promise<void> {
  await ok('POST', '/members', { name: 'Ann' });
  await ok('POST', '/members', { name: 'Bo' });
  await ok('POST', '/tasks', { title: 'plan', done: false, assignee: 1 });
  await ok('POST', '/tasks', { title: 'build', done: true, assignee: { id: 1 } });
  await ok('POST', '/tasks', { title: 'ship', done: false, assignee: 2 });
  await ok('POST', '/tasks', { title: 'rest', done: false });
}

describe('the wire form of @BelongTo', () => {
  it('sends the parent id, or null when unset, and takes an id or { id }', async () => {
    await seed();
    const tasks = (await call('GET', '/tasks')).json as Record<string, unknown>[];
    expect(tasks.map((t) => t.assignee)).toEqual([1, 1, 2, null]);
    expect(tasks[0]).toEqual({ id: 1, title: 'plan', done: false, assignee: 1, board: null });
  });

  it('answers 422 naming the field when the parent does not exist', async () => {
    const body = problem(
      await call('POST', '/tasks', { title: 'x', done: false, assignee: 7 }),
      422,
    );
    expect(body.errors).toEqual([{ field: 'assignee', message: 'no member with id 7' }]);
    await ok('POST', '/members', { name: 'Ann' });
    await ok('POST', '/tasks', { title: 'x', done: false, assignee: 1 });
    problem(await call('PATCH', '/tasks/1', { assignee: 9 }), 422);
    expect(
      problem(await call('PUT', '/tasks/1', { title: 'x', done: true, assignee: { id: 'z' } }), 422)
        .errors,
    ).toEqual([
      { field: 'assignee', message: 'must be an id or an object with an id, got an object' },
    ]);
  });

  it('lists a missing parent in the same 422 as the field errors (issue 23)', async () => {
    const created = problem(
      await call('POST', '/tasks', { title: 3, done: 'no', assignee: 999 }),
      422,
    );
    expect(created.errors).toEqual([
      { field: 'title', message: 'must be a string, got 3' },
      { field: 'done', message: 'must be a boolean, got "no"' },
      { field: 'assignee', message: 'no member with id 999' },
    ]);
    expect(created.detail).toBe('3 fields are invalid');
    await ok('POST', '/members', { name: 'Ann' });
    await ok('POST', '/tasks', { title: 'x', done: false, assignee: 1 });
    expect(
      problem(await call('PATCH', '/tasks/1', { done: 'yes', assignee: { id: 999 } }), 422).errors,
    ).toEqual([
      { field: 'done', message: 'must be a boolean, got "yes"' },
      { field: 'assignee', message: 'no member with id 999' },
    ]);
    expect(
      problem(await call('PUT', '/tasks/1', { title: 'x', assignee: 999 }), 422).errors,
    ).toEqual([
      { field: 'done', message: 'is required' },
      { field: 'assignee', message: 'no member with id 999' },
    ]);
    // A parent field that is itself malformed is named once, for that.
    expect(
      problem(await call('POST', '/tasks', { title: 3, done: false, assignee: 'z' }), 422).errors,
    ).toEqual([
      { field: 'title', message: 'must be a string, got 3' },
      {
        field: 'assignee',
        message: expect.stringMatching(/^must be/),
      },
    ]);
  });

  it('embeds the parent with ?embed= and _embed=, one level deep', async () => {
    await seed();
    const one = await ok('GET', '/tasks/1?embed=assignee');
    expect(one.assignee).toEqual({ id: 1, name: 'Ann' });
    const list = (await call('GET', '/tasks?_embed=assignee&limit=4')).json as Record<
      string,
      unknown
    >[];
    expect(list.map((t) => t.assignee)).toEqual([
      { id: 1, name: 'Ann' },
      { id: 1, name: 'Ann' },
      { id: 2, name: 'Bo' },
      null,
    ]);
    problem(await call('GET', '/tasks?embed=owner'), 400);
  });

  it('reads embed the same way on a record and on a list (one parser)', async () => {
    await seed();
    for (const query of ['embed=%20assignee', 'embed=assignee,', '_embed=assignee%20']) {
      expect((await ok('GET', `/tasks/1?${query}`)).assignee, query).toEqual({
        id: 1,
        name: 'Ann',
      });
      const list = (await call('GET', `/tasks?${query}&limit=1`)).json as { assignee: unknown }[];
      expect(list[0]!.assignee, query).toEqual({ id: 1, name: 'Ann' });
    }
    problem(await call('GET', '/tasks/1?embed=owner'), 400);
  });

  it('filters by relation', async () => {
    await seed();
    const answer = await call('GET', '/tasks?assignee=1');
    expect((answer.json as { title: string }[]).map((t) => t.title)).toEqual(['plan', 'build']);
    expect(answer.headers['x-total-count']).toBe('2');
    expect(((await call('GET', '/tasks?assignee=null')).json as unknown[]).length).toBe(1);
  });
});

describe('the wire form of @HasMany', () => {
  it('is hidden unless embedded', async () => {
    await seed();
    expect(await ok('GET', '/members/1')).toEqual({ id: 1, name: 'Ann' });
    const embedded = await ok('GET', '/members/1?embed=tasks');
    expect((embedded.tasks as { title: string }[]).map((t) => t.title)).toEqual(['plan', 'build']);
    const list = (await call('GET', '/members?embed=tasks')).json as { tasks: unknown[] }[];
    expect(list.map((m) => m.tasks.length)).toEqual([2, 1]);
  });

  it('is read-only in writes', async () => {
    const body = problem(await call('POST', '/members', { name: 'Cy', tasks: [] }), 422);
    expect(body.errors).toEqual([
      { field: 'tasks', message: 'is read-only: create or patch task records instead' },
    ]);
  });
});

describe('GET /members/:id/tasks', () => {
  it("lists the parent's children with every collection feature", async () => {
    await seed();
    const all = await call('GET', '/members/1/tasks');
    expect((all.json as { title: string }[]).map((t) => t.title)).toEqual(['plan', 'build']);
    expect(all.headers['x-total-count']).toBe('2');
    const sorted = await call('GET', '/members/1/tasks?sort=title&limit=1');
    expect(sorted.json).toEqual([{ id: 2, title: 'build', done: true, assignee: 1, board: null }]);
    expect(sorted.headers['x-total-count']).toBe('2');
    expect(((await call('GET', '/members/1/tasks?done=false')).json as unknown[]).length).toBe(1);
    const paged = await call('GET', '/members/1/tasks?_page=2&_limit=1');
    expect(paged.headers.link).toContain(
      `<${served.url}/members/1/tasks?_page=1&_limit=1>; rel="first"`,
    );
  });

  it('answers 404 for an absent parent and 400 for a malformed id', async () => {
    expect(problem(await call('GET', '/members/9/tasks'), 404).detail).toBe('no member with id 9');
    problem(await call('GET', '/members/x/tasks'), 400);
  });

  it('does not exist the other way round', async () => {
    await seed();
    expect((await call('GET', '/tasks/1/member')).status).toBe(404);
    expect((await call('GET', '/tasks/1/assignee')).status).toBe(404);
  });

  it('works with string ids', async () => {
    const board = await ok('POST', '/boards', { title: 'Roadmap' });
    await ok('POST', '/cards', { text: 'a', board: board.id });
    const cards = await call('GET', `/boards/${String(board.id)}/cards`);
    expect((cards.json as { text: string }[]).map((c) => c.text)).toEqual(['a']);
  });
});

describe('deleting a parent', () => {
  it('cascades to children with onDelete: cascade', async () => {
    await seed();
    await ok('DELETE', '/members/1');
    expect(((await call('GET', '/tasks')).json as { title: string }[]).map((t) => t.title)).toEqual(
      ['ship', 'rest'],
    );
  });

  it('is refused with 409 naming how many children block it (restrict)', async () => {
    const board = await ok('POST', '/boards', { title: 'B' });
    await ok('POST', '/cards', { text: 'a', board: board.id });
    await ok('POST', '/cards', { text: 'b', board: board.id });
    const body = problem(await call('DELETE', `/boards/${String(board.id)}`), 409);
    expect(body.detail).toMatch(/^2 cards still belong to board/);
    expect((await call('GET', `/boards/${String(board.id)}`)).status).toBe(200);
  });

  it('nulls children without a @HasMany rule, losing nothing else', async () => {
    const board = await ok('POST', '/boards', { title: 'B' });
    await ok('POST', '/tasks', { title: 't', done: false, board: board.id });
    await ok('DELETE', `/boards/${String(board.id)}`);
    expect(await ok('GET', '/tasks/1')).toEqual({
      id: 1,
      title: 't',
      done: false,
      assignee: null,
      board: null,
    });
  });

  it('never leaves a child pointing at a parent deleted while the child was written', async () => {
    await ok('POST', '/members', { name: 'Ann' });
    // Enough children that the cascade takes a while, so the concurrent writes land inside it.
    for (let i = 0; i < 150; i++)
      await ok('POST', '/tasks', { title: `t${i}`, done: false, assignee: 1 });
    const removal = call('DELETE', '/members/1');
    const writes = Array.from({ length: 40 }, (_, i) =>
      call('POST', '/tasks', { title: `late${i}`, done: false, assignee: 1 }),
    );
    expect((await removal).status).toBe(200);
    const statuses = (await Promise.all(writes)).map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 422)).toBe(true);
    const left = (await call('GET', '/tasks?assignee=1')).json as unknown[];
    expect(left).toEqual([]);
    expect((await call('GET', '/members/1')).status).toBe(404);
  });

  it('survives a restart: relations and their index come back from the datafile', async () => {
    await seed();
    served = await served.restart();
    const answer = await call('GET', '/members/1/tasks');
    expect((answer.json as { title: string }[]).map((t) => t.title)).toEqual(['plan', 'build']);
  });
});

describe('named datasources', () => {
  it('serve a read-only datasource in id order with every query feature', async () => {
    const list = await call('GET', '/planets?moons_gte=1&sort=-moons');
    expect((list.json as { name: string }[]).map((p) => p.name)).toEqual([
      'Jupiter',
      'Mars',
      'Earth',
    ]);
    expect(list.headers['x-total-count']).toBe('3');
    expect(
      ((await call('GET', '/planets?limit=2')).json as { id: number }[]).map((p) => p.id),
    ).toEqual([1, 3]);
    expect(await ok('GET', '/planets/4')).toEqual({ id: 4, name: 'Mars', moons: 2 });
    problem(await call('GET', '/planets/2'), 404);
  });

  it("use the datasource's getLimit for a plain ?limit=n", async () => {
    const answer = await call('GET', '/planets?limit=2');
    expect(answer.json).toEqual([
      { id: 1, name: 'Mercury', moons: 0, viaLimit: true },
      { id: 3, name: 'Earth', moons: 1, viaLimit: true },
    ]);
    expect(answer.headers['x-total-count']).toBe('4');
  });

  it('answer 405 naming the datasource and the missing method for writes', async () => {
    const post = problem(await call('POST', '/planets', { name: 'Pluto', moons: 5 }), 405);
    expect(post.detail).toBe('datasource "solar" has no save() method');
    expect(problem(await call('PATCH', '/planets/3', { moons: 2 }), 405).detail).toBe(
      'datasource "solar" has no update() method',
    );
    expect(problem(await call('DELETE', '/planets/3'), 405).detail).toBe(
      'datasource "solar" has no delete() method',
    );
  });

  it('validate writes before handing them to a writable datasource', async () => {
    problem(await call('POST', '/memos', { text: 3 }), 422);
    const created = await call('POST', '/memos', { text: 'second' });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe('/memos/2');
    expect(await ok('PATCH', '/memos/2', { text: 'changed' })).toEqual({ id: 2, text: 'changed' });
    expect(await ok('PUT', '/memos/1', { text: 'replaced' })).toEqual({ id: 1, text: 'replaced' });
    expect(await ok('DELETE', '/memos/1')).toEqual({ id: 1, text: 'replaced' });
    expect(((await call('GET', '/memos')).json as { id: number }[]).map((m) => m.id)).toEqual([2]);
  });
});
