import { createServer, type Server } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  ImportResult,
  ModelInfo,
  ProjectStatus,
  RecordPage,
  RouteInfo,
  ServerStatus,
} from '../contract/control-api.js';
import { TRAFFIC_BODY_LIMIT } from '../contract/control-api.js';
import { EXAMPLES } from '../test-support/project-server.js';
import {
  copyProject,
  readEvents,
  startStudioFixture,
  type StudioFixture,
} from '../test-support/studio-fixture.js';

let f: StudioFixture;

beforeAll(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
});
afterAll(() => f.dispose());

describe('GET /api/project', () => {
  it('answers the loaded project and the recent folders', async () => {
    const answer = await f.api('GET', '/project');
    expect(answer.status).toBe(200);
    const project = answer.json as ProjectStatus;
    expect(project).toMatchObject({ root: f.dir, state: 'loaded', serving: true, warnings: [] });
    expect(project.recent[0]).toBe(f.dir);
    expect(project.loadedAt).toEqual(expect.any(Number));
    // Issue 26: the server bar names where the records live.
    expect(project.storage).toEqual({ kind: 'files', dataDir: 'data/' });
  });
});

describe('GET /api/models', () => {
  it('describes every model as the core holds it', async () => {
    const models = (await f.api('GET', '/models')).json as ModelInfo[];
    const todo = models.find((m) => m.name === 'Todo')!;
    expect(todo).toMatchObject({
      path: 'todos',
      idKind: 'number',
      dataSource: null,
      writable: true,
      file: `${f.dir}/todo.ts`,
    });
    expect(todo.datafile).toBe(`${f.dir}/data/todos.db`);
    expect(todo.fields).toContainEqual(
      expect.objectContaining({ name: 'completed', typeText: 'boolean', required: true }),
    );
    expect(todo.relations).toEqual([
      { kind: 'belongTo', field: 'user', target: 'User', required: false },
    ]);
    const user = models.find((m) => m.name === 'User')!;
    expect(user.relations).toEqual([
      { kind: 'hasMany', field: 'todos', target: 'Todo', inverse: 'user', onDelete: 'nullify' },
    ]);
    const quote = models.find((m) => m.name === 'Quote')!;
    expect(quote).toMatchObject({ dataSource: 'quotes', writable: false });
    expect(quote.readOnlyReason).toContain('quotes');
  });
});

describe('GET /api/routes', () => {
  it('lists generated, relation and manual routes, manual ones with file and line', async () => {
    const routes = (await f.api('GET', '/routes')).json as RouteInfo[];
    expect(routes).toContainEqual({
      method: 'GET',
      path: '/hello/:name',
      kind: 'manual',
      file: `${f.dir}/app.ts`,
      line: 33,
    });
    expect(routes).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/users/:id/todos', kind: 'relation' }),
    );
    expect(routes).toContainEqual({
      method: 'PATCH',
      path: '/todos/:id',
      kind: 'generated',
      model: 'Todo',
      operation: 'patch',
    });
    // The manual POST /todos wins over the generated one (CONTRACT §6).
    expect(routes.filter((r) => r.method === 'POST' && r.path === '/todos')).toEqual([
      expect.objectContaining({ kind: 'manual' }),
    ]);
  });

  it('says which writes the read-only datasource refuses, and only those', async () => {
    const routes = (await f.api('GET', '/routes')).json as RouteInfo[];
    const refused = routes
      .filter((r) => r.refused !== undefined)
      .map((r) => `${r.method} ${r.path}: ${r.refused}`);
    expect(refused).toEqual([
      'POST /quotes: datasource "quotes" has no save() method',
      'PUT /quotes/:id: datasource "quotes" has no update() method',
      'PATCH /quotes/:id: datasource "quotes" has no update() method',
      'DELETE /quotes/:id: datasource "quotes" has no delete() method',
    ]);
    const post = await f.mock('POST', '/quotes', { text: 't', author: 'a' });
    expect([post.status, (post.json as { detail: string }).detail]).toEqual([
      405,
      'datasource "quotes" has no save() method',
    ]);
    // RFC 9110: a 405 says what the path takes.
    expect(post.headers['allow']).toBe('GET, HEAD');
    expect((await f.mock('DELETE', '/quotes/1')).headers['allow']).toBe('GET, HEAD');
  });
});

