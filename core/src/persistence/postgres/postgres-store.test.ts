/**
 * PostgresStore against a real PostgreSQL (a throwaway cluster, test-support/postgres-cluster):
 * the ModelStore conformance suite, hostile values and names, two servers on one database, and
 * the tables-from-models diff against what information_schema says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { IdConflictError, InvalidRecordError } from '../../errors.js';
import type { ModelSchema } from '../../model/schema.js';
import {
  describeWithPostgres,
  type PostgresCluster,
  startPostgres,
} from '../../test-support/postgres-cluster.js';
import { writeRecords } from '../batch-door.js';
import type { StoredRecord } from '../collection.js';
import { runModelStoreCases } from '../model-store.case.js';
import { PostgresDatabase } from './postgres-database.js';
import type { PostgresStore } from './postgres-store.js';
import { openPool, type Pool, quoteIdent } from './sql.js';
import { diffTables, ensureTables, readTables } from './table-diff.js';
import { createTablesSql, tableOf } from './table-schema.js';
import {
  BOOLEAN,
  conformanceModels,
  DATE,
  field,
  INTEGER,
  model,
  NUMBER,
  STRING,
} from './test-models.js';

let cluster: PostgresCluster | undefined;
let pool: Pool;
let database: PostgresDatabase;
/** Pools opened by a test, ended after the file. */
const pools: Pool[] = [];
let tables = 0;

/** Creates fresh tables for `models` (unique names per call) and answers their stores. */
async function storesFor(models: readonly ModelSchema[], db = database): Promise<PostgresStore[]> {
  const specs = models.map((m) => tableOf(m, models));
  for (const sql of createTablesSql(specs)) await db.pool.query(sql);
  return specs.map((spec) => db.store(spec));
}

/** A second database on the cluster, as its own pool. */
async function freshDatabase(name: string): Promise<{ url: string; database: PostgresDatabase }> {
  await pool.query(`CREATE DATABASE ${quoteIdent(name)}`);
  const url = cluster!.url.replace(/\/[^/]+$/, `/${name}`);
  const other = openPool(url);
  pools.push(other);
  return { url, database: new PostgresDatabase(other) };
}

