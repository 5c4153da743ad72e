import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { readBruno } from './bruno.js';

/** A fixture folder as the browser sends it: every file with its path under a top folder. */
async function folderFiles(folder = 'bruno-todos'): Promise<{ path: string; text: string }[]> {
  const root = new URL(`./fixtures/${folder}/`, import.meta.url).pathname;
  const names = (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) =>
    e.isFile(),
  );
  return Promise.all(
    names.map(async (e) => {
      const abs = join(e.parentPath, e.name);
      return { path: `${folder}/${abs.slice(root.length)}`, text: await readFile(abs, 'utf8') };
    }),
  );
}

describe('readBruno (a collection folder)', () => {
  it('reads meta, the method block, query, headers, bodies and auth, folders kept', async () => {
    const c = readBruno(await folderFiles());
    expect(c.name).toBe('Bruno Todos');
    const byName = new Map(c.requests.map((r) => [r.request.name, r]));
    expect(byName.get('List todos')).toEqual({
      folders: ['todos'],
      request: {
        name: 'List todos',
        // Its place in the folder, from the meta block's `seq`.
        seq: 1,
        method: 'GET',
        url: '{{baseUrl}}/todos',
        headers: [
          { name: 'Accept', value: 'application/json', enabled: true },
          { name: 'X-Debug', value: '1', enabled: false },
        ],
        query: [
          { name: '_limit', value: '5', enabled: true },
          { name: 'done', value: 'true', enabled: false },
        ],
        body: { kind: 'none' },
        auth: { kind: 'bearer', token: '{{token}}' },
      },
    });
    expect(byName.get('Create todo')!.request.body).toEqual({
      kind: 'json',
      text: '{\n  "title": "Write docs",\n  "done": false\n}',
    });
    expect(byName.get('Login')).toMatchObject({
      folders: [],
      request: {
        method: 'POST',
        auth: { kind: 'basic', username: 'ada', password: '{{password}}' },
        body: {
          kind: 'form-urlencoded',
          fields: [
            { name: 'user', value: 'ada', enabled: true },
            { name: 'remember', value: 'yes', enabled: false },
          ],
        },
      },
    });
  });

  it('reads environments, secret names without values', async () => {
    expect(readBruno(await folderFiles()).environments).toEqual([
      {
        name: 'Local',
        variables: [
          { name: 'baseUrl', value: 'http://127.0.0.1:3000' },
          { name: 'debug', value: '1', enabled: false },
          { name: 'token', value: '', secret: true },
          { name: 'password', value: '', secret: true },
        ],
      },
    ]);
  });

  it('lists tests and scripts as skipped', async () => {
    expect(readBruno(await folderFiles()).skipped).toEqual([
      { item: 'todos/List todos.bru', reason: 'tests is not imported' },
    ]);
  });

  it('needs bruno.json', () => {
    expect(() => readBruno([{ path: 'a.bru', text: '' }])).toThrow(/bruno\.json: is missing/);
  });

  it('skips a file that does not read as one entry naming its line, and reads the others', () => {
    const marker = { path: 'bruno.json', text: '{"name":"x"}' };
    const good = { path: 'ok.bru', text: 'get {\n  url: /ok\n}\n' };
    const skipped = (text: string) =>
      readBruno([marker, good, { path: 'a.bru', text }]).skipped.map((s) => s.item);
    expect(skipped('meta {\n  name: a\n}\nnonsense here\n')).toEqual(['a.bru:4']);
    expect(skipped('get {\n  url: /x\n  no colon\n}\n')).toEqual(['a.bru:3']);
    expect(skipped('get {\n  url: /x\n')).toEqual(['a.bru:1']);
    expect(readBruno([marker, good, { path: 'a.bru', text: 'oops' }]).requests).toHaveLength(1);
  });

  it('saves what a post-response script saves with bru.setVar at its top level, as Save from answer', () => {
    const marker = { path: 'bruno.json', text: '{"name":"shop"}' };
    const login = (script: string) =>
      readBruno([
        marker,
        {
          path: 'login.bru',
          text: `post {\n  url: {{baseUrl}}/login\n}\n\nvars:post-response {\n  who: res.body.user\n}\n\nscript:post-response {\n${script}\n}\n`,
        },
      ]);
    // A public collection's login: the token the next requests send as {{customerToken}}.
    const saving = login(
      '  // for the next requests\n  bru.setVar("customerToken", res.body.accessToken);',
    );
    expect(saving.requests[0]!.request.set).toEqual({
      who: '/user',
      customerToken: '/accessToken',
    });
    expect(saving.skipped).toEqual([]);
    // Tests beside the calls (as public collections write them): the calls are taken, the rest
    // is a note.
    const mixed = login(
      [
        '  bru.setVar("t", res.body.t);',
        '  test("has a token", () => {',
        '    expect(res.body.t).to.be.a("string");',
        '    bru.setVar("inner", res.body.x);',
        '  });',
      ].join('\n'),
    );
    expect(mixed.requests[0]!.request.set).toEqual({ who: '/user', t: '/t' });
    expect(mixed.skipped).toEqual([
      {
        item: 'login.bru',
        reason:
          'script:post-response: its bru.setVar calls are Save from answer (t); the rest of it (tests, other code) is not imported',
      },
    ]);
    // No call at its top level: the whole script stays a note, the vars block still read.
    const other = login('  if (res.status === 200) {\n    bru.setVar("t", res.body.t);\n  }');
    expect(other.requests[0]!.request.set).toEqual({ who: '/user' });
    expect(other.skipped).toEqual([
      { item: 'login.bru', reason: 'script:post-response is not imported' },
    ]);
  });
});

