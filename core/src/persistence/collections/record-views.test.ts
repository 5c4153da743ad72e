import { describe, expect, it } from 'vitest';

import type { StoredRecord } from '../collection.js';
import type { ViewSpec } from '../record-query.js';
import { IndexedCollection } from './indexed-collection.js';
import { MAX_VIEWS, MIN_RECORDS, RecordViews } from './record-views.js';

/** A collection whose writes all fail to be stored once `failing` is set (a full disk). */
class FlakyCollection extends IndexedCollection {
  failing = false;
  protected persist(_text: string, _lines: number, undo: () => void): Promise<void> {
    if (!this.failing) return Promise.resolve();
    undo();
    return Promise.reject(new Error('disk full'));
  }
  protected assertOpen(): void {}
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Records in id order and the views over them, written through `put`/`delete` as a table does. */
function fixture(count: number, minRecords = 0) {
  const records = new Map<number, StoredRecord>();
  for (let id = 1; id <= count; id++) records.set(id, { id, n: id % 3 });
  const ids = () => [...records.keys()].sort((a, b) => a - b);
  let walks = 0;
  const views = new RecordViews(
    () => {
      walks++;
      return ids().map((id) => records.get(id)!);
    },
    () => records.size,
    (a, b) => (a.id as number) - (b.id as number),
    { minRecords },
  );
  const put = (record: StoredRecord): void => {
    const previous = records.get(record.id as number);
    records.set(record.id as number, record);
    views.put(previous, record);
  };
  return { views, put, walks: () => walks };
}

const byN: ViewSpec = {
  key: 'sort n',
  compare: (a, b) => (a['n'] as number) - (b['n'] as number) || (a.id as number) - (b.id as number),
  fields: ['n'],
};
const nIsOne: ViewSpec = { key: 'n=1', keep: (r) => r['n'] === 1, fields: [] };
const ids = (records: readonly StoredRecord[]) => records.map((r) => r.id);

describe('RecordViews', () => {
  it('keeps a plain sort from its first asking and a filter from its second', () => {
    const { views, walks } = fixture(9);
    expect(ids(views.view(byN)!.slice(0, 4))).toEqual([3, 6, 9, 1]);
    expect(views.view(nIsOne)).toBeUndefined();
    expect(views.view(nIsOne)?.size).toBe(3);
    const before = walks();
    expect(ids(views.view(nIsOne)!.slice(1, 5))).toEqual([4, 7]);
    expect(views.view(byN)!.size).toBe(9);
    expect(walks()).toBe(before);
  });

  it('brings a kept view up to date on every write', () => {
    const { views, put } = fixture(6);
    views.view(byN);
    put({ id: 7, n: 0 });
    put({ id: 3, n: 2 });
    put({ id: 1, n: 1, note: 'kept in place' });
    const view = views.view(byN)!;
    expect(ids(view.slice(0, 7))).toEqual([6, 7, 1, 4, 2, 3, 5]);
    expect(view.slice(2, 1)[0]!['note']).toBe('kept in place');
    views.delete({ id: 6, n: 0 });
    expect(ids(view.slice(0, 2))).toEqual([7, 1]);
  });

  it('drops a sorted view once a record mixes kinds in its field, and does not rebuild it until a write', () => {
    const { views, put, walks } = fixture(6);
    views.view(byN);
    put({ id: 2, n: '10' });
    expect(views.size).toBe(0);
    const before = walks();
    expect(views.view(byN)).toBeUndefined();
    expect(views.view(byN)).toBeUndefined();
    expect(walks()).toBe(before + 1);
    put({ id: 2, n: 10 });
    expect(views.view(byN)?.size).toBe(6);
  });

  it('keeps no view of records whose sorted field holds objects or arrays', () => {
    const { views, put } = fixture(3);
    put({ id: 2, n: [1] });
    expect(views.view(byN)).toBeUndefined();
  });

  it(`keeps at most ${MAX_VIEWS} views, the least recently used going first`, () => {
    const { views, walks } = fixture(4);
    const spec = (i: number): ViewSpec => ({ ...byN, key: `sort ${i}` });
    for (let i = 0; i < MAX_VIEWS; i++) views.view(spec(i));
    views.view(spec(0));
    views.view(spec(MAX_VIEWS));
    expect(views.size).toBe(MAX_VIEWS);
    const before = walks();
    views.view(spec(0));
    expect(walks()).toBe(before);
    views.view(spec(1));
    expect(walks()).toBe(before + 1);
  });

  it('keeps nothing for a collection smaller than its minimum, and forgets all on reset', () => {
    const small = fixture(5, 10);
    expect(small.views.view(byN)).toBeUndefined();
    const { views } = fixture(5);
    views.view(byN);
    views.reset();
    expect(views.size).toBe(0);
  });
});

describe('kept views and a write that cannot be stored', () => {
  it('are rolled back with the records', async () => {
    const c = new FlakyCollection('number');
    for (let i = 0; i < MIN_RECORDS; i++) await c.insert({ n: i % 3 });
    const before = c.view(byN)!.slice(0, MIN_RECORDS);
    c.failing = true;
    await expect(c.insert({ n: -1 })).rejects.toThrow('disk full');
    await expect(c.replace(3, { n: -5 })).rejects.toThrow('disk full');
    await expect(c.remove(6)).rejects.toThrow('disk full');
    await expect(c.clear()).rejects.toThrow('disk full');
    expect(c.view(byN)!.slice(0, MIN_RECORDS)).toEqual(before);
  });
});
