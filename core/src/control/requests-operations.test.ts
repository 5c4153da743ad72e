/**
 * Issue 30: the Console's saved requests and environments through the control API of a real
 * studio on 127.0.0.1: list, save (create, replace, rename, move), duplicate, delete,
 * environments with secrets kept in the user's config folder, imports, and every refusal
 * (bad bodies named by pointer, hostile names and paths never writing outside the folders).
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type {
  EnvironmentEntry,
  EnvironmentSecrets,
  ImportRequestsResult,
  Problem,
  RequestCollection,
  RequestEntry,
  SavedRequest,
} from '../contract/control-api.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';

let f: StudioFixture;
beforeEach(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
});
afterEach(async () => {
  await f.dispose();
});

const request = (name: string, extra: Partial<SavedRequest> = {}): SavedRequest => ({
  name,
  method: 'GET',
  url: '{{baseUrl}}/todos',
  headers: [{ name: 'Accept', value: 'application/json', enabled: true }],
  body: { kind: 'none' },
  auth: { kind: 'none' },
  ...extra,
});

const list = async () => (await f.api('GET', '/requests')).json as RequestCollection;

/** Every file under the project and the config folder, relative, for "nothing else written". */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

describe('GET /api/requests', () => {
  it('answers an empty collection for a project without requests', async () => {
    const answer = await f.api('GET', '/requests');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ folders: [], requests: [], environments: [], problems: [] });
  });

  it('reads the disk every time: a file written by hand lists at once, a broken one as a problem', async () => {
    await f.api('PUT', '/requests', { folder: '', request: request('a') });
    await writeFile(join(f.dir, 'requests', 'by-hand.json'), JSON.stringify(request('by hand')));
    await writeFile(join(f.dir, 'requests', 'broken.json'), '{"name": ');
    const listed = await list();
    expect(listed.requests.map((r) => r.request.name)).toEqual(['a', 'by hand']);
    expect(listed.problems).toEqual([
      { file: 'requests/broken.json', at: '1:10', message: expect.stringMatching(/^is not JSON/) },
    ]);
  });
});

describe('PUT /api/requests', () => {
  it('creates a request file under requests/<folder>/<name>.json and lists it the same', async () => {
    const sent = request('List todos', {
      body: { kind: 'form-urlencoded', fields: [{ name: 'a', value: '1', enabled: true }] },
      auth: { kind: 'bearer', token: '{{token}}' },
      assertions: [{ kind: 'status', equals: 200 }],
    });
    const answer = await f.api('PUT', '/requests', { folder: 'todos', request: sent });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ path: 'todos/List todos.json', folder: 'todos', request: sent });
    expect(existsSync(join(f.dir, 'requests', 'todos', 'List todos.json'))).toBe(true);
    expect((await list()).requests).toEqual([answer.json]);
  });

  it('replaces, renames and moves: the old file goes only once the new one is written', async () => {
    const a = (await f.api('PUT', '/requests', { folder: '', request: request('a') }))
      .json as RequestEntry;
    const renamed = await f.api('PUT', '/requests', {
      folder: 'moved',
      request: request('b', { method: 'DELETE' }),
      path: a.path,
    });
    expect(renamed.json).toMatchObject({ path: 'moved/b.json', request: { method: 'DELETE' } });
    expect((await list()).requests.map((r) => r.path)).toEqual(['moved/b.json']);
  });

  it('answers 409 rather than overwrite another request, 404 for a path that is gone', async () => {
    await f.api('PUT', '/requests', { folder: '', request: request('a') });
    expect((await f.api('PUT', '/requests', { folder: '', request: request('a') })).status).toBe(
      409,
    );
    const gone = await f.api('PUT', '/requests', {
      folder: '',
      request: request('x'),
      path: 'nope.json',
    });
    expect(gone.status).toBe(404);
  });

  it('answers 422 naming every invalid field by its pointer', async () => {
    const answer = await f.api('PUT', '/requests', {
      folder: 7,
      request: {
        name: '',
        method: 'GE T',
        url: 3,
        headers: [{ name: 1 }],
        body: { kind: 'yaml' },
        auth: { kind: 'digest' },
        assertions: [{ kind: 'status', equals: 42 }],
      },
    });
    expect(answer.status).toBe(422);
    expect((answer.json as Problem).errors?.map((e) => e.field)).toEqual([
      '/folder',
      '/request/name',
      '/request/method',
      '/request/url',
      '/request/headers/0/name',
      '/request/body/kind',
      '/request/auth/kind',
      '/request/assertions/0/equals',
    ]);
  });

  it('sanitises hostile names and refuses hostile folders and paths, writing nowhere else', async () => {
    const before = await filesUnder(f.dir);
    const hostile = ['../x', '..\\..\\x', 'con', 'a\u0001b', 'x'.repeat(150), '/etc/passwd'];
    for (const name of hostile) {
      const answer = await f.api('PUT', '/requests', { folder: '', request: request(name) });
      expect(answer.status, name).toBe(200);
      const { path } = answer.json as RequestEntry;
      // One plain file name right under requests/ (`-..-x.json` is a name, not a way up).
      expect(path, name).not.toMatch(/[/\\]/);
      expect(
        [...path].every((c) => c >= ' '),
        name,
      ).toBe(true);
      expect(existsSync(join(f.dir, 'requests', path)), name).toBe(true);
    }
    expect((await list()).requests.map((r) => r.request.name).sort()).toEqual([...hostile].sort());
    // A name of 300 characters or with NUL is refused (the name is kept in the file as given).
    for (const name of ['x'.repeat(300), 'a\0b'])
      expect((await f.api('PUT', '/requests', { folder: '', request: request(name) })).status).toBe(
        422,
      );
    for (const folder of ['../outside', 'a/../../b', 'a\0'])
      expect((await f.api('PUT', '/requests', { folder, request: request('r') })).status).toBe(422);
    for (const path of ['../package.json', '../../etc/passwd.json', '/abs.json', 'a/../b.json'])
      for (const [method, op] of [
        ['PUT', '/requests'],
        ['POST', '/requests/delete'],
        ['POST', '/requests/duplicate'],
      ] as const)
        expect((await f.api(method, op, { folder: '', request: request('r'), path })).status).toBe(
          422,
        );
    const after = await filesUnder(f.dir);
    expect(after.filter((p) => !before.includes(p)).every((p) => p.startsWith('requests/'))).toBe(
      true,
    );
    expect(existsSync(join(f.dir, '..', 'x.json'))).toBe(false);
  });
});

