/**
 * The conformance suite every {@link ModelStore} passes, whatever holds the records (as
 * collection.case.ts does for collections and http/router.case.ts for routers): the default
 * datasource's CollectionStore and a user's `@DataSource` through DataSourceStore. The
 * generated handlers and the write path rely on exactly these answers.
 */
import { describe, expect, it } from 'vitest';

import type { RecordId } from '../model/schema.js';
import { writeRecords } from './batch-door.js';
import type { StoredRecord } from './collection.js';
import type { ModelStore, ReadableRecords } from './model-store.js';

export interface ModelStoreFactory {
  readonly name: string;
  /** Whether the store takes writes; a read-only one runs the read cases only. */
  readonly writable: boolean;
  /**
   * A store holding `seed` (numeric ids, given out of id order on purpose). `user` is the
   * relation field: the store must answer `lookup`/`countBy` on it.
   */
  open(seed: readonly StoredRecord[]): Promise<ModelStore>;
  /** Whether its batch door is all or nothing (a journal, a transaction). */
  readonly atomicBatches?: boolean;
  /**
   * Whether `patch` merges into the record as stored at the write, whatever runs beside it
   * (issue 40). A user's datasource cannot promise it.
   */
  readonly atomicPatches?: boolean;
}

/** Out of id order, with `user` set, null and absent. */
const SEED: readonly StoredRecord[] = [
  { id: 4, title: 'd', user: 1 },
  { id: 1, title: 'a', user: 1 },
  { id: 7, title: 'g', user: 2 },
  { id: 2, title: 'b', user: null },
  { id: 5, title: 'e' },
  { id: 3, title: 'c', user: 1, tags: ['x'] },
];
const BY_ID = [...SEED].sort((a, b) => (a.id as number) - (b.id as number));
const idsOf = (records: Iterable<StoredRecord>): RecordId[] => [...records].map((r) => r.id);

