/**
 * Issue 28's "New project from…" through the control API of a real studio: the preview of a
 * db.json, OpenAPI document and Mockoon environment sent as text, the write into a new folder,
 * the project opened and served, and every refusal (unreadable source, files in the way, bad
 * bodies) writing nothing.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { ImportPreview, Problem, ProjectStatus } from '../contract/control-api.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';

const FIXTURES = new URL('../import/fixtures/', import.meta.url).pathname;
const fixture = (name: string) => readFile(join(FIXTURES, name), 'utf8');

let f: StudioFixture;
let scratch: string;
beforeEach(async () => {
  [f, scratch] = await Promise.all([
    startStudioFixture(EXAMPLES.todo),
    mkdtemp(join(tmpdir(), 'decorest-import-')),
  ]);
});
afterEach(async () => {
  await f.dispose();
  await rm(scratch, { recursive: true, force: true });
});

describe('POST /api/import/preview', () => {
  it("shows a db.json's models, fields, relations, record counts and guesses, writing nothing", async () => {
    const dir = join(scratch, 'blog');
    const answer = await f.api('POST', '/import/preview', {
      fileName: 'db.json',
      text: await fixture('json-server-readme.json'),
      dir,
    });
    expect(answer.status, answer.text).toBe(200);
    const preview = answer.json as ImportPreview;
    expect(preview.source).toEqual({ kind: 'json-server', file: 'db.json' });
    expect(preview.models.map((m) => [m.name, m.path, m.records])).toEqual([
      ['Post', 'posts', 3],
      ['Comment', 'comments', 3],
    ]);
    const comment = preview.models.find((m) => m.name === 'Comment')!;
    expect(comment.fields).toEqual([{ name: 'body', type: 'string', optional: true }]);
    expect(comment.relations).toEqual([
      { field: 'postId', target: 'Post', hasMany: 'comments', onDelete: 'cascade' },
    ]);
    expect(preview.notes).toContainEqual(
      expect.objectContaining({ kind: 'guess', at: 'Comment.postId' }),
    );
    expect(preview.notes).toContainEqual(
      expect.objectContaining({ kind: 'not-imported', at: 'profile' }),
    );
    expect(preview.routes).toEqual([
      { method: 'GET', path: '/profile', status: 200, source: '#/profile' },
    ]);
    expect(preview.files.map((file) => [file.path, file.exists])).toEqual(
      expect.arrayContaining([
        ['post.ts', false],
        ['comment.ts', false],
        ['seed/posts.json', false],
      ]),
    );
    // Seed records are counted, not sent back.
    expect(answer.text).not.toContain('another json post');
    expect(existsSync(dir)).toBe(false);
  });

  it('reads an OpenAPI YAML document and a Mockoon environment by their content', async () => {
    const openapi = await f.api('POST', '/import/preview', {
      fileName: 'library.yaml',
      text: await fixture('library-3.1.yaml'),
    });
    expect(openapi.status, openapi.text).toBe(200);
    expect((openapi.json as ImportPreview).source.kind).toBe('openapi');
    expect((openapi.json as ImportPreview).models.length).toBeGreaterThan(0);

    const mockoon = await f.api('POST', '/import/preview', {
      fileName: 'shop.json',
      text: await fixture('mockoon-shop.json'),
    });
    expect(mockoon.status, mockoon.text).toBe(200);
    expect((mockoon.json as ImportPreview).source.kind).toBe('mockoon');
  });

  it('says which planned files exist in the folder already', async () => {
    const dir = join(scratch, 'taken');
    await mkdir(dir);
    await writeFile(join(dir, 'post.ts'), '// mine\n');
    const answer = await f.api('POST', '/import/preview', {
      fileName: 'db.json',
      text: await fixture('json-server-readme.json'),
      dir,
    });
    const files = (answer.json as ImportPreview).files;
    expect(files.filter((file) => file.exists).map((file) => file.path)).toEqual(['post.ts']);
  });

  it('answers 422 naming line and column for a malformed source', async () => {
    const answer = await f.api('POST', '/import/preview', {
      fileName: 'db.json',
      text: '{\n  "posts": [\n    { "id": 1, }\n  ]\n}',
    });
    expect(answer.status).toBe(422);
    const problem = answer.json as Problem;
    expect(problem.type).toMatch(/import-source-unreadable$/);
    expect(problem.detail).toMatch(/^db\.json:3:\d+: is not JSON/);
  });

  it.each([
    ['no object', [1, 2]],
    ['no file name', { text: '{}' }],
    ['a file name with a folder', { fileName: '../db.json', text: '{}' }],
    ['text that is not a string', { fileName: 'db.json', text: { posts: [] } }],
    ['a relative folder', { fileName: 'db.json', text: '{"a":[]}', dir: 'here' }],
    ['a NUL in the folder', { fileName: 'db.json', text: '{"a":[]}', dir: '/tmp/a\u0000b' }],
  ])('answers 422 for %s', async (_, body) => {
    const answer = await f.api('POST', '/import/preview', body);
    expect(answer.status, answer.text).toBe(422);
    expect((answer.json as Problem).errors?.length).toBeGreaterThan(0);
  });
});

describe('POST /api/import', () => {
  it('writes the project, opens it and serves its seed records on the mock API', async () => {
    const dir = join(scratch, 'blog');
    const answer = await f.api('POST', '/import', {
      fileName: 'db.json',
      text: await fixture('json-server-readme.json'),
      dir,
    });
    expect(answer.status, answer.text).toBe(200);
    const status = answer.json as ProjectStatus;
    expect(status.root).toBe(dir);
    expect(status.state).toBe('loaded');
    expect((await readdir(dir)).sort()).toEqual(
      expect.arrayContaining(['comment.ts', 'post.ts', 'seed']),
    );
    const comments = await f.mock('GET', '/posts/1/comments');
    expect(comments.status, comments.text).toBe(200);
    expect((comments.json as { body: string }[]).map((c) => c.body)).toEqual([
      'some comment',
      'another comment',
    ]);
    expect((await f.mock('GET', '/profile')).json).toEqual({ name: 'typicode' });
    expect((await f.mock('POST', '/comments', { body: 'new', postId: 99 })).status).toBe(422);
  });

  it('opens an empty folder with no models, then imports into it while it is open', async () => {
    const dir = join(scratch, 'empty');
    await mkdir(dir);
    const opened = await f.api('POST', '/project/open', { dir });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.json).toMatchObject({ root: dir, state: 'loaded' });
    expect((await f.api('GET', '/models')).json).toEqual([]);

    const answer = await f.api('POST', '/import', {
      fileName: 'db.json',
      text: await fixture('json-server-readme.json'),
      dir,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(((await f.api('GET', '/models')).json as { name: string }[]).map((m) => m.name)).toEqual(
      expect.arrayContaining(['Post', 'Comment']),
    );
    expect(((await f.mock('GET', '/posts')).json as unknown[]).length).toBe(3);
  });

  it('refuses with 409 naming the files in the way, writes nothing, and replaces them when asked', async () => {
    const dir = join(scratch, 'taken');
    await mkdir(dir);
    await writeFile(join(dir, 'post.ts'), '// mine\n');
    const body = { fileName: 'db.json', text: await fixture('json-server-readme.json'), dir };
    const refused = await f.api('POST', '/import', body);
    expect(refused.status).toBe(409);
    expect((refused.json as Problem).errors).toEqual([
      { field: 'post.ts', message: 'exists already' },
    ]);
    expect(await readdir(dir)).toEqual(['post.ts']);
    expect((await f.api('GET', '/project')).json).toMatchObject({ root: f.dir });

    const replaced = await f.api('POST', '/import', { ...body, force: true });
    expect(replaced.status, replaced.text).toBe(200);
    expect(await readFile(join(dir, 'post.ts'), 'utf8')).toContain('class Post');
  });

  it('refuses a folder whose seed/ is a symlink leading outside it: nothing written anywhere', async () => {
    const dir = join(scratch, 'cloned');
    const outside = join(scratch, 'outside');
    await mkdir(dir);
    await mkdir(outside);
    await symlink(outside, join(dir, 'seed'));
    const body = { fileName: 'db.json', text: await fixture('json-server-readme.json'), dir };
    const answer = await f.api('POST', '/import', body);
    expect(answer.status, answer.text).toBe(403);
    expect((answer.json as Problem).detail).toMatch(/^seed\/\w+\.json leads outside the project/);
    expect(answer.text).not.toContain(outside);
    expect(await readdir(outside)).toEqual([]);
    expect(await readdir(dir)).toEqual(['seed']);
    expect((await f.api('GET', '/project')).json).toMatchObject({ root: f.dir });
  });

  it('writes nothing and keeps the open project for a source that cannot be read', async () => {
    const dir = join(scratch, 'never');
    const answer = await f.api('POST', '/import', {
      fileName: 'openapi.yaml',
      text: 'openapi: 3.0.3\npaths:\n  /a: [unclosed\n',
      dir,
    });
    expect(answer.status).toBe(422);
    expect(existsSync(dir)).toBe(false);
    expect((await f.api('GET', '/project')).json).toMatchObject({ root: f.dir });
  });

  it('answers 422 for a missing folder and a force that is not a boolean', async () => {
    const text = await fixture('json-server-readme.json');
    expect((await f.api('POST', '/import', { fileName: 'db.json', text })).status).toBe(422);
    const answer = await f.api('POST', '/import', {
      fileName: 'db.json',
      text,
      dir: join(scratch, 'x'),
      force: 'yes',
    });
    expect(answer.status).toBe(422);
    expect(existsSync(join(scratch, 'x'))).toBe(false);
  });

  it('is refused without the token, like every control call', async () => {
    const answer = await f.api(
      'POST',
      '/import',
      { fileName: 'db.json', text: '{"a":[{"id":1}]}', dir: join(scratch, 'y') },
      { authorization: 'Bearer wrong' },
    );
    expect(answer.status).toBe(401);
    expect(existsSync(join(scratch, 'y'))).toBe(false);
  });
});
