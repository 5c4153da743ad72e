/**
 * Issue 28: an import plan written as a project (model files by the studio's writer, seed/,
 * app.ts), loaded by the real `decorest routes`; and a refusal writes nothing at all.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { JsonValue } from '../contract/control-api.js';
import { runCli } from '../test-support/cli.js';
import type { PlannedModel } from './import-plan.js';
import { planJsonServerDb } from './json-server-db.js';
import { STARTER_EXTRAS, STARTER_PLAN } from './starter-project.js';
import { type PlanContent, PlanWriteError, writePlan } from './write-plan.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'decorest-write-plan-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const blog = () =>
  planJsonServerDb('db.json', {
    posts: [{ id: 1, title: 'a', 'first-name': 'Ann', '2fa': true, class: 'x' }],
    comments: [{ id: 1, body: 'b', postId: 1 }],
    profile: { name: 'typicode' },
  });

async function refusal(run: () => Promise<unknown>): Promise<PlanWriteError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof PlanWriteError) return error;
    throw error;
  }
  throw new Error('expected a PlanWriteError');
}

describe('writePlan', () => {
  it('writes a model file per model, seed/<path>.json and app.ts, and the project loads', async () => {
    const written = await writePlan(blog(), dir);
    expect(written.files.map((f) => [f.path, f.kind])).toEqual([
      ['post.ts', 'model'],
      ['comment.ts', 'model'],
      ['seed/posts.json', 'seed'],
      ['seed/comments.json', 'seed'],
      ['app.ts', 'app'],
    ]);
    const post = await readFile(join(dir, 'post.ts'), 'utf8');
    expect(post).toContain("'first-name'?: string;");
    expect(post).toContain("'2fa'?: boolean;");
    expect(post).toContain('@Rest({ open: true })\n@FromDataSource\nexport class Post {');
    // json-server 0.17 deletes a post's comments with it (issue 42): the import says so.
    expect(post).toMatch(/@HasMany\(\{ onDelete: 'cascade' \}\)\n {2}comments!: Comment\[\];/);
    expect(await readFile(join(dir, 'comment.ts'), 'utf8')).toMatch(
      /@BelongTo\n {2}postId\?: Post;/,
    );
    expect(JSON.parse(await readFile(join(dir, 'seed/comments.json'), 'utf8'))).toEqual([
      { id: 1, body: 'b', postId: 1 },
    ]);
    expect(await readFile(join(dir, 'app.ts'), 'utf8')).toContain(
      "this.get('/profile', (_req, res) => res.status(200).json({ name: 'typicode' }));",
    );
    const routes = await runCli(['routes', dir]);
    expect(routes.code, routes.stderr).toBe(0);
    expect(routes.stdout).toMatch(/GET\s+\/profile\s+manual/);
    expect(routes.stdout).toMatch(/GET\s+\/posts\/:id\/comments\s+Post relation Comment/);
    expect(routes.stdout).toMatch(/POST\s+\/posts\/:id\/comments\s+Post relation-create Comment/);
    expect(routes.stdout).toMatch(/GET\s+\/db\s+database/);
  });

  it('writes string ids, @Rest({ path }) and routes with headers, text and odd bodies that load', async () => {
    const plan: PlanContent = {
      models: [
        {
          name: 'BlogPost',
          path: 'blogPosts',
          idType: 'string',
          fields: [{ name: 'title', type: 'string', rules: { minLength: 1 } }],
          relations: [],
          seed: [{ id: 'p1', title: 'x' }],
        },
      ],
      routes: [
        {
          method: 'GET',
          path: '/health',
          status: 200,
          headers: { 'x-a': "it's" },
          body: 'ok',
          source: 'a',
        },
        {
          method: 'POST',
          path: '/odd/:id',
          status: 202,
          body: JSON.parse('{ "__proto__": { "x": 1 }, "a-b": [null] }') as JsonValue,
          source: 'b',
        },
        { method: 'DELETE', path: '/gone', status: 204, source: 'c' },
      ],
    };
    await writePlan(plan, dir);
    const text = await readFile(join(dir, 'blog-post.ts'), 'utf8');
    expect(text).toContain("@Rest({ path: 'blogPosts' })");
    expect(text).toContain('id!: string;');
    expect(text).toContain('@Field({ minLength: 1 })');
    const app = await readFile(join(dir, 'app.ts'), 'utf8');
    expect(app).toContain(".header('x-a', 'it\\'s').send('ok')");
    expect(app).toContain('JSON.parse(');
    const routes = await runCli(['routes', dir]);
    expect(routes.code, routes.stderr).toBe(0);
    expect(routes.stdout).toMatch(/GET\s+\/blogPosts\s+BlogPost list/);
  });

  it('refuses to replace an existing model file without force, and writes nothing', async () => {
    await writeFile(join(dir, 'comment.ts'), '// mine\n');
    const error = await refusal(() => writePlan(blog(), dir));
    expect(error.existing).toEqual(['comment.ts']);
    expect(error.message).toMatch(
      /would replace comment\.ts .*nothing was written \(--force replaces them\)/,
    );
    expect(await readdir(dir)).toEqual(['comment.ts']);
    expect(await readFile(join(dir, 'comment.ts'), 'utf8')).toBe('// mine\n');

    const forced = await writePlan(blog(), dir, { force: true });
    expect(forced.replaced).toEqual(['comment.ts']);
    expect(await readFile(join(dir, 'comment.ts'), 'utf8')).toMatch(/export class Comment/);
  });

  it('writes nothing when a model cannot be written', async () => {
    const bad = (change: Partial<PlannedModel>): PlanContent => ({
      models: [{ ...blog().models[0]!, ...change }],
      routes: [],
    });
    for (const plan of [
      bad({ name: 'Date' }),
      bad({ fields: [{ name: 'x', type: 'object' }] }),
      bad({ fields: [{ name: 'x', wireName: "it's", type: 'string' }] }),
      bad({ relations: [{ field: 'ownerId', target: 'Owner' }] }),
      bad({ path: '../etc' }),
      { models: [], routes: [{ method: 'OPTIONS' as const, path: '/x', status: 200, source: '' }] },
    ])
      await refusal(() => writePlan(plan, dir));
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a plan whose classes, paths or application the folder declares already', async () => {
    await mkdir(join(dir, 'models'));
    await writeFile(join(dir, 'models/article.ts'), 'export class Post {}\n');
    await writeFile(join(dir, 'notes.ts'), "@Rest({ path: 'comments' }) export class Note {}\n");
    await writeFile(join(dir, 'main.ts'), 'export default class A extends Application {}\n');
    const error = await refusal(() => writePlan(blog(), dir, { force: true }));
    expect(error.message).toBe(
      'an application exists in main.ts; class Post exists in models/article.ts; the path /comments is served by notes.ts: the project would not load, so nothing was written (init another folder, or remove them)',
    );
    expect((await readdir(dir)).sort()).toEqual(['main.ts', 'models', 'notes.ts']);
  });

  it('says when data/ exists, since a start then keeps its records', async () => {
    expect((await writePlan(blog(), dir)).dataExists).toBe(false);
    await mkdir(join(dir, 'data'));
    expect((await writePlan(blog(), dir, { force: true })).dataExists).toBe(true);
  });

  it('refuses a folder that is a file', async () => {
    const file = join(dir, 'file');
    await writeFile(file, '');
    expect((await refusal(() => writePlan(blog(), file))).message).toMatch(/is a file/);
  });

  it('writes the starter and keeps a README that exists', async () => {
    await writeFile(join(dir, 'README.md'), '# mine\n');
    const written = await writePlan(STARTER_PLAN, join(dir), { extras: STARTER_EXTRAS });
    expect(written.kept).toEqual(['README.md']);
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toBe('# mine\n');
    expect(existsSync(join(dir, 'book.ts'))).toBe(true);
    const fresh = join(dir, 'fresh');
    await writePlan(STARTER_PLAN, fresh, { extras: STARTER_EXTRAS });
    expect((await readdir(fresh)).sort()).toEqual(['README.md', 'author.ts', 'book.ts', 'seed']);
  });
});