describe('records', () => {
  it('opens a new project with its seed records', async () => {
    const page = (await f.api('GET', '/models/User/records')).json as RecordPage;
    expect(page).toMatchObject({ total: 3, offset: 0, limit: 100 });
    expect(page.items.map((u) => u.name)).toEqual(['Ann Lee', 'Bob Martin', 'Chloé Dubois']);
  });

  it('lists a page with the mock API query: filter, sort, offset, limit, total', async () => {
    const page = (
      await f.api('GET', '/models/Todo/records?completed=false&sort=-id&offset=1&limit=2')
    ).json as RecordPage;
    expect(page.total).toBe(5);
    expect(page.items.map((t) => t.id)).toEqual([5, 4]);
    expect(page).toMatchObject({ offset: 1, limit: 2 });
    const bad = await f.api('GET', '/models/Todo/records?limit=x');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ errors: [{ field: 'limit' }] });
  });

  it('lists the records of several ids at once (the Data grid reads relation titles so)', async () => {
    const page = (await f.api('GET', '/models/User/records?id=3&id=1&id=99&limit=3'))
      .json as RecordPage;
    expect(page.items.map((u) => u.id)).toEqual([1, 3]);
    expect(page.total).toBe(2);
  });

  it('pages a sorted list from one sort, and sees writes of any client at once', async () => {
    const page = async (query: string) =>
      (await f.api('GET', `/models/Todo/records?${query}`)).json as RecordPage;
    const sorted = await page('sort=content&limit=3');
    const again = await page('sort=content&offset=1&limit=2');
    expect(again.items).toEqual(sorted.items.slice(1));
    const created = await f.mock('POST', '/users', { name: 'Aaron' });
    const id = (created.json as { id: number }).id;
    const users = (await f.api('GET', '/models/User/records?sort=name&limit=1')).json as RecordPage;
    expect(users.items[0]).toEqual({ id, name: 'Aaron' });
    await f.mock('PATCH', `/users/${id}`, { name: 'Zed' });
    const after = (await f.api('GET', '/models/User/records?sort=name')).json as RecordPage;
    expect(after.items.at(-1)).toEqual({ id, name: 'Zed' });
    await f.mock('DELETE', `/users/${id}`);
    const gone = (await f.api('GET', '/models/User/records?sort=name')).json as RecordPage;
    expect(gone.items.map((u) => u.id)).not.toContain(id);
    expect(gone.total).toBe(3);
  });

  it('answers 404 for an unknown model or record, 400 for a malformed id', async () => {
    expect((await f.api('GET', '/models/Nope/records')).status).toBe(404);
    expect((await f.api('GET', '/models/Todo/records/999')).status).toBe(404);
    expect((await f.api('GET', '/models/Todo/records/abc')).status).toBe(400);
    expect((await f.api('GET', '/models/Todo/records/1')).json).toMatchObject({ id: 1, user: 1 });
  });

  it('creates, patches, replaces and deletes through the write path, seen by the mock API', async () => {
    const created = await f.api('POST', '/models/Todo/records', {
      content: 'from the studio',
      completed: false,
      user: 2,
    });
    expect(created.status).toBe(201);
    const id = (created.json as { id: number }).id;
    expect((await f.mock('GET', `/todos/${id}`)).json).toMatchObject({
      content: 'from the studio',
    });

    const patched = await f.api('PATCH', `/models/Todo/records/${id}`, { completed: true });
    expect(patched.json).toMatchObject({ id, completed: true, content: 'from the studio' });
    const replaced = await f.api('PUT', `/models/Todo/records/${id}`, {
      content: 'replaced',
      completed: false,
    });
    expect(replaced.json).toEqual({ id, content: 'replaced', completed: false, user: null });
    expect((await f.mock('GET', `/todos/${id}`)).json).toEqual({
      id,
      content: 'replaced',
      completed: false,
      user: null,
    });

    const deleted = await f.api('DELETE', `/models/Todo/records/${id}`);
    expect(deleted.status).toBe(200);
    expect((await f.mock('GET', `/todos/${id}`)).status).toBe(404);
  });

  it('answers 422 with the same field errors as the mock API', async () => {
    const body = { content: 7, completed: 'yes', colour: 'red' };
    const control = await f.api('POST', '/models/User/records', body);
    const mock = await f.mock('POST', '/users', body);
    expect(control.status).toBe(422);
    expect((control.json as { errors: unknown }).errors).toEqual(
      (mock.json as { errors: unknown }).errors,
    );
    const parent = await f.api('POST', '/models/Todo/records', {
      content: 'x',
      completed: false,
      user: 77,
    });
    expect(parent.json).toMatchObject({ status: 422, errors: [{ field: 'user' }] });
  });

  it('refuses writes to a named-datasource model but lists it', async () => {
    const page = (await f.api('GET', '/models/Quote/records')).json as RecordPage;
    expect(page.total).toBe(3);
    const write = await f.api('POST', '/models/Quote/records', { text: 'a', author: 'b' });
    expect(write.status).toBe(405);
    expect(write.json).toMatchObject({ type: 'read-only-model' });
  });

  it('imports all or nothing: one bad row writes nothing and is named by index', async () => {
    const before = ((await f.api('GET', '/models/User/records')).json as RecordPage).total;
    const bad = await f.api('POST', '/models/User/import', [
      { name: 'Dana' },
      { name: 42 },
      { name: 'Eve' },
    ]);
    expect(bad.status).toBe(422);
    expect((bad.json as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([
      '[1].name',
    ]);
    expect(((await f.api('GET', '/models/User/records')).json as RecordPage).total).toBe(before);
    expect(((await f.mock('GET', '/users')).json as unknown[]).length).toBe(before);

    const good = await f.api('POST', '/models/User/import', [{ name: 'Dana' }, { name: 'Eve' }]);
    expect(good.status).toBe(200);
    const result = good.json as ImportResult;
    expect(result.imported).toBe(2);
    expect(((await f.mock('GET', '/users')).json as unknown[]).length).toBe(before + 2);
    for (const id of result.ids) await f.api('DELETE', `/models/User/records/${id}`);
  });

  it('refuses an import that is not an array', async () => {
    const answer = await f.api('POST', '/models/User/import', { name: 'x' });
    expect(answer.status).toBe(422);
  });

  it('exports every record as a JSON array', async () => {
    const answer = await f.api('GET', '/models/User/export');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual((await f.mock('GET', '/users')).json);
  });
});

