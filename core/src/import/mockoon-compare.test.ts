/**
 * Issue 41, differential: the real Mockoon CLI (9.9) serving an environment and `decorest
 * serve` on the project `decorest init --from` made of it answer the same requests alike:
 * the prefix kept, rules choosing the same response, templating filled in from the request
 * (exact where the answer is fixed, by shape where faker or the clock decides), and every
 * route the import report names answering. The environments are written for these tests
 * (fixtures/mockoon-people-v2.json, fixtures/mockoon-billing.json).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { REPO_ROOT, runCli, type ServeProcess, startServeProcess } from '../test-support/cli.js';
import { freePort } from '../test-support/free-port.js';
import { type RawAnswer, rawRequest } from '../test-support/http-client.js';

const MOCKOON_BIN = join(REPO_ROOT, 'node_modules/.bin/mockoon-cli');

const fixture = (name: string): string =>
  fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** The Mockoon CLI on `file`, resolved once it logs "Server started". */
function startMockoon(file: string): Promise<{ url: string; child: ChildProcess }> {
  return freePort().then(
    (port) =>
      new Promise((resolve, reject) => {
        const child = spawn(MOCKOON_BIN, ['start', '--data', file, '--port', String(port)], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let log = '';
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`mockoon-cli did not start:\n${log}`));
        }, 60_000);
        const read = (chunk: Buffer) => {
          log += chunk.toString('utf8');
          if (/Server started/.test(log)) {
            clearTimeout(timer);
            resolve({ url: `http://127.0.0.1:${port}`, child });
          }
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.on('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`mockoon-cli exited (${code}):\n${log}`));
        });
      }),
  );
}

interface Pair {
  mockoon: { url: string; child: ChildProcess };
  decorest: ServeProcess;
  dir: string;
  report: string;
}

async function startPair(file: string): Promise<Pair> {
  const dir = await mkdtemp(join(tmpdir(), 'decorest-mockoon-compare-'));
  const project = join(dir, 'api');
  const init = await runCli(['init', project, '--from', file]);
  expect(init.code, init.stderr).toBe(0);
  const [mockoon, decorest] = await Promise.all([
    startMockoon(file),
    startServeProcess([project, '--port', '0', '--quiet']),
  ]);
  return { mockoon, decorest, dir, report: init.stdout };
}

async function stopPair(pair: Pair | undefined): Promise<void> {
  if (!pair) return;
  pair.mockoon.child.kill('SIGKILL');
  pair.decorest.child.kill('SIGKILL');
  await pair.decorest.exited();
  await rm(pair.dir, { recursive: true, force: true });
}

