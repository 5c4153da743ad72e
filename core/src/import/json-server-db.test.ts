/**
 * Issue 28: a json-server db.json as an import plan, and every way a source can be unreadable
 * (malformed JSON or JSON5 at a line and column, too large, not a database).
 */
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ImportError, type ImportPlan, type PlannedModel } from './import-plan.js';
import { planJsonServerDb, readJsonServerDb } from './json-server-db.js';
import { MAX_SOURCE_BYTES, readSourceText } from './parse-source.js';
import { readImportSource, sourceKindOf } from './read-source.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'decorest-import-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const model = (plan: ImportPlan, name: string): PlannedModel => {
  const found = plan.models.find((m) => m.name === name);
  if (!found) throw new Error(`no model ${name} in ${plan.models.map((m) => m.name).join(', ')}`);
  return found;
};

const notesAt = (plan: ImportPlan, at: string) => plan.notes.filter((n) => n.at === at);

async function errorOf(run: () => Promise<unknown> | unknown): Promise<ImportError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('expected an ImportError');
}

describe('json-server db.json', () => {
  it("plans json-server's own example: posts, comments linked by postId, profile as a route", async () => {
    const file = new URL('json-server-readme.json', FIXTURES).pathname;
    const plan = await readImportSource(file);
    expect(plan.source).toEqual({ kind: 'json-server', file });
    expect(plan.models.map((m) => [m.name, m.path, m.idType])).toEqual([
      ['Post', 'posts', 'number'],
      ['Comment', 'comments', 'number'],
    ]);
    // Open, as json-server is (issue 42): no field is required until the user says so.
    expect(model(plan, 'Post').open).toBe(true);
    expect(model(plan, 'Post').fields).toEqual([
      { name: 'title', type: 'string', optional: true },
      { name: 'author', type: 'string', optional: true },
    ]);
    expect(notesAt(plan, 'Post')).toEqual([
      {
        kind: 'guess',
        at: 'Post',
        text: '@Rest({ open: true }): a write may leave out any field and add fields Post does not declare, stored as sent; every record has title, author: remove the ? to require them',
      },
    ]);
    expect(model(plan, 'Comment').fields).toEqual([
      { name: 'body', type: 'string', optional: true },
    ]);
    expect(model(plan, 'Comment').relations).toEqual([
      { field: 'postId', target: 'Post', hasMany: 'comments', onDelete: 'cascade' },
    ]);
    expect(model(plan, 'Comment').seed[0]).toEqual({ id: 1, body: 'some comment', postId: 1 });
    expect(plan.routes).toEqual([
      {
        method: 'GET',
        path: '/profile',
        status: 200,
        body: { name: 'typicode' },
        source: '#/profile',
      },
    ]);
    expect(notesAt(plan, 'profile')).toEqual([
      expect.objectContaining({ kind: 'not-imported', text: expect.stringMatching(/singular/) }),
    ]);
  });

  it('keeps string ids as strings and links userId to users', async () => {
    const plan = await readImportSource(new URL('string-ids.json', FIXTURES).pathname);
    const user = model(plan, 'User');
    expect(user.idType).toBe('string');
    expect(user.seed.map((r) => r.id)).toEqual(['ann', 'bob']);
    expect(model(plan, 'Todo').relations).toEqual([
      { field: 'userId', target: 'User', hasMany: 'todos', onDelete: 'cascade' },
    ]);
    // blogPosts → BlogPost; its derived path would be blogposts, so the key is kept.
    expect(model(plan, 'BlogPost').path).toBe('blogPosts');
    expect(model(plan, 'BlogPost').relations[0]?.hasMany).toBe('blogPosts');
  });

  it('types null as `| null` and names the fields every record has, which stay optional', () => {
    const plan = planJsonServerDb('db.json', {
      items: [
        { id: 1, a: 'x', b: 1, c: true, d: ['p'] },
        { id: 2, a: 'y', c: null, d: [] },
      ],
    });
    expect(model(plan, 'Item').fields).toEqual([
      { name: 'a', type: 'string', optional: true },
      { name: 'b', type: 'number', optional: true },
      { name: 'c', type: 'boolean | null', optional: true },
      { name: 'd', type: 'string[]', optional: true },
    ]);
    expect(notesAt(plan, 'Item')[0]?.text).toMatch(/every record has a, d: remove the \?/);
  });

  it('widens mixed values to string, reports the guess and writes them as strings in the seed', () => {
    const plan = planJsonServerDb('db.json', {
      tasks: [
        { id: 1, priority: 2 },
        { id: 2, priority: 'high' },
      ],
    });
    const task = model(plan, 'Task');
    expect(task.fields).toEqual([{ name: 'priority', type: 'string', optional: true }]);
    expect(task.seed.map((r) => r.priority)).toEqual(['2', 'high']);
    expect(notesAt(plan, 'Task.priority')).toEqual([
      expect.objectContaining({ kind: 'guess', text: expect.stringMatching(/number and string/) }),
    ]);
  });

  it('reports object keys as not imported and leaves them out of the seed', () => {
    const plan = planJsonServerDb('db.json', {
      users: [{ id: 1, name: 'a', address: { city: 'x' }, constructor: 'c', __proto__x: 1 }],
    });
    const user = model(plan, 'User');
    expect(user.fields.map((f) => f.name)).toEqual(['name', 'address', '__proto__x']);
    expect(user.seed[0]).toEqual({ id: 1, name: 'a', address: { city: 'x' }, __proto__x: 1 });
    expect(notesAt(plan, 'User.address')).toEqual([]);
    expect(notesAt(plan, 'User.constructor')[0]?.kind).toBe('not-imported');
  });

  it('types nested objects and arrays of objects from every record (issue 41)', () => {
    const plan = planJsonServerDb('db.json', {
      posts: [
        {
          id: 1,
          author: { name: 'typicode', 'e-mail': 'a@b.c', profile: { bio: 'x' } },
          tags: [{ id: 1, label: 'json' }],
          meta: null,
        },
        {
          id: 2,
          author: { name: 'ann', profile: { bio: null } },
          tags: [],
          meta: { views: 3 },
        },
        { id: 3, author: { name: 'bo', profile: { bio: 'y' } }, tags: [{ id: 2, label: 7 }] },
      ],
    });
    const post = model(plan, 'Post');
    expect(post.fields).toEqual([
      {
        name: 'author',
        type: "{ name: string; 'e-mail'?: string; profile: { bio?: string | null } }",
        optional: true,
      },
      { name: 'tags', type: '{ id: number; label: string }[]', optional: true },
      { name: 'meta', type: '{ views: number } | null', optional: true },
    ]);
    // A member holding mixed values is written as a string, as a top-level field is.
    expect(post.seed[2]!.tags).toEqual([{ id: 2, label: '7' }]);
    expect(notesAt(plan, 'Post.tags')[0]?.text).toMatch(/label holds string and number/);
    expect(notesAt(plan, 'Post.author')).toEqual([]);
  });

  it('lists what no object type holds: mixed values, empty objects, arrays of arrays', () => {
    const plan = planJsonServerDb('db.json', {
      items: [
        { id: 1, a: { x: 1 }, b: {}, c: [[1]], d: [{ x: 1 }, 2], e: { deep: [[1]] } },
        { id: 2, a: 'text', b: {}, c: [[2]], d: [], e: { deep: [] } },
      ],
    });
    expect(model(plan, 'Item').fields).toEqual([]);
    // The model is open: the values no declared type holds stay in the seed as they were.
    expect(model(plan, 'Item').seed[1]).toEqual({
      id: 2,
      a: 'text',
      b: {},
      c: [[2]],
      d: [],
      e: { deep: [] },
    });
    expect(notesAt(plan, 'Item.a')[0]).toEqual({
      kind: 'guess',
      at: 'Item.a',
      text: 'holds objects in some records and other values in others: not declared, its values are kept as they are (the model is open)',
    });
    expect(notesAt(plan, 'Item.b')[0]?.text).toMatch(/only empty objects/);
    expect(notesAt(plan, 'Item.c')[0]?.text).toMatch(/arrays of arrays/);
    expect(notesAt(plan, 'Item.d')[0]?.text).toMatch(/mixing objects with other values/);
    expect(notesAt(plan, 'Item.e')[0]?.text).toMatch(/whose deep holds arrays of arrays/);
  });

  it('keeps a key that is no identifier on the wire, with an identifier beside it', () => {
    const plan = planJsonServerDb('db.json', {
      people: [{ id: 1, 'first-name': 'Ann', '2fa': true, class: 'x' }],
    });
    expect(model(plan, 'Person').fields).toEqual([
      { name: 'firstName', wireName: 'first-name', type: 'string', optional: true },
      { name: '_2fa', wireName: '2fa', type: 'boolean', optional: true },
      { name: 'class', type: 'string', optional: true },
    ]);
    expect(model(plan, 'Person').seed[0]).toEqual({
      id: 1,
      'first-name': 'Ann',
      '2fa': true,
      class: 'x',
    });
  });

  it('keeps an xId whose values name no record as a plain field, and says why', () => {
    const plan = planJsonServerDb('db.json', {
      posts: [{ id: 1 }],
      comments: [
        { id: 1, postId: 1 },
        { id: 2, postId: 7 },
      ],
    });
    expect(model(plan, 'Comment').relations).toEqual([]);
    expect(model(plan, 'Comment').fields).toEqual([
      { name: 'postId', type: 'number', optional: true },
    ]);
    expect(notesAt(plan, 'Comment.postId')[0]?.text).toMatch(/1 values name no post/);
  });

  it('leaves out records with duplicate or unusable ids, and names them', () => {
    const plan = planJsonServerDb('db.json', {
      posts: [{ id: 1 }, { id: 1 }, { id: 0 }, 'text', { title: 'no id' }],
    });
    expect(model(plan, 'Post').seed).toEqual([{ id: 1 }, { title: 'no id' }]);
    expect(plan.notes.map((n) => n.at)).toEqual(
      expect.arrayContaining(['/posts/1', '/posts/2', 'posts', 'posts.id']),
    );
  });

  it('says when records are not in id order, which decorest lists them in', () => {
    const plan = planJsonServerDb('db.json', {
      posts: [{ id: 2 }, { id: 10 }, {}],
      users: [{ id: 'b' }, { id: 'a' }],
    });
    expect(notesAt(plan, 'posts')).toEqual([]);
    expect(notesAt(plan, 'users')[0]?.text).toMatch(/^records are not in id order/);
  });

  it('names classes that would clash or start with a digit, and refuses keys that are no path', () => {
    const plan = planJsonServerDb('db.json', {
      responses: [{ id: 1 }],
      '2fa-codes': [{ id: 1 }],
      'bad key': [{ id: 1 }],
    });
    expect(plan.models.map((m) => [m.name, m.path])).toEqual([
      ['ResponseItem', 'responses'],
      ['Item2faCode', '2fa-codes'],
    ]);
    expect(notesAt(plan, 'bad key')[0]?.kind).toBe('not-imported');
  });
});

