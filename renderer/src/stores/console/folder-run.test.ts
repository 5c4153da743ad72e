/**
 * Issue 47: "Run collection" sends the whole tree in the collection's order (the core's: folder
 * order by the first `seq` under each folder, then `seq`; not by name), each with its tests,
 * against a real server; an unknown variable, a file that does not read and Stop each leave a
 * failed (or not run) entry and the rest as it should be.
 */
import type { ServerResponse } from 'node:http';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { RequestAssertion, RequestEntry } from '../../api';
import { sendJson, startTestServer } from '../../test-support/test-server';
import { ciCommand, ciSecretVariables } from './ci-command';
import { useConsoleStore } from './console-store';
import { runPlan, type RunSource, useFolderRunStore } from './folder-run';

const hanging: ServerResponse[] = [];
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer((call, res) => {
    if (call.url === '/hang') hanging.push(res);
    else sendJson(res, 200, { id: 1, url: call.url });
  });
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await server.close();
});
beforeEach(() => {
  useFolderRunStore.getState().dismiss();
  server.calls.length = 0;
});

function saved(
  folder: string,
  name: string,
  url: string,
  more: {
    seq?: number;
    assertions?: RequestAssertion[];
    query?: RequestEntry['request']['query'];
  } = {},
): RequestEntry {
  return {
    path: `${folder ? `${folder}/` : ''}${name}.json`,
    folder,
    request: {
      name,
      method: 'GET',
      url,
      headers: [],
      body: { kind: 'none' },
      auth: { kind: 'none' },
      ...more,
    },
  };
}

const status200: RequestAssertion = { kind: 'status', equals: 200 };

/**
 * A Postman collection imported as "Auth" then "Articles" (numbered through in that order), a
 * subfolder, an unnumbered folder and a request at the top, listed as the core lists it
 * (core/src/requests/request-order.ts, tested there): the top first, then each folder by the
 * first `seq` under it, its subfolders after it, the unnumbered ones last by name.
 */
function importedCollection(): RunSource {
  return {
    requests: [
      saved('', 'Health', '/health', { assertions: [status200] }),
      saved('Auth', 'Login', '/auth/login', { seq: 1, assertions: [status200] }),
      saved('Auth', 'Refresh', '/auth/refresh', {
        seq: 2,
        assertions: [status200, { kind: 'json-equals', pointer: '/id', value: 2 }],
      }),
      saved('Articles', 'List articles', '/articles', {
        seq: 3,
        query: [
          { name: 'limit', value: '5', enabled: true },
          { name: 'off', value: 'x', enabled: false },
        ],
      }),
      saved('Articles', 'Create article', '/articles/create', { seq: 4 }),
      saved('Articles/drafts', 'Draft', '/articles/draft', { seq: 5 }),
      saved('misc', 'Alpha', '/alpha'),
      saved('misc', 'Zebra', '/zebra'),
    ],
    problems: [
      { file: 'requests/Auth/broken.json', at: '3:7', message: 'Unexpected token' },
      { file: 'environments/Local.json', message: 'Not an environment' },
    ],
  };
}

const variables = {};

