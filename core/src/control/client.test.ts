import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';

import type {
  EventBatch,
  JsonRecord,
  ModelInfo,
  OutgoingResponse,
  RecordPage,
} from '../contract/control-api.js';
import { ControlClient, ControlError, type StreamState } from './client.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server | undefined;
const sockets = new Set<import('node:net').Socket>();

async function serve(handler: Handler): Promise<string> {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => handler(req, res, body));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

function json(res: ServerResponse, status: number, value: unknown, type = 'application/json') {
  res.writeHead(status, { 'Content-Type': type });
  res.end(JSON.stringify(value));
}

describe('ControlClient calls', () => {
  it('sends the token as a Bearer Authorization header on every call', async () => {
    const seen: (string | undefined)[] = [];
    const url = await serve((req, res) => {
      seen.push(req.headers.authorization);
      json(res, 200, []);
    });
    const client = new ControlClient({ baseUrl: url, token: 'secret-token' });
    await client.call('listModels');
    await client.call('listRoutes');
    expect(seen).toEqual(['Bearer secret-token', 'Bearer secret-token']);
  });

  it('puts the record query in the URL under /api and sends JSON bodies', async () => {
    const seen: { method?: string; url?: string; type?: string; body: string }[] = [];
    const url = await serve((req, res, body) => {
      seen.push({ method: req.method, url: req.url, type: req.headers['content-type'], body });
      json(res, 200, { items: [], total: 0, offset: 0, limit: 0 });
    });
    const client = new ControlClient({ baseUrl: `${url}/`, token: 't' });
    await client.call('listRecords', {
      params: { model: 'Todo' },
      query: { offset: 100, limit: 50, sort: '-id', q: '' },
    });
    await client.call('patchRecord', {
      params: { model: 'Todo', id: 7 },
      body: { completed: true },
    });
    await client.call('listRecords', {
      params: { model: 'User' },
      query: { id: [2, 'a b'], limit: 2 },
    });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/api/models/Todo/records?offset=100&limit=50&sort=-id',
    });
    expect(seen[2]).toMatchObject({ url: '/api/models/User/records?id=2&id=a+b&limit=2' });
    expect(seen[1]).toMatchObject({
      method: 'PATCH',
      url: '/api/models/Todo/records/7',
      type: 'application/json',
      body: '{"completed":true}',
    });
  });

  it('throws a ControlError carrying the problem, field errors included', async () => {
    const problem = {
      type: 'validation-error',
      title: 'Invalid todo',
      status: 422,
      detail: '1 field is invalid',
      message: '1 field is invalid',
      instance: '/api/models/Todo/records/1',
      errors: [{ field: 'content', message: 'must be a string' }],
    };
    const url = await serve((_req, res) => json(res, 422, problem, 'application/problem+json'));
    const client = new ControlClient({ baseUrl: url, token: 't' });
    const error = await client
      .call('patchRecord', { params: { model: 'Todo', id: 1 }, body: { content: 5 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ControlError);
    expect((error as ControlError).status).toBe(422);
    expect((error as ControlError).problem).toEqual(problem);
  });

  it('makes a problem from a non-problem error body and from an unreachable server', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(502);
      res.end('bad gateway');
    });
    const client = new ControlClient({ baseUrl: url, token: 't' });
    const bad = (await client.call('getServer').catch((e: unknown) => e)) as ControlError;
    expect(bad.problem).toMatchObject({ status: 502, detail: 'bad gateway' });

    const gone = new ControlClient({ baseUrl: 'http://127.0.0.1:1', token: 't' });
    const down = (await gone.call('getServer').catch((e: unknown) => e)) as ControlError;
    expect(down).toBeInstanceOf(ControlError);
    expect(down.problem).toMatchObject({ status: 0, title: 'Control API unreachable' });
  });
});

