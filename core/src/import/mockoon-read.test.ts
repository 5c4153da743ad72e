/**
 * Issue 28: a Mockoon environment export as an import plan: buckets holding arrays as models
 * with their records as the seed (on their CRUD route's path), every other route answering its
 * default response, and templating, rules and files reported as not imported.
 */
import { readFile } from 'node:fs/promises';

import { describe, expect, it } from 'vitest';

import { ImportError, type ImportPlan } from './import-plan.js';
import { readMockoon } from './mockoon-read.js';

const FIXTURE = new URL('./fixtures/mockoon-shop.json', import.meta.url);

async function shop(): Promise<ImportPlan> {
  return readMockoon('mockoon-shop.json', await readFile(FIXTURE, 'utf8'));
}

/** A minimal environment around the given routes and buckets. */
const env = (routes: object[], data: object[] = [], extra: object = {}): string =>
  JSON.stringify({ uuid: 'e', name: 'Env', port: 3000, routes, data, ...extra });

const response = (fields: object) => ({
  uuid: 'r',
  statusCode: 200,
  headers: [],
  body: '',
  bodyType: 'INLINE',
  databucketID: '',
  default: true,
  rules: [],
  ...fields,
});

describe('a Mockoon environment (mockoon-shop.json)', () => {
  it('makes the bucket behind a CRUD route a model on its path, seeded with its records', async () => {
    const plan = await shop();
    expect(plan.source).toEqual({ kind: 'mockoon', file: 'mockoon-shop.json' });
    expect(plan.models[0]).toEqual({
      name: 'Product',
      path: 'products',
      idType: 'number',
      fields: [
        { name: 'name', type: 'string', optional: true },
        { name: 'price', type: 'number', optional: true },
        { name: 'inStock', type: 'boolean', optional: true },
        { name: 'tags', type: 'string[]', optional: true },
      ],
      relations: [],
      // Mockoon stores any body a CRUD route gets: the model is open (issue 42).
      open: true,
      seed: [
        { id: 1, name: 'Lamp', price: 25.5, inStock: true, tags: ['home'] },
        { id: 2, name: 'Desk', price: 120, inStock: false },
        { id: 3, name: 'Chair', price: 60, inStock: true, tags: [] },
      ],
    });
  });

  it('serves a bucket without a CRUD route at its name, linking <singular>Id fields', async () => {
    const plan = await shop();
    const lines = plan.models.find((m) => m.name === 'OrderLine');
    expect(lines).toMatchObject({
      path: 'order-lines',
      fields: [{ name: 'quantity', type: 'number', optional: true }],
      relations: [{ field: 'productId', target: 'Product', hasMany: 'orderLines' }],
    });
    expect(lines?.seed).toHaveLength(2);
    expect(plan.notes).toContainEqual({
      kind: 'guess',
      at: '#/data/1',
      text: 'bucket Order lines has no CRUD route: served at /order-lines',
    });
  });

  it('reports a templated bucket as not imported', async () => {
    const plan = await shop();
    expect(plan.models.map((m) => m.name)).toEqual(['Product', 'OrderLine']);
    expect(plan.notes).toContainEqual({
      kind: 'not-imported',
      at: '#/data/2',
      text: 'bucket Fake users uses templating ({{…}}), which decorest does not render: not imported',
    });
  });

  it('answers every other route with its default response: status, headers and body', async () => {
    const plan = await shop();
    expect(plan.routes).toEqual([
      {
        method: 'GET',
        path: '/health',
        status: 200,
        headers: { 'X-Mock': 'mockoon' },
        body: { status: 'ok' },
        source: '#/routes/1',
      },
      {
        method: 'GET',
        path: '/hello/:name',
        status: 200,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: `{ "hello": "{{urlParam 'name'}}" }`,
        source: '#/routes/2',
      },
      { method: 'POST', path: '/logout', status: 204, source: '#/routes/3' },
      {
        method: 'GET',
        path: '/terms',
        status: 200,
        headers: { 'Content-Type': 'text/plain' },
        body: 'Be nice.',
        source: '#/routes/4',
      },
    ]);
    // The other response is chosen by a rule; the templated body is a rule's placeholders.
    expect(plan.rules).toMatchObject([
      {
        method: 'GET',
        path: '/health',
        when: [{ part: 'query', name: 'down', matcher: 'equals' }],
        responses: [{ status: 503, body: '{"status": "down"}' }],
      },
      {
        method: 'GET',
        path: '/hello/:name',
        when: [],
        responses: [{ status: 200, body: '{ "hello": "{{params.name}}" }' }],
      },
    ]);
    expect(plan.notes.filter((n) => n.at.startsWith('#/routes'))).toEqual([]);
  });
});

