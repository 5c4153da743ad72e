/**
 * Issue 30: a folder's requests in their place (`seq`, Bruno's), then by name: the list and
 * "Run folder" go by it, and an imported collection keeps its own order (a login first).
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { checkRequest } from './check-request.js';
import { readRequestsSource, writeImported } from './import/import-requests.js';
import { RequestCollection } from './request-collection.js';

let root: string;
let collection: RequestCollection;
beforeEach(async () => {
  const scratch = await mkdtemp(join(tmpdir(), 'decorest-order-'));
  root = join(scratch, 'project');
  await mkdir(root);
  collection = new RequestCollection(root, join(scratch, 'config'));
});
afterEach(async () => {
  await rm(join(root, '..'), { recursive: true, force: true });
});

const request = (name: string, seq?: number) => ({
  name,
  ...(seq === undefined ? {} : { seq }),
  method: 'GET',
  url: `/${name}`,
  headers: [],
  body: { kind: 'none' as const },
  auth: { kind: 'none' as const },
});

const names = async (folder: string) =>
  (await collection.list()).requests.filter((r) => r.folder === folder).map((r) => r.request.name);

describe('request order', () => {
  it('lists a folder by place, then by name, the unnumbered last', async () => {
    await collection.saveRequest('a', request('zeta login', 1));
    await collection.saveRequest('a', request('alpha', 3));
    await collection.saveRequest('a', request('beta'));
    await collection.saveRequest('a', request('middle', 2));
    await collection.saveRequest('b', request('other', 1));
    expect(await names('a')).toEqual(['zeta login', 'middle', 'alpha', 'beta']);
    // Written right after the name, as the contract orders the keys.
    const text = await readFile(join(root, 'requests', 'a', 'zeta login.json'), 'utf8');
    expect(Object.keys(JSON.parse(text) as object).slice(0, 3)).toEqual(['version', 'name', 'seq']);
  });

  it('puts a copy after its original, by name as read (issue 48)', async () => {
    await collection.saveRequest('a', request('List books copy', 2));
    await collection.saveRequest('a', request('List books', 2));
    await collection.saveRequest('a', request('List books-2'));
    await collection.saveRequest('a', request('List book'));
    expect(await names('a')).toEqual([
      'List books',
      'List books copy',
      'List book',
      'List books-2',
    ]);
  });

  it('takes every kind of test, "header contains" too', () => {
    const checked = checkRequest({
      ...request('x'),
      assertions: [{ kind: 'header-contains', name: 'Content-Type', value: 'json' }],
    });
    expect(checked).toMatchObject({
      ok: true,
      value: { assertions: [{ kind: 'header-contains', name: 'Content-Type', value: 'json' }] },
    });
  });

  it('refuses a place that is not a whole number', () => {
    for (const seq of [-1, 1.5, '2', 1e7])
      expect(checkRequest({ ...request('x'), seq }).ok, String(seq)).toBe(false);
  });

  it('keeps an imported Postman collection in its own order, folder by folder', async () => {
    const postman = {
      info: {
        name: 'Shop',
        schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
      },
      item: [
        { name: 'Login', request: { method: 'POST', url: '/login' } },
        { name: 'Cart', request: { method: 'GET', url: '/cart' } },
        {
          name: 'Orders',
          item: [
            { name: 'Pay', request: { method: 'POST', url: '/pay' } },
            { name: 'Create', request: { method: 'POST', url: '/orders' } },
          ],
        },
        { name: 'Account', request: { method: 'GET', url: '/me' } },
      ],
    };
    await writeImported(
      collection,
      readRequestsSource({ fileName: 'shop.json', text: JSON.stringify(postman) }),
    );
    expect(await names('Shop')).toEqual(['Login', 'Cart', 'Account']);
    expect(await names('Shop/Orders')).toEqual(['Pay', 'Create']);
  });

  it("keeps a Postman collection's folders in its order, not by name (Auth first)", async () => {
    const get = (name: string, url: string) => ({ name, request: { method: 'GET', url } });
    const postman = {
      info: {
        name: 'Conduit',
        schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
      },
      item: [
        {
          name: 'Auth',
          item: [get('Register', '/users'), get('Login', '/users/login')],
        },
        {
          name: 'Articles',
          item: [
            get('All articles', '/articles'),
            { name: 'Favorites', item: [get('Favorite', '/articles/x/favorite')] },
            get('Feed', '/articles/feed'),
          ],
        },
        get('Health', '/health'),
        { name: 'Comments', item: [get('Comments', '/articles/x/comments')] },
      ],
    };
    await writeImported(
      collection,
      readRequestsSource({ fileName: 'conduit.json', text: JSON.stringify(postman) }),
    );
    // A user's own folder, numbered by nobody: after the imported ones, as before by name.
    await collection.saveRequest('Aardvark', request('mine'));
    const listed = await collection.list();
    expect(listed.folders).toEqual([
      'Conduit',
      'Conduit/Auth',
      'Conduit/Articles',
      'Conduit/Articles/Favorites',
      'Conduit/Comments',
      'Aardvark',
    ]);
    expect(listed.requests.map((e) => `${e.folder}: ${e.request.name}`)).toEqual([
      'Conduit: Health',
      'Conduit/Auth: Register',
      'Conduit/Auth: Login',
      'Conduit/Articles: All articles',
      'Conduit/Articles: Feed',
      'Conduit/Articles/Favorites: Favorite',
      'Conduit/Comments: Comments',
      'Aardvark: mine',
    ]);
  });

  it("takes a Bruno request's seq from its meta block", async () => {
    const bru = (name: string, seq: number) => ({
      path: `${name}.bru`,
      text: `meta {\n  name: ${name}\n  type: http\n  seq: ${seq}\n}\n\nget {\n  url: /${name}\n  body: none\n  auth: none\n}\n`,
    });
    await writeImported(
      collection,
      readRequestsSource({
        files: [
          { path: 'bruno.json', text: '{"version":"1","name":"Shop","type":"collection"}' },
          bru('zz-first', 1),
          bru('aa-second', 2),
        ],
      }),
    );
    expect(await names('Shop')).toEqual(['zz-first', 'aa-second']);
  });
});

describe('moving requests', () => {
  it('takes along a folder its last request moved out of, and its emptied parents', async () => {
    const a = await collection.saveRequest('misc/reads', request('one', 1));
    await collection.saveRequest('misc', request('stays'));
    await collection.saveRequest('reads', request('one', 1), a.path);
    const { folders } = await collection.list();
    // `reads` holds a numbered request: it lists before the unnumbered `misc`.
    expect(folders).toEqual(['reads', 'misc']);
    const b = await collection.saveRequest('misc', request('stays'), 'misc/stays.json');
    await collection.saveRequest('elsewhere', b.request, b.path);
    expect((await collection.list()).folders).toEqual(['reads', 'elsewhere']);
  });
});

describe('importing a Postman environment export (issue 41)', () => {
  it('writes it as an environment, the secret value kept out of the project', async () => {
    const text = await readFile(
      new URL('./import/fixtures/blog-staging.postman_environment.json', import.meta.url),
      'utf8',
    );
    const result = await writeImported(
      collection,
      readRequestsSource({ fileName: 'blog-staging.postman_environment.json', text }),
    );
    expect(result).toMatchObject({ format: 'postman-environment', folder: '', imported: [] });
    expect(result.environments.map((e) => e.environment.name)).toEqual(['Blog staging']);
    const file = await readFile(join(root, 'environments', 'Blog staging.json'), 'utf8');
    expect(file).toContain('"apiUrl"');
    expect(file).not.toContain('correct-horse-battery');
    const listed = (await collection.list()).environments[0]!.environment.variables;
    expect(listed.find((v) => v.name === 'password')).toMatchObject({
      secret: true,
      hasValue: true,
    });
  });
});
