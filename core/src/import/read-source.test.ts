/**
 * Issue 28: every way an import source can be unreadable (malformed JSON or JSON5 at a line and
 * column, too large, missing, a folder, not a database), and how the kind of a source (OpenAPI,
 * Mockoon, json-server) is told from its content.
 */
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ImportError } from './import-plan.js';
import { planJsonServerDb, readJsonServerDb } from './json-server-db.js';
import { MAX_SOURCE_BYTES, readSourceText } from './parse-source.js';
import { readImportSource, sourceKindOf } from './read-source.js';
import { model } from './test-support/plan-lookup.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'decorest-import-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function errorOf(run: () => Promise<unknown> | unknown): Promise<ImportError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('expected an ImportError');
}

describe('an unreadable source', () => {
  it('names the line and column of malformed JSON', async () => {
    const file = join(dir, 'db.json');
    await writeFile(file, '{\n  "posts": [\n    { "id": 1, }\n  ]\n}\n');
    const error = await errorOf(() => readImportSource(file));
    expect(error.at).toBe('3:16');
    expect(error.message).toBe(`${file}:3:16: is not JSON: expected a double-quoted property name`);
  });

  it('reads .json5 (comments, unquoted keys) and names the line and column of its errors', async () => {
    const good = join(dir, 'db.json5');
    await writeFile(
      good,
      "{\n  // json-server reads db.json5\n  posts: [{ id: 1, title: 'a', },],\n}\n",
    );
    expect(model(await readImportSource(good), 'Post').seed).toEqual([{ id: 1, title: 'a' }]);
    await writeFile(good, '{\n  posts: [{ id: 1 ]\n}\n');
    const error = await errorOf(() => readImportSource(good));
    expect(error.at).toBe('2:19');
    expect(error.reason).toMatch(/^is not JSON5: invalid character/);
  });

  it('refuses a file over the size limit from its size alone, naming the limit', async () => {
    const file = join(dir, 'db.json');
    await writeFile(file, '');
    await truncate(file, MAX_SOURCE_BYTES + 1); // sparse: nothing is written or read
    const error = await errorOf(() => readImportSource(file));
    expect(error.reason).toBe('is 50 MB, over the 50 MB limit of an import source');
    await expect(readSourceText(file, MAX_SOURCE_BYTES + 1)).resolves.toHaveLength(
      MAX_SOURCE_BYTES + 1,
    );
  });

  it('names a missing file, a folder and a JSON value that is no source', async () => {
    expect((await errorOf(() => readImportSource(join(dir, 'none.json')))).reason).toMatch(
      /^cannot be read/,
    );
    expect((await errorOf(() => readImportSource(dir))).reason).toBe('is not a file');
    const file = join(dir, 'db.json');
    await writeFile(file, '[1, 2]');
    expect((await errorOf(() => readImportSource(file))).reason).toMatch(
      /^is not a json-server db\.json/,
    );
    await writeFile(file, '{ "count": 1 }');
    expect((await errorOf(() => readImportSource(file))).reason).toMatch(
      /^is not a json-server db\.json/,
    );
    expect(await errorOf(() => readJsonServerDb(file, '{ "a": 1 }'))).toMatchObject({
      reason: 'holds no collection: a db.json is an object of arrays',
    });
  });

  it('answers a list of plain values from a route, as json-server does', () => {
    const plan = planJsonServerDb('db.json', { tags: ['a', 'b'] });
    expect(plan.models).toEqual([]);
    expect(plan.routes).toEqual([
      { method: 'GET', path: '/tags', status: 200, body: ['a', 'b'], source: '#/tags' },
    ]);
  });

  it('strips a byte-order mark', async () => {
    const file = join(dir, 'db.json');
    await writeFile(file, '\ufeff{ "posts": [] }');
    expect((await readImportSource(file)).models.map((m) => m.name)).toEqual(['Post']);
    expect(await readFile(file, 'utf8')).toMatch(/^\ufeff/);
  });
});

describe('sourceKindOf', () => {
  it('tells the three kinds apart from their content', () => {
    expect(sourceKindOf({ openapi: '3.1.0', paths: {} })).toBe('openapi');
    expect(sourceKindOf({ uuid: 'x', routes: [], data: [] })).toBe('mockoon');
    expect(sourceKindOf({ posts: [] })).toBe('json-server');
    expect(sourceKindOf({ profile: { name: 'x' } })).toBe('json-server');
    expect(sourceKindOf([])).toBeUndefined();
    expect(sourceKindOf({ a: 1 })).toBeUndefined();
  });
});
