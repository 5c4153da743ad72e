/**
 * Issue 28, end to end through the real `decorest` command: `init --from` a Mockoon environment,
 * then `decorest serve` on 127.0.0.1: the bucket's records read back on the CRUD route's path, a
 * POST creates, a type inferred from the records answers 422, and a plain route answers its
 * default response.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { runCli, startServeProcess } from '../test-support/cli.js';
import { jsonRequest, rawRequest } from '../test-support/http-client.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/mockoon-shop.json', import.meta.url));

let root: string;
const cleanup: (() => Promise<unknown>)[] = [];
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'decorest-mockoon-init-'));
});
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
  await rm(root, { recursive: true, force: true });
});

describe('decorest init --from a Mockoon environment', () => {
  it('serves the bucket on its CRUD path, creates, answers 422 and the plain routes', async () => {
    const dir = join(root, 'shop');
    const result = await runCli(['init', dir, '--from', FIXTURE]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^ {2}seed\/products\.json\s+3 records of Product$/m);
    const serving = await startServeProcess([dir, '--port', '0', '--quiet']);
    cleanup.push(async () => {
      serving.child.kill('SIGKILL');
      await serving.exited();
    });
    const { url } = serving;
    const products = await jsonRequest(url, 'GET', '/products');
    expect(products.json).toHaveLength(3);
    expect((await jsonRequest(url, 'GET', '/products/1/order-lines')).json).toEqual([
      { id: 1, productId: 1, quantity: 2 },
    ]);
    const created = await jsonRequest(url, 'POST', '/products', {
      name: 'Rug',
      price: 40,
      inStock: true,
    });
    expect(created.status).toBe(201);
    const invalid = await jsonRequest(url, 'POST', '/products', {
      name: 'Rug',
      price: 'cheap',
      inStock: true,
    });
    expect(invalid.status).toBe(422);
    expect(invalid.json).toMatchObject({ errors: [{ field: 'price' }] });
    const health = await jsonRequest(url, 'GET', '/health');
    expect(health.json).toEqual({ status: 'ok' });
    expect(health.headers['x-mock']).toBe('mockoon');
    expect((await rawRequest(url, 'POST', '/logout')).status).toBe(204);
    expect((await rawRequest(url, 'GET', '/terms')).text).toBe('Be nice.');
  });
});
