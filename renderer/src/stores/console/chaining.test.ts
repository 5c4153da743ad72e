/**
 * Issue 47, request chaining in the Console: "Save from answer" rows are saved as the request's
 * `set` and come back when it opens; Send keeps what the answer gave for the next sends (until
 * another environment is chosen); Run folder fills it into the requests after it, as
 * `decorest run` does; a value the answer lacks fails the run's entry and names who missed it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { RequestEntry, SavedRequest } from '../../api';
import { sendJson, startTestServer } from '../../test-support/test-server';
import { useConsoleStore } from './console-store';
import { useFolderRunStore } from './folder-run';
import { savedRequestOf } from './saved-request';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer((call, res) => {
    if (call.method === 'POST') sendJson(res, 201, { id: 42, owner: { name: 'Ann' } });
    else sendJson(res, 200, { url: call.url });
  });
});
afterAll(() => server.close());
beforeEach(() => {
  useConsoleStore.setState(useConsoleStore.getInitialState(), true);
  useFolderRunStore.getState().dismiss();
  server.calls.length = 0;
});

const entry = (name: string, request: Partial<SavedRequest>): RequestEntry => ({
  path: `items/${name}.json`,
  folder: 'items',
  request: {
    name,
    method: 'GET',
    url: '/',
    headers: [],
    body: { kind: 'none' },
    auth: { kind: 'none' },
    ...request,
  },
});

describe('Save from answer in the Console', () => {
  it('saves the rows as the request’s "set" and opens them back as rows', () => {
    const s = useConsoleStore.getState();
    s.loadRequest({ method: 'POST', url: '/items', body: '{}' });
    useConsoleStore.getState().setSaves([
      { name: 'itemId', source: '/id' },
      { name: '', source: '/ignored' },
      { name: 'where', source: 'header:Location' },
    ]);
    const saved = savedRequestOf(useConsoleStore.getState(), 'Create');
    expect({ ...saved.set }).toEqual({ itemId: '/id', where: 'header:Location' });
    useConsoleStore.getState().loadSavedRequest(saved);
    expect(useConsoleStore.getState().saves).toEqual([
      { name: 'itemId', source: '/id' },
      { name: 'where', source: 'header:Location' },
    ]);
  });

  it('keeps what Send saved for the next sends, until another environment is chosen', async () => {
    const s = useConsoleStore.getState();
    s.setVariables({ itemId: 'from the environment' });
    s.loadRequest({ method: 'POST', url: '/items', body: '{}' });
    useConsoleStore.getState().setSaves([
      { name: 'itemId', source: '/id' },
      { name: 'owner', source: '/owner/name' },
      { name: 'missing', source: '/nope' },
    ]);
    await useConsoleStore.getState().sendRequest(server.url);
    expect(useConsoleStore.getState().captures).toEqual([
      { name: 'itemId', source: '/id', pass: true, actual: '42' },
      { name: 'owner', source: '/owner/name', pass: true, actual: '"Ann"' },
      { name: 'missing', source: '/nope', pass: false, actual: 'absent' },
    ]);
    expect(useConsoleStore.getState().savedValues).toEqual({ itemId: '42', owner: 'Ann' });

    useConsoleStore
      .getState()
      .loadRequest({ method: 'GET', url: '/items/{{itemId}}?by={{owner}}' });
    await useConsoleStore.getState().sendRequest(server.url);
    expect(server.calls.at(-1)!.url).toBe('/items/42?by=Ann');

    useConsoleStore.getState().setVariables({ itemId: '7' });
    await useConsoleStore.getState().sendRequest(server.url);
    expect(useConsoleStore.getState().error).toMatch(/Unknown variable \{\{owner\}\}/);
  });
});

describe('Run folder with saved values', () => {
  it('fills what a request saved into the requests after it', async () => {
    await useFolderRunStore.getState().run(
      { folder: 'items' },
      {
        requests: [
          entry('Create', {
            seq: 1,
            method: 'POST',
            url: '/items',
            body: { kind: 'json', text: '{}' },
            set: { itemId: '/id' },
          }),
          entry('Read', {
            seq: 2,
            url: '/items/{{itemId}}',
            assertions: [{ kind: 'json-equals', pointer: '/url', value: '/items/42' }],
          }),
        ],
        problems: [],
      },
      { itemId: 'from the environment' },
      server.url,
    );
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /items',
      'GET /items/42',
    ]);
    const [create, read] = useFolderRunStore.getState().items;
    expect(create).toMatchObject({
      state: 'passed',
      captures: [{ name: 'itemId', source: '/id', pass: true, actual: '42' }],
    });
    expect(read!.state).toBe('passed');
  });

  it('fails the request that needed a value its predecessor did not save, naming it', async () => {
    await useFolderRunStore.getState().run(
      { folder: '' },
      {
        requests: [
          entry('Create', { seq: 1, url: '/items', set: { itemId: '/id' } }),
          entry('Read', { seq: 2, url: '/items/{{itemId}}' }),
        ],
        problems: [],
      },
      {},
      server.url,
    );
    const [create, read] = useFolderRunStore.getState().items;
    expect(create!.state).toBe('failed');
    expect(read).toMatchObject({
      state: 'failed',
      error: '{{itemId}} has no value: "Create" was to save it from its answer, and did not',
    });
    expect(server.calls).toHaveLength(1);
  });
});
