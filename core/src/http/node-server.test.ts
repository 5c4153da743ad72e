import { once } from 'node:events';
import { connect } from 'node:net';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonRequest, type RawAnswer, rawRequest } from '../test-support/http-client.js';
import { manualRoute as route, serveRoutes } from '../test-support/route-server.js';
import { type RunningServer, startServer } from './node-server.js';
import { buildRouteTable } from './route-table.js';
import type { TrafficEvent } from './traffic.js';
import type { HandlerFunction, RouteDefinition } from './types.js';

let server: RunningServer | undefined;
const logged: unknown[] = [];

async function serve(routes: RouteDefinition[], handlerTimeoutMs?: number): Promise<string> {
  server = await serveRoutes(routes, {
    logger: { error: (_message, error) => logged.push(error) },
    ...(handlerTimeoutMs === undefined ? {} : { handlerTimeoutMs }),
  });
  return server.url;
}

/** A deep merge without a key check, as handlers are often written. */
function naiveMerge(target: Record<string, unknown>, source: unknown): void {
  for (const [key, value] of Object.entries(source as object)) {
    if (value !== null && typeof value === 'object') {
      target[key] ??= {};
      naiveMerge(target[key] as Record<string, unknown>, value);
    } else target[key] = value;
  }
}

afterEach(async () => {
  await server?.close();
  server = undefined;
  logged.length = 0;
});

function expectProblem(
  answer: { status: number; headers: Record<string, unknown>; json: unknown },
  status: number,
) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const body = answer.json as Record<string, unknown>;
  expect(body).toMatchObject({ status, type: expect.any(String), title: expect.any(String) });
  expect(body.detail).toBe(body.message);
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
  return body;
}