/** Ten products: prices all numbers, stock numbers but for what `odd` puts in. */
const products = (odd: Record<number, Record<string, unknown>> = {}) =>
  Array.from({ length: 10 }, (_, i) => ({
    id: i + 1,
    unitPrice: [18, 9.65, 97, 21.35, 10, 4.5, 263.5, 12, 7, 30][i],
    unitsInStock: i * 3,
    ...odd[i + 1],
  }));

describe('json-server db.json: types by what the data says (issue 42)', () => {
  it('keeps a field of numbers with one "2" a number, writes 2 in the seed and lists it', () => {
    const plan = planJsonServerDb('db.json', { products: products({ 4: { unitsInStock: '2' } }) });
    const product = model(plan, 'Product');
    // Only the field holding the text changes: unitPrice keeps its type.
    expect(product.fields).toEqual([
      { name: 'unitPrice', type: 'number', optional: true },
      { name: 'unitsInStock', type: 'number', optional: true },
    ]);
    expect(product.seed.map((r) => r.unitsInStock)).toEqual([0, 3, 6, 2, 12, 15, 18, 21, 24, 27]);
    expect(notesAt(plan, 'Product.unitsInStock')).toEqual([
      {
        kind: 'guess',
        at: 'Product.unitsInStock',
        text: 'holds numbers and 1 number written as text: typed number, that one written as a number in the seed: id 4 "2" → 2',
      },
    ]);
    expect(notesAt(plan, 'Product.unitPrice')).toEqual([]);
  });

  it('leaves out a value that fits no number, makes the field optional and lists the value as not imported', () => {
    const plan = planJsonServerDb('db.json', {
      products: products({ 3: { unitPrice: 'n/a' }, 6: { unitPrice: '4.5' } }),
    });
    const product = model(plan, 'Product');
    expect(product.fields[0]).toEqual({ name: 'unitPrice', type: 'number', optional: true });
    expect(product.seed[2]).toEqual({ id: 3, unitsInStock: 6 });
    expect(product.seed[5]).toEqual({ id: 6, unitPrice: 4.5, unitsInStock: 15 });
    expect(notesAt(plan, 'Product.unitPrice')).toEqual([
      {
        kind: 'guess',
        at: 'Product.unitPrice',
        text: 'holds numbers, 1 number written as text and 1 value that is no number: typed number, the text written as a number in the seed and the other left out: id 6 "4.5" → 4.5',
      },
      {
        kind: 'not-imported',
        at: 'Product.unitPrice',
        text: 'left out of the seed, fitting no type of the field: id 3 "n/a"',
      },
    ]);
  });

  it('keeps a field text when more than one value in ten fits no number', () => {
    const plan = planJsonServerDb('db.json', {
      products: products({ 3: { unitPrice: 'n/a' }, 6: { unitPrice: 'call us' } }),
    });
    expect(model(plan, 'Product').fields[0]).toEqual({
      name: 'unitPrice',
      type: 'string',
      optional: true,
    });
    expect(model(plan, 'Product').seed[0]!.unitPrice).toBe('18');
    expect(notesAt(plan, 'Product.unitPrice')[0]?.text).toMatch(
      /^holds number and string values: typed string .*: id 1 18 → "18", id 2 9\.65 → "9\.65"/,
    );
  });

  it('types booleans written as text as booleans, and object members and array items alike', () => {
    const plan = planJsonServerDb('db.json', {
      items: [
        { id: 1, done: true, size: { w: 2, h: 1 }, codes: [1, 2] },
        { id: 2, done: 'false', size: { w: '3', h: 1.5 }, codes: ['3'] },
        { id: 3, done: false, size: { w: 4, h: 2 }, codes: [] },
      ],
    });
    const item = model(plan, 'Item');
    expect(item.fields).toEqual([
      { name: 'done', type: 'boolean', optional: true },
      { name: 'size', type: '{ w: number; h: number }', optional: true },
      { name: 'codes', type: 'number[]', optional: true },
    ]);
    expect(item.seed[1]).toEqual({ id: 2, done: false, size: { w: 3, h: 1.5 }, codes: [3] });
    expect(notesAt(plan, 'Item.done')[0]?.text).toMatch(/: id 2 "false" → false$/);
    expect(notesAt(plan, 'Item.size')[0]?.text).toMatch(/^w holds numbers .*: id 2 w "3" → 3$/);
    expect(notesAt(plan, 'Item.codes')[0]?.text).toMatch(/typed number\[\].*: id 2 \[0\] "3" → 3$/);
  });

  it('links an xId holding one id written as text, and names records without an id by place', () => {
    const plan = planJsonServerDb('db.json', {
      categories: [{ id: 1 }, { id: 2 }],
      products: [
        { id: 1, categoryId: 1 },
        { id: 2, categoryId: '2' },
        { categoryId: 2 },
        { id: 4, categoryId: 1 },
      ],
    });
    const product = model(plan, 'Product');
    expect(product.relations).toEqual([
      { field: 'categoryId', target: 'Category', hasMany: 'products', onDelete: 'cascade' },
    ]);
    expect(product.seed.map((r) => r.categoryId)).toEqual([1, 2, 2, 1]);
    expect(notesAt(plan, 'Product.categoryId')[0]?.text).toMatch(/: id 2 "2" → 2$/);
    const unnamed = planJsonServerDb('db.json', { items: [{ id: 1, n: 1 }, { n: '2' }] });
    expect(notesAt(unnamed, 'Item.n')[0]?.text).toMatch(/: \/items\/1 "2" → 2$/);
  });

  it('types ids that are numbers but for one written as text as numbers; ids all text stay text', () => {
    const plan = planJsonServerDb('db.json', {
      posts: [{ id: 1 }, { id: '2' }, { id: 3 }],
      comments: [
        { id: 1, postId: 2 },
        { id: 2, postId: '3' },
      ],
      tags: [{ id: '1' }, { id: '2' }],
    });
    expect(model(plan, 'Post').idType).toBe('number');
    expect(model(plan, 'Post').seed.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(notesAt(plan, 'posts.id')[0]?.text).toBe(
      'holds numbers and 1 written as text: typed number, that one written as a number in the seed: /posts/1 "2" → 2',
    );
    // The link holding "3" follows: every value names a post once both are numbers.
    expect(model(plan, 'Comment').relations[0]?.target).toBe('Post');
    expect(model(plan, 'Tag').idType).toBe('string');
    expect(notesAt(plan, 'tags.id')).toEqual([]);
  });

  it('names the first 20 rewrites of a field and counts the rest', () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, n: i < 5 ? i : String(i) }));
    const plan = planJsonServerDb('db.json', { items });
    const text = notesAt(plan, 'Item.n')[0]!.text;
    expect(text).toMatch(/: id 6 "5" → 5, .*, id 25 "24" → 24, and 5 more$/);
    expect(text.match(/→/g)).toHaveLength(20);
  });
});

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
