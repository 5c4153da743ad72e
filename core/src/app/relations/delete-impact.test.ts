import { describe, expect, it } from 'vitest';

import type { ModelSchema } from '../../model/schema.js';
import { CollectionStore } from '../../persistence/collections/collection-store.js';
import { MemoryCollection } from '../../persistence/collections/memory-collection.js';
import type { ModelValidator } from '../../validation/compile.js';
import { createModelRuntimes } from '../model-runtime.js';
import { deleteImpact } from './delete-impact.js';
import { planDelete } from './delete-plan.js';

const UNUSED: ModelValidator = {
  create: () => ({}),
  replace: () => ({}),
  patch: () => ({}),
};

function schema(name: string, path: string, relations: ModelSchema['relations']): ModelSchema {
  return {
    name,
    ctor: class {},
    path,
    idKind: 'number',
    fields: [],
    relations,
    dataSource: undefined,
    file: `${path}.ts`,
    line: 1,
  };
}

/**
 * A user's posts are deleted with it; a post's comments stay with `post` nulled; a comment's
 * `author` (no `@HasMany` on User) is nulled; a user's bans refuse the delete.
 */
async function world(options: { bans: number }) {
  const models = [
    schema('User', 'users', [
      { kind: 'hasMany', field: 'posts', target: 'Post', inverse: 'user', onDelete: 'cascade' },
      { kind: 'hasMany', field: 'bans', target: 'Ban', inverse: 'user', onDelete: 'restrict' },
    ]),
    schema('Post', 'posts', [
      { kind: 'belongTo', field: 'user', target: 'User', optional: true },
      {
        kind: 'hasMany',
        field: 'comments',
        target: 'Comment',
        inverse: 'post',
        onDelete: 'nullify',
      },
    ]),
    schema('Comment', 'comments', [
      { kind: 'belongTo', field: 'post', target: 'Post', optional: true },
      { kind: 'belongTo', field: 'author', target: 'User', optional: true },
    ]),
    schema('Ban', 'bans', [{ kind: 'belongTo', field: 'user', target: 'User', optional: true }]),
  ];
  const collections = models.map(
    (m) => new MemoryCollection({ idKind: 'number', indexes: m.name === 'User' ? [] : ['user'] }),
  );
  const [users, posts, comments, bans] = createModelRuntimes(
    models.map((m, i) => ({
      schema: m,
      validator: UNUSED,
      store: new CollectionStore(collections[i]!, m.name === 'User' ? [] : ['user']),
    })),
  );
  const [userFile, postFile, commentFile, banFile] = collections;
  const ann = (await userFile!.insert({ name: 'Ann' })).id;
  const bob = (await userFile!.insert({ name: 'Bob' })).id;
  for (let p = 0; p < 6; p++) {
    const post = (await postFile!.insert({ user: ann })).id;
    // 250 comments per post, one in five written by Ann herself.
    for (let c = 0; c < 250; c++)
      await commentFile!.insert({ post, author: c % 5 === 0 ? ann : bob });
  }
  await postFile!.insert({ user: bob });
  for (let b = 0; b < options.bans; b++) await banFile!.insert({ user: ann });
  return { users: users!, posts: posts!, comments: comments!, bans: bans!, ann };
}

describe('deleteImpact', () => {
  it('counts every relation a delete reaches, through cascades, by rule', async () => {
    const w = await world({ bans: 0 });
    const effects = await deleteImpact(w.users, w.ann);
    expect(effects).toEqual(
      expect.arrayContaining([
        { model: 'Post', field: 'user', parent: 'User', rule: 'cascade', count: 6 },
        { model: 'Comment', field: 'post', parent: 'Post', rule: 'nullify', count: 1500 },
        { model: 'Comment', field: 'author', parent: 'User', rule: 'nullify', count: 300 },
      ]),
    );
    expect(effects).toHaveLength(3);
  });

  it('agrees with the plan the delete writes', async () => {
    const w = await world({ bans: 0 });
    const effects = await deleteImpact(w.users, w.ann);
    const plan = await planDelete(w.users, w.ann);
    const removedPosts = [...plan.get(w.posts)!.values()].filter((v) => v === undefined);
    const nulledComments = [...plan.get(w.comments)!.values()];
    expect(removedPosts).toHaveLength(effects.find((e) => e.model === 'Post')!.count);
    expect(nulledComments.filter((v) => v && 'post' in v)).toHaveLength(1500);
    expect(nulledComments.filter((v) => v && 'author' in v)).toHaveLength(300);
  });

  it('names the records that refuse the delete instead of stopping at them', async () => {
    const w = await world({ bans: 2 });
    await expect(planDelete(w.users, w.ann)).rejects.toThrow(/2 bans still belong to user 1/);
    const effects = await deleteImpact(w.users, w.ann);
    expect(effects).toContainEqual({
      model: 'Ban',
      field: 'user',
      parent: 'User',
      rule: 'restrict',
      count: 2,
    });
  });

  it('counts nothing for a record nothing belongs to', async () => {
    const w = await world({ bans: 0 });
    expect(await deleteImpact(w.users, 2)).toEqual([
      { model: 'Post', field: 'user', parent: 'User', rule: 'cascade', count: 1 },
      { model: 'Comment', field: 'author', parent: 'User', rule: 'nullify', count: 1200 },
    ]);
    expect(await deleteImpact(w.comments, 1)).toEqual([]);
  });
});
