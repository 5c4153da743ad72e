/**
 * Issue 46: `decorest init --from file.har`. A browser's HAR goes through the recording's
 * planner: the API's exchanges become models, seed and routes; the page's own files, other
 * origins and binary bodies are named and skipped; secrets never reach the project; 50,000
 * entries import in bounded memory (a 64 MB heap, under the file's size) within 10 s.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { CLI, REPO_ROOT } from '../test-support/cli.js';
import { readHar, readHarFile } from './har-read.js';
import { ImportError } from './import-plan.js';
import { JsonArraySplitter } from './json-array-split.js';
import { readImportSource } from './read-source.js';
import { harText, writeLargeHar } from './test-support/har-fixture.js';
import { writePlan } from './write-plan.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'decorest-har-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every file under `root`, dot-folders included, with its text. */
async function allText(root: string): Promise<string> {
  let out = '';
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) out += await readFile(join(entry.parentPath, entry.name), 'utf8');
  return out;
}

const API = 'https://api.shop.test';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
  'hex',
);

const browserHar = () =>
  harText([
    {
      url: 'https://shop.test/',
      mimeType: 'text/html',
      body: '<html></html>',
      resourceType: 'document',
    },
    {
      url: 'https://shop.test/app.js',
      mimeType: 'application/javascript',
      body: 'x()',
      resourceType: 'script',
    },
    {
      url: `${API}/products?page=1`,
      body: [
        { id: 1, name: 'Mug', price: 9.5, categoryId: 1 },
        { id: 2, name: 'Cap', price: 12, categoryId: 1, tags: ['new'] },
      ],
      headers: { 'Set-Cookie': 'session=SECRET-COOKIE; HttpOnly', 'X-Total-Count': '2' },
      requestHeaders: { Authorization: 'Bearer SECRET-TOKEN', Cookie: 'session=SECRET-COOKIE' },
      resourceType: 'fetch',
    },
    { url: `${API}/categories`, body: [{ id: 1, title: 'Kitchen' }], resourceType: 'xhr' },
    { url: `${API}/products/2/photo`, mimeType: 'image/png', base64: PNG, resourceType: 'fetch' },
    {
      url: `${API}/blob`,
      mimeType: 'application/octet-stream',
      base64: Buffer.from([0, 1, 2, 255]),
    },
    { url: `${API}/version`, mimeType: 'application/json', base64: Buffer.from('{"v":"1.4"}') },
    { url: 'https://analytics.test/collect', body: { ok: true }, resourceType: 'fetch' },
  ]);

