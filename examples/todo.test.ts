import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { jsonRequest } from '../core/src/test-support/http-client.js';
import {
  EXAMPLES,
  serveCopy,
  type ServedProject,
} from '../core/src/test-support/project-server.js';

let served: ServedProject;
beforeEach(async () => {
  served = await serveCopy(EXAMPLES.todo);
});
afterEach(async () => {
  await served.dispose();
});

const call = (method: string, path: string, body?: unknown) =>
  jsonRequest(served.url, method, path, body);

describe('examples/todo', () => {
  it('serves the spec relational design: users, todos and /users/:id/todos', async () => {
    expect((await call('POST', '/users', { name: 'Ann' })).status).toBe(201);
    const todo = await call('POST', '/todos', {
      content: 'Write specs',
      completed: false,
      user: 1,
    });
    expect(todo.status).toBe(201);
    expect(todo.headers.location).toBe('/todos/1');
    expect(todo.json).toEqual({ id: 1, content: 'Write specs', completed: false, user: 1 });
    await call('POST', '/todos', { content: 'Unassigned', completed: true });
    const mine = await call('GET', '/users/1/todos');
    expect(mine.json).toEqual([todo.json]);
    expect((await call('GET', '/todos?embed=user')).json).toEqual([
      { id: 1, content: 'Write specs', completed: false, user: { id: 1, name: 'Ann' } },
      { id: 2, content: 'Unassigned', completed: true, user: null },
    ]);
    expect((await call('GET', '/todos/1/user')).status).toBe(404);
  });

  it('validates POST /todos in the hand-written handler through req.body(Todo)', async () => {
    const answer = await call('POST', '/todos', { content: 'x', completed: 'yes', colour: 'red' });
    expect(answer.status).toBe(422);
    expect((answer.json as { errors: unknown[] }).errors).toEqual([
      { field: 'colour', message: 'is not a field of Todo' },
      { field: 'completed', message: 'must be a boolean, got "yes"' },
    ]);
    const missingUser = await call('POST', '/todos', { content: 'x', completed: false, user: 5 });
    expect(missingUser.status).toBe(422);
  });

  it("runs the spec's other hand-written handlers on the same datasource", async () => {
    await call('POST', '/todos', { content: 'a', completed: false });
    expect((await call('GET', '/manual/todos')).json).toEqual([
      { id: 1, content: 'a', completed: false, user: null },
    ]);
    expect((await call('GET', '/manual/todos/1')).json).toMatchObject({ content: 'a' });
    expect((await call('GET', '/manual/todos/9')).status).toBe(404);
    // Ids are parsed strictly, as the generated routes do: `0x1` and `1e0` are not todo 1.
    for (const id of ['0x1', '1e0', '1.0', '-1']) {
      expect((await call('GET', `/manual/todos/${id}`)).status, id).toBe(400);
      expect((await call('DELETE', `/manual/todos/${id}`)).status, id).toBe(400);
    }
    expect((await call('GET', '/users/0x1/summary')).status).toBe(400);
    const put = await call('PUT', '/manual/todos/1', { content: 'b', completed: true });
    expect(put.json).toEqual({ id: 1, content: 'b', completed: true, user: null });
    expect((await call('GET', '/todos/1')).json).toEqual(put.json);
    expect((await call('DELETE', '/manual/todos/1')).json).toEqual(put.json);
    expect((await call('GET', '/todos')).json).toEqual([]);
  });

  it('computes a summary over two models with dao()', async () => {
    await call('POST', '/users', { name: 'Bo' });
    await call('POST', '/todos', { content: 'a', completed: true, user: 1 });
    await call('POST', '/todos', { content: 'b', completed: false, user: 1 });
    expect((await call('GET', '/users/1/summary')).json).toEqual({
      user: 'Bo',
      todos: 2,
      completed: 1,
    });
    expect((await call('GET', '/users/2/summary')).status).toBe(404);
  });

  it('serves quotes from the read-only named datasource', async () => {
    const quotes = await call('GET', '/quotes?limit=2');
    expect((quotes.json as { author: string }[]).map((q) => q.author)).toEqual([
      'Edsger W. Dijkstra',
      'Kent Beck',
    ]);
    expect(quotes.headers['x-total-count']).toBe('3');
    const post = await call('POST', '/quotes', { text: 't', author: 'a' });
    expect(post.status).toBe(405);
    expect((post.json as { detail: string }).detail).toBe(
      'datasource "quotes" has no save() method',
    );
  });

  it('nulls a deleted user on their todos', async () => {
    await call('POST', '/users', { name: 'Cy' });
    await call('POST', '/todos', { content: 'a', completed: false, user: 1 });
    expect((await call('DELETE', '/users/1')).status).toBe(200);
    expect((await call('GET', '/todos/1')).json).toMatchObject({ user: null });
  });

  it('answers the hand-mapped function route', async () => {
    expect((await call('GET', '/hello/world')).json).toEqual({ hello: 'world' });
  });
});