describe('a Mockoon bucket typed by what its data says (issue 42)', () => {
  it('keeps a field of numbers with one number written as text a number, and lists it', async () => {
    const records = [
      { id: 1, price: 25.5, stock: 4 },
      { id: 2, price: '120', stock: 0 },
      { id: 3, price: 60, stock: 'n/a' },
      ...Array.from({ length: 8 }, (_, i) => ({ id: i + 4, price: 10 + i, stock: i })),
    ];
    const plan = await readMockoon(
      'env.json',
      env(
        [
          {
            type: 'crud',
            method: '',
            endpoint: 'products',
            responses: [response({ bodyType: 'DATABUCKET', databucketID: 'p1' })],
          },
        ],
        [{ uuid: 'x', id: 'p1', name: 'Products', value: JSON.stringify(records) }],
      ),
    );
    const product = plan.models[0]!;
    expect(product.fields).toEqual([
      { name: 'price', type: 'number', optional: true },
      { name: 'stock', type: 'number', optional: true },
    ]);
    expect(product.seed.slice(1, 3)).toEqual([
      { id: 2, price: 120, stock: 0 },
      { id: 3, price: 60 },
    ]);
    expect(plan.notes.filter((n) => n.at.startsWith('Product.'))).toEqual([
      expect.objectContaining({
        kind: 'guess',
        text: expect.stringMatching(/: id 2 "120" → 120$/),
      }),
      expect.objectContaining({
        kind: 'guess',
        text: expect.stringMatching(/left out of the seed$/),
      }),
      expect.objectContaining({
        kind: 'not-imported',
        text: expect.stringMatching(/: id 3 "n\/a"$/),
      }),
    ]);
  });
});

describe('Mockoon routes decorest answers differently', () => {
  it('serves the routes under the prefix, answers "all" on five methods and a bucket body as JSON', async () => {
    const plan = await readMockoon(
      'env.json',
      env(
        [
          {
            type: 'http',
            method: 'all',
            endpoint: 'ping',
            responses: [response({ bodyType: 'DATABUCKET', databucketID: 'cfg1' })],
          },
          { type: 'http', method: 'head', endpoint: 'ping', responses: [response({})] },
          {
            type: 'http',
            method: 'get',
            endpoint: 'file',
            responses: [response({ bodyType: 'FILE', filePath: './a.json' })],
          },
        ],
        [{ uuid: 'u', id: 'cfg1', name: 'Config', value: '{"debug": true}' }],
        { endpointPrefix: 'api', proxyMode: true },
      ),
    );
    expect(plan.models).toEqual([]);
    expect(plan.basePath).toBe('/api');
    expect(plan.routes.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/ping',
      'POST /api/ping',
      'PUT /api/ping',
      'PATCH /api/ping',
      'DELETE /api/ping',
      'GET /api/file',
    ]);
    expect(plan.routes[0]?.body).toEqual({ debug: true });
    expect(plan.routes[5]?.body).toBeUndefined();
    const at = plan.notes.map((n) => `${n.at} ${n.kind}`);
    expect(at).toEqual(
      expect.arrayContaining([
        '#/proxyMode not-imported',
        '#/routes/1 not-imported',
        '#/routes/2 not-imported',
      ]),
    );
  });

  it('leaves out a plain route that a model already answers, and notes a CRUD key other than id', async () => {
    const plan = await readMockoon(
      'env.json',
      env(
        [
          {
            type: 'crud',
            method: '',
            endpoint: 'api/users',
            responses: [response({ bodyType: 'DATABUCKET', databucketID: 'u1', crudKey: 'uuid' })],
          },
          {
            type: 'http',
            method: 'get',
            endpoint: 'users/:id',
            responses: [response({ body: '{}' })],
          },
        ],
        [{ uuid: 'x', id: 'u1', name: 'Users', value: '[{"id": "a", "name": "Ann"}]' }],
      ),
    );
    expect(plan.models).toMatchObject([{ name: 'User', path: 'users', idType: 'string' }]);
    expect(plan.routes).toEqual([]);
    const texts = plan.notes.map((n) => n.text);
    expect(texts).toContain(
      'CRUD route /api/users is served at /users: decorest serves a model on one path segment',
    );
    expect(texts).toContain('the CRUD key is uuid: decorest identifies records by id');
    expect(texts).toContain(
      'GET /users/:id: already answered by another route or a model (its rules too)',
    );
  });
});

