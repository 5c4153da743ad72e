import { describe, expect, it } from 'vitest';

import type { RecordId } from '../../model/schema.js';
import type { StoredRecord } from '../collection.js';
import { RecordTable } from './record-table.js';

const todo = (id: number, user: number | null): StoredRecord => ({ id, title: `t${id}`, user });

function loaded(): RecordTable {
  const table = new RecordTable('number', ['user']);
  const records = new Map<RecordId, StoredRecord>();
  for (const r of [todo(1, 1), todo(2, 2), todo(3, 1), todo(4, null), todo(5, 1)])
    records.set(r.id, r);
  table.bulkLoad(records);
  return table;
}

const ids = (records: StoredRecord[]) => records.map((r) => r.id);

describe('RecordTable', () => {
  it('answers a lookup after a bulk load, writes before the first lookup included', () => {
    const table = loaded();
    // The relation index is built on its first lookup: writes before it must still count.
    table.put(todo(6, 1));
    table.put({ ...todo(3, 2) });
    table.delete(5);
    expect(ids(table.lookup('user', 1, 0, 10))).toEqual([1, 6]);
    expect(ids(table.lookup('user', 2, 0, 10))).toEqual([2, 3]);
    expect(table.countBy('user', null)).toBe(1);
    // And writes after it keep it current.
    table.put(todo(7, 2));
    table.delete(2);
    expect(ids(table.lookup('user', 2, 0, 10))).toEqual([3, 7]);
    expect(ids(table.page(0, 10))).toEqual([1, 3, 4, 6, 7]);
  });

  it('starts empty again after clear, with its indexes', () => {
    const table = loaded();
    expect(ids(table.clear())).toEqual([1, 2, 3, 4, 5]);
    table.put(todo(9, 1));
    expect(ids(table.lookup('user', 1, 0, 10))).toEqual([9]);
    expect(table.size).toBe(1);
  });

  it('refuses a lookup on a field it does not index', () => {
    expect(() => loaded().lookup('title', 't1', 0, 1)).toThrow(/title/);
  });
});