describe('the API server', () => {
  it('binds 127.0.0.1 by default and answers JSON', async () => {
    const url = await serve([
      route('GET', '/hello/:name', (req, res) => res.json({ hello: req.params('name') })),
    ]);
    expect(server?.host).toBe('127.0.0.1');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const answer = await jsonRequest(url, 'GET', '/hello/ann');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.json).toEqual({ hello: 'ann' });
  });

  it('passes the parsed body and lets a handler chain status and json', async () => {
    const url = await serve([
      route('POST', '/echo', (req, res) => res.status(201).json({ got: req.body() })),
    ]);
    const answer = await jsonRequest(url, 'POST', '/echo', { a: [1, 2] });
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({ got: { a: [1, 2] } });
  });

  it('accepts JSON media types with a charset and merge-patch+json', async () => {
    const url = await serve([route('PATCH', '/x', (req) => req.body())]);
    for (const type of [
      'application/json; charset=utf-8',
      'application/merge-patch+json',
      'Application/JSON',
    ]) {
      const answer = await rawRequest(url, 'PATCH', '/x', {
        headers: { 'content-type': type },
        body: '{"a":1}',
      });
      expect(answer.status, type).toBe(200);
      expect(answer.json).toEqual({ a: 1 });
    }
  });

  it('sends what a plain function returns as JSON', async () => {
    const url = await serve([route('GET', '/v', async () => ({ ok: true }))]);
    expect((await jsonRequest(url, 'GET', '/v')).json).toEqual({ ok: true });
  });

  it('answers 415 to a body that is not JSON', async () => {
    const url = await serve([route('POST', '/x', () => ({}))]);
    const answer = await rawRequest(url, 'POST', '/x', {
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    const body = expectProblem(answer, 415);
    expect(body.detail).toContain('text/plain');
    expect(body.instance).toBe('/x');
  });

  it('answers 400 saying where malformed JSON broke', async () => {
    const url = await serve([route('POST', '/x', () => ({}))]);
    const answer = await rawRequest(url, 'POST', '/x', {
      headers: { 'content-type': 'application/json' },
      body: '{\n  "a": tru\n}',
    });
    const body = expectProblem(answer, 400);
    expect(body.detail).toMatch(/line 2, column 8/);
  });

  it('answers 400 to a body that is not valid UTF-8', async () => {
    const url = await serve([route('POST', '/x', () => ({}))]);
    const answer = await rawRequest(url, 'POST', '/x', {
      headers: { 'content-type': 'application/json' },
      body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    expect(expectProblem(answer, 400).detail).toMatch(/UTF-8/);
  });

  it('answers 413 to bodies over 1 MiB, declared or chunked', async () => {
    const handler = vi.fn(() => ({}));
    const url = await serve([route('POST', '/x', handler)]);
    const big = JSON.stringify({ s: 'x'.repeat(1024 * 1024) });
    expectProblem(
      await rawRequest(url, 'POST', '/x', {
        headers: { 'content-type': 'application/json' },
        body: big,
      }),
      413,
    );
    expectProblem(
      await rawRequest(url, 'POST', '/x', {
        headers: { 'content-type': 'application/json' },
        body: big,
        chunked: true,
      }),
      413,
    );
    expect(handler).not.toHaveBeenCalled();
  });

  it('rejects __proto__, constructor and prototype keys anywhere, escaped or not', async () => {
    // The handler merges the body the careless way: a forbidden key that got through would
    // reach Object.prototype.
    const handler = vi.fn((req: Parameters<HandlerFunction>[0]) => {
      naiveMerge({}, req.body());
      return {};
    });
    const url = await serve([route('POST', '/x', handler)]);
    const answer = await rawRequest(url, 'POST', '/x', {
      headers: { 'content-type': 'application/json' },
      body: '{"a":{"__pro\\u0074o__":{"polluted":1}},"list":[{"constructor":{"prototype":{}}}]}',
    });
    const body = expectProblem(answer, 422);
    expect(body.errors).toEqual([
      { field: 'a.__proto__', message: 'is a forbidden key' },
      { field: 'list[0].constructor', message: 'is a forbidden key' },
    ]);
    expect(handler).not.toHaveBeenCalled();
    const polluted = Object.getOwnPropertyNames(Object.prototype).includes('polluted');
    delete (Object.prototype as Record<string, unknown>)['polluted'];
    expect(polluted, 'Object.prototype polluted').toBe(false);
  });

  it('answers HEAD wherever GET works, with headers and no body', async () => {
    const url = await serve([route('GET', '/v', () => ({ ok: true }))]);
    const answer = await rawRequest(url, 'HEAD', '/v');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-length']).toBe('11');
    expect(answer.text).toBe('');
  });

  it('answers 404 as a problem for unknown paths', async () => {
    const url = await serve([route('GET', '/v', () => ({}))]);
    const body = expectProblem(await rawRequest(url, 'GET', '/nothing?x=1'), 404);
    expect(body).toMatchObject({ detail: 'No route for GET /nothing', instance: '/nothing' });
  });

  it('answers 405 with Allow for a known path and a wrong method', async () => {
    const url = await serve([
      route('GET', '/v/:id', () => ({})),
      route('DELETE', '/v/:id', () => ({})),
    ]);
    const answer = await rawRequest(url, 'PUT', '/v/1', {
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expectProblem(answer, 405);
    expect(String(answer.headers.allow).split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD']);
  });

  it('turns a throwing handler into a 500 problem, logs the stack, and keeps serving', async () => {
    const url = await serve([
      route('GET', '/boom', () => {
        throw new Error('secret internals');
      }),
      route('GET', '/ok', () => ({ ok: true })),
    ]);
    const body = expectProblem(await rawRequest(url, 'GET', '/boom'), 500);
    expect(JSON.stringify(body)).not.toContain('secret internals');
    expect((logged[0] as Error).message).toBe('secret internals');
    expect((await jsonRequest(url, 'GET', '/ok')).json).toEqual({ ok: true });
  });

  it('drops a client that leaves mid-body quietly: no log line, no handler call', async () => {
    let called = 0;
    const url = await serve([
      route('POST', '/echo', (req, res) => {
        called++;
        res.json(req.body());
      }),
    ]);
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    // The server keeps serving, and the next request is answered normally.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answer = await jsonRequest(url, 'POST', '/echo', { b: 1 });
    expect(answer.json).toEqual({ b: 1 });
    expect(called).toBe(1);
    expect(logged).toEqual([]);
  });

  it('answers 504 when a handler never answers, and frees the socket', async () => {
    const url = await serve([route('GET', '/hang', () => new Promise(() => {}))], 150);
    const body = expectProblem(await rawRequest(url, 'GET', '/hang'), 504);
    expect(body.detail).toContain('150 ms');
  });

  it('publishes one traffic event per answered request', async () => {
    const url = await serve([
      route('POST', '/x', (_req, res) => res.status(201).json({ ok: 1 })),
      route('GET', '/slow', () => new Promise((resolve) => setTimeout(() => resolve({}), 50))),
    ]);
    const events: TrafficEvent[] = [];
    server!.traffic.subscribe((e) => events.push(e));
    await jsonRequest(url, 'POST', '/x?y=1', { a: 1 });
    await rawRequest(url, 'GET', '/missing');
    const started = performance.now();
    await rawRequest(url, 'GET', '/slow');
    const roundTrip = performance.now() - started;
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({
      method: 'POST',
      url: '/x?y=1',
      status: 201,
      requestBytes: 7,
      responseBytes: 8,
    });
    expect(events[1]).toMatchObject({ method: 'GET', status: 404 });
    expect(events[1]!.seq).toBe(events[0]!.seq + 1);
    // The handler's 50 ms timer is inside the duration (timers may fire a little early), and
    // the duration is inside the round trip the client saw: milliseconds, of this request.
    expect(events[2]).toMatchObject({ method: 'GET', url: '/slow', status: 200 });
    expect(events[2]!.durationMs).toBeGreaterThanOrEqual(45);
    expect(events[2]!.durationMs).toBeLessThanOrEqual(roundTrip);
  });

  it('captures headers and bodies for a capturing listener, headers set on res.raw included', async () => {
    const url = await serve([
      route('POST', '/x', (_req, res) => {
        res.raw.setHeader('x-raw', 'set on raw');
        res.header('x-own', 'set on res').status(201).json({ ok: 1 });
      }),
      route('GET', '/plain', () => ({ plain: true })),
    ]);
    const events: TrafficEvent[] = [];
    server!.traffic.subscribe((e) => events.push(e), { capture: true });
    const answer = await jsonRequest(url, 'POST', '/x', { a: 1 });
    expect(answer.headers['x-raw']).toBe('set on raw');
    await rawRequest(url, 'GET', '/plain');
    const [posted, got] = events;
    expect(posted!.capture).toMatchObject({
      requestHeaders: expect.objectContaining({ 'content-type': 'application/json' }),
      requestBodyBytes: 7,
      responseHeaders: expect.objectContaining({
        'x-raw': 'set on raw',
        'x-own': 'set on res',
        'content-length': '8',
      }),
      responseBody: '{"ok":1}',
    });
    expect(Buffer.concat(posted!.capture!.requestBody).toString()).toBe('{"a":1}');
    expect(got!.capture!.responseHeaders).not.toHaveProperty('x-raw');
    expect(got!.capture!.responseBody).toBe('{"plain":true}');
  });

  it('swaps the route table atomically, with requests in flight', async () => {
    /** Table `version`: GET /v, and POST /echo that answers its body; `hold` delays GET /v. */
    const tableOf = (version: number, hold?: () => Promise<void>) =>
      buildRouteTable(
        [
          route('GET', '/v', async () => {
            await hold?.();
            return { version, payload: 'x'.repeat(20_000) };
          }),
          route('POST', '/echo', (req) => ({ version, body: req.body() })),
        ],
        [],
      );
    const complete = (answer: RawAnswer, versions: number[], body?: unknown) => {
      expect(answer.status, answer.text.slice(0, 200)).toBe(200);
      const json = answer.json as { version: number };
      expect(versions).toContain(json.version);
      if (body === undefined)
        expect(json).toEqual({ version: json.version, payload: 'x'.repeat(20_000) });
      else expect(json).toEqual({ version: json.version, body });
    };

    // 1. Requests held inside table 1's handler while table 2 comes in finish on table 1.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered = 0;
    let allEntered!: () => void;
    const waiting = new Promise<void>((resolve) => (allEntered = resolve));
    const url = await serve([]);
    server!.setTable(
      tableOf(1, async () => {
        if (++entered === 8) allEntered();
        await gate;
      }),
    );
    const held = Array.from({ length: 8 }, () => rawRequest(url, 'GET', '/v'));
    await waiting;
    // 2. Requests whose body is half sent when the table changes.
    const halfSent = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const socket = connect(Number(new URL(url).port), '127.0.0.1');
        await once(socket, 'connect');
        const body = JSON.stringify({ n: i });
        socket.write(
          `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 3)}`,
        );
        return { socket, body };
      }),
    );
    server!.setTable(tableOf(2));
    const after = Array.from({ length: 8 }, () => rawRequest(url, 'GET', '/v'));
    const answered = halfSent.map(async ({ socket, body }) => {
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString()));
      socket.end(body.slice(3));
      await once(socket, 'close');
      return { text, body };
    });
    release();
    for (const answer of await Promise.all(held)) complete(answer, [1]);
    for (const answer of await Promise.all(after)) complete(answer, [2]);
    for (const { text, body } of await Promise.all(answered)) {
      const [head, json] = text.split('\r\n\r\n') as [string, string];
      const parsed: unknown = JSON.parse(json);
      complete(
        { status: Number(head.split(' ')[1]), headers: {}, text, json: parsed },
        [1, 2],
        JSON.parse(body),
      );
    }

    // 3. A stream of requests while the table changes again and again: every answer is a
    // whole one from one of the tables, never a 404 or a mix.
    let swapping = true;
    const swaps = (async () => {
      for (let version = 3; version <= 40; version++) {
        server!.setTable(tableOf(version));
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      swapping = false;
    })();
    const versions = Array.from({ length: 41 }, (_, i) => i);
    const clients = Array.from({ length: 6 }, async () => {
      let n = 0;
      while (swapping || n === 0) {
        complete(await rawRequest(url, 'GET', '/v'), versions);
        const echo = { n: n++ };
        complete(await jsonRequest(url, 'POST', '/echo', echo), versions, echo);
      }
    });
    await Promise.all([swaps, ...clients]);
  });

  it('lets a manual route win over a generated one of the same shape', async () => {
    const generated: RouteDefinition = {
      ...route('GET', '/todos/:id', () => ({ from: 'generated' })),
      origin: 'generated',
    };
    const manual = route('GET', '/todos/:todoId', () => ({ from: 'manual' }));
    server = await startServer({ port: 0, table: buildRouteTable([manual], [generated]) });
    expect((await jsonRequest(server.url, 'GET', '/todos/1')).json).toEqual({ from: 'manual' });
    expect(server.table().routes).toHaveLength(1);
  });
});
