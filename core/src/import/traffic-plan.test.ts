/**
 * Issue 46: recorded traffic as an import plan. Exchanges with a real API become models typed
 * from every record seen, a seed holding each record once, manual routes and response rules
 * answering what was recorded, and a note for every guess and everything left out.
 */
import { describe, expect, it } from 'vitest';

import type { ImportPlan, PlannedModel } from './import-plan.js';
import type { RecordedExchange } from './recorded-exchange.js';
import { TrafficPlanner } from './traffic-plan.js';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

const get = (url: string, body: unknown, status = 200): RecordedExchange => ({
  method: 'GET',
  url,
  status,
  headers: JSON_TYPE,
  body: JSON.stringify(body),
});

async function planOf(exchanges: readonly RecordedExchange[]): Promise<ImportPlan> {
  const planner = new TrafficPlanner({ source: { kind: 'recording', file: 'test' } });
  for (const exchange of exchanges) planner.add(exchange);
  return planner.plan();
}

const model = (plan: ImportPlan, name: string): PlannedModel => {
  const found = plan.models.find((m) => m.name === name);
  if (!found) throw new Error(`no model ${name} in ${plan.models.map((m) => m.name).join(', ')}`);
  return found;
};

const notesAt = (plan: ImportPlan, at: string) => plan.notes.filter((n) => n.at === at);