describe('ControlClient.call types (issue 43)', () => {
  it('takes what the operations table says each operation takes, and answers its type', () => {
    // Checked by the compiler only: never called.
    const typed = (client: ControlClient) => {
      expectTypeOf(client.call('listModels')).resolves.toEqualTypeOf<ModelInfo[]>();
      expectTypeOf(
        client.call('listRecords', { params: { model: 'Todo' }, query: { limit: 1 } }),
      ).resolves.toEqualTypeOf<RecordPage>();
      expectTypeOf(
        client.call('patchRecord', { params: { model: 'Todo', id: 1 }, body: { a: 1 } }),
      ).resolves.toEqualTypeOf<JsonRecord>();
      expectTypeOf(
        client.call('sendOutgoing', {
          body: { method: 'GET', url: 'http://x', headers: [], body: { kind: 'none' } },
        }),
      ).resolves.toEqualTypeOf<OutgoingResponse>();
      // @ts-expect-error: a record's path needs its model and id
      void client.call('patchRecord', { body: {} });
      // @ts-expect-error: the path has no :id
      void client.call('listRecords', { params: { model: 'Todo', id: 1 } });
      // @ts-expect-error: changePort's body is { port }
      void client.call('changePort', { body: { port: '80' } });
      // @ts-expect-error: changePort takes a body
      void client.call('changePort');
      // @ts-expect-error: listModels takes no body
      void client.call('listModels', { body: {} });
      // @ts-expect-error: the event stream and the file upload have their own methods
      void client.call('events');
    };
    expect(typed).toBeTypeOf('function');
  });
});

describe('ControlClient data and behaviour operations (issue 16)', () => {
  it('calls fake, reset, seed and behaviour on their paths with their bodies', async () => {
    const seen: string[] = [];
    const answers: Record<string, unknown> = {
      'POST /api/models/Todo%20Item/fake': { imported: 2, ids: [1, 2] },
      'POST /api/data/reset': { models: [{ model: 'Todo', file: 'seed/todos.json', count: 3 }] },
      'POST /api/data/seed': { models: [{ model: 'Todo', file: 'seed/todos.json', count: 5 }] },
      'GET /api/behaviour': { routes: [] },
      'PUT /api/behaviour': { routes: [], proxy: 'http://127.0.0.1:9' },
    };
    const url = await serve((req, res, body) => {
      const key = `${req.method} ${req.url}`;
      seen.push(body ? `${key} ${body}` : key);
      json(res, key.endsWith('/fake') ? 201 : 200, answers[key]);
    });
    const client = new ControlClient({ baseUrl: url, token: 't' });
    expect(
      await client.call('fakeRecords', {
        params: { model: 'Todo Item' },
        body: { count: 2, seed: 7 },
      }),
    ).toEqual({
      imported: 2,
      ids: [1, 2],
    });
    expect((await client.call('resetData')).models[0]).toMatchObject({ model: 'Todo', count: 3 });
    expect((await client.call('saveSeed')).models[0]).toMatchObject({ count: 5 });
    expect(await client.call('getBehaviour')).toEqual({ routes: [] });
    const set = await client.call('setBehaviour', {
      body: { routes: [], proxy: 'http://127.0.0.1:9' },
    });
    expect(set.proxy).toBe('http://127.0.0.1:9');
    expect(seen).toEqual([
      'POST /api/models/Todo%20Item/fake {"count":2,"seed":7}',
      'POST /api/data/reset',
      'POST /api/data/seed',
      'GET /api/behaviour',
      'PUT /api/behaviour {"routes":[],"proxy":"http://127.0.0.1:9"}',
    ]);
  });

  it('throws the no-seed problem of a reset and the field errors of a bad behaviour', async () => {
    const url = await serve((req, res) => {
      if (req.url === '/api/data/reset')
        return json(res, 404, { type: 'no-seed', title: 'No seed folder', status: 404 });
      json(res, 422, {
        type: 'invalid-body',
        title: 'Invalid mock behaviour',
        status: 422,
        detail: '1 field is invalid',
        errors: [{ field: 'proxy', message: 'must be an http(s) URL' }],
      });
    });
    const client = new ControlClient({ baseUrl: url, token: 't' });
    const noSeed = (await client.call('resetData').catch((e: unknown) => e)) as ControlError;
    expect(noSeed.problem).toMatchObject({ status: 404, type: 'no-seed' });
    const bad = (await client
      .call('setBehaviour', { body: { routes: [], proxy: 'ftp://x' } })
      .catch((e: unknown) => e)) as ControlError;
    expect(bad.problem.errors).toEqual([{ field: 'proxy', message: 'must be an http(s) URL' }]);
  });
});

