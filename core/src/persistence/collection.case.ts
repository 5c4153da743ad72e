/**
 * The conformance suite every {@link Collection} passes (STYLE.md: as Hono runs one router
 * suite against every router). `collection.test.ts` runs it against the memory and the file
 * collection; the file run also reopens the datafile after every case and compares.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  CollectionClosedError,
  FieldNotIndexedError,
  IdConflictError,
  IdKindError,
  InvalidRecordError,
} from '../errors.js';
import type { RecordId } from '../model/schema.js';
import type { Collection, CollectionOptions, StoredRecord } from './collection.js';
import { MIN_RECORDS } from './collections/record-views.js';
import type { ViewSpec } from './record-query.js';

export type CollectionFactory = (options: CollectionOptions) => Promise<Collection>;

const ids = (records: Iterable<StoredRecord>): RecordId[] => [...records].map((r) => r.id);

export function runCollectionCases(name: string, open: CollectionFactory): void {
  describe(`${name}: numeric ids`, () => {
    it('assigns 1, 2, 3 … in insertion order', async () => {
      const c = await open({ idKind: 'number' });
      const a = await c.insert({ title: 'a' });
      const b = await c.insert({ title: 'b' });
      const d = await c.insert({ title: 'c' });
      expect([a.id, b.id, d.id]).toEqual([1, 2, 3]);
      expect(c.get(2)).toEqual({ id: 2, title: 'b' });
      expect(c.count()).toBe(3);
    });

    it('never reuses an id, not even after deleting the highest', async () => {
      const c = await open({ idKind: 'number' });
      await c.insert({});
      await c.insert({});
      await c.remove(2);
      expect((await c.insert({})).id).toBe(3);
      await c.clear();
      expect((await c.insert({})).id).toBe(4);
    });

    it('keeps a free client id and continues the sequence after it', async () => {
      const c = await open({ idKind: 'number' });
      expect((await c.insert({ id: 10, t: 'x' })).id).toBe(10);
      expect((await c.insert({ id: 5 })).id).toBe(5);
      expect((await c.insert({})).id).toBe(11);
      expect((await c.insert({ id: 0 })).id).toBe(0);
    });

    it('rejects a taken client id with IdConflictError and changes nothing', async () => {
      const c = await open({ idKind: 'number' });
      await c.insert({ id: 1, t: 'first' });
      const error = await c.insert({ id: 1, t: 'second' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(IdConflictError);
      expect(error).toMatchObject({ code: 'ID_CONFLICT', id: 1 });
      expect(c.get(1)).toEqual({ id: 1, t: 'first' });
      expect(c.count()).toBe(1);
    });

    it.each([['1'], [1.5], [Number.NaN], [2 ** 60], [true], [{}]])(
      'rejects the client id %j with IdKindError',
      async (bad) => {
        const c = await open({ idKind: 'number' });
        const error = await c.insert({ id: bad as RecordId }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(IdKindError);
        expect(c.count()).toBe(0);
      },
    );

    it('treats id null as absent', async () => {
      const c = await open({ idKind: 'number' });
      expect((await c.insert({ id: null, a: 1 })).id).toBe(1);
    });
  });

  describe(`${name}: string ids`, () => {
    it('assigns unique 16-character url-safe ids', async () => {
      const c = await open({ idKind: 'string' });
      const made = await Promise.all(Array.from({ length: 200 }, () => c.insert({})));
      const seen = new Set(made.map((r) => r.id));
      expect(seen.size).toBe(200);
      for (const id of seen) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    });

    it('accepts a free client id, rejects a taken one and a number', async () => {
      const c = await open({ idKind: 'string' });
      await c.insert({ id: 'ann' });
      await expect(c.insert({ id: 'ann' })).rejects.toBeInstanceOf(IdConflictError);
      await expect(c.insert({ id: 7 })).rejects.toBeInstanceOf(IdKindError);
      await expect(c.insert({ id: '' })).rejects.toBeInstanceOf(IdKindError);
      expect(ids(c.values())).toEqual(['ann']);
    });

    it('orders string ids by code unit', async () => {
      const c = await open({ idKind: 'string' });
      for (const id of ['b', 'B', 'a', '10', '9', 'é', 'aa']) await c.insert({ id });
      expect(ids(c.values())).toEqual(['10', '9', 'B', 'a', 'aa', 'b', 'é']);
    });
  });

  describe(`${name}: order and paging`, () => {
    it('lists by ascending numeric id whatever the insertion order', async () => {
      const c = await open({ idKind: 'number' });
      for (const id of [10, 2, 33, 1, 5]) await c.insert({ id });
      expect(ids(c.values())).toEqual([1, 2, 5, 10, 33]);
      expect(ids(c.page(0, 2))).toEqual([1, 2]);
      expect(ids(c.page(2, 2))).toEqual([5, 10]);
      expect(ids(c.page(4, 10))).toEqual([33]);
      expect(c.page(9, 10)).toEqual([]);
      expect(c.page(0, 0)).toEqual([]);
      expect(ids(c.page(1))).toEqual([2, 5, 10, 33]);
    });

    it('pages from the last id too', async () => {
      const c = await open({ idKind: 'number' });
      for (const id of [10, 2, 33, 1, 5]) await c.insert({ id });
      expect(ids(c.pageFromLast(0, 2))).toEqual([33, 10]);
      expect(ids(c.pageFromLast(3))).toEqual([2, 1]);
      expect(c.pageFromLast(5, 1)).toEqual([]);
    });

    it('keeps a view of a list query up to date through every write (issue 44)', async () => {
      const c = await open({ idKind: 'number' });
      // Views are kept from MIN_RECORDS records up (record-views.ts).
      for (let i = 0; i < MIN_RECORDS + 5; i++) await c.insert({ n: i % 7 });
      const spec: ViewSpec = {
        key: 'n descending',
        compare: (a, b) =>
          (b['n'] as number) - (a['n'] as number) || (a.id as number) - (b.id as number),
        fields: ['n'],
      };
      const wanted = () => [...c.values()].sort(spec.compare);
      expect(ids(c.view(spec)!.slice(0, 3))).toEqual([7, 14, 21]);
      await c.replace(14, { n: 9 });
      await c.remove(7);
      await c.insert({ id: 0, n: 6 });
      await c.insert({ n: 100 });
      const view = c.view(spec)!;
      expect(view.size).toBe(c.count());
      expect(view.slice(0, c.count())).toEqual(wanted());
      expect(ids(view.slice(0, 4))).toEqual([MIN_RECORDS + 6, 14, 0, 21]);
      await c.clear();
      expect(c.view(spec)?.size ?? 0).toBe(0);
    });

    it('keeps the order through removes and replaces', async () => {
      const c = await open({ idKind: 'number' });
      for (let i = 0; i < 20; i++) await c.insert({ n: i });
      for (const id of [1, 7, 20, 13]) await c.remove(id);
      await c.replace(8, { n: 'eight' });
      expect(ids(c.values())).toEqual([2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19]);
      expect(c.page(5, 1)).toEqual([{ id: 8, n: 'eight' }]);
    });
  });

  describe(`${name}: replace, remove, clear`, () => {
    it('replace swaps every field and keeps the id of the argument', async () => {
      const c = await open({ idKind: 'number' });
      await c.insert({ a: 1, b: 2 });
      expect(await c.replace(1, { id: 99, b: 3 })).toEqual({ id: 1, b: 3 });
      expect(c.get(1)).toEqual({ id: 1, b: 3 });
      expect(c.has(99)).toBe(false);
      expect(await c.replace(2, { b: 3 })).toBeUndefined();
      expect(c.count()).toBe(1);
    });

    it('remove answers the removed record, or undefined', async () => {
      const c = await open({ idKind: 'number' });
      await c.insert({ a: 1 });
      expect(await c.remove(1)).toEqual({ id: 1, a: 1 });
      expect(await c.remove(1)).toBeUndefined();
      expect(c.get(1)).toBeUndefined();
      expect(c.count()).toBe(0);
    });

    it('clear removes everything and answers how many', async () => {
      const c = await open({ idKind: 'number', indexes: ['user'] });
      await c.insert({ user: 1 });
      await c.insert({ user: 1 });
      expect(await c.clear()).toBe(2);
      expect(await c.clear()).toBe(0);
      expect(c.count()).toBe(0);
      expect(c.countBy('user', 1)).toBe(0);
    });
  });

  describe(`${name}: record shape`, () => {
    it('drops _id and undefined fields, stores a Date as its ISO string', async () => {
      const c = await open({ idKind: 'number' });
      const at = new Date('2024-05-01T10:00:00.000Z');
      const stored = await c.insert({ _id: 'x', at, gone: undefined, nested: { a: [1, null] } });
      expect(stored).toEqual({ id: 1, at: '2024-05-01T10:00:00.000Z', nested: { a: [1, null] } });
      expect(Object.keys(stored)).toEqual(['id', 'at', 'nested']);
    });

    it('rejects top-level $ keys and values JSON cannot hold, changing nothing', async () => {
      const c = await open({ idKind: 'number' });
      await expect(c.insert({ $$deleted: true })).rejects.toBeInstanceOf(InvalidRecordError);
      await expect(c.insert({ big: 10n })).rejects.toBeInstanceOf(InvalidRecordError);
      await c.insert({ ok: true });
      await expect(c.replace(1, { $where: 'x' })).rejects.toBeInstanceOf(InvalidRecordError);
      expect([...c.values()]).toEqual([{ id: 1, ok: true }]);
    });

    it('keeps a __proto__ key as data, never as a prototype', async () => {
      const c = await open({ idKind: 'number' });
      const body = JSON.parse('{"__proto__":{"polluted":true},"a":1}') as Record<string, unknown>;
      const stored = await c.insert(body);
      expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
      expect((stored as { polluted?: unknown }).polluted).toBeUndefined();
      expect(JSON.stringify(c.get(1))).toBe('{"id":1,"__proto__":{"polluted":true},"a":1}');
    });

    it("answers a record's JSON text as JSON.stringify writes it, the current one after a write", async () => {
      const c = await open({ idKind: 'number' });
      await c.insert({ t: 'a\u2028b', n: 1.5, '2': 'two', list: [null, { x: '😀' }] });
      const first = c.get(1)!;
      expect(c.json(first)).toBe(JSON.stringify(first));
      expect(c.json(first)).toBe(
        '{"2":"two","id":1,"t":"a\u2028b","n":1.5,"list":[null,{"x":"😀"}]}',
      );
      await c.replace(1, { t: 'c' });
      expect(c.json(c.get(1)!)).toBe('{"id":1,"t":"c"}');
      expect(c.json(first)).toBe(JSON.stringify(first));
    });
  });

  describe(`${name}: secondary indexes`, () => {
    it('follows insert, replace and remove', async () => {
      const c = await open({ idKind: 'number', indexes: ['user', 'done'] });
      await c.insert({ user: 1, done: false });
      await c.insert({ user: 2, done: false });
      await c.insert({ user: 1, done: true });
      await c.insert({ done: true });
      expect(ids(c.lookup('user', 1))).toEqual([1, 3]);
      expect(c.countBy('user', 2)).toBe(1);
      expect(ids(c.lookup('user', null))).toEqual([4]);
      await c.replace(1, { user: 2, done: true });
      expect(ids(c.lookup('user', 1))).toEqual([3]);
      expect(ids(c.lookup('user', 2))).toEqual([1, 2]);
      expect(ids(c.lookup('done', true))).toEqual([1, 3, 4]);
      await c.remove(2);
      expect(ids(c.lookup('user', 2))).toEqual([1]);
      expect(c.countBy('user', 3)).toBe(0);
      expect(c.lookup('user', 3)).toEqual([]);
    });

    it('pages a lookup and tells 1 from "1"', async () => {
      const c = await open({ idKind: 'number', indexes: ['user'] });
      for (let i = 0; i < 10; i++) await c.insert({ user: i % 2 === 0 ? 1 : '1' });
      expect(ids(c.lookup('user', 1, 1, 2))).toEqual([3, 5]);
      expect(c.countBy('user', '1')).toBe(5);
    });

    it('refuses a field without an index', async () => {
      const c = await open({ idKind: 'number' });
      expect(() => c.lookup('user', 1)).toThrow(FieldNotIndexedError);
    });
  });

  describe(`${name}: lifecycle`, () => {
    it('rejects writes after close', async () => {
      const c = await open({ idKind: 'number' });
      await c.close();
      await expect(c.insert({})).rejects.toBeInstanceOf(CollectionClosedError);
    });

    it('applies concurrent writes in call order', async () => {
      const c = await open({ idKind: 'number', indexes: ['v'] });
      const writes = [
        c.insert({ v: 0 }),
        c.replace(1, { v: 1 }),
        c.insert({ v: 2 }),
        c.remove(1),
        c.replace(2, { v: 3 }),
      ];
      expect(c.get(2)).toEqual({ id: 2, v: 3 }); // visible at once, in order
      await Promise.all(writes);
      expect([...c.values()]).toEqual([{ id: 2, v: 3 }]);
      expect(ids(c.lookup('v', 3))).toEqual([2]);
    });
  });

  describe(`${name}: model-based`, () => {
    it('agrees with a plain Map over random operation sequences', async () => {
      const op = fc.oneof(
        fc.record({
          kind: fc.constant('insert' as const),
          id: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
          user: fc.integer({ min: 1, max: 3 }),
        }),
        fc.record({
          kind: fc.constant('replace' as const),
          id: fc.integer({ min: 1, max: 30 }),
          user: fc.integer({ min: 1, max: 3 }),
        }),
        fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 1, max: 30 }) }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(op, { maxLength: 40 }), async (ops) => {
          const c = await open({ idKind: 'number', indexes: ['user'] });
          const model = new Map<number, { id: number; user: number }>();
          let last = 0;
          for (const o of ops) {
            if (o.kind === 'insert') {
              const wanted = o.id ?? last + 1;
              const result = await c.insert({ id: o.id, user: o.user }).catch((e: unknown) => e);
              if (model.has(wanted)) expect(result).toBeInstanceOf(IdConflictError);
              else {
                model.set(wanted, { id: wanted, user: o.user });
                last = Math.max(last, wanted);
              }
            } else if (o.kind === 'replace') {
              const result = await c.replace(o.id, { user: o.user });
              expect(result === undefined).toBe(!model.has(o.id));
              if (model.has(o.id)) model.set(o.id, { id: o.id, user: o.user });
            } else {
              expect(await c.remove(o.id)).toEqual(model.get(o.id));
              model.delete(o.id);
            }
          }
          const expected = [...model.values()].sort((a, b) => a.id - b.id);
          expect([...c.values()]).toEqual(expected);
          expect(c.count()).toBe(model.size);
          for (const user of [1, 2, 3]) {
            expect(c.lookup('user', user)).toEqual(expected.filter((r) => r.user === user));
          }
        }),
        { numRuns: 60 },
      );
    });
  });
}