describe('POST /api/requests/duplicate and /delete', () => {
  it('duplicates beside the original and deletes by path', async () => {
    const a = (await f.api('PUT', '/requests', { folder: 'f', request: request('a') }))
      .json as RequestEntry;
    const copy = await f.api('POST', '/requests/duplicate', { path: a.path });
    expect(copy.json).toMatchObject({ path: 'f/a copy.json', request: { name: 'a copy' } });
    expect((await f.api('POST', '/requests/delete', { path: a.path })).json).toEqual({
      deleted: 'f/a.json',
    });
    expect((await list()).requests.map((r) => r.path)).toEqual(['f/a copy.json']);
    expect((await f.api('POST', '/requests/delete', { path: a.path })).status).toBe(404);
  });
});

describe('environments', () => {
  const local = {
    name: 'Local',
    variables: [
      { name: 'baseUrl', value: 'http://127.0.0.1:3000' },
      { name: 'token', value: 'tok-123-secret', secret: true },
    ],
  };

  it("keeps a secret's value in the user's config folder, never the project or the list", async () => {
    const saved = await f.api('PUT', '/environments', { environment: local });
    expect(saved.status).toBe(200);
    expect((saved.json as EnvironmentEntry).environment.variables[1]).toEqual({
      name: 'token',
      value: '',
      secret: true,
      hasValue: true,
    });
    const projectFile = await readFile(join(f.dir, 'environments', 'Local.json'), 'utf8');
    expect(projectFile).toContain('"secret": true');
    expect(projectFile).not.toContain('tok-123-secret');
    const listed = await f.api('GET', '/requests');
    expect(listed.text).not.toContain('tok-123-secret');
    const secrets = await f.api('POST', '/environments/secrets', { name: 'Local' });
    expect(secrets.json as EnvironmentSecrets).toEqual({
      name: 'Local',
      values: { token: 'tok-123-secret' },
    });
    const configFiles = await filesUnder(f.configDir);
    expect(configFiles.some((p) => p.startsWith('secrets/'))).toBe(true);
  });

  it.each(['__proto__', 'constructor', 'hasOwnProperty'])(
    'keeps the secrets of an environment named %s, and of variables so named',
    async (name) => {
      const environment = {
        name,
        variables: [
          { name: 'token', value: 'tok-1', secret: true },
          { name, value: 'tok-2', secret: true },
        ],
      };
      const saved = await f.api('PUT', '/environments', { environment });
      expect(saved.status).toBe(200);
      expect((saved.json as EnvironmentEntry).environment.variables.map((v) => v.hasValue)).toEqual(
        [true, true],
      );
      const secrets = await f.api('POST', '/environments/secrets', { name });
      expect(JSON.parse(secrets.text)).toEqual({
        name,
        values: JSON.parse(`{"token":"tok-1",${JSON.stringify(name)}:"tok-2"}`),
      });
      // Saved again with both secrets left blank: the stored values are kept, not lost.
      const blank = environment.variables.map((v) => ({ ...v, value: '' }));
      await f.api('PUT', '/environments', { environment: { name, variables: blank } });
      const kept = await f.api('POST', '/environments/secrets', { name });
      expect(JSON.parse(kept.text)).toEqual(JSON.parse(secrets.text));
      // Another environment never sees them through a prototype.
      await f.api('PUT', '/environments', { environment: { name: 'Other', variables: [] } });
      const other = await f.api('POST', '/environments/secrets', { name: 'Other' });
      expect(other.json).toEqual({ name: 'Other', values: {} });
    },
  );

  it('deletes an environment and its secrets; 404 for one that does not exist', async () => {
    await f.api('PUT', '/environments', { environment: local });
    expect((await f.api('POST', '/environments/delete', { name: 'Local' })).status).toBe(200);
    expect((await list()).environments).toEqual([]);
    expect((await f.api('POST', '/environments/secrets', { name: 'Local' })).status).toBe(404);
  });

  it('answers 422 for a bad environment, naming the field', async () => {
    const answer = await f.api('PUT', '/environments', {
      environment: { name: 'x', variables: [{ name: 'a' }, { name: 'a', secret: 'yes' }] },
    });
    expect(answer.status).toBe(422);
    expect((answer.json as Problem).errors).toEqual([
      { field: '/environment/variables/1/name', message: 'repeats the variable a' },
      { field: '/environment/variables/1/secret', message: 'must be true or false' },
    ]);
  });
});

