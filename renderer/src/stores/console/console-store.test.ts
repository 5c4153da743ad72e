import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { client, ControlClient, type RouteInfo, setClient } from '../../api';
import { sendJson, startTestServer } from '../../test-support/test-server';
import { readHistory, writeHistory } from './console-history';
import { consoleSelectors, resolveUrl, useConsoleStore } from './console-store';
import { tabSnapshot } from './saved-request';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer((call, res) =>
    sendJson(res, call.method === 'POST' ? 201 : 200, { echo: call.body, url: call.url }),
  );
});
afterAll(() => server.close());
beforeEach(() => useConsoleStore.setState(useConsoleStore.getInitialState(), true));
afterEach(() => {
  setClient(null);
  vi.restoreAllMocks();
});

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
}

describe('console store', () => {
  it('keeps query rows and the URL in step', () => {
    const s = useConsoleStore.getState();
    s.setUrl('/todos?limit=2&sort=-id');
    expect(useConsoleStore.getState().query.map((r) => [r.name, r.value])).toEqual([
      ['limit', '2'],
      ['sort', '-id'],
    ]);
    s.setQueryRows([{ name: 'limit', value: '5', enabled: true }]);
    expect(useConsoleStore.getState().url).toBe('/todos?limit=5');
  });

  it('fills path params and puts a path on the mock API', () => {
    useConsoleStore.getState().setUrl('/users/:id/todos');
    const params = useConsoleStore.getState().pathParams;
    expect(params.map((p) => p.name)).toEqual(['id']);
    expect(
      resolveUrl(
        '/users/:id/todos',
        [{ name: 'id', value: '7', enabled: true }],
        'http://127.0.0.1:3000',
      ),
    ).toBe('http://127.0.0.1:3000/users/7/todos');
    expect(() => resolveUrl('/todos', [], null)).toThrow(/stopped/);
    expect(resolveUrl('http://elsewhere/x', [], null)).toBe('http://elsewhere/x');
    // A path typed without its slash is still a path on the mock API, not the studio's page.
    expect(resolveUrl('todos?limit=1', [], 'http://127.0.0.1:3000')).toBe(
      'http://127.0.0.1:3000/todos?limit=1',
    );
  });

  it('refuses to send with a path param left empty, naming it', async () => {
    expect(() =>
      resolveUrl('/todos/:id', [{ name: 'id', value: '', enabled: true }], 'http://x'),
    ).toThrow(/Fill the path parameter :id/);
    const sent = vi.spyOn(globalThis, 'fetch');
    const before = server.calls.length;
    useConsoleStore.getState().loadRequest({ method: 'DELETE', url: '/todos/:id' });
    await useConsoleStore.getState().sendRequest(server.url);
    expect(sent).not.toHaveBeenCalled();
    expect(server.calls).toHaveLength(before);
    expect(useConsoleStore.getState()).toMatchObject({
      sending: false,
      response: null,
      error: expect.stringMatching(/Fill the path parameter :id/),
    });
  });

  it('sends a JSON body typed by hand as JSON, and keeps a Content-Type that was set', async () => {
    const s = useConsoleStore.getState();
    s.loadRequest({ method: 'POST', url: '/todos', headers: [] });
    useConsoleStore.getState().setBody('{"content":"typed"}');
    await useConsoleStore.getState().sendRequest(server.url);
    expect(server.calls.at(-1)!.headers['content-type']).toBe('application/json');
    expect(useConsoleStore.getState().history[0]!.headers).toContainEqual([
      'Content-Type',
      'application/json',
    ]);

    useConsoleStore
      .getState()
      .setHeaders([{ name: 'content-type', value: 'text/csv', enabled: true }]);
    useConsoleStore.getState().setBody('{"a":1}');
    await useConsoleStore.getState().sendRequest(server.url);
    expect(server.calls.at(-1)!.headers['content-type']).toBe('text/csv');
  });

  it('sends to the mock API and records status, size and history', async () => {
    const s = useConsoleStore.getState();
    s.loadRequest({ method: 'POST', url: '/todos', body: '{"content":"a"}' });
    await useConsoleStore.getState().sendRequest(server.url);
    const { response, history } = useConsoleStore.getState();
    expect(response).toMatchObject({ status: 201 });
    expect(JSON.parse(response!.body)).toEqual({ echo: '{"content":"a"}', url: '/todos' });
    expect(response!.size).toBe(response!.body.length);
    expect(history[0]).toMatchObject({ method: 'POST', url: '/todos', status: 201 });
    expect(server.calls.at(-1)!.method).toBe('POST');
  });

  it('keeps history in storage across restarts and survives garbage in it', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    const entry = {
      id: '1',
      at: 1,
      method: 'GET',
      url: '/todos',
      headers: [],
      body: '',
      status: 200,
      timeMs: 3,
    };
    writeHistory(storage, [entry]);
    expect(readHistory(storage)).toEqual([entry]);
    storage.setItem('decorest.studio.console-history', '{not json');
    expect(readHistory(storage)).toEqual([]);
  });

  it("starts on the open project's first route, and follows another project while untouched", () => {
    const route = (method: RouteInfo['method'], path: string, operation?: string): RouteInfo => ({
      method,
      path,
      kind: operation ? 'generated' : 'manual',
      ...(operation ? { operation } : {}),
    });
    useConsoleStore.setState(useConsoleStore.getInitialState(), true);
    expect(useConsoleStore.getState().url).toBe('');
    useConsoleStore
      .getState()
      .startAt([route('POST', '/authors'), route('GET', '/authors', 'list')]);
    expect(useConsoleStore.getState().url).toBe('/authors');
    useConsoleStore.getState().startAt([route('GET', '/books/:id', 'get'), route('GET', '/books')]);
    expect(useConsoleStore.getState().url).toBe('/books');
    useConsoleStore.getState().setUrl('/books?limit=1');
    useConsoleStore.getState().startAt([route('GET', '/todos', 'list')]);
    expect(useConsoleStore.getState().url).toBe('/books?limit=1');
  });

  it('sends, shows and copies no body, Content-Type or body error for a GET after a POST', async () => {
    const s = useConsoleStore.getState();
    s.loadRequest({ method: 'POST', url: '/todos', body: '{"content":' });
    expect(consoleSelectors.bodyError(useConsoleStore.getState())).not.toBeNull();
    useConsoleStore.getState().setMethod('GET');
    const get = useConsoleStore.getState();
    expect(get.body).toBe('');
    expect(get.headers.map((h) => h.name)).toEqual(['Accept']);
    expect(consoleSelectors.bodyError(get)).toBeNull();
    await useConsoleStore.getState().sendRequest(server.url);
    expect(server.calls.at(-1)!.headers['content-type']).toBeUndefined();
    expect(useConsoleStore.getState().history[0]!.headers).toEqual([
      ['Accept', 'application/json'],
    ]);
    // Back on POST, what it had comes back: a slip of the method menu loses nothing.
    useConsoleStore.getState().setMethod('POST');
    expect(useConsoleStore.getState().body).toBe('{"content":');
    expect(useConsoleStore.getState().headers.map((h) => h.name)).toEqual([
      'Accept',
      'Content-Type',
    ]);
    // A request loaded after it starts clean: nothing set aside carries over.
    useConsoleStore.getState().setMethod('DELETE');
    useConsoleStore.getState().loadRequest({ method: 'POST', url: '/users' });
    expect(useConsoleStore.getState()).toMatchObject({ body: '', parked: null });
  });

  it("fills an untouched body with the fake-data generator's record, keeping every field", async () => {
    setClient(new ControlClient({ baseUrl: 'http://127.0.0.1:1', token: 't' }));
    vi.spyOn(client(), 'call').mockResolvedValue({
      content: 'Buy oat milk',
      due: '2026-12-01T10:00:00.000Z',
    });
    const s = useConsoleStore.getState();
    s.loadRequest({ method: 'POST', url: '/todos', body: '{"content":"x","note":""}' });
    await useConsoleStore.getState().sampleBodyOf('Todo');
    expect(JSON.parse(useConsoleStore.getState().body)).toEqual({
      content: 'Buy oat milk',
      note: '',
      due: '2026-12-01T10:00:00.000Z',
    });
    // The made-up values are what the tab was opened with, not an edit: no unsaved changes.
    expect(useConsoleStore.getState().baseline).toBe(tabSnapshot(useConsoleStore.getState()));
    // A body typed meanwhile is the user's: a late sample leaves it.
    let answer!: (value: Record<string, string>) => void;
    vi.spyOn(client(), 'call').mockReturnValue(new Promise((r) => (answer = r)));
    const pending = useConsoleStore.getState().sampleBodyOf('Todo');
    useConsoleStore.getState().setBody('{"mine":true}');
    answer({ content: 'late' });
    await pending;
    expect(useConsoleStore.getState().body).toBe('{"mine":true}');
  });
  it('opens a saved request with its query rows in the URL (a Bruno import keeps them apart)', () => {
    useConsoleStore.getState().loadSavedRequest({
      name: 'List',
      method: 'GET',
      url: '/todos?sort=id',
      query: [
        { name: 'limit', value: '5', enabled: true },
        { name: 'off', value: 'x', enabled: false },
      ],
      headers: [],
      body: { kind: 'none' },
      auth: { kind: 'none' },
    });
    expect(useConsoleStore.getState().url).toBe('/todos?sort=id&limit=5');
  });
});
