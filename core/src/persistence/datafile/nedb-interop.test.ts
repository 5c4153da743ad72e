/**
 * The datafile stays NeDB's format (DESIGN "Known traps"; persistence decision): a file we
 * write opens in nedb-promises with the same documents, and a file nedb-promises writes
 * (inserts, updates, removes, indexes, dates, its own random `_id`s) opens in ours.
 * nedb-promises is used here only as an oracle of the format.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Datastore from 'nedb-promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { IdKind } from '../../model/schema.js';
import type { StoredRecord } from '../collection.js';
import { openFileCollection } from '../collections/file-collection.js';

type Doc = Record<string, unknown> & { _id: string };

let folder: string;
let file: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'decorest-nedb-'));
  file = join(folder, 'todos.db');
});
afterEach(() => rm(folder, { recursive: true, force: true }));

/** What NeDB sees in the file, keyed by `_id` (its load also compacts the file). */
async function nedbView(): Promise<Map<string, Record<string, unknown>>> {
  const db = Datastore.create({ filename: file, autoload: false });
  await db.load();
  const docs = (await db.find({})) as Doc[];
  return new Map(docs.map(({ _id, ...rest }) => [_id, rest]));
}

function ourView(records: Iterable<StoredRecord>): Map<string, Record<string, unknown>> {
  return new Map([...records].map((r) => [String(r.id), { ...r }]));
}

async function reopen(idKind: IdKind = 'number') {
  return openFileCollection(file, { idKind });
}

describe('a datafile we wrote, read by nedb-promises', () => {
  it('holds the same documents, keyed by _id = String(id)', async () => {
    const c = await reopen();
    await c.insert({ title: 'plain', done: false });
    await c.insert({
      title: 'quote " and\nnewline \u2028 \u2029 \u0085 é',
      tags: ['a', 'b'],
      nested: { deep: [1, { x: null }] },
    });
    await c.insert({ id: 10, due: '2024-05-01T10:00:00.000Z', n: 1.5 });
    await c.insert({ title: 'gone' });
    await c.replace(1, { title: 'replaced', done: true });
    await c.remove(11);
    const expected = ourView(c.values());
    await c.close();
    expect(await nedbView()).toEqual(expected);
  });

  it('after our compaction too (NeDB skips the metadata line)', async () => {
    const c = await reopen();
    for (let i = 0; i < 5; i++) await c.insert({ i });
    await c.remove(5);
    await c.compact();
    expect(readFileSync(file, 'utf8').startsWith('{"$$decorest":{"lastId":5}}\n')).toBe(true);
    const expected = ourView(c.values());
    await c.close();
    expect(await nedbView()).toEqual(expected);
  });

  it('with string ids', async () => {
    const c = await reopen('string');
    await c.insert({ t: 1 });
    await c.insert({ id: 'mine', t: 2 });
    const expected = ourView(c.values());
    await c.close();
    expect(await nedbView()).toEqual(expected);
  });
});

describe('a datafile nedb-promises wrote, read by us', () => {
  async function writeWithNedb(): Promise<void> {
    const db = Datastore.create({ filename: file, autoload: true });
    await db.ensureIndex({ fieldName: 'user' });
    await db.insert({ _id: '1', id: 1, title: 'a', due: new Date(1_700_000_000_000), user: 1 });
    await db.insert({ _id: '2', id: 2, title: 'b', user: 1 });
    await db.insert({ id: 3, title: 'NeDB chose my _id', user: 2 });
    await db.insert({ _id: '4', title: 'no id field' });
    await db.update({ _id: '1' }, { $set: { title: 'a2' } });
    await db.remove({ _id: '2' }, {});
  }

  const expected = [
    { id: 1, title: 'a2', due: '2023-11-14T22:13:20.000Z', user: 1 },
    { id: 3, title: 'NeDB chose my _id', user: 2 },
    { id: 4, title: 'no id field' },
  ];

  it('loads its appended log: inserts, updates, removes, dates, an index', async () => {
    await writeWithNedb();
    const c = await openFileCollection(file, { idKind: 'number', indexes: ['user'] });
    expect([...c.values()]).toEqual(expected);
    expect(c.lookup('user', 1).map((r) => r.id)).toEqual([1]);
    expect((await c.insert({})).id).toBe(5);
    await c.close();
  });

  it('loads it after NeDB compacted it', async () => {
    await writeWithNedb();
    await nedbView(); // NeDB's load rewrites the file
    const c = await reopen();
    expect([...c.values()]).toEqual(expected);
    await c.close();
  });

  it('keeps NeDB’s own _id when we change such a record, so NeDB sees one document', async () => {
    await writeWithNedb();
    let c = await reopen();
    await c.replace(3, { title: 'changed by us', user: 2 });
    await c.close();
    const docs = [...(await nedbView()).values()].filter((d) => d['id'] === 3);
    expect(docs).toEqual([{ id: 3, title: 'changed by us', user: 2 }]);
    c = await reopen();
    expect(c.get(3)).toEqual({ id: 3, title: 'changed by us', user: 2 });
    await c.remove(3);
    await c.close();
    expect([...(await nedbView()).values()].some((d) => d['id'] === 3)).toBe(false);
    c = await reopen();
    expect(c.has(3)).toBe(false);
    await c.close();
  });

  it('takes NeDB’s random _id as the id of a string-id collection', async () => {
    const db = Datastore.create({ filename: file, autoload: true });
    const doc = (await db.insert({ title: 'x' })) as Doc;
    const c = await reopen('string');
    expect(c.get(doc._id)).toEqual({ id: doc._id, title: 'x' });
    await c.close();
  });
});