describe('events', () => {
  it('raises a record-change event for a write through the mock API', async () => {
    const events = await readEvents(f.base, f.studio.token);
    try {
      const created = await f.mock('POST', '/users', { name: 'Zoe' });
      const id = (created.json as { id: number }).id;
      await events.waitFor((all) =>
        all.some((e) => e.type === 'records' && e.model === 'User' && e.ids.includes(id)),
      );
      await events.waitFor((all) =>
        all.some(
          (e) => e.type === 'traffic' && e.exchange.method === 'POST' && e.exchange.status === 201,
        ),
      );
      const traffic = events
        .events()
        .find((e) => e.type === 'traffic' && e.exchange.status === 201);
      expect(traffic?.type === 'traffic' && traffic.exchange).toMatchObject({
        url: '/users',
        requestBody: '{"name":"Zoe"}',
        requestTruncated: false,
        responseTruncated: false,
        requestHeaders: expect.objectContaining({ 'content-type': 'application/json' }),
        responseHeaders: expect.objectContaining({ location: `/users/${id}` }),
      });
      expect(JSON.parse(traffic?.type === 'traffic' ? traffic.exchange.responseBody : '')).toEqual({
        id,
        name: 'Zoe',
      });
      await f.api('DELETE', `/models/User/records/${id}`);
    } finally {
      events.close();
    }
  });

  it('keeps the first 16 KiB of a larger body and says so (issue 24 §3)', async () => {
    const events = await readEvents(f.base, f.studio.token);
    try {
      const long = 'x'.repeat(70_000);
      await f.mock('POST', '/users', { name: long });
      await events.waitFor((all) =>
        all.some((e) => e.type === 'traffic' && e.exchange.requestBytes > 65_536),
      );
      const traffic = events
        .events()
        .find((e) => e.type === 'traffic' && e.exchange.requestBytes > 65_536);
      if (traffic?.type !== 'traffic') throw new Error('no traffic event');
      expect(traffic.exchange.requestTruncated).toBe(true);
      expect(Buffer.byteLength(traffic.exchange.requestBody)).toBe(TRAFFIC_BODY_LIMIT);
      expect(traffic.exchange.responseTruncated).toBe(true);
      expect(Buffer.byteLength(traffic.exchange.responseBody)).toBe(TRAFFIC_BODY_LIMIT);
      expect(traffic.exchange.responseBytes).toBeGreaterThan(70_000);
      const id = /^\{"id":(\d+),/.exec(traffic.exchange.responseBody)?.[1];
      expect((await f.api('DELETE', `/models/User/records/${id}`)).status).toBe(200);
    } finally {
      events.close();
    }
  });

  it('gives a reconnecting client what it missed (Last-Event-ID)', async () => {
    const first = await readEvents(f.base, f.studio.token);
    await first.waitFor(() => first.batches.length > 0);
    const seen = first.batches[0]!.lastId;
    first.close();
    // Another client keeps capturing while the first is away.
    const other = await readEvents(f.base, f.studio.token);
    await f.mock('GET', '/hello/again');
    await other.waitFor((all) =>
      all.some((e) => e.type === 'traffic' && e.exchange.url === '/hello/again'),
    );
    other.close();
    const again = await readEvents(f.base, f.studio.token, seen);
    try {
      await again.waitFor((all) =>
        all.some((e) => e.type === 'traffic' && e.exchange.url === '/hello/again'),
      );
      expect(again.events().every((e) => e.id > seen)).toBe(true);
      expect(again.batches.some((b) => b.gap === true)).toBe(false);
    } finally {
      again.close();
    }
  });
});

describe('the mock server', () => {
  it('stops and starts, announcing each state as an event', async () => {
    const events = await readEvents(f.base, f.studio.token);
    try {
      const url = f.studio.apiUrl!;
      const stopped = (await f.api('POST', '/server/stop')).json as ServerStatus;
      expect(stopped).toMatchObject({ state: 'stopped', url: null });
      await expect(fetch(`${url}/todos`)).rejects.toThrow();
      const started = (await f.api('POST', '/server/start')).json as ServerStatus;
      expect(started.state).toBe('running');
      expect((await f.mock('GET', '/todos')).status).toBe(200);
      await events.waitFor(
        (all) =>
          all
            .filter((e) => e.type === 'server')
            .map((e) => e.type === 'server' && e.server.state)
            .join() === 'stopped,running',
      );
    } finally {
      events.close();
    }
  });

  it('refuses a busy port with a problem and keeps serving where it was', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busy = (blocker.address() as { port: number }).port;
    try {
      const before = f.studio.apiUrl;
      const answer = await f.api('PUT', '/server/port', { port: busy });
      expect(answer.status).toBe(409);
      expect(answer.json).toMatchObject({ type: 'port-in-use' });
      expect(f.studio.apiUrl).toBe(before);
      expect((await f.mock('GET', '/todos')).status).toBe(200);
    } finally {
      blocker.close();
    }
  });

  it('moves to another port', async () => {
    const before = f.studio.apiUrl!;
    const moved = (await f.api('PUT', '/server/port', { port: 0 })).json as ServerStatus;
    expect(moved.state).toBe('running');
    expect(moved.url).not.toBe(before);
    expect(f.studio.apiUrl).toBe(moved.url);
    expect((await f.mock('GET', '/todos')).status).toBe(200);
    await expect(fetch(`${before}/todos`)).rejects.toThrow();
    expect((await f.api('PUT', '/server/port', { port: 70_000 })).status).toBe(422);
    expect((await f.api('PUT', '/server/port', { port: '1' })).status).toBe(422);
  });
});

