/**
 * Issue 16 through the control API of a real studio on 127.0.0.1: reset to the seed and save
 * it, fake records, simulated latency and failures set and cleared live, and the proxy to a
 * real upstream `node:http` server, each tagged in the traffic log.
 */
import { readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type {
  ImportResult,
  MockBehaviour,
  SeedResult,
  TrafficExchange,
} from '../contract/control-api.js';
import { rawRequest } from '../test-support/http-client.js';
import { EXAMPLES } from '../test-support/project-server.js';
import {
  readEvents,
  startStudioFixture,
  type StudioFixture,
} from '../test-support/studio-fixture.js';

let f: StudioFixture;
let upstream: Server | undefined;
/** What the upstream was asked, `METHOD url` each. */
let upstreamSeen: string[] = [];

beforeEach(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
});
afterEach(async () => {
  await f.dispose();
  if (upstream) {
    upstream.closeAllConnections();
    await new Promise<void>((r) => upstream!.close(() => r()));
    upstream = undefined;
  }
});

type Todo = { id: number; content: string; completed: boolean; user?: number };

async function seedTodos(): Promise<Todo[]> {
  return JSON.parse(await readFile(join(f.dir, 'seed', 'todos.json'), 'utf8')) as Todo[];
}

describe('resetData and saveSeed', () => {
  it('puts the data back to the seed and says so on the event stream', async () => {
    const events = await readEvents(f.base, f.studio.token);
    await f.mock('POST', '/todos', { content: 'extra', completed: false });
    await f.mock('DELETE', '/todos/1');
    const reset = await f.api('POST', '/data/reset');
    expect(reset.status, reset.text).toBe(200);
    const todos = await seedTodos();
    expect((reset.json as SeedResult).models).toContainEqual({
      model: 'Todo',
      file: 'seed/todos.json',
      count: todos.length,
    });
    expect((await f.mock('GET', '/todos?limit=1000')).json).toEqual(todos);
    await events.waitFor((all) =>
      all.some((e) => e.type === 'records' && e.model === 'Todo' && e.op === 'reset'),
    );
    events.close();
  });

  it('says in the project status whether a seed folder exists, as it is now', async () => {
    expect((await f.api('GET', '/project')).json).toMatchObject({ hasSeed: true });
    await rm(join(f.dir, 'seed'), { recursive: true });
    expect((await f.api('GET', '/project')).json).toMatchObject({ hasSeed: false });
    expect((await f.api('POST', '/data/reset')).status).toBe(404);
    expect((await f.api('POST', '/data/seed')).status).toBe(200);
    expect((await f.api('GET', '/project')).json).toMatchObject({ hasSeed: true });
  });

  it('saves the current data as the seed, which the next reset comes back to', async () => {
    await f.mock('POST', '/todos', { id: 500, content: 'keep me', completed: true });
    const saved = await f.api('POST', '/data/seed');
    expect(saved.status, saved.text).toBe(200);
    expect((await seedTodos()).map((t) => t.id)).toContain(500);
    await f.mock('DELETE', '/todos/500');
    await f.api('POST', '/data/reset');
    expect((await f.mock('GET', '/todos/500')).status).toBe(200);
  });
});

describe('fakeRecords', () => {
  it('adds valid records whose parents exist, the same seed giving the same records', async () => {
    const make = async () => {
      await f.api('POST', '/data/reset');
      const made = await f.api('POST', '/models/Todo/fake', { count: 200, seed: 42 });
      expect(made.status, made.text).toBe(201);
      const { ids } = made.json as ImportResult;
      expect(ids).toHaveLength(200);
      const all = (await f.mock('GET', '/todos?limit=1000')).json as Todo[];
      return all.filter((t) => ids.includes(t.id));
    };
    const first = await make();
    const users = ((await f.mock('GET', '/users')).json as { id: number }[]).map((u) => u.id);
    for (const todo of first) {
      expect(typeof todo.content).toBe('string');
      expect(typeof todo.completed).toBe('boolean');
      if (todo.user !== undefined) expect(users).toContain(todo.user);
    }
    expect(first.some((t) => t.user !== undefined)).toBe(true);
    const second = await make();
    const strip = (ts: Todo[]) => ts.map(({ id: _id, ...rest }) => rest);
    expect(strip(second)).toEqual(strip(first));
  });

  it('takes the model by path too, and refuses a bad count or an unknown model', async () => {
    expect((await f.api('POST', '/models/users/fake', { count: 3 })).status).toBe(201);
    expect((await f.api('POST', '/models/Todo/fake', { count: 0 })).status).toBe(422);
    expect((await f.api('POST', '/models/Nope/fake', { count: 1 })).status).toBe(404);
  });
});