describe('POST /api/requests/import', () => {
  const FIXTURES = new URL('../requests/import/fixtures/', import.meta.url).pathname;

  it('imports a Postman collection into a folder named after it, saying what it skipped', async () => {
    const text = await readFile(join(FIXTURES, 'postman-todos.postman_collection.json'), 'utf8');
    const answer = await f.api('POST', '/requests/import', { fileName: 'todos.json', text });
    expect(answer.status).toBe(200);
    const result = answer.json as ImportRequestsResult;
    expect(result.format).toBe('postman');
    expect(result.folder).toBe('Todo API');
    expect(result.imported.map((r) => r.path).sort()).toEqual([
      'Todo API/Login (form).json',
      'Todo API/Signed.json',
      'Todo API/Todos/Create todo.json',
      'Todo API/Todos/List todos.json',
      'Todo API/Upload.json',
    ]);
    expect(result.environments.map((e) => e.path)).toEqual(['Todo API.json']);
    expect(result.skipped.length).toBeGreaterThan(0);
    expect((await list()).requests).toHaveLength(5);
  });

  it('imports a .http file and a Bruno folder', async () => {
    const http = await readFile(join(FIXTURES, 'todos.http'), 'utf8');
    const a = (await f.api('POST', '/requests/import', { fileName: 'todos.http', text: http }))
      .json as ImportRequestsResult;
    expect(a.imported).toHaveLength(4);
    const bruno = join(FIXTURES, 'bruno-todos');
    const files = await Promise.all(
      (await filesUnder(bruno)).map(async (p) => ({
        path: `bruno-todos/${p}`,
        text: await readFile(join(bruno, p), 'utf8'),
      })),
    );
    const b = (await f.api('POST', '/requests/import', { files })).json as ImportRequestsResult;
    expect(b).toMatchObject({ format: 'bruno', folder: 'Bruno Todos' });
    expect(b.imported).toHaveLength(3);
    // Bruno's secret names come without values: none is stored.
    expect(b.environments[0]!.environment.variables.find((v) => v.name === 'token')).toEqual({
      name: 'token',
      value: '',
      secret: true,
      hasValue: false,
    });
  });

  it('imports nothing from a file that does not read, naming the line', async () => {
    const answer = await f.api('POST', '/requests/import', {
      fileName: 'api.http',
      text: 'GET /x\n\n###\nwhat is this\n',
    });
    expect(answer.status).toBe(422);
    expect((answer.json as Problem).detail).toMatch(/api\.http:4:1: expected a request line/);
    expect(existsSync(join(f.dir, 'requests'))).toBe(false);
  });

  it('answers 422 for a body without fileName and text', async () => {
    const answer = await f.api('POST', '/requests/import', { fileName: '../x.json' });
    expect((answer.json as Problem).errors?.map((e) => e.field)).toEqual(['/fileName', '/text']);
  });
});
