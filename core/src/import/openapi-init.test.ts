/**
 * Issue 28, end to end through the real `decorest` command: `init --from` an OpenAPI document
 * (the Petstore in JSON, the 3.1 library in YAML), then `decorest serve` on 127.0.0.1: the seeded
 * examples read back, a POST creates, a rule from the document answers 422, and a documented
 * non-collection operation answers its example.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { validate } from '@readme/openapi-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { runCli, type ServeProcess, startServeProcess } from '../test-support/cli.js';
import { jsonRequest } from '../test-support/http-client.js';

const fixture = (name: string): string =>
  fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

let root: string;
let dir: string;
const cleanup: (() => Promise<unknown>)[] = [];
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'decorest-openapi-init-'));
  dir = join(root, 'api');
});
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
  await rm(root, { recursive: true, force: true });
});

async function initAndServe(source: string): Promise<{ out: string; serving: ServeProcess }> {
  const result = await runCli(['init', dir, '--from', fixture(source)]);
  expect(result.code, result.stderr).toBe(0);
  const serving = await startServeProcess([dir, '--port', '0', '--quiet']);
  cleanup.push(async () => {
    serving.child.kill('SIGKILL');
    await serving.exited();
  });
  return { out: result.stdout, serving };
}

describe('decorest init --from an OpenAPI document', () => {
  it('serves the Petstore: the example pets, a create, a 422 for the required name', async () => {
    const { out, serving } = await initAndServe('petstore-3.0.json');
    expect(out).toMatch(/^ {2}pet\.ts\s+model Pet$/m);
    expect(out).toMatch(/^ {2}seed\/pets\.json\s+2 records of Pet$/m);
    // issue 41: the document's server is http://petstore.swagger.io/v1: served under /v1.
    const { url } = serving;
    expect((await jsonRequest(url, 'GET', '/v1/pets')).json).toEqual([
      { id: 1, name: 'Rex', tag: 'dog' },
      { id: 2, name: 'Tom' },
    ]);
    const created = await jsonRequest(url, 'POST', '/v1/pets', { name: 'Kit', tag: 'cat' });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: 3, name: 'Kit', tag: 'cat' });
    const invalid = await jsonRequest(url, 'POST', '/v1/pets', { tag: 'x' });
    expect(invalid.status).toBe(422);
    expect(invalid.json).toMatchObject({ errors: [{ field: 'name', message: 'is required' }] });
  });

  it('serves the 3.1 library from YAML: rules, links, the wire key and the manual routes', async () => {
    const { out, serving } = await initAndServe('library-3.1.yaml');
    expect(out).toMatch(/^ {2}app\.ts\s+manual routes$/m);
    const { url } = serving;
    expect((await jsonRequest(url, 'GET', '/authors/1')).json).toMatchObject({
      name: 'Ursula',
      bio: null,
      'first-name': 'Ursula',
    });
    expect((await jsonRequest(url, 'GET', '/authors/1/books')).json).toEqual([
      { id: 10, title: 'Dune', genre: 'novel', rating: 5, tags: ['sf', 'classic'], authorId: 1 },
    ]);
    const created = await jsonRequest(url, 'POST', '/books', {
      title: 'Emma',
      genre: 'novel',
      authorId: 1,
    });
    expect(created.status).toBe(201);
    // minLength, pattern and the enum of the document, all reported at once.
    const invalid = await jsonRequest(url, 'POST', '/books', { title: 'ab', genre: 'saga' });
    expect(invalid.status).toBe(422);
    const fields = (invalid.json as { errors: { field: string }[] }).errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'genre']));
    const email = await jsonRequest(url, 'POST', '/authors', { name: 'Jo', email: 'nope' });
    expect(email.status).toBe(422);
    const health = await jsonRequest(url, 'GET', '/health');
    expect(health.status).toBe(200);
    expect(health.headers['x-version']).toBe('2.0.0');
    expect(health.json).toEqual({ status: 'ok' });
    const login = await jsonRequest(url, 'POST', '/login', { email: 'a@b.c', password: 'x' });
    expect(login.status).toBe(201);
    expect(login.json).toEqual({ token: 'abc.def.ghi' });
  });

  it('round trip: decorest openapi of the imported project validates and keeps paths, rules and examples', async () => {
    const source = 'library-3.1.yaml';
    const result = await runCli(['init', dir, '--from', fixture(source)]);
    expect(result.code, result.stderr).toBe(0);
    const printed = await runCli(['openapi', dir]);
    expect(printed.code, printed.stderr).toBe(0);
    const out = JSON.parse(printed.stdout) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const check = await validate(structuredClone(out) as Parameters<typeof validate>[0]);
    expect(check.valid ? [] : check.errors.map((e) => e.message)).toEqual([]);
    // Parameter names may differ (`{authorId}` is `{id}` on generated routes): URLs are compared.
    const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
    const original = parseYaml(await readFile(fixture(source), 'utf8')) as {
      paths: Record<string, unknown>;
    };
    const served = new Set(Object.keys(out.paths).map(shape));
    for (const path of Object.keys(original.paths)) expect(served).toContain(shape(path));
    const book = out.components.schemas.Book!.properties;
    expect(book.title).toMatchObject({ type: 'string', minLength: 3, pattern: '^[A-Z]' });
    expect(book.genre).toMatchObject({ enum: ['novel', 'essay', 'poetry'] });
    expect(book.rating).toMatchObject({ minimum: 0, maximum: 5 });
    expect(book.publishedAt).toMatchObject({ format: 'date-time' });
    const author = out.components.schemas.Author!.properties;
    expect(author.email).toMatchObject({ format: 'email' });
    expect(author.bio).toMatchObject({ type: ['string', 'null'] });
    // The document's examples came in as seed records and go out again on the schema.
    const examples = (out.components.schemas.Author as { examples?: unknown[] }).examples;
    expect(examples).toContainEqual(expect.objectContaining({ email: 'ursula@example.com' }));
  });
});