describe('readBruno (current Bru syntax: annotations, multiline values, folder settings)', () => {
  const shop = async () => readBruno(await folderFiles('bruno-shop'));

  it('imports every request that reads, in Bruno order: folders by seq, then requests by seq', async () => {
    const c = await shop();
    expect(c.requests.map((r) => [...r.folders, r.request.name].join(' / '))).toEqual([
      'Auth / Log in',
      'Catalog & prices / Get product',
      'Catalog & prices / List products',
      'Catalog & prices / Upload photo',
      // No folder.bru, so no seq: after the numbered folders although "admin" sorts first.
      'admin / Reset data',
    ]);
  });

  it('reads annotated rows and multiline values, the text of each kept', async () => {
    const c = await shop();
    const list = c.requests.find((r) => r.request.name === 'List products')!.request;
    expect(list.url).toBe('{{baseUrl}}/{{apiVersion}}/products');
    expect(list.query).toEqual([
      { name: 'category', value: 'tea', enabled: true },
      { name: 'limit', value: '{{pageSize}}', enabled: true },
      { name: 'sort', value: '-price', enabled: false },
    ]);
    expect(list.headers).toContainEqual({
      name: 'X-Note',
      value: 'first line\n}\nthird line',
      enabled: true,
    });
    const upload = c.requests.find((r) => r.request.name === 'Upload photo')!.request;
    expect(upload.body).toEqual({
      kind: 'multipart',
      fields: [
        { kind: 'file', name: 'photo', path: 'photos/teapot.png', enabled: true },
        { kind: 'text', name: 'caption', value: 'Blue teapot,\nside view', enabled: true },
      ],
    });
    expect(upload.auth).toEqual({
      kind: 'basic',
      username: 'admin',
      password: '{{adminPassword}}',
    });
  });

  it('applies folder.bru and collection.bru: headers added (nearest wins), auth inherited', async () => {
    const c = await shop();
    const byName = new Map(c.requests.map((r) => [r.request.name, r.request]));
    expect(byName.get('Get product')!.headers).toEqual([
      { name: 'X-Trace', value: 'bruno', enabled: true },
      { name: 'Accept-Language', value: 'en-GB', enabled: true },
      { name: 'X-Client', value: 'catalog-suite', enabled: true },
    ]);
    // The collection's bearer auth, through a folder that sets none.
    expect(byName.get('Get product')!.auth).toEqual({ kind: 'bearer', token: '{{token}}' });
    // The Auth folder says `mode: none`: its login sends no token.
    expect(byName.get('Log in')!.auth).toEqual({ kind: 'none' });
    expect(byName.get('Log in')!.body).toEqual({
      kind: 'json',
      text: '{\n  "email": "ada@example.com",\n  "password": "{{adminPassword}}"\n}',
    });
    // Issue 47: its post-response variable is the value it saves for the requests after it.
    expect({ ...byName.get('Log in')!.set }).toEqual({ token: '/token' });
    // Its own `auth: none` is kept; the collection's headers still reach it.
    expect(byName.get('Reset data')!.auth).toEqual({ kind: 'none' });
    expect(byName.get('Reset data')!.headers.map((h) => h.name)).toEqual(['X-Client', 'X-Trace']);
  });

  it('reads typed and annotated environment variables, and the collection variables', async () => {
    const c = await shop();
    expect(c.environments).toEqual([
      { name: 'Corner Shop', variables: [{ name: 'apiVersion', value: 'v2' }] },
      {
        name: 'Staging',
        variables: [
          { name: 'baseUrl', value: 'http://127.0.0.1:4010' },
          { name: 'pageSize', value: '20' },
          { name: 'debug', value: 'true', enabled: false },
          { name: 'token', value: '', secret: true },
          { name: 'adminPassword', value: '', secret: true },
        ],
      },
    ]);
  });

  it('lists the broken file once with its line, and what has no equivalent', async () => {
    const { skipped } = await shop();
    expect(skipped).toContainEqual({
      item: 'catalog/Broken.bru:9',
      reason:
        'expected "name: value" in get, got "this line has no colon"; the file is not imported',
    });
    expect(skipped.filter((s) => s.item.startsWith('catalog/Broken.bru'))).toHaveLength(1);
    expect(skipped).toEqual(
      expect.arrayContaining([
        {
          item: 'catalog/List products.bru',
          reason: '@description annotations are not imported (the values are)',
        },
        { item: 'catalog/Get product.bru', reason: 'vars:pre-request is not imported' },
        {
          item: 'environments/Staging.bru',
          reason: '@description annotations are not imported (the values are)',
        },
        {
          item: 'catalog/Upload photo.bru',
          reason: 'the @contentType of multipart fields is not imported (the fields are)',
        },
      ]),
    );
    expect(skipped.filter((s) => s.item.startsWith('auth/Log in.bru'))).toEqual([]);
  });

  it('imports the assert lines a test here says exactly, and lists every other line', async () => {
    const c = await shop();
    const get = c.requests.find((r) => r.request.name === 'Get product')!.request;
    expect(get.assertions).toEqual([
      { kind: 'status', equals: 200 },
      { kind: 'json-equals', pointer: '/id', value: 42 },
      { kind: 'json-equals', pointer: '/name', value: 'Blue teapot' },
      // No operator: Bruno's eq, the text as it is.
      { kind: 'json-equals', pointer: '/category', value: 'tea' },
      { kind: 'json-equals', pointer: '/tags/0', value: 'tea' },
      { kind: 'json-equals', pointer: '/price/amount', value: 12.5 },
      { kind: 'json-equals', pointer: '/discontinued', value: false },
      { kind: 'json-equals', pointer: '/note', value: null },
      { kind: 'json-exists', pointer: '/sku' },
      { kind: 'header-contains', name: 'content-type', value: 'json' },
      { kind: 'header-exists', name: 'etag' },
      { kind: 'header-equals', name: 'x-shop', value: 'corner' },
      { kind: 'time-below', ms: 500 },
      { kind: 'json-compare', pointer: '/stock', op: 'gt', value: 0 },
      { kind: 'json-type', pointer: '/id', type: 'number' },
      { kind: 'json-length', pointer: '/tags', equals: 2 },
    ]);
    const lines = c.skipped.filter((s) => s.item.startsWith('catalog/Get product.bru:'));
    const line = (n: number, text: string, why: string) => ({
      item: `catalog/Get product.bru:${n}`,
      reason: `assert ${text} is not imported: ${why}`,
    });
    const off = (n: number, text: string) => ({
      item: `catalog/Get product.bru:${n}`,
      reason: `assert ~${text} is switched off in Bruno, and tests here cannot be: not imported`,
    });
    expect(lines).toEqual([
      off(32, 'res.status: eq 201'),
      off(33, 'res.body.id: eq 43'),
      line(34, 'res.status: neq 404', 'neq: tests here check that the status equals a number'),
      line(
        37,
        'res.responseTime: lte 800',
        'times here keep fractions of a millisecond, so "at most 800 ms" is no "below" test',
      ),
      line(
        38,
        'res.headers.content-type: contains json',
        'Bruno reads res.headers.content-type as JavaScript, a subtraction; res.headers["content-type"] reads the name',
      ),
      line(
        39,
        'res.headers["content-length"]: eq 120',
        "Bruno compares the header's text with the number 120, never equal",
      ),
      line(
        41,
        'res.body.owner: eq {{userName}}',
        'its value uses a {{variable}}, and tests here hold plain values',
      ),
      line(
        42,
        'res.body.deleted: eq undefined',
        'it checks that a value is absent, which tests here cannot',
      ),
      line(
        43,
        'res.getBody().id: eq 42',
        'tests here read res.status, res.body by path, res.headers by name and res.responseTime',
      ),
    ]);
    // The block itself is no longer listed whole.
    expect(c.skipped).not.toContainEqual({
      item: 'catalog/Get product.bru',
      reason: 'assert is not imported',
    });
  });
});