interface Call {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

function send(url: string, call: Call): Promise<RawAnswer> {
  const headers = { ...call.headers };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  return rawRequest(url, call.method, call.path, {
    headers,
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
}

/** Both answers to one request, Mockoon's first: one at a time, so counters stay in step. */
async function both(pair: Pair, call: Call): Promise<[RawAnswer, RawAnswer]> {
  const theirs = await send(pair.mockoon.url, call);
  const ours = await send(pair.decorest.url, call);
  return [theirs, ours];
}

/** Same status, same body (parsed JSON where it is JSON, else the text). */
async function expectSame(pair: Pair, call: Call): Promise<RawAnswer> {
  const [theirs, ours] = await both(pair, call);
  const seen = (a: RawAnswer) => ({ status: a.status, body: a.json ?? a.text });
  expect(seen(ours), `${call.method} ${call.path}`).toEqual(seen(theirs));
  return ours;
}

/** A value's shape: the same keys and value kinds, leaves not compared. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]));
  return typeof value;
}

/** Every `METHOD /path` the import report names answers something other than a 404. */
async function expectNamedRoutesAnswer(pair: Pair): Promise<void> {
  const named = [
    ...pair.report.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/[^\s:,]*(?::[^\s/,]+[^\s:,]*)*)/g),
  ];
  expect(named.length).toBeGreaterThan(0);
  for (const [, method, path] of named) {
    const concrete = path!.replace(/:[^/]+/g, '1').replace(/[.:]$/, '');
    const answer = await send(pair.decorest.url, {
      method: method!,
      path: concrete,
      ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
    });
    expect(answer.status, `${method} ${concrete}`).not.toBe(404);
  }
}

describe('an environment under /v2 with rules and templating: Mockoon CLI and decorest', () => {
  let pair: Pair | undefined;
  beforeAll(async () => {
    pair = await startPair(fixture('mockoon-people-v2.json'));
  }, 90_000);
  afterAll(() => stopPair(pair));

  it('serve every route under the prefix, and nothing at the root', async () => {
    await expectSame(pair!, { method: 'GET', path: '/v2/resources' });
    expect((await send(pair!.decorest.url, { method: 'GET', path: '/resources' })).status).toBe(
      404,
    );
    // The CRUD route's bucket is a model under the prefix too.
    const [, products] = await both(pair!, { method: 'GET', path: '/v2/products' });
    expect(products.status).toBe(200);
  });

  it('choose the response the rules choose: params, regex, AND, OR, cookie, null, sequence', async () => {
    const calls: Call[] = [
      { method: 'GET', path: '/v2/users/1' },
      { method: 'GET', path: '/v2/users/2' },
      { method: 'GET', path: '/v2/users/917' },
      { method: 'GET', path: '/v2/orders/7' },
      { method: 'GET', path: '/v2/orders/7?expand=items' },
      {
        method: 'GET',
        path: '/v2/orders/7?expand=items',
        headers: { authorization: 'Bearer t0k3n' },
      },
      { method: 'GET', path: '/v2/account' },
      { method: 'GET', path: '/v2/account', headers: { cookie: 'theme=dark; session=abc123' } },
      { method: 'GET', path: '/v2/account', headers: { cookie: 'session=abc1234' } },
      { method: 'POST', path: '/v2/quotes', body: { plan: 'basic' } },
      { method: 'POST', path: '/v2/quotes', body: { plan: 'premium' } },
      { method: 'POST', path: '/v2/quotes?coupon=SPRING', body: { plan: 'basic' } },
      { method: 'POST', path: '/v2/users', body: { lastname: 'Stark' } },
      { method: 'POST', path: '/v2/users', body: { firstname: '' } },
      { method: 'GET', path: '/v2/status' },
      { method: 'GET', path: '/v2/status' },
      { method: 'GET', path: '/v2/status' },
    ];
    for (const call of calls) await expectSame(pair!, call);
  });

  it('name a rule with an invalid regex by its place, and import the rest', async () => {
    // Mockoon answers a 500 on every request to the route; decorest answers the default.
    const ours = await send(pair!.decorest.url, { method: 'GET', path: '/v2/flaky?mode=x' });
    expect({ status: ours.status, body: ours.json }).toEqual({ status: 200, body: { ok: true } });
    expect(pair!.report).toMatch(
      /#\/routes\/8\/responses\/2: GET \/v2\/flaky: rule "Mockoon: bad pattern" is not imported: \/when\/0\/value: not a valid regular expression/,
    );
    expect(pair!.report).toContain(
      '#/routes/8/responses/1/rules/0: GET /v2/flaky: rule 1 (request_number equals "3") is not imported',
    );
  });

  it('fill templates in from the request: body, params, query, header, repeat, faker, now', async () => {
    const created: Call = {
      method: 'POST',
      path: '/v2/users',
      headers: { 'x-role': 'editor' },
      body: { firstname: 'Arya', address: { city: 'Winterfell' } },
    };
    const [theirs, ours] = await both(pair!, created);
    expect(ours.status).toBe(theirs.status);
    const { createdAt: theirTime, ...theirRest } = theirs.json as Record<string, unknown>;
    const { createdAt: ourTime, ...ourRest } = ours.json as Record<string, unknown>;
    expect(ourRest).toEqual(theirRest);
    expect(ourRest).toMatchObject({ firstname: 'Arya', city: 'Winterfell', role: 'editor' });
    for (const time of [theirTime, ourTime])
      expect(Number.isNaN(Date.parse(String(time)))).toBe(false);

    const search: Call = { method: 'GET', path: '/v2/search?q=lamp&page=2' };
    const [theirSearch, ourSearch] = await both(pair!, search);
    expect(ourSearch.status).toBe(theirSearch.status);
    expect(shapeOf(ourSearch.json)).toEqual(shapeOf(theirSearch.json));
    expect(ourSearch.json).toMatchObject({
      q: 'lamp',
      page: '2',
      results: [{ rank: 0 }, { rank: 1 }, { rank: 2 }],
    });

    await expectSame(pair!, { method: 'GET', path: '/v2/orders/12' });
    await expectSame(pair!, { method: 'GET', path: '/v2/users/904' });
  });

  it('answer the CRUD route over a bucket as Mockoon does for list, one, create, replace, patch, delete', async () => {
    // Nested objects (`dimensions`, `variants`) are object fields (issue 41): compared whole.
    const same = async (call: Call, status: number) => {
      const [theirs, ours] = await both(pair!, call);
      expect({ status: ours.status, body: ours.json }, `${call.method} ${call.path}`).toEqual({
        status: theirs.status,
        body: theirs.json,
      });
      expect(ours.status).toBe(status);
    };
    await same({ method: 'GET', path: '/v2/products' }, 200);
    await same({ method: 'GET', path: '/v2/products/2' }, 200);
    const lamp = {
      name: 'Floor lamp',
      price: 89,
      tags: ['light'],
      dimensions: { width: 30, height: 160 },
      variants: [{ color: 'white', stock: 2 }],
    };
    await same({ method: 'POST', path: '/v2/products', body: lamp }, 201);
    await same({ method: 'GET', path: '/v2/products/4' }, 200);
    await same({ method: 'PUT', path: '/v2/products/4', body: { ...lamp, price: 79 } }, 200);
    await same({ method: 'PATCH', path: '/v2/products/4', body: { price: 69 } }, 200);
    // A whole nested value replaces alike on both (Mockoon merges only the top level).
    await same(
      { method: 'PATCH', path: '/v2/products/4', body: { variants: [{ color: 'red', stock: 0 }] } },
      200,
    );
    await same({ method: 'GET', path: '/v2/products' }, 200);
    // Both answer a delete 200: Mockoon with `{}`, decorest with the deleted record; a missing
    // record is a 404 on both (Mockoon's body `{}`, decorest's a problem document).
    const [theirDelete, ourDelete] = await both(pair!, {
      method: 'DELETE',
      path: '/v2/products/4',
    });
    expect([theirDelete.status, ourDelete.status]).toEqual([200, 200]);
    expect([theirDelete.json, ourDelete.json]).toEqual([
      {},
      { id: 4, ...lamp, price: 69, variants: [{ color: 'red', stock: 0 }] },
    ]);
    const [theirGone, ourGone] = await both(pair!, { method: 'GET', path: '/v2/products/4' });
    expect([theirGone.status, ourGone.status]).toEqual([404, 404]);
    await same({ method: 'GET', path: '/v2/carts' }, 200);
    // The empty bucket's model declares only id, and is open (issue 42): it stores any body.
    const cart = { id: 1, owner: 'ann', items: [{ sku: 'lamp', quantity: 2 }] };
    await same({ method: 'POST', path: '/v2/carts', body: cart }, 201);
    await same({ method: 'PUT', path: '/v2/carts/1', body: { owner: 'bob', paid: false } }, 200);
    await same({ method: 'PATCH', path: '/v2/carts/1', body: { paid: true, note: 'gift' } }, 200);
    await same({ method: 'GET', path: '/v2/carts' }, 200);
    expect(pair!.report).not.toContain('Product.dimensions');
    expect(pair!.report).not.toContain('Product.variants');
    expect(pair!.report).toMatch(
      /bucket Carts is empty, so its model has no field but id: it is open, so a POST or PUT to \/v2\/carts stores any fields/,
    );
  });

  it('name in the report only routes that answer', () => expectNamedRoutesAnswer(pair!));
});

describe('an environment with response modes, files and helpers decorest lacks', () => {
  let pair: Pair | undefined;
  beforeAll(async () => {
    pair = await startPair(fixture('mockoon-billing.json'));
  }, 90_000);
  afterAll(() => stopPair(pair));

  it('answer alike where decorest can, and list what it cannot', async () => {
    const invoice = await both(pair!, { method: 'GET', path: '/invoices/INV-7?currency=EUR' });
    expect(shapeOf(invoice[1].json)).toEqual(shapeOf(invoice[0].json));
    expect(invoice[1].json).toMatchObject({ number: 'INV-7', currency: 'EUR' });
    await expectSame(pair!, {
      method: 'POST',
      path: '/payments',
      body: { amount: 20, card: { number: '4000 1234', brand: 'visa' } },
    });
    await expectSame(pair!, {
      method: 'POST',
      path: '/payments',
      body: { amount: 1000, card: { number: '5100', brand: 'mc' } },
    });
    const payment = await both(pair!, {
      method: 'POST',
      path: '/payments',
      body: { amount: 20, card: { number: '5100', brand: 'mc' } },
    });
    expect(payment[1].status).toBe(payment[0].status);
    expect(payment[1].json).toMatchObject({ amount: 20, method: 'mc' });
    await expectSame(pair!, { method: 'GET', path: '/currencies' });
    await expectSame(pair!, { method: 'GET', path: '/template-docs' });
    await expectSame(pair!, {
      method: 'DELETE',
      path: '/sessions/admin',
      headers: { 'x-user': 'u1' },
    });
    await expectSame(pair!, { method: 'DELETE', path: '/sessions/admin' });
    await expectSame(pair!, {
      method: 'DELETE',
      path: '/sessions/42',
      headers: { 'x-user': 'u1' },
    });
    const plans = await both(pair!, { method: 'GET', path: '/plans' });
    expect(plans[1].status).toBe(200);
    expect([[{ code: 'basic' }], [{ code: 'pro' }]]).toContainEqual(plans[1].json);
    for (const listed of [
      'GET /invoices/:number: header X-Invoice uses templating',
      'POST /payments: the helpers oneOf have no decorest placeholder',
      'GET /me: its body uses {{#if}}',
      'GET /export: answers the file',
      'GET /fallback-only: response mode FALLBACK',
    ])
      expect(pair!.report).toContain(listed);
  });

  it('name in the report only routes that answer', () => expectNamedRoutesAnswer(pair!));
});
