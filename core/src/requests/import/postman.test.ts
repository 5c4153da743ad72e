import { readFile } from 'node:fs/promises';

import { describe, expect, it } from 'vitest';

import { ImportError } from '../../errors.js';
import { readRequestsSource } from './import-requests.js';
import { readPostman } from './postman.js';

const FIXTURE = new URL('./fixtures/postman-todos.postman_collection.json', import.meta.url);
const text = () => readFile(FIXTURE, 'utf8');

describe('readPostman (collection v2.1)', () => {
  it('reads folders, methods, raw URLs, headers, every body mode and bearer/basic auth', async () => {
    const c = readPostman('todos.json', await text());
    expect(c.name).toBe('Todo API');
    const byName = new Map(c.requests.map((r) => [r.request.name, r]));
    const list = byName.get('List todos')!;
    expect(list.folders).toEqual(['Todos']);
    expect(list.request).toMatchObject({
      method: 'GET',
      url: '{{baseUrl}}/todos?_limit=5',
      headers: [
        { name: 'Accept', value: 'application/json', enabled: true },
        { name: 'X-Debug', value: '1', enabled: false },
      ],
      // Inherited from the collection's auth.
      auth: { kind: 'bearer', token: '{{token}}' },
    });
    expect(byName.get('Create todo')!.request.body).toEqual({
      kind: 'json',
      text: '{\n  "title": "Write docs"\n}',
    });
    expect(byName.get('Login (form)')!.request).toMatchObject({
      auth: { kind: 'none' },
      body: {
        kind: 'form-urlencoded',
        fields: [
          { name: 'user', value: 'ada', enabled: true },
          { name: 'pass', value: '{{password}}', enabled: true },
        ],
      },
    });
    expect(byName.get('Upload')!.request).toMatchObject({
      auth: { kind: 'basic', username: 'ada', password: 'lovelace' },
      body: {
        kind: 'multipart',
        fields: [
          { kind: 'text', name: 'note', value: 'hello', enabled: true },
          { kind: 'file', name: 'file', path: './avatar.png', enabled: true },
        ],
      },
    });
  });

  it('turns collection variables into an environment named after the collection', async () => {
    expect(readPostman('todos.json', await text()).environments).toEqual([
      {
        name: 'Todo API',
        variables: [
          { name: 'baseUrl', value: 'http://127.0.0.1:3000' },
          { name: 'token', value: 'abc' },
        ],
      },
    ]);
  });

  it('reports scripts and unsupported auth as skipped', async () => {
    expect(readPostman('todos.json', await text()).skipped).toEqual([
      { item: 'Todos / List todos', reason: 'pre-request and test scripts are not imported' },
      { item: 'Signed', reason: 'awsv4 auth is not imported' },
    ]);
  });

  it('names the line and column of a file that is not JSON', () => {
    expect(() => readPostman('c.json', '{\n  "info": {,\n}')).toThrow(/c\.json:2:12: is not JSON/);
  });

  it('names the pointer of an item that is neither folder nor request', () => {
    const doc = JSON.stringify({
      info: { name: 'x' },
      item: [{ name: 'a', item: [{ name: 'b' }] }],
    });
    const error = (() => {
      try {
        readPostman('c.json', doc);
      } catch (e) {
        return e as ImportError;
      }
    })();
    expect(error).toBeInstanceOf(ImportError);
    expect(error!.at).toBe('/item/0/item/0');
  });

  it('refuses a document that is not a collection', () => {
    expect(() => readPostman('c.json', '{"openapi":"3.1.0"}')).toThrow(/not a Postman collection/);
  });
});

describe('a Postman collection and environment as users bring them (issue 41)', () => {
  const fixture = (name: string) =>
    readFile(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

  it("keeps the collection's order, folders included (Auth before Admin)", async () => {
    const c = readPostman('blog.json', await fixture('blog-api.postman_collection.json'));
    expect(c.requests.map((r) => `${r.folders.join('/')}: ${r.request.name}`)).toEqual([
      'Auth: Register',
      'Auth: Login',
      'Posts: Create post',
      'Posts: List posts',
      'Comments: Add comment',
      'Admin: Stats',
    ]);
  });

  it('keeps dynamic variables for the send, listing only those with no equivalent', async () => {
    const c = readPostman('blog.json', await fixture('blog-api.postman_collection.json'));
    const create = c.requests.find((r) => r.request.name === 'Create post')!.request;
    expect(create.headers).toContainEqual({
      name: 'X-Request-Id',
      value: '{{$guid}}',
      enabled: true,
    });
    expect(c.skipped).toEqual([
      {
        item: 'Posts / List posts',
        reason:
          'the dynamic variable {{$randomMood}} has no equivalent: define it in an environment',
      },
    ]);
  });

  it('imports an environment export as an environment, secrets kept secret', async () => {
    const c = readRequestsSource({
      fileName: 'blog-staging.postman_environment.json',
      text: await fixture('blog-staging.postman_environment.json'),
    });
    expect(c).toMatchObject({ format: 'postman-environment', requests: [], skipped: [] });
    expect(c.environments).toEqual([
      {
        name: 'Blog staging',
        variables: [
          { name: 'apiUrl', value: 'http://127.0.0.1:4100/api' },
          { name: 'email', value: 'ada@example.com' },
          { name: 'password', value: 'correct-horse-battery', secret: true },
          { name: 'slug', value: 'trip-to-norway', enabled: false },
          { name: 'token', value: '', secret: true },
        ],
      },
    ]);
  });

  it('refuses an OpenAPI document or a db.json, saying where it goes', () => {
    expect(() =>
      readRequestsSource({ fileName: 'petstore.json', text: '{"openapi":"3.0.3","paths":{}}' }),
    ).toThrow(
      /petstore\.json: looks like an OpenAPI document \("openapi"\), not a collection of requests: start a project from it with decorest init --from/,
    );
    expect(() => readRequestsSource({ fileName: 'db.json', text: '{"posts":[{"id":1}]}' })).toThrow(
      /db\.json: looks like a json-server db\.json/,
    );
  });
});