/** Opens the event stream (capture on), then resolves the exchange of `url` once it comes. */
async function watchTraffic(url: string): Promise<() => Promise<TrafficExchange>> {
  const events = await readEvents(f.base, f.studio.token);
  const isIt = (e: { type: string }) =>
    e.type === 'traffic' && (e as unknown as { exchange: TrafficExchange }).exchange.url === url;
  return async () => {
    await events.waitFor((all) => all.some(isIt));
    events.close();
    return (events.events().find(isIt) as unknown as { exchange: TrafficExchange }).exchange;
  };
}

describe('latency and failures', () => {
  it('delays every answer by at least the minimum, live, tagged simulated', async () => {
    const events = await readEvents(f.base, f.studio.token);
    const set = await f.api('PUT', '/behaviour', { delay: { minMs: 150, maxMs: 200 }, routes: [] });
    expect(set.status, set.text).toBe(200);
    const started = performance.now();
    expect((await f.mock('GET', '/todos?_=delayed')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(149);
    await events.waitFor((all) =>
      all.some((e) => e.type === 'traffic' && e.exchange.url === '/todos?_=delayed'),
    );
    const exchange = events
      .events()
      .find((e) => e.type === 'traffic' && e.exchange.url === '/todos?_=delayed') as {
      exchange: TrafficExchange;
    };
    expect(exchange.exchange.tag).toBe('simulated');
    expect(exchange.exchange.durationMs).toBeGreaterThanOrEqual(149);
    events.close();
    // Cleared: the next answer carries no tag.
    expect((await f.api('PUT', '/behaviour', { routes: [] })).json).toEqual({ routes: [] });
    const plain = await watchTraffic('/todos?_=plain');
    await f.mock('GET', '/todos?_=plain');
    expect((await plain()).tag).toBeUndefined();
  });

  it('fails a share of requests with a problem saying it was simulated; a route rule wins', async () => {
    const rules: MockBehaviour = {
      fail: { rate: 1, status: 503 },
      routes: [{ method: 'GET', path: '/users', fail: { rate: 0, status: 500 } }],
    };
    const events = await readEvents(f.base, f.studio.token);
    expect((await f.api('PUT', '/behaviour', rules)).json).toEqual(rules);
    expect((await f.api('GET', '/behaviour')).json).toEqual(rules);
    // Every studio window learns of the change, and the server bar can show it.
    await events.waitFor((all) =>
      all.some((e) => e.type === 'server' && e.server.behaviour?.fail?.status === 503),
    );
    events.close();
    expect((await f.api('GET', '/server')).json).toMatchObject({ behaviour: rules });
    const failed = await f.mock('GET', '/todos');
    expect(failed.status).toBe(503);
    expect(failed.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(failed.json).toMatchObject({ type: expect.stringContaining('simulated-failure') });
    expect((failed.json as { detail: string }).detail).toMatch(/simulated/);
    expect((await f.mock('GET', '/users')).status).toBe(200);
    await f.api('PUT', '/behaviour', { routes: [] });
    expect((await f.mock('GET', '/todos')).status).toBe(200);
    expect((await f.api('GET', '/server')).json).not.toHaveProperty('behaviour');
  });

  it('refuses rules it cannot apply, with the field named, and keeps the old ones', async () => {
    await f.api('PUT', '/behaviour', { delay: { minMs: 1, maxMs: 1 }, routes: [] });
    const bad = await f.api('PUT', '/behaviour', { fail: { rate: 2, status: 200 }, routes: [] });
    expect(bad.status).toBe(422);
    const fields = (bad.json as { errors: { field: string }[] }).errors.map((e) => e.field);
    expect(fields).toEqual(['fail.rate', 'fail.status']);
    expect((await f.api('GET', '/behaviour')).json).toEqual({
      delay: { minMs: 1, maxMs: 1 },
      routes: [],
    });
  });
});

/** An upstream that echoes what it got; `/slow` never answers, `/stream` answers in parts. */
async function startUpstream(): Promise<string> {
  upstreamSeen = [];
  upstream = createServer((req: IncomingMessage, res: ServerResponse) => {
    upstreamSeen.push(`${req.method} ${req.url}`);
    if (req.url === '/slow') return; // never answers
    if (req.url === '/own-cors') {
      res.writeHead(200, { 'access-control-allow-origin': 'http://app.test' });
      res.end('{}');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/stream') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('one,');
        setTimeout(() => res.end('two'), 20);
        return;
      }
      res.writeHead(207, { 'content-type': 'application/json', 'x-upstream': 'yes' });
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          host: req.headers.host,
          custom: req.headers['x-custom'],
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
  });
  await new Promise<void>((r) => upstream!.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(upstream!.address() as AddressInfo).port}`;
}

describe('proxy', () => {
  it('forwards what no route matches (method, path, query, headers, body), tagged proxied', async () => {
    const target = await startUpstream();
    await f.api('PUT', '/behaviour', { proxy: target, routes: [] });
    const exchange = await watchTraffic('/api/orders?page=2');
    const answer = await rawRequest(f.studio.apiUrl!, 'POST', '/api/orders?page=2', {
      headers: { 'x-custom': 'kept', 'content-type': 'application/json' },
      body: '{"n":1}',
    });
    expect(answer.status).toBe(207);
    expect(answer.headers['x-upstream']).toBe('yes');
    expect(answer.json).toEqual({
      method: 'POST',
      url: '/api/orders?page=2',
      host: new URL(target).host,
      custom: 'kept',
      body: '{"n":1}',
    });
    const traffic = await exchange();
    expect(traffic.tag).toBe('proxied');
    expect(traffic.status).toBe(207);
    expect(JSON.parse(traffic.responseBody)).toEqual(answer.json);
    expect(traffic.requestBody).toBe('{"n":1}');
    expect(traffic.responseHeaders['x-upstream']).toBe('yes');
    // A mocked route still answers from the mock.
    expect((await f.mock('GET', '/todos/1')).json).toMatchObject({ id: 1 });
    expect((await rawRequest(f.studio.apiUrl!, 'GET', '/stream')).text).toBe('one,two');
    // A chunked upload larger than the mock API's own body limit streams through untouched.
    const big = 'x'.repeat(2 * 1024 * 1024);
    const upload = await rawRequest(f.studio.apiUrl!, 'PUT', '/upload', {
      body: big,
      chunked: true,
    });
    expect(upload.status).toBe(207);
    expect((upload.json as { body: string }).body.length).toBe(big.length);
  });

  it('answers CORS for proxied paths: preflights locally, headers on the forwarded answer (issue 23)', async () => {
    const target = await startUpstream();
    await f.api('PUT', '/behaviour', { proxy: target, routes: [] });
    const origin = { origin: 'http://localhost:5173' };
    const preflight = await rawRequest(f.studio.apiUrl!, 'OPTIONS', '/api/orders', {
      headers: {
        ...origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type, x-custom',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toContain('PUT');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type, x-custom');
    // A method the mock does not serve on a mocked path is forwarded, so its preflight allows it.
    const mockedPath = await rawRequest(f.studio.apiUrl!, 'OPTIONS', '/todos', {
      headers: { ...origin, 'access-control-request-method': 'PUT' },
    });
    expect(mockedPath.headers['access-control-allow-methods']).toContain('PUT');
    expect(upstreamSeen).toEqual([]);

    const answer = await rawRequest(f.studio.apiUrl!, 'PUT', '/api/orders', {
      headers: { ...origin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(207);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-expose-headers']).toContain('X-Total-Count');
    // A backend with its own CORS policy keeps it.
    const own = await rawRequest(f.studio.apiUrl!, 'GET', '/own-cors', { headers: origin });
    expect(own.headers['access-control-allow-origin']).toBe('http://app.test');
    // A plain OPTIONS (not a preflight) still reaches the backend.
    await rawRequest(f.studio.apiUrl!, 'OPTIONS', '/api/orders');
    expect(upstreamSeen).toEqual(['PUT /api/orders', 'GET /own-cors', 'OPTIONS /api/orders']);
  });

  it('answers 504 when the upstream is too slow and 502 when it is gone', async () => {
    const target = await startUpstream();
    await f.api('PUT', '/behaviour', { proxy: target, proxyTimeoutMs: 200, routes: [] });
    const slow = await f.mock('GET', '/slow');
    expect(slow.status).toBe(504);
    expect(slow.json).toMatchObject({ type: expect.stringContaining('proxy-timeout') });
    upstream!.closeAllConnections();
    await new Promise<void>((r) => upstream!.close(() => r()));
    upstream = undefined;
    const gone = await f.mock('GET', '/anything');
    expect(gone.status).toBe(502);
    expect(gone.json).toMatchObject({ type: expect.stringContaining('proxy-failed') });
  });
});

describe('startStudio options', () => {
  it('starts with the behaviour it is given and the data reset to the seed', async () => {
    const rules: MockBehaviour = { fail: { rate: 1, status: 418 }, routes: [] };
    const other = await startStudioFixture(EXAMPLES.todo, { behaviour: rules, reset: true });
    try {
      expect((await other.api('GET', '/behaviour')).json).toEqual(rules);
      expect((await other.mock('GET', '/todos')).status).toBe(418);
      await other.api('PUT', '/behaviour', { routes: [] });
      const todos = JSON.parse(
        await readFile(join(other.dir, 'seed', 'todos.json'), 'utf8'),
      ) as Todo[];
      expect((await other.mock('GET', '/todos?limit=1000')).json).toEqual(todos);
      // The engine's own call, for a test suite's beforeEach.
      await other.mock('DELETE', `/todos/${todos[0]!.id}`);
      const counts = await other.studio.resetData();
      expect(counts.find((c) => c.model === 'Todo')?.count).toBe(todos.length);
      expect((await other.mock('GET', '/todos?limit=1000')).json).toEqual(todos);
    } finally {
      await other.dispose();
    }
  });
});
