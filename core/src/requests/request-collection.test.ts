/**
 * Issue 30: the collection on disk, without a server: the file format's round trip and key
 * order, a hand-broken file listed with its place and skipped, and secrets kept out of the
 * project folder.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { SavedRequest } from '../contract/requests-api.js';
import { checkRequest } from './check-request.js';
import { RequestCollection } from './request-collection.js';

let root: string;
let config: string;
let collection: RequestCollection;
beforeEach(async () => {
  const scratch = await mkdtemp(join(tmpdir(), 'decorest-requests-'));
  root = join(scratch, 'project');
  config = join(scratch, 'config');
  await mkdir(root);
  collection = new RequestCollection(root, config);
});
afterEach(async () => {
  await rm(join(root, '..'), { recursive: true, force: true });
});

const FULL: SavedRequest = {
  name: 'Create todo: with /slash',
  method: 'POST',
  url: '{{baseUrl}}/todos',
  headers: [
    { name: 'X-Trace', value: '{{trace}}', enabled: true },
    { name: 'X-Off', value: '1', enabled: false },
  ],
  query: [{ name: 'dry', value: 'true', enabled: true }],
  body: {
    kind: 'multipart',
    fields: [
      { kind: 'text', name: 'title', value: 'x', enabled: true },
      { kind: 'file', name: 'file', path: 'fixtures/a.png', fileName: 'a.png', enabled: true },
    ],
  },
  auth: { kind: 'basic', username: 'ada', password: '{{password}}' },
  assertions: [
    { kind: 'status', equals: 201 },
    { kind: 'json-equals', pointer: '/title', value: 'x' },
    { kind: 'json-exists', pointer: '/id' },
    { kind: 'header-equals', name: 'content-type', value: 'application/json' },
    { kind: 'header-exists', name: 'location' },
    { kind: 'time-below', ms: 500 },
  ],
};

describe('a saved request', () => {
  it('round-trips: save → file → list gives the same request', async () => {
    const saved = await collection.saveRequest('todos/admin', FULL);
    expect(saved.path).toBe('todos/admin/Create todo- with -slash.json');
    const listed = await collection.list();
    expect(listed.requests).toEqual([{ path: saved.path, folder: 'todos/admin', request: FULL }]);
    expect(listed.folders).toEqual(['todos', 'todos/admin']);
    expect(listed.problems).toEqual([]);
  });

  it('is written as pretty JSON with a stable key order and a trailing newline', async () => {
    // Keys given in another order come out in the contract's.
    const shuffled = checkRequest({
      auth: { kind: 'bearer', token: 't' },
      body: { text: '{}', kind: 'json' },
      headers: [{ enabled: true, value: 'v', name: 'A' }],
      url: '/x',
      method: 'get',
      name: 'x',
    });
    if (!shuffled.ok) throw new Error('not ok');
    await collection.saveRequest('', shuffled.value);
    expect(await readFile(join(root, 'requests', 'x.json'), 'utf8')).toBe(
      [
        '{',
        '  "version": 1,',
        '  "name": "x",',
        '  "method": "GET",',
        '  "url": "/x",',
        '  "headers": [',
        '    {',
        '      "name": "A",',
        '      "value": "v",',
        '      "enabled": true',
        '    }',
        '  ],',
        '  "body": {',
        '    "kind": "json",',
        '    "text": "{}"',
        '  },',
        '  "auth": {',
        '    "kind": "bearer",',
        '    "token": "t"',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('renames and moves: the new file written, the old one gone', async () => {
    const first = await collection.saveRequest('', { ...FULL, name: 'a' });
    const moved = await collection.saveRequest('b', { ...FULL, name: 'c' }, first.path);
    expect(moved.path).toBe('b/c.json');
    expect((await collection.list()).requests.map((r) => r.path)).toEqual(['b/c.json']);
  });

  it('refuses to overwrite another request of the same name', async () => {
    await collection.saveRequest('', { ...FULL, name: 'a' });
    await expect(collection.saveRequest('', { ...FULL, name: 'a' })).rejects.toMatchObject({
      status: 409,
    });
  });

  it('duplicates as "<name> copy", then "copy 2"', async () => {
    const a = await collection.saveRequest('f', { ...FULL, name: 'a' });
    expect((await collection.duplicateRequest(a.path)).path).toBe('f/a copy.json');
    expect((await collection.duplicateRequest(a.path)).request.name).toBe('a copy 2');
  });
});

describe('a symlinked folder', () => {
  it('is not followed by the list, and a save through it is refused (403), writing nothing outside', async () => {
    const outside = join(root, '..', 'outside');
    await mkdir(outside);
    await mkdir(join(root, 'requests'));
    await symlink(outside, join(root, 'requests', 'linked'));
    await writeFile(join(outside, 'x.json'), JSON.stringify({ name: 'x', url: '/' }));
    expect((await collection.list()).requests).toEqual([]);
    await expect(collection.saveRequest('linked', { ...FULL, name: 'y' })).rejects.toMatchObject({
      status: 403,
    });
    expect(await readdir(outside)).toEqual(['x.json']);
  });
});

describe('a file that does not read', () => {
  it('is listed with its path and line:column or JSON pointer, and the others still list', async () => {
    await collection.saveRequest('', { ...FULL, name: 'good' });
    const dir = join(root, 'requests');
    await writeFile(join(dir, 'broken.json'), '{\n  "name": "x",,\n}\n');
    await writeFile(
      join(dir, 'wrong.json'),
      JSON.stringify({ name: 'w', url: '/', headers: [{}] }),
    );
    await writeFile(join(dir, 'newer.json'), JSON.stringify({ version: 2, name: 'n', url: '/' }));
    const listed = await collection.list();
    expect(listed.requests.map((r) => r.request.name)).toEqual(['good']);
    expect(listed.problems).toEqual([
      { file: 'requests/broken.json', at: '2:15', message: expect.stringMatching(/^is not JSON/) },
      { file: 'requests/newer.json', at: '/version', message: expect.stringMatching(/version 1/) },
      { file: 'requests/wrong.json', at: '/headers/0/name', message: 'must be a string' },
    ]);
  });
});

describe('an environment', () => {
  it("keeps a secret's value out of the project and out of the list answer", async () => {
    await collection.saveEnvironment({
      name: 'Local',
      variables: [
        { name: 'baseUrl', value: 'http://127.0.0.1:3000' },
        { name: 'token', value: 's3cret-value', secret: true },
      ],
    });
    const file = await readFile(join(root, 'environments', 'Local.json'), 'utf8');
    expect(file).not.toContain('s3cret-value');
    expect(JSON.parse(file)).toEqual({
      version: 1,
      name: 'Local',
      variables: [
        { name: 'baseUrl', value: 'http://127.0.0.1:3000' },
        { name: 'token', secret: true },
      ],
    });
    const listed = await collection.list();
    expect(JSON.stringify(listed)).not.toContain('s3cret-value');
    expect(listed.environments[0]!.environment.variables[1]).toEqual({
      name: 'token',
      value: '',
      secret: true,
      hasValue: true,
    });
    expect((await collection.secrets('Local')).values).toEqual({ token: 's3cret-value' });
    const stored = await readdir(join(config, 'secrets'));
    expect(await readFile(join(config, 'secrets', stored[0]!), 'utf8')).toContain('s3cret-value');
  });

  it('keeps a stored secret when saved again without its value, and moves it on rename', async () => {
    const secret = { name: 'token', value: 'v1', secret: true };
    await collection.saveEnvironment({ name: 'A', variables: [secret] });
    await collection.saveEnvironment({ name: 'B', variables: [{ ...secret, value: '' }] }, 'A');
    expect((await collection.secrets('B')).values).toEqual({ token: 'v1' });
    expect((await collection.list()).environments.map((e) => e.path)).toEqual(['B.json']);
    await collection.deleteEnvironment('B');
    expect((await collection.list()).environments).toEqual([]);
  });
});