describe('init --from a HAR file', () => {
  it("plans the API's exchanges, names the binary bodies and other origins it skips", async () => {
    const file = join(dir, 'shop.har');
    await writeFile(file, browserHar());
    const plan = await readImportSource(file);
    expect(plan.source).toEqual({ kind: 'har', file });
    expect(plan.models.map((m) => [m.name, m.seed.length])).toEqual([
      ['Product', 2],
      ['Category', 1],
    ]);
    expect(plan.models[0]!.relations).toEqual([
      { field: 'categoryId', target: 'Category', hasMany: 'products' },
    ]);
    // A base64 body that is JSON is read as JSON.
    expect(plan.routes.map((r) => [r.path, r.body])).toEqual([['/version', { v: '1.4' }]]);
    const notes = plan.notes.map((n) => `${n.at}: ${n.text}`);
    expect(notes).toEqual(
      expect.arrayContaining([
        'log.entries: https://api.shop.test is the API (it answered the most JSON): 5 of 8 entries',
        'https://analytics.test: 1 exchange with another origin: not imported',
        "log.entries: 1 the page's own document requests (not made by its code)",
        "log.entries: 1 the page's own script requests (not made by its code)",
        'GET /products/:id/photo: answered image/png (33 B), which is binary: not recorded',
        'GET /blob: answered application/octet-stream (4 B), which is binary: not recorded',
      ]),
    );
  });

  it('never writes Authorization, Cookie or Set-Cookie into the project', async () => {
    const plan = await readHar('shop.har', browserHar());
    await writePlan(plan, join(dir, 'shop'));
    const written = await allText(join(dir, 'shop'));
    expect(written).toContain('Mug');
    expect(written).not.toMatch(/SECRET|set-cookie|authorization/i);
  });

  it('refuses a file that is not a HAR, or one cut short, naming it', async () => {
    const notHar = join(dir, 'x.har');
    await writeFile(notHar, '{"log": {"pages": []}}');
    await expect(readHarFile(notHar)).rejects.toThrow(
      /x\.har: is not a HAR file: it has no "log": \{ "entries": \[\] \}/,
    );
    const cut = join(dir, 'cut.har');
    await writeFile(cut, browserHar().slice(0, 2500));
    const error = await readHarFile(cut).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as Error).message).toMatch(
      /cut\.har: ends inside log\.entries, after \d entries/,
    );
  });

  it('finds the same entries however the text is cut into chunks', () => {
    const text =
      '{"a":"}{[","log":{"x":[{"y":"}"}],"entries":[{"s":"a\\"]}"},[1,{"z":[]}],{}]},"b":[{}]}';
    const whole: string[] = [];
    const one = new JsonArraySplitter(
      ['log', 'entries'],
      { element: (t) => whole.push(t), tooLarge: () => {} },
      1000,
    );
    one.write(text);
    expect(whole).toEqual(['{"s":"a\\"]}"}', '[1,{"z":[]}]', '{}']);
    expect(one.complete).toBe(true);
    for (let size = 1; size < 9; size++) {
      const parts: string[] = [];
      const split = new JsonArraySplitter(
        ['log', 'entries'],
        { element: (t) => parts.push(t), tooLarge: () => {} },
        1000,
      );
      for (let i = 0; i < text.length; i += size) split.write(text.slice(i, i + size));
      expect(parts).toEqual(whole);
    }
  });
});

describe('a HAR of 50,000 entries', () => {
  it('imports in a 64 MB heap, smaller than the file, in under 10 s', async () => {
    const file = join(dir, 'big.har');
    // 5,000 users in pages of 10, their posts, a search answering per query, and photos.
    await writeLargeHar(file, 50_000, (i) => {
      const kind = i % 5;
      const n = Math.floor(i / 5);
      if (kind === 4)
        return { url: `${API}/users/${(n % 5000) + 1}/avatar`, mimeType: 'image/png', base64: PNG };
      if (kind === 3) return { url: `${API}/search?q=${n % 40}`, body: { q: n % 40, hits: n % 7 } };
      if (kind === 2) {
        const id = (n % 2000) + 1;
        const userId = (n % 5000) + 1;
        return {
          url: `${API}/posts/${id}`,
          body: { id, userId, title: `Post ${id}`, body: 'x'.repeat(2200) },
        };
      }
      const page = (n * 2 + kind) % 500;
      return {
        url: `${API}/users?page=${page}`,
        body: Array.from({ length: 10 }, (_, k) => ({
          id: page * 10 + k + 1,
          name: `User ${page * 10 + k + 1}`,
          email: `u${page * 10 + k + 1}@shop.test`,
          address: { city: 'Oslo', zip: `0${k}` },
        })),
      };
    });
    const size = (await stat(file)).size;
    expect(size).toBeGreaterThan(64 * 1024 * 1024);
    const started = Date.now();
    const out = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--max-old-space-size=64', CLI, 'init', join(dir, 'big'), '--from', file],
        { cwd: REPO_ROOT },
      );
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      child.on('close', (code) => resolve({ code, output }));
    });
    const ms = Date.now() - started;
    expect(out.output).toMatch(/5000 records of User/);
    expect(out.code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    const users = JSON.parse(
      await readFile(join(dir, 'big', 'seed', 'users.json'), 'utf8'),
    ) as unknown[];
    expect(users).toHaveLength(5000);
    expect(out.output).toMatch(/2000 records of Post/);
    expect(out.output).toMatch(/Post\.userId: links to User/);
    expect(out.output).toContain(
      'GET /users/:id/avatar: answered image/png (33 B), which is binary: not recorded (10,000 exchanges)',
    );
  }, 60_000);
});