describe('ControlClient.subscribe', () => {
  function batch(lastId: number): EventBatch {
    return {
      lastId,
      events: [{ id: lastId, type: 'records', model: 'Todo', op: 'create', ids: [lastId] }],
    };
  }

  it('reads batches with the token in the header and reconnects with Last-Event-ID', async () => {
    const connections: { auth?: string; lastEventId?: string }[] = [];
    const url = await serve((req, res) => {
      const lastEventId = req.headers['last-event-id'] as string | undefined;
      connections.push({ auth: req.headers.authorization, lastEventId });
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      // A short retry keeps the test quick; the first connection drops after one batch.
      res.write('retry: 20\n\n');
      if (connections.length === 1) {
        res.end(`id: 1\ndata: ${JSON.stringify(batch(1))}\n\n`);
      } else {
        res.write(`id: 2\ndata: ${JSON.stringify(batch(2))}\n\n`);
      }
    });
    const client = new ControlClient({ baseUrl: url, token: 'tok' });
    const batches: EventBatch[] = [];
    const states: StreamState[] = [];
    const stop = await new Promise<() => void>((resolve) => {
      const unsubscribe = client.subscribe({
        onBatch: (b) => {
          batches.push(b);
          if (batches.length === 2) resolve(unsubscribe);
        },
        onState: (s) => states.push(s),
      });
    });
    stop();
    expect(batches.map((b) => b.lastId)).toEqual([1, 2]);
    expect(connections).toEqual([
      { auth: 'Bearer tok', lastEventId: undefined },
      { auth: 'Bearer tok', lastEventId: '1' },
    ]);
    expect(states).toContain('reconnecting');
    expect(states.at(-1)).toBe('closed');
  });

  it('asks for the whole history on its first connection with replayHistory, then resumes', async () => {
    const lastEventIds: (string | undefined)[] = [];
    const url = await serve((req, res) => {
      lastEventIds.push(req.headers['last-event-id'] as string | undefined);
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('retry: 20\n\n');
      if (lastEventIds.length === 1) res.end(`id: 5\ndata: ${JSON.stringify(batch(5))}\n\n`);
      else res.write(`id: 6\ndata: ${JSON.stringify(batch(6))}\n\n`);
    });
    const client = new ControlClient({ baseUrl: url, token: 'tok' });
    const batches: EventBatch[] = [];
    const stop = await new Promise<() => void>((resolve) => {
      const unsubscribe = client.subscribe({
        replayHistory: true,
        onBatch: (b) => {
          batches.push(b);
          if (batches.length === 2) resolve(unsubscribe);
        },
      });
    });
    stop();
    expect(lastEventIds).toEqual(['0', '5']);
  });

  it('reports a closed stream when the token is refused', async () => {
    const url = await serve((_req, res) => json(res, 401, { title: 'Unauthorized', status: 401 }));
    const client = new ControlClient({ baseUrl: url, token: 'wrong' });
    const states: StreamState[] = [];
    // Resolves on the first state after 'connecting', whatever it is: a stream that opened or
    // went on reconnecting with a refused token would fail here.
    const settled = await new Promise<StreamState>((resolve) => {
      client.subscribe({
        onBatch: () => undefined,
        onState: (s) => {
          states.push(s);
          if (s !== 'connecting') resolve(s);
        },
      });
    });
    expect(settled).toBe('closed');
    expect(states).toEqual(['connecting', 'closed']);
  });
});