export function runModelStoreCases(factory: ModelStoreFactory): void {
  const open = () => factory.open(structuredClone(SEED) as StoredRecord[]);
  const records = async (store: ModelStore): Promise<ReadableRecords> => await store.records();

  describe(`${factory.name}: reads`, () => {
    it('counts, pages and walks the records in ascending id order', async () => {
      const store = await open();
      const all = await records(store);
      expect(all.count()).toBe(6);
      expect([...all.values()]).toEqual(BY_ID);
      expect(idsOf(all.page(0))).toEqual([1, 2, 3, 4, 5, 7]);
      expect(idsOf(all.page(2, 3))).toEqual([3, 4, 5]);
      expect(idsOf(all.page(5, 10))).toEqual([7]);
      expect(all.page(6, 1)).toEqual([]);
      expect(all.page(0, 0)).toEqual([]);
    });

    it('finds records by their relation field, null matching null and absent alike', async () => {
      const all = await records(await open());
      expect(idsOf(all.lookup('user', 1))).toEqual([1, 3, 4]);
      expect(idsOf(all.lookup('user', 1, 1, 1))).toEqual([3]);
      expect(idsOf(all.lookup('user', 1, 2))).toEqual([4]);
      expect(idsOf(all.lookup('user', null))).toEqual([2, 5]);
      expect(all.lookup('user', 9)).toEqual([]);
      expect([1, 2, null, 9].map((v) => all.countBy('user', v))).toEqual([3, 1, 2, 0]);
    });

    it('gets a record by id whole, and nothing for an id it does not hold', async () => {
      const store = await open();
      expect(await store.get(3)).toEqual({ id: 3, title: 'c', user: 1, tags: ['x'] });
      expect(await store.get(5)).toEqual({ id: 5, title: 'e' });
      expect(await store.get(6)).toBeUndefined();
    });

    it('answers first(n), when it has it, with at most n of its records', async () => {
      const store = await open();
      const first = await store.first?.(2);
      if (first === undefined) return; // the store has no cheaper way: callers use records()
      expect(first.length).toBeLessThanOrEqual(2);
      for (const record of first) expect(await store.get(record.id)).toEqual(record);
    });
  });

  if (!factory.writable) return;

  describe(`${factory.name}: writes`, () => {
    it('inserts with a new id, then serves the record everywhere', async () => {
      const store = await open();
      const created = await store.insert({ title: 'new', user: 2 });
      expect(created).toMatchObject({ title: 'new', user: 2 });
      expect(idsOf(SEED)).not.toContain(created.id);
      expect(await store.get(created.id)).toEqual(created);
      const all = await records(store);
      expect(all.count()).toBe(7);
      expect([...all.values()]).toContainEqual(created);
      expect(idsOf(all.lookup('user', 2))).toEqual(
        idsOf(SEED.filter((r) => r.user === 2)).concat(created.id),
      );
      expect(all.countBy('user', 2)).toBe(2);
    });

    it('gives each insert its own id', async () => {
      const store = await open();
      const a = await store.insert({ title: 'one' });
      const b = await store.insert({ title: 'two' });
      expect(a.id).not.toEqual(b.id);
      expect(await store.get(a.id)).toMatchObject({ title: 'one' });
      expect(await store.get(b.id)).toMatchObject({ title: 'two' });
    });

    it('replaces a record whole: fields not sent are gone', async () => {
      const store = await open();
      const replaced = await store.replace(3, { title: 'C', user: 2 });
      expect(replaced).toEqual({ id: 3, title: 'C', user: 2 });
      expect(await store.get(3)).toEqual({ id: 3, title: 'C', user: 2 });
      const all = await records(store);
      expect(all.count()).toBe(6);
      expect(idsOf(all.lookup('user', 1))).toEqual([1, 4]);
      expect(idsOf(all.lookup('user', 2))).toEqual([3, 7]);
    });

    it('removes a record, answering it, and nothing the second time', async () => {
      const store = await open();
      expect(await store.remove(4)).toEqual({ id: 4, title: 'd', user: 1 });
      expect(await store.get(4)).toBeUndefined();
      expect(await store.remove(4)).toBeUndefined();
      expect(await store.remove(99)).toBeUndefined();
      const all = await records(store);
      expect(idsOf(all.values())).toEqual([1, 2, 3, 5, 7]);
      expect(all.countBy('user', 1)).toBe(2);
    });

    it('patches a record with what its merge makes of it; nothing for an absent id', async () => {
      const store = await open();
      const patched = await store.patch(3, (current) => ({ ...current, title: 'C' }));
      expect(patched).toEqual({ id: 3, title: 'C', user: 1, tags: ['x'] });
      expect(await store.get(3)).toEqual(patched);
      expect(await store.patch(99, () => ({ title: 'never' }))).toBeUndefined();
      expect(await store.get(99)).toBeUndefined();
    });

    it('writes nothing when the merge throws, and rejects with its error', async () => {
      const store = await open();
      const refused = new Error('refused by the merge');
      await expect(
        store.patch(4, () => {
          throw refused;
        }),
      ).rejects.toBe(refused);
      expect(await store.get(4)).toEqual({ id: 4, title: 'd', user: 1 });
    });

    it.runIf(factory.atomicPatches)(
      'keeps both of two patches of different fields started together (issue 40)',
      async () => {
        const store = await open();
        await Promise.all([
          store.patch(3, (current) => ({ ...current, title: 'C' })),
          store.patch(3, (current) => ({ ...current, user: 2 })),
          store.patch(3, (current) => ({ ...current, tags: ['y'] })),
        ]);
        expect(await store.get(3)).toEqual({ id: 3, title: 'C', user: 2, tags: ['y'] });
      },
    );

    it('lets later reads see every write, in order', async () => {
      const store = await open();
      const created = await store.insert({ title: 'x', user: 1 });
      await store.replace(created.id, { title: 'y', user: null });
      await store.remove(1);
      const all = await records(store);
      expect(idsOf(all.lookup('user', 1))).toEqual([3, 4]);
      expect(idsOf(all.lookup('user', null))).toEqual([2, 5, created.id]);
      expect(await store.get(created.id)).toEqual({ id: created.id, title: 'y', user: null });
    });
  });

  describe(`${factory.name}: its batch door (issue 25)`, () => {
    it.runIf(factory.writable)(
      'puts, inserts, merges and removes in one write; each insert gets its own id',
      async () => {
        const store = await open();
        const [stored] = await writeRecords([
          {
            store,
            ops: [
              { kind: 'put', record: { id: 4, title: 'D', user: 2 } },
              { kind: 'put', record: { id: 20, title: 't' } },
              { kind: 'insert', record: { title: 'new 1' } },
              { kind: 'insert', record: { title: 'new 2', user: 1 } },
              { kind: 'merge', id: 1, fields: { user: null } },
              { kind: 'merge', id: 99, fields: { user: null } },
              { kind: 'remove', id: 7 },
            ],
          },
        ]);
        const [, , first, second] = stored!;
        expect(stored!.map((r) => r.title)).toEqual(['D', 't', 'new 1', 'new 2']);
        expect(first!.id).not.toBe(second!.id);
        const all = await records(store);
        expect(await store.get(4)).toEqual({ id: 4, title: 'D', user: 2 });
        expect(await store.get(1)).toEqual({ id: 1, title: 'a', user: null });
        expect(await store.get(7)).toBeUndefined();
        expect(await store.get(99)).toBeUndefined();
        expect(all.count()).toBe(8);
        expect(await store.get(second!.id)).toEqual(second);
      },
    );

    it.runIf(factory.writable)('clears every record', async () => {
      const store = await open();
      await writeRecords([{ store, ops: [{ kind: 'clear' }] }]);
      expect((await records(store)).count()).toBe(0);
    });

    it('says whether its batches are all or nothing', async () => {
      expect((await open()).batches.atomic).toBe(factory.atomicBatches === true);
    });

    it.runIf(factory.writable && factory.atomicBatches === true)(
      'writes nothing of a batch one operation of which is refused',
      async () => {
        const store = await open();
        const batch = writeRecords([
          {
            store,
            ops: [
              { kind: 'put', record: { id: 4, title: 'changed' } },
              { kind: 'insert', record: { id: 1, title: 'taken' } },
            ],
          },
        ]);
        await expect(batch).rejects.toThrow();
        expect(await store.get(4)).toEqual({ id: 4, title: 'd', user: 1 });
        expect((await records(store)).count()).toBe(6);
      },
    );
  });
}
