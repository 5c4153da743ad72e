/**
 * Issue 28: a json-server db.json as an import plan: models, fields, ids and links guessed from
 * the records (json-server's own example, nested objects, keys no identifier), and what is left
 * out or reported (object keys, mixed values, unusable ids, clashing names). Values written as
 * text: json-server-db-text-values.test.ts; an unreadable source: read-source.test.ts.
 */
import { describe, expect, it } from 'vitest';

import { planJsonServerDb } from './json-server-db.js';
import { readImportSource } from './read-source.js';
import { model, notesAt } from './test-support/plan-lookup.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);

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
