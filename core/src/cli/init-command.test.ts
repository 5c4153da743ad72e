/**
 * Issue 28 through the real `decorest` command: `init --from <db.json>` and `init` (starter),
 * then `decorest serve` (and `studio`) on the written project over real HTTP on 127.0.0.1:
 * the seeded records read back, a POST creates, a rule answers 422. Bad sources exit 1 with one
 * line and write nothing.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  runCli,
  type ServeProcess,
  startServeProcess,
  startStudioProcess,
} from '../test-support/cli.js';
import { jsonRequest } from '../test-support/http-client.js';

const fixture = (name: string): string =>
  fileURLToPath(new URL(`../import/fixtures/${name}`, import.meta.url));

let root: string;
let dir: string;
const cleanup: (() => Promise<unknown>)[] = [];
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'decorest-init-'));
  dir = join(root, 'api');
});
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
  await rm(root, { recursive: true, force: true });
});

async function serve(): Promise<ServeProcess> {
  const serving = await startServeProcess([dir, '--port', '0', '--quiet']);
  cleanup.push(async () => {
    serving.child.kill('SIGKILL');
    await serving.exited();
  });
  return serving;
}

async function init(args: string[]): Promise<string> {
  const result = await runCli(['init', dir, ...args]);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

describe('decorest init --from db.json', () => {
  it("serves json-server's example: seeded posts and comments, a create, a 422", async () => {
    const out = await init(['--from', fixture('json-server-readme.json')]);
    expect(out).toMatch(/^ {2}post\.ts\s+model Post$/m);
    expect(out).toMatch(/^ {2}seed\/comments\.json\s+3 records of Comment$/m);
    expect(out).toMatch(/^guesses:\n {2}Post: @Rest\(\{ open: true \}\): a write may leave out/m);
    expect(out).toMatch(/^ {2}Comment\.postId: links to Post/m);
    expect(out).toMatch(/^not imported:\n {2}profile: a singular resource/m);

    const { url } = await serve();
    const db = JSON.parse(await readFile(fixture('json-server-readme.json'), 'utf8')) as {
      posts: unknown[];
      comments: unknown[];
      profile: unknown;
    };
    expect((await jsonRequest(url, 'GET', '/posts')).json).toEqual(db.posts);
    expect((await jsonRequest(url, 'GET', '/profile')).json).toEqual(db.profile);
    expect((await jsonRequest(url, 'GET', '/posts/1/comments')).json).toEqual(
      db.comments.slice(0, 2),
    );
    const created = await jsonRequest(url, 'POST', '/comments', { body: 'new', postId: 2 });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: 4, body: 'new', postId: 2 });
    expect((await jsonRequest(url, 'GET', '/comments?postId=2')).json).toHaveLength(2);
    const invalid = await jsonRequest(url, 'POST', '/posts', { title: 5 });
    expect(invalid.status).toBe(422);
    // Open (issue 42): a missing author is json-server's way; a declared field keeps its type.
    expect(invalid.json).toMatchObject({
      errors: [{ field: 'title', message: 'must be a string, got 5' }],
    });
    const orphan = await jsonRequest(url, 'POST', '/comments', { body: 'x', postId: 99 });
    expect(orphan.status).toBe(422);
  });

  it('serves string ids, userId links and keys that are no identifiers', async () => {
    await init(['--from', fixture('string-ids.json')]);
    const { url } = await serve();
    expect((await jsonRequest(url, 'GET', '/users/ann')).json).toEqual({
      id: 'ann',
      name: 'Ann',
      email: 'ann@example.com',
      'first-name': 'Ann',
      '2fa': true,
      class: 'admin',
    });
    expect((await jsonRequest(url, 'GET', '/users?first-name=Bob')).json).toMatchObject([
      { id: 'bob' },
    ]);
    const created = await jsonRequest(url, 'POST', '/todos', {
      id: 't9',
      title: 'Import a db.json',
      done: false,
      tags: [],
      userId: 'bob',
    });
    expect(created.status, created.text).toBe(201);
    expect(
      ((await jsonRequest(url, 'GET', '/users/bob/todos')).json as { id: string }[]).map(
        (t) => t.id,
      ),
    ).toEqual(['t2', 't9']);
    const invalid = await jsonRequest(url, 'POST', '/users', { name: 'C', 'first-name': 3 });
    expect(invalid.status).toBe(422);
    expect(invalid.json).toMatchObject({
      errors: [{ field: 'first-name', message: 'must be a string, got 3' }],
    });
  });
});

describe('decorest init (starter)', () => {
  it('writes two related models and a README that serve and studio open', async () => {
    const out = await init([]);
    expect(out).toMatch(/^decorest init: a starter project in /);
    expect((await readdir(dir)).sort()).toEqual(['README.md', 'author.ts', 'book.ts', 'seed']);
    const { url } = await serve();
    expect((await jsonRequest(url, 'GET', '/authors/1/books')).json).toHaveLength(2);
    const created = await jsonRequest(url, 'POST', '/books', {
      title: 'Kindred',
      read: false,
      author: 2,
    });
    expect(created.status).toBe(201);
    const invalid = await jsonRequest(url, 'POST', '/books', { title: '' });
    expect(invalid.status).toBe(422);
    expect(invalid.json).toMatchObject({
      errors: expect.arrayContaining([expect.objectContaining({ field: 'title' })]) as unknown,
    });
  });

  it('opens in the studio', async () => {
    await init([]);
    const config = await mkdtemp(join(tmpdir(), 'decorest-config-'));
    cleanup.push(() => rm(config, { recursive: true, force: true }));
    const studio = await startStudioProcess(
      [dir, '--port', '0'],
      { DECOREST_STUDIO_CONFIG_DIR: config },
      (kill) => cleanup.push(kill),
    );
    expect((await jsonRequest(studio.apiUrl, 'GET', '/books')).json).toHaveLength(3);
  });
});

describe('decorest init refusals', () => {
  it('exits 1 with one line naming the line and column of malformed JSON, writing nothing', async () => {
    const source = join(root, 'db.json');
    await writeFile(source, '{\n  "posts": [\n    { "id": 1, }\n  ]\n}\n');
    const result = await runCli(['init', dir, '--from', source]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `decorest: ${source}:3:16: is not JSON: expected a double-quoted property name\n`,
    );
    expect(existsSync(dir)).toBe(false);
  });

  it('refuses a source over the limit by its size', async () => {
    const source = join(root, 'db.json');
    await writeFile(source, '');
    await truncate(source, 60 * 1024 * 1024);
    const result = await runCli(['init', dir, '--from', source]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `decorest: ${source}: is 60 MB, over the 50 MB limit of an import source\n`,
    );
  });

  it('refuses to replace a model file without --force, and replaces it with', async () => {
    await init(['--from', fixture('json-server-readme.json')]);
    await writeFile(join(dir, 'post.ts'), '// edited\n');
    const refused = await runCli(['init', dir, '--from', fixture('json-server-readme.json')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^decorest: would replace post\.ts, comment\.ts, .*--force/);
    expect(await readFile(join(dir, 'post.ts'), 'utf8')).toBe('// edited\n');
    const forced = await init(['--from', fixture('json-server-readme.json'), '--force']);
    expect(forced).toMatch(/^replaced \(--force\): post\.ts, /m);
    expect(await readFile(join(dir, 'post.ts'), 'utf8')).toMatch(/export class Post/);
  });

  it('exits 2 for a package.json or a Postman collection, naming what it is and where it goes', async () => {
    const pkg = join(root, 'package.json');
    await writeFile(pkg, await readFile(fixture('storefront-package.json'), 'utf8'));
    const refused = await runCli(['init', dir, '--from', pkg]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^decorest: .*package\.json: looks like an npm package\.json .*init --from takes a json-server db\.json/,
    );
    expect(existsSync(dir)).toBe(false);
    const postman = fileURLToPath(
      new URL('../requests/import/fixtures/blog-api.postman_collection.json', import.meta.url),
    );
    const collection = await runCli(['init', dir, '--from', postman]);
    expect(collection.code).toBe(2);
    expect(collection.stderr).toMatch(
      /looks like a Postman collection .*import it in the studio's Console \(Saved tab, Import…\)/,
    );
    expect(existsSync(dir)).toBe(false);
  });

  it('takes --from only with init', async () => {
    const result = await runCli(['serve', dir, '--from', 'db.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--from belongs to init/);
  });
});