describe('Run collection', () => {
  it('sends the whole tree in the collection’s order, with each request’s tests', async () => {
    const source = importedCollection();
    await useFolderRunStore
      .getState()
      .run({ folder: '', whole: true }, source, variables, server.url);

    // Folder order is the source's (Auth before Articles), not the names'.
    expect(server.calls.map((c) => c.url)).toEqual([
      '/health',
      '/auth/login',
      '/auth/refresh',
      '/articles?limit=5',
      '/articles/create',
      '/articles/draft',
      '/alpha',
      '/zebra',
    ]);
    const { items, running, target } = useFolderRunStore.getState();
    expect(running).toBe(false);
    expect(target).toEqual({ folder: '', whole: true });
    expect(items.map((i) => [i.name, i.state])).toEqual([
      ['Health', 'passed'],
      ['Login', 'passed'],
      ['Refresh', 'failed'],
      ['List articles', 'sent'],
      ['Create article', 'sent'],
      ['Draft', 'sent'],
      ['Alpha', 'sent'],
      ['Zebra', 'sent'],
      // A request file that does not read is a failed entry; an environment's problem is not.
      ['Auth/broken.json', 'failed'],
    ]);
    // The failed test with what it expected and what came back; the passing one beside it.
    const refresh = items[2]!;
    expect(refresh.status).toBe(200);
    expect(refresh.timeMs).toEqual(expect.any(Number));
    expect(refresh.results?.map((r) => [r.pass, r.actual])).toEqual([
      [true, '200'],
      [false, '1'],
    ]);
    expect(items[8]!.error).toBe('The file does not read (at 3:7): Unexpected token');
  });

  it('runs one folder with its subfolders, in the same order', () => {
    const { send, items } = runPlan(importedCollection(), 'Articles');
    expect(send.map((e) => e.request.name)).toEqual(['List articles', 'Create article', 'Draft']);
    expect(items).toHaveLength(3);
    expect(runPlan(importedCollection(), 'Auth').items.map((i) => i.name)).toEqual([
      'Login',
      'Refresh',
      'Auth/broken.json',
    ]);
  });

  it('leaves what the run saved to the Console, as Bruno keeps runtime variables', async () => {
    useConsoleStore.setState({ savedValues: { kept: 'yes' } });
    const create = saved('a', 'Create', '/items', { seq: 1 });
    create.request.set = { itemId: '/id' };
    const source: RunSource = {
      requests: [create, saved('a', 'Read', '/items/{{itemId}}', { seq: 2 })],
      problems: [],
    };
    await useFolderRunStore.getState().run({ folder: 'a' }, source, variables, server.url);
    expect(server.calls.map((c) => c.url)).toEqual(['/items', '/items/1']);
    expect(useConsoleStore.getState().savedValues).toEqual({ kept: 'yes', itemId: '1' });
  });

  it('fails a request with an unknown variable, naming it, and goes on', async () => {
    const source: RunSource = {
      requests: [
        saved('a', 'Needs a token', '/me?token={{token}}', { seq: 1 }),
        saved('a', 'Open', '/open', { seq: 2, assertions: [status200] }),
      ],
      problems: [],
    };
    await useFolderRunStore
      .getState()
      .run({ folder: '', whole: true }, source, variables, server.url);
    const [first, second] = useFolderRunStore.getState().items;
    expect(first!.state).toBe('failed');
    expect(first!.error).toMatch(/Unknown variable \{\{token\}\}/);
    expect(second!.state).toBe('passed');
    expect(server.calls.map((c) => c.url)).toEqual(['/open']);
  });

  it('stops at Stop: the request on its way is cancelled, the rest not run', async () => {
    const source: RunSource = {
      requests: [
        saved('a', 'First', '/first', { seq: 1 }),
        saved('a', 'Slow', '/hang', { seq: 2 }),
        saved('b', 'Never', '/never', { seq: 3 }),
      ],
      problems: [],
    };
    const run = useFolderRunStore.getState().run({ folder: '' }, source, variables, server.url);
    const deadline = Date.now() + 10_000;
    while (!server.calls.some((c) => c.url === '/hang')) {
      if (Date.now() > deadline) throw new Error('the slow request never arrived');
      await new Promise((r) => setTimeout(r, 20));
    }
    useFolderRunStore.getState().stop();
    await run;
    const { items, stopped, running } = useFolderRunStore.getState();
    expect({ stopped, running }).toEqual({ stopped: true, running: false });
    expect(items.map((i) => [i.name, i.state, i.error])).toEqual([
      ['First', 'sent', undefined],
      ['Slow', 'failed', 'Stopped.'],
      ['Never', 'waiting', undefined],
    ]);
    expect(server.calls.map((c) => c.url)).toEqual(['/first', '/hang']);
  });
});

describe('the CI command (CONTRACT §7)', () => {
  const local = [saved('', 'List', '/todos')];
  it('names the project, the requests folder and the environment, and serves the mock API', () => {
    expect(ciCommand({ folder: '', environment: 'Local', requests: local })).toBe(
      'npx decorest run . requests --env Local --serve',
    );
    expect(ciCommand({ folder: 'Bruno Todos', environment: "Bob's env", requests: local })).toBe(
      `npx decorest run . 'requests/Bruno Todos' --env 'Bob'\\''s env' --serve`,
    );
  });
  it('starts no mock API for requests to other hosts, nor to {{baseUrl}} an environment gives', () => {
    const remote = [
      saved('', 'Remote', 'https://api.example.com/x'),
      saved('', 'Base', '{{baseUrl}}/todos'),
    ];
    expect(
      ciCommand({
        folder: 'x',
        environment: 'Staging',
        requests: remote,
        environmentBaseUrl: true,
      }),
    ).toBe('npx decorest run . requests/x --env Staging');
    expect(ciCommand({ folder: 'x', environment: '', requests: remote.slice(0, 1) })).toBe(
      'npx decorest run . requests/x',
    );
  });
  it('serves the mock API for {{baseUrl}} when no environment gives it, as the Console does', () => {
    const base = [saved('', 'Base', '{{baseUrl}}/todos')];
    expect(ciCommand({ folder: 'x', environment: '', requests: base })).toBe(
      'npx decorest run . requests/x --serve',
    );
  });
  it('names the CI variables of the environment’s secrets', () => {
    expect(
      ciSecretVariables({
        name: 'Local',
        variables: [
          { name: 'baseUrl', value: 'http://x' },
          { name: 'apiKey', value: '', secret: true },
          { name: 'old', value: '', secret: true, enabled: false },
        ],
      }),
    ).toEqual(['DECOREST_VAR_apiKey']);
  });
});