describeWithPostgres('PostgresStore', () => {
  beforeAll(async () => {
    cluster = await startPostgres();
    pool = openPool(cluster.url);
    database = new PostgresDatabase(pool);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await pool?.end();
    await cluster?.stop();
  });

  runModelStoreCases({
    name: 'PostgresStore',
    writable: true,
    atomicPatches: true,
    atomicBatches: true,
    async open(seed) {
      const { item, user } = conformanceModels(String(++tables));
      const [users, items] = await storesFor([user, item]);
      await users!.insert({ id: 1 });
      await users!.insert({ id: 2 });
      for (const record of seed) await items!.insert(record);
      return items!;
    },
  });

  describe('hostile values', () => {
    const hostile = (suffix: string): ModelSchema =>
      model(`Hostile${suffix}`, `hostile${suffix}`, [
        field('text', STRING, { optional: true }),
        field('count', INTEGER, { optional: true }),
        field('ratio', NUMBER, { optional: true }),
        field('flag', BOOLEAN, { optional: true }),
        field('at', DATE, { optional: true }),
        field(
          'list',
          { kind: 'array', element: { kind: 'array', element: STRING } },
          { optional: true },
        ),
      ]);

    it.each<[string, Record<string, unknown>]>([
      ['quotes and SQL', { text: `'; DROP TABLE users; -- "x" \\ $1 %s` }],
      ['a 1 MB string', { text: 'é'.repeat(512 * 1024) }],
      ['astral characters', { text: '😀𝄞 \u2028\u2029 \uffff' }],
      ['__proto__ as text', { text: '__proto__', list: [['__proto__', 'constructor']] }],
      ['JSON in a string', { text: '{"a":1}', list: [['{"b":[2]}', '[]']] }],
      ['the largest numbers', { ratio: Number.MAX_VALUE, count: 2 ** 62 }],
      ['the smallest numbers', { ratio: -Number.MIN_VALUE, count: -(2 ** 63) }],
      ['a ragged nested list', { list: [[], ['a'], ['b', 'c', "'"]] }],
      ['the first and last dates', { at: '0001-01-01T00:00:00.000Z' }],
      ['the last date', { at: '9999-12-31T23:59:59.999Z' }],
      [
        'the epoch and false',
        { at: '1970-01-01T00:00:00.000Z', flag: false, count: 0, ratio: 0.1 },
      ],
    ])('stores %s and reads it back exactly', async (_what, values) => {
      const [store] = await storesFor([hostile(String(++tables))]);
      const created = await store!.insert(values);
      expect(created).toEqual({ id: 1, ...values });
      expect(await store!.get(1)).toEqual({ id: 1, ...values });
      expect([...(await store!.records()).values()]).toEqual([{ id: 1, ...values }]);
    });

    it.each<[string, Record<string, unknown>, RegExp]>([
      ['a NUL character', { text: 'before\0after' }, /NUL/],
      ['a NUL in a list', { list: [['\0']] }, /NUL/],
      ['a number past bigint', { count: 2 ** 63 }, /bigint/],
      ['a date past year 9999', { at: '+010000-01-01T00:00:00.000Z' }, /outside|toISOString/],
      [
        'a __proto__ field',
        JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>,
        /no such column/,
      ],
    ])('refuses %s with a 422 error, storing nothing', async (_what, values, message) => {
      const [store] = await storesFor([hostile(String(++tables))]);
      await expect(store!.insert(values)).rejects.toThrow(InvalidRecordError);
      await expect(store!.insert(values)).rejects.toThrow(message);
      expect((await store!.records()).count()).toBe(0);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('takes hostile table and column names, quoted', async () => {
      const name = `t"; DROP TABLE x; --${++tables}`;
      const odd = model('Odd', name, [
        field('a"b', STRING),
        field(' ', STRING, { optional: true }),
      ]);
      const [store] = await storesFor([odd]);
      const created = await store!.insert({ 'a"b': 'v', ' ': "'" });
      expect(await store!.get(created.id)).toEqual({ id: 1, 'a"b': 'v', ' ': "'" });
      const found = (await readTables(pool)).find((t) => t.name === name);
      expect(found?.columns.map((c) => c.name)).toEqual(['id', 'a"b', ' ', '$nulls']);
    });
  });

  describe('ids', () => {
    it('moves the identity past a client id, so later ids never collide', async () => {
      const [store] = await storesFor([model(`Ids${++tables}`, `ids${tables}`, [])]);
      expect((await store!.insert({})).id).toBe(1);
      expect((await store!.insert({ id: 10 })).id).toBe(10);
      expect((await store!.insert({})).id).toBe(11);
      expect((await store!.insert({ id: 5 })).id).toBe(5);
      expect((await store!.insert({})).id).toBe(12);
      await expect(store!.insert({ id: 10 })).rejects.toThrow(IdConflictError);
    });

    it('skips an id a client took before the identity passed it', async () => {
      const [store] = await storesFor([model(`Ids${++tables}`, `ids${tables}`, [])]);
      // Written behind the store's back, as another tool would: the identity is still at 1.
      await pool.query(`INSERT INTO ${quoteIdent(`ids${tables}`)} ("id") VALUES (1), (2)`);
      expect((await store!.insert({})).id).toBe(3);
    });

    it('gives string ids of 16 url-safe characters and keeps a client one', async () => {
      const [store] = await storesFor([
        model(`Sid${++tables}`, `sid${tables}`, [field('v', STRING)], [], 'string'),
      ]);
      const made = await store!.insert({ v: 'a' });
      expect(made.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(await store!.insert({ id: "it's", v: 'b' })).toEqual({ id: "it's", v: 'b' });
      await expect(store!.insert({ id: "it's", v: 'c' })).rejects.toThrow(IdConflictError);
      expect(await store!.get(1 as unknown as string)).toBeUndefined();
    });
  });

  describe('two servers on one database (two pools)', () => {
    it("reads one's writes from the other, and concurrent inserts never share an id", async () => {
      const { url, database: first } = await freshDatabase(`shared${++tables}`);
      const second = new PostgresDatabase(openPool(url));
      pools.push(second.pool);
      const shared = model('Shared', 'shared', [field('by', STRING)]);
      await ensureTables(first.pool, [shared]);
      const a = first.store(tableOf(shared, [shared]));
      const b = second.store(tableOf(shared, [shared]));

      const written = await a.insert({ by: 'a' });
      expect(await b.get(written.id)).toEqual(written);
      await b.replace(written.id, { by: 'b' });
      expect(await a.get(written.id)).toEqual({ id: written.id, by: 'b' });

      const inserts = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 === 0 ? a : b).insert({ by: i % 2 === 0 ? 'a' : 'b' }),
        ),
      );
      const ids = inserts.map((r) => r.id);
      expect(new Set(ids).size).toBe(40);
      expect((await a.records()).count()).toBe(41);
      // A client id given through one server moves the identity the other draws from.
      await a.insert({ id: 1000, by: 'a' });
      expect((await b.insert({ by: 'b' })).id).toBe(1001);
    });
  });

  describe('batches across tables: one transaction', () => {
    it('writes a child before its parent (the foreign key is checked at commit)', async () => {
      const { item, user } = conformanceModels(String(++tables));
      const [users, items] = await storesFor([user, item]);
      const stored = await writeRecords([
        { store: items!, ops: [{ kind: 'insert', record: { title: 't', user: 1 } }] },
        { store: users!, ops: [{ kind: 'put', record: { id: 1 } }] },
      ]);
      expect(stored).toEqual([[{ id: 1, title: 't', user: 1 }], [{ id: 1 }]]);
      expect((await items!.records()).countBy('user', 1)).toBe(1);
    });

    it('writes runs of puts and keyed inserts many rows a statement, in order, ids advanced', async () => {
      const { item, user } = conformanceModels(String(++tables));
      const [users, items] = await storesFor([user, item]);
      await users!.insert({ id: 1, name: 'old' });
      const puts = Array.from({ length: 2500 }, (_, i) => ({
        kind: 'put' as const,
        record: { id: i + 1, name: `u${i + 1}` },
      }));
      // A repeated id ends a statement (a row is changed once per statement): last one wins.
      puts.push({ kind: 'put', record: { id: 7, name: 'seven again' } });
      const inserts = [5, 3, 9].map((id) => ({
        kind: 'insert' as const,
        record: { id, title: `t${id}`, tags: ['a', "it's"], user: id },
      }));
      const [storedUsers, storedItems] = await writeRecords([
        { store: users!, ops: puts },
        { store: items!, ops: [...inserts, { kind: 'insert', record: { title: 'next' } }] },
      ]);
      expect(storedUsers).toHaveLength(2501);
      expect(storedUsers![0]).toEqual({ id: 1, name: 'u1' });
      expect(storedUsers![2500]).toEqual({ id: 7, name: 'seven again' });
      expect(storedItems!.map((r) => r.id)).toEqual([5, 3, 9, 10]);
      expect(storedItems![1]).toEqual({ id: 3, title: 't3', tags: ['a', "it's"], user: 3 });
      expect(await users!.get(7)).toEqual({ id: 7, name: 'seven again' });
      expect((await users!.records()).count()).toBe(2500);
      expect((await users!.insert({})).id).toBe(2501);
    });

    it('refuses, whole, a run of inserts with one taken id', async () => {
      const { item, user } = conformanceModels(String(++tables));
      const [, items] = await storesFor([user, item]);
      await items!.insert({ id: 2, title: 'taken' });
      const batch = writeRecords([
        {
          store: items!,
          ops: [1, 2, 3].map((id) => ({ kind: 'insert' as const, record: { id, title: 'new' } })),
        },
      ]);
      await expect(batch).rejects.toThrow(IdConflictError);
      expect([...(await items!.records()).values()]).toEqual([{ id: 2, title: 'taken' }]);
    });

    it('refuses, whole, a batch leaving a record that names an absent parent', async () => {
      const { item, user } = conformanceModels(String(++tables));
      const [users, items] = await storesFor([user, item]);
      await users!.insert({ id: 1 });
      const batch = writeRecords([
        { store: users!, ops: [{ kind: 'insert', record: { id: 2 } }] },
        { store: items!, ops: [{ kind: 'insert', record: { title: 't', user: 3 } }] },
      ]);
      await expect(batch).rejects.toThrow(InvalidRecordError);
      expect((await users!.records()).count()).toBe(1);
      expect((await items!.records()).count()).toBe(0);
    });

    it("applies the model's delete rule in the database too", async () => {
      const parent = model(
        `P${++tables}`,
        `p${tables}`,
        [],
        [
          {
            kind: 'hasMany',
            field: 'kids',
            target: `K${tables}`,
            inverse: 'parent',
            onDelete: 'cascade',
          },
        ],
      );
      const kid = model(
        `K${tables}`,
        `k${tables}`,
        [],
        [{ kind: 'belongTo', field: 'parent', target: parent.name, optional: true }],
      );
      const [parents, kids] = await storesFor([parent, kid]);
      await parents!.insert({ id: 1 });
      await kids!.insert({ parent: 1 });
      await parents!.remove(1);
      expect((await kids!.records()).count()).toBe(0);
    });

    it('refuses stores of another database rather than claim one transaction', async () => {
      const { database: other } = await freshDatabase(`other${++tables}`);
      const lone = model('Lone', 'lone', []);
      await ensureTables(other.pool, [lone]);
      const [mine] = await storesFor([model(`Mine${++tables}`, `mine${tables}`, [])]);
      await expect(
        database.batches.write([
          { store: mine!, ops: [{ kind: 'insert', record: {} }] },
          { store: other.store(tableOf(lone, [lone])), ops: [{ kind: 'insert', record: {} }] },
        ]),
      ).rejects.toThrow(/another database/);
      expect((await mine!.records()).count()).toBe(0);
    });
  });

  describe('an open model (issue 42): undeclared fields in $extra', () => {
    const open = (suffix: string): ModelSchema => ({
      ...model(`Open${suffix}`, `open${suffix}`, [
        field('title', STRING, { optional: true }),
        field('views', INTEGER, { optional: true }),
      ]),
      open: true,
    });

    it('stores undeclared fields of any JSON type beside the declared ones and reads them back', async () => {
      const [store] = await storesFor([open(String(++tables))]);
      const extras = JSON.parse(
        '{"likes":3,"note":null,"tags":["a",1,true],"meta":{"z":1,"a":{"__proto__":"x"}},' +
          '"__proto__":{"polluted":true},"$nulls":"mine","$extra":"mine too","text":"😀 \\\\u0000 \\\\ud800"}',
      ) as Record<string, unknown>;
      const created = await store!.insert({ title: 't', ...extras });
      const expected = JSON.parse(JSON.stringify({ id: 1, title: 't', ...extras })) as unknown;
      expect(created).toEqual(expected);
      expect(await store!.get(1)).toEqual(expected);
      expect(Object.getPrototypeOf(await store!.get(1))).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      // A replace without them leaves none; the column holds NULL again.
      expect(await store!.replace(1, { views: 2 })).toEqual({ id: 1, views: 2 });
      const raw = await pool.query<{ extra: unknown }>(
        `SELECT "$extra" AS extra FROM ${quoteIdent(`open${tables}`)}`,
      );
      expect(raw.rows).toEqual([{ extra: null }]);
    });

    it('refuses an undeclared value jsonb cannot hold (U+0000, a lone surrogate) with a 422 error', async () => {
      const [store] = await storesFor([open(String(++tables))]);
      for (const values of [{ note: 'a\0b' }, { deep: { list: ['\ud800'] } }, { 'k\0': 1 }]) {
        await expect(store!.insert(values)).rejects.toThrow(InvalidRecordError);
      }
      expect((await store!.records()).count()).toBe(0);
    });

    it('is one more column db push adds when a model is opened, and keeps when it is closed', async () => {
      const { database: db } = await freshDatabase(`open_schema${++tables}`);
      const closed = model('Post', 'posts', [field('title', STRING)]);
      await ensureTables(db.pool, [closed]);
      const opened: ModelSchema = { ...closed, open: true };
      expect((await ensureTables(db.pool, [opened])).map((s) => s.sql)).toEqual([
        'ALTER TABLE "posts" ADD COLUMN "$extra" jsonb',
      ]);
      await db.store(tableOf(opened, [opened])).insert({ title: 'a', likes: 1 });
      // Closed with Keep: the undeclared values are the user's, kept until Fit drops them.
      expect(await ensureTables(db.pool, [closed])).toEqual([]);
      expect(await db.store(tableOf(closed, [closed])).get(1)).toEqual({ id: 1, title: 'a' });
      expect(await ensureTables(db.pool, [opened])).toEqual([]);
      const reopened = db.store(tableOf(opened, [opened]));
      expect(await reopened.get(1)).toEqual({ id: 1, title: 'a', likes: 1 });
    });
  });

  describe('tables from models, against information_schema', () => {
    it('creates the tables, then finds nothing to do; adds a field; refuses to drop one', async () => {
      const { database: db } = await freshDatabase(`schema${++tables}`);
      const user = model('User', 'users', [field('name', STRING)]);
      const todo = model(
        'Todo',
        'todos',
        [field('content', STRING)],
        [{ kind: 'belongTo', field: 'user', target: 'User', optional: true }],
      );
      const steps = await ensureTables(db.pool, [user, todo]);
      expect(steps.length).toBeGreaterThan(0);
      const specs = [tableOf(user, [user, todo]), tableOf(todo, [user, todo])];
      expect(diffTables(specs, await readTables(db.pool))).toEqual([]);
      expect(await ensureTables(db.pool, [user, todo])).toEqual([]);

      const grown = model(
        'Todo',
        'todos',
        [field('content', STRING), field('due', DATE, { optional: true })],
        todo.relations,
      );
      expect((await ensureTables(db.pool, [user, grown])).map((s) => s.sql)).toEqual([
        'ALTER TABLE "todos" ADD COLUMN "due" timestamptz',
        'CREATE INDEX "todos_due_idx" ON "todos" ("due", "id")',
      ]);
      const stored: StoredRecord = await db
        .store(tableOf(grown, [user, grown]))
        .insert({ content: 'c', due: '2024-02-29T12:00:00.000Z' });
      expect(stored.due).toBe('2024-02-29T12:00:00.000Z');

      await expect(ensureTables(db.pool, [user, todo])).rejects.toThrow(/lose data[\s\S]*due/);
      expect(
        (await readTables(db.pool)).find((t) => t.name === 'todos')?.columns.map((c) => c.name),
      ).toContain('due');
    });
  });
});