describe('models from collection answers', () => {
  it('types each field from every record seen, optional where one lacked it, ids kept', async () => {
    const plan = await planOf([
      get('/users', [
        { id: 1, name: 'Ann', age: 31, address: { city: 'Oslo' } },
        { id: 2, name: 'Bo', address: { city: 'Rome', zip: '00100' } },
      ]),
      get('/users/3', { id: 3, name: 'Cy', age: 40, address: { city: 'Bern' }, admin: true }),
    ]);
    const user = model(plan, 'User');
    expect(user.path).toBe('users');
    expect(user.idType).toBe('number');
    expect(user.open).toBe(false);
    expect(user.fields).toEqual([
      { name: 'name', type: 'string', optional: false },
      { name: 'age', type: 'number', optional: true },
      { name: 'address', type: '{ city: string; zip?: string }', optional: false },
      { name: 'admin', type: 'boolean', optional: true },
    ]);
    expect(user.seed.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(notesAt(plan, 'User').map((n) => n.text)).toContain(
      'every record seen had name, address: a write must send them (add a ? to make them optional)',
    );
  });

  it('keeps each record once: the latest answer wins, field by field', async () => {
    const plan = await planOf([
      get('/posts/1', { id: 1, title: 'draft', body: 'long text' }),
      get('/posts', [
        { id: 1, title: 'final' },
        { id: 2, title: 'other' },
      ]),
      get('/posts?page=2', [{ id: 2, title: 'other, renamed' }]),
    ]);
    expect(model(plan, 'Post').seed).toEqual([
      { id: 1, title: 'final', body: 'long text' },
      { id: 2, title: 'other, renamed' },
    ]);
  });

  it('links <name>Id fields to the records they name, and reads nested lists as the collection', async () => {
    const plan = await planOf([
      get('/users', [{ id: 1, name: 'Ann' }]),
      get('/users/1/posts', [{ id: 7, userId: 1, title: 'hello' }]),
    ]);
    expect(model(plan, 'Post').relations).toEqual([
      { field: 'userId', target: 'User', hasMany: 'posts' },
    ]);
    expect(model(plan, 'Post').seed).toEqual([{ id: 7, userId: 1, title: 'hello' }]);
    expect(notesAt(plan, 'Post').map((n) => n.text)).toContain(
      'read from /users/1/posts too, as records of /posts',
    );
  });

  it('unions the fields of a path answering different shapes, and names the guess', async () => {
    const plan = await planOf([
      get('/items', [{ id: 1, name: 'a' }]),
      get('/items', [{ id: 2, label: 'b', price: 3 }]),
    ]);
    expect(model(plan, 'Item').fields).toEqual([
      { name: 'name', type: 'string', optional: true },
      { name: 'label', type: 'string', optional: true },
      { name: 'price', type: 'number', optional: true },
    ]);
    expect(notesAt(plan, 'Item').map((n) => n.text)).toContain(
      '/items answered records of 2 shapes: their fields are unioned, those some lacked optional (name in 1 of 2, label in 1 of 2, price in 1 of 2)',
    );
  });

  it('serves the models under the prefix they share, taking the id from an item path', async () => {
    const plan = await planOf([
      get('/api/v1/todos', [{ id: 'a1', done: false }]),
      get('/api/v1/todos/0b6e4a52-4d1e-4a53-9f0e-0c8d6f3f1a77', { done: true }),
      get('/other/things', [{ id: 1 }]),
    ]);
    expect(plan.basePath).toBe('/api/v1');
    expect(model(plan, 'Todo').idType).toBe('string');
    expect(model(plan, 'Todo').seed).toEqual([
      { id: 'a1', done: false },
      { id: '0b6e4a52-4d1e-4a53-9f0e-0c8d6f3f1a77', done: true },
    ]);
    expect(notesAt(plan, '/other/things')[0]!.text).toMatch(/not imported/);
  });

  it('adds the record a write answered and leaves out the one a DELETE removed', async () => {
    const plan = await planOf([
      get('/notes', [
        { id: 1, text: 'a' },
        { id: 2, text: 'b' },
      ]),
      {
        method: 'POST',
        url: '/notes',
        status: 201,
        headers: JSON_TYPE,
        body: '{"id":3,"text":"c"}',
      },
      {
        method: 'PATCH',
        url: '/notes/1',
        status: 200,
        headers: JSON_TYPE,
        body: '{"id":1,"text":"A"}',
      },
      { method: 'DELETE', url: '/notes/2', status: 204, headers: {} },
    ]);
    expect(model(plan, 'Note').seed).toEqual([
      { id: 1, text: 'A' },
      { id: 3, text: 'c' },
    ]);
    expect(plan.routes).toEqual([]);
  });
});

describe('other exchanges', () => {
  it('answers a non-CRUD path, a text body and an error as recorded, from manual routes', async () => {
    const plan = await planOf([
      get('/users', [{ id: 1, name: 'Ann' }]),
      {
        method: 'GET',
        url: '/health',
        status: 200,
        headers: { 'content-type': 'text/plain' },
        body: 'ok',
      },
      {
        method: 'POST',
        url: '/login',
        status: 401,
        headers: JSON_TYPE,
        body: '{"error":"bad password"}',
      },
      get('/users/me', { id: 1, name: 'Ann', me: true }),
    ]);
    expect(plan.routes).toEqual([
      {
        method: 'GET',
        path: '/health',
        status: 200,
        headers: { 'content-type': 'text/plain' },
        body: 'ok',
        source: 'recorded GET /health',
      },
      {
        method: 'POST',
        path: '/login',
        status: 401,
        body: { error: 'bad password' },
        source: 'recorded POST /login',
      },
      {
        method: 'GET',
        path: '/users/me',
        status: 200,
        body: { id: 1, name: 'Ann', me: true },
        source: 'recorded GET /users/me',
      },
    ]);
  });

  it("answers a model's recorded error for its id, and each query's own answer, by rules", async () => {
    const plan = await planOf([
      get('/users', [{ id: 1, name: 'Ann' }]),
      get('/users/999', { error: 'not found' }, 404),
      get('/users?sort=nope', { error: 'bad sort' }, 400),
      get('/search?q=a', { hits: ['a'] }),
      get('/search?q=b', { hits: ['b'] }),
    ]);
    expect(plan.rules).toEqual([
      {
        id: 'recorded-1',
        name: 'Recorded: GET /users/999 → 404',
        method: 'GET',
        path: '/users/:id',
        enabled: true,
        when: [{ part: 'param', name: 'id', matcher: 'equals', value: '999' }],
        responses: [{ status: 404, body: '{"error":"not found"}' }],
      },
      {
        id: 'recorded-2',
        name: 'Recorded: GET /users?sort=nope → 400',
        method: 'GET',
        path: '/users',
        enabled: true,
        when: [{ part: 'query', name: 'sort', matcher: 'equals', value: 'nope' }],
        responses: [{ status: 400, body: '{"error":"bad sort"}' }],
      },
      {
        id: 'recorded-3',
        name: 'Recorded: GET /search ?q=a',
        method: 'GET',
        path: '/search',
        enabled: true,
        when: [{ part: 'query', name: 'q', matcher: 'equals', value: 'a' }],
        responses: [{ status: 200, body: '{"hits":["a"]}' }],
      },
    ]);
    expect(plan.routes.map((r) => [r.path, r.body])).toEqual([['/search', { hits: ['b'] }]]);
  });

  it('names every exchange it skips: binary, over the limit, preflights, bodies a rule cannot send', async () => {
    const plan = await planOf([
      {
        method: 'GET',
        url: '/logo.png',
        status: 200,
        headers: {},
        skipped: { reason: 'binary', bytes: 2048, type: 'image/png' },
      },
      {
        method: 'GET',
        url: '/dump',
        status: 200,
        headers: {},
        skipped: { reason: 'limit', bytes: 200 * 1024 * 1024, limit: 5 * 1024 * 1024 },
      },
      { method: 'OPTIONS', url: '/users', status: 204, headers: {} },
      { method: 'OPTIONS', url: '/posts', status: 204, headers: {} },
      get('/users', [{ id: 1, name: 'Ann' }]),
      get('/users/5', { error: 'no {{user}} here' }, 404),
    ]);
    const texts = plan.notes
      .filter((n) => n.kind === 'not-imported')
      .map((n) => `${n.at}: ${n.text}`);
    expect(texts).toEqual([
      'GET /users/5: answered 404: its body holds {{, which a response rule reads as a placeholder',
      'GET /logo.png: answered image/png (2 KB), which is binary: not recorded',
      'GET /dump: answered 200.0 MB, over the 5.0 MB recorded per exchange: streamed through, not recorded',
      'OPTIONS: CORS preflights: the mock answers them itself (2 exchanges)',
    ]);
  });
});