describe('project open and reload', () => {
  it('reloads, and opens another folder (kept in recent projects)', async () => {
    expect(((await f.api('POST', '/project/reload')).json as ProjectStatus).state).toBe('loaded');
    const other = await copyProject(EXAMPLES.todo);
    const opened = (await f.api('POST', '/project/open', { dir: other })).json as ProjectStatus;
    expect(opened).toMatchObject({ root: other, state: 'loaded' });
    expect(opened.recent.slice(0, 2)).toEqual([other, f.dir]);
    const back = (await f.api('POST', '/project/open', { dir: f.dir })).json as ProjectStatus;
    expect(back.recent.slice(0, 2)).toEqual([f.dir, other]);
    expect((await f.api('POST', '/project/open', { dir: `${other}/nope` })).status).toBe(404);
    expect((await f.api('POST', '/project/open', { dir: 3 })).status).toBe(422);
    expect(((await f.api('GET', '/project')).json as ProjectStatus).root).toBe(f.dir);
  });
});

describe('a busy mock-API port at launch', () => {
  it('serves on a free port instead and says so in the server state', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busy = (blocker.address() as { port: number }).port;
    const other = await startStudioFixture(EXAMPLES.todo, { apiPort: busy });
    try {
      const server = (await other.api('GET', '/server')).json as ServerStatus;
      expect(server.state).toBe('running');
      expect(server.port).not.toBe(busy);
      expect(server.note).toBe(`port ${busy} was busy; serving on ${server.port} instead`);
      expect((await other.mock('GET', '/todos')).status).toBe(200);
    } finally {
      await other.dispose();
      blocker.close();
    }
  });
});
