/**
 * New folder and Delete folder of the Console's saved requests through the control API of a
 * real studio on 127.0.0.1: an empty folder is listed, a folder goes with its saved requests
 * and leaves what is not one, and neither follows a link out of the project. An import of a
 * collection whose folder is there asks before it replaces or copies it.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type {
  DeletedRequestFolder,
  ImportRequestsResult,
  Problem,
  RequestCollection,
} from '../contract/control-api.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { plainRequest } from '../test-support/saved-request.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';

let f: StudioFixture;
beforeEach(async () => {
  f = await startStudioFixture(EXAMPLES.todo);
});
afterEach(async () => {
  await f.dispose();
});

const request = plainRequest;
const list = async () => (await f.api('GET', '/requests')).json as RequestCollection;
const save = (folder: string, name: string) =>
  f.api('PUT', '/requests', { folder, request: request(name) });

describe('POST /api/requests/folders', () => {
  it('makes an empty folder the list shows, nested too; 409 when it is there', async () => {
    const made = await f.api('POST', '/requests/folders', { folder: 'Admin/Users' });
    expect([made.status, made.json]).toEqual([201, { folder: 'Admin/Users' }]);
    expect((await list()).folders).toEqual(['Admin', 'Admin/Users']);
    const again = await f.api('POST', '/requests/folders', { folder: 'Admin/Users' });
    expect(again.status).toBe(409);
    expect((again.json as Problem).detail).toBe('requests/Admin/Users exists already');
  });

  it('refuses the top, a blank name and . or .. parts, naming the field; makes nothing', async () => {
    for (const folder of ['', '  ', '/', '../out', 'a/../../b', 7]) {
      const answer = await f.api('POST', '/requests/folders', { folder });
      expect(answer.status, JSON.stringify(folder)).toBe(422);
      expect((answer.json as Problem).errors?.[0]?.field).toBe('/folder');
    }
    expect(existsSync(join(f.dir, 'requests'))).toBe(false);
    expect(existsSync(join(f.dir, '..', 'out'))).toBe(false);
  });
});

describe('POST /api/requests/folders/delete', () => {
  it('deletes a folder with its saved requests and subfolders, and no other folder', async () => {
    await save('todos', 'List');
    await save('todos/admin', 'Clear');
    await save('users', 'List users');
    await f.api('POST', '/requests/folders', { folder: 'todos/empty' });
    const answer = await f.api('POST', '/requests/folders/delete', { folder: 'todos' });
    expect(answer.json).toEqual({ deleted: 'todos', requests: 2, kept: [] });
    const after = await list();
    expect(after.folders).toEqual(['users']);
    expect(after.requests.map((r) => r.path)).toEqual(['users/List users.json']);
    expect(existsSync(join(f.dir, 'requests', 'todos'))).toBe(false);
    const gone = await f.api('POST', '/requests/folders/delete', { folder: 'todos' });
    expect([gone.status, (gone.json as Problem).detail]).toEqual([404, 'no folder requests/todos']);
  });

  it('leaves what is not a saved request, and the folders holding it, naming each', async () => {
    await save('notes', 'Kept out');
    await save('notes/sub', 'Also out');
    await writeFile(join(f.dir, 'requests', 'notes', 'README.md'), '# how to use these\n');
    await writeFile(join(f.dir, 'requests', 'notes', 'sub', 'broken.json'), '{ not json');
    const answer = (await f.api('POST', '/requests/folders/delete', { folder: 'notes' }))
      .json as DeletedRequestFolder;
    expect(answer.requests).toBe(2);
    expect(answer.kept.sort()).toEqual(['notes/README.md', 'notes/sub/broken.json']);
    expect((await readdir(join(f.dir, 'requests', 'notes'))).sort()).toEqual(['README.md', 'sub']);
    expect((await list()).requests).toEqual([]);
  });

  it('follows no link: a linked folder is no folder of the collection, one beneath is kept', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'decorest-outside-'));
    try {
      await writeFile(join(outside, 'a.json'), JSON.stringify(request('a')));
      await mkdir(join(f.dir, 'requests', 'mixed'), { recursive: true });
      await symlink(outside, join(f.dir, 'requests', 'link'));
      await symlink(outside, join(f.dir, 'requests', 'mixed', 'inner'));
      const linked = await f.api('POST', '/requests/folders/delete', { folder: 'link' });
      expect(linked.status).toBe(403);
      expect(linked.text).not.toContain(outside);
      const beneath = await f.api('POST', '/requests/folders/delete', { folder: 'mixed' });
      expect(beneath.json).toEqual({ deleted: 'mixed', requests: 0, kept: ['mixed/inner'] });
      const made = await f.api('POST', '/requests/folders', { folder: 'link/new' });
      expect(made.status).toBe(403);
      expect(await readdir(outside)).toEqual(['a.json']);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});

describe('a folder delete takes the folder named, and only what it is asked to', () => {
  it('refuses a name it would have to repair, so another folder is never the one deleted', async () => {
    await save('v1', 'Keep me');
    await mkdir(join(f.dir, 'requests', 'v1.'));
    await writeFile(join(f.dir, 'requests', 'v1.', 'Other.json'), JSON.stringify(request('x')));
    expect((await list()).folders).toEqual(['v1', 'v1.']);
    const answer = await f.api('POST', '/requests/folders/delete', { folder: 'v1.' });
    expect(answer.status).toBe(422);
    expect((answer.json as Problem).errors?.[0]).toEqual({
      field: '/folder',
      message: 'must be a folder of the list, as it is named there',
    });
    expect(await readdir(join(f.dir, 'requests', 'v1'))).toEqual(['Keep me.json']);
  });

  it('with emptyOnly removes the empty folders and keeps every request', async () => {
    await save('api', 'List');
    await f.api('POST', '/requests/folders', { folder: 'api/drafts/old' });
    const answer = await f.api('POST', '/requests/folders/delete', {
      folder: 'api',
      emptyOnly: true,
    });
    expect(answer.json).toEqual({ deleted: 'api', requests: 0, kept: ['api/List.json'] });
    expect((await list()).folders).toEqual(['api']);
    expect((await list()).requests.map((r) => r.path)).toEqual(['api/List.json']);
  });

  it('answers 409 for a new folder where a file of that name is', async () => {
    await mkdir(join(f.dir, 'requests'));
    await writeFile(join(f.dir, 'requests', 'notes'), 'a file\n');
    const answer = await f.api('POST', '/requests/folders', { folder: 'notes' });
    expect([answer.status, (answer.json as Problem).detail]).toEqual([
      409,
      'requests/notes exists already',
    ]);
  });
});

describe('POST /api/requests/import of a collection imported before', () => {
  const FIXTURES = new URL('../requests/import/fixtures/', import.meta.url).pathname;
  const importTodos = async (onExisting?: string) =>
    f.api('POST', '/requests/import', {
      fileName: 'todos.json',
      text: await readFile(join(FIXTURES, 'postman-todos.postman_collection.json'), 'utf8'),
      ...(onExisting === undefined ? {} : { onExisting }),
    });
  const paths = async () => (await list()).requests.map((r) => r.path).sort();

  it('asks first (409, nothing written), then replaces it or imports a copy beside it', async () => {
    expect((await importTodos()).status).toBe(200);
    const first = await paths();
    expect(first).toHaveLength(5);
    // A file of the user's in that folder: not the collection's, so it stays through a replace.
    await writeFile(join(f.dir, 'requests', 'Todo API', 'notes.md'), 'mine\n');
    const asked = await importTodos();
    expect([asked.status, (asked.json as Problem).type]).toEqual([409, 'import-folder-exists']);
    expect((asked.json as Problem).detail).toBe(
      'requests/Todo API is there already, holding 5 saved requests: import again to replace them, or as a copy beside it',
    );
    expect(await paths()).toEqual(first);

    const replaced = await importTodos('replace');
    expect(replaced.status).toBe(200);
    expect(await paths()).toEqual(first);
    expect(existsSync(join(f.dir, 'requests', 'Todo API', 'notes.md'))).toBe(true);
    // The collection's environment is replaced too, not doubled.
    expect((await list()).environments.map((e) => e.path)).toEqual(['Todo API.json']);

    const copy = (await importTodos('copy')).json as ImportRequestsResult;
    expect(copy.folder).toBe('Todo API 2');
    expect(await paths()).toEqual(
      [...first, ...first.map((p) => p.replace(/^Todo API\//, 'Todo API 2/'))].sort(),
    );
    // The same environment is there already: written again, not doubled.
    expect((await list()).environments.map((e) => e.path)).toEqual(['Todo API.json']);
    // An environment of that name the user changed since is never written over.
    const mine = (await list()).environments[0]!.environment;
    const edited = { ...mine, variables: [{ name: 'mine', value: 'precious' }] };
    expect((await f.api('PUT', '/environments', { environment: edited })).status).toBe(200);
    expect((await importTodos('replace')).status).toBe(200);
    const envs = (await list()).environments;
    expect(envs.map((e) => e.path)).toEqual(['Todo API 2.json', 'Todo API.json']);
    expect(envs[1]!.environment.variables).toEqual(edited.variables);
    expect((await importTodos('replace')).status).toBe(200);
    expect((await list()).environments).toHaveLength(2);
    const bad = await importTodos('merge');
    expect([bad.status, (bad.json as Problem).errors?.[0]?.field]).toEqual([422, '/onExisting']);
  });
});