describe('files that are not Mockoon environments', () => {
  it('names the line and column of a syntax error', async () => {
    const error = await readMockoon('env.json', '{\n  "routes": [\n    }\n').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).at).toBe('3:5');
  });

  it('refuses JSON without routes and data', async () => {
    await expect(readMockoon('env.json', '{"uuid": "e"}')).rejects.toThrow(
      /is not a Mockoon environment/,
    );
  });
});

describe('Mockoon rules as response rules (issue 41)', () => {
  const rule = (
    target: string,
    modifier: string,
    value: string,
    operator = 'equals',
    invert = false,
  ) => ({
    target,
    modifier,
    value,
    operator,
    invert,
  });

  it('maps targets and operators, OR as one rule each, AND as one rule, and names the rest by pointer', async () => {
    const plan = await readMockoon(
      'env.json',
      env(
        [
          {
            type: 'http',
            method: 'post',
            endpoint: 'orders/:id',
            responses: [
              response({ body: '{"ok": true}' }),
              {
                ...response({ statusCode: 409, body: '{"id": "{{urlParam \'id\'}}"}' }),
                default: false,
                rulesOperator: 'OR',
                rules: [
                  rule('body', 'customer.tier', 'gold'),
                  rule('header', 'X-Test', '^a', 'regex_i'),
                  rule('global_var', 'x', '1'),
                ],
              },
              {
                ...response({ statusCode: 400 }),
                default: false,
                rulesOperator: 'AND',
                rules: [rule('params', 'id', '', 'null', true), rule('cookie', 'sid', 'z')],
              },
              {
                ...response({ statusCode: 418 }),
                default: false,
                rules: [rule('query', 'q', '(?<=a)b', 'regex')],
              },
            ],
          },
        ],
        [],
        { endpointPrefix: '/shop/' },
      ),
    );
    expect(plan.basePath).toBe('/shop');
    expect(plan.rules?.map((r) => [r.path, r.when, r.responses[0]?.status])).toEqual([
      [
        '/shop/orders/:id',
        [{ part: 'body', name: '/customer/tier', matcher: 'equals', value: 'gold' }],
        409,
      ],
      [
        '/shop/orders/:id',
        [{ part: 'header', name: 'x-test', matcher: 'regex', value: '^a', ignoreCase: true }],
        409,
      ],
      [
        '/shop/orders/:id',
        [
          { part: 'param', name: 'id', matcher: 'regex', value: '[\\s\\S]' },
          { part: 'header', name: 'cookie', matcher: 'regex', value: '(?:^|;\\s*)sid=z(?:;|$)' },
        ],
        400,
      ],
    ]);
    expect(plan.rules?.[0]?.responses[0]?.body).toBe('{"id": "{{params.id}}"}');
    const at = plan.notes.map((n) => n.at);
    expect(at).toContain('#/routes/0/responses/1/rules/2');
    expect(plan.notes).toContainEqual(
      expect.objectContaining({
        at: '#/routes/0/responses/3',
        text: expect.stringMatching(
          /POST \/shop\/orders\/:id: rule .* is not imported: \/when\/0\/value: lookaround .* is not supported: the matcher is linear-time/,
        ),
      }),
    );
  });
});
