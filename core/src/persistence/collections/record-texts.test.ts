import { describe, expect, it } from 'vitest';

import type { RecordId } from '../../model/schema.js';
import type { StoredRecord } from '../collection.js';
import { RecordTable } from './record-table.js';

const todo = (id: number, title = `todo ${id}`): StoredRecord => ({ id, title, done: false });

function table(count: number, textBudget?: number): RecordTable {
  const t = new RecordTable('number', [], textBudget === undefined ? {} : { textBudget });
  const records = new Map<RecordId, StoredRecord>();
  for (let id = 1; id <= count; id++) records.set(id, todo(id));
  t.bulkLoad(records);
  return t;
}

describe('record texts (issue 45)', () => {
  it('keeps nothing until a record is answered, then its text as JSON.stringify writes it', () => {
    const t = table(3);
    expect(t.keptTexts).toEqual({ count: 0, chars: 0 });
    const record = t.get(2)!;
    expect(t.json(record)).toBe(JSON.stringify(record));
    expect(t.json(record)).toBe('{"id":2,"title":"todo 2","done":false}');
    expect(t.keptTexts).toEqual({ count: 1, chars: JSON.stringify(record).length });
  });

  it('forgets the text of a record a write replaced or removed, and answers the new one', () => {
    const t = table(3);
    const before = t.get(1)!;
    t.json(before);
    t.json(t.get(2)!);
    t.put(todo(1, 'renamed'));
    expect(t.keptTexts.count).toBe(1);
    expect(t.json(t.get(1)!)).toBe('{"id":1,"title":"renamed","done":false}');
    // A record read before the write is still answered as it was, but not kept again.
    expect(t.json(before)).toBe('{"id":1,"title":"todo 1","done":false}');
    t.delete(2);
    expect(t.keptTexts.count).toBe(1);
    t.clear();
    expect(t.keptTexts).toEqual({ count: 0, chars: 0 });
  });

  it('answers a read by id from the text kept under the id, the current record after a write', () => {
    const t = table(3);
    expect(t.jsonOf(2)).toBe('{"id":2,"title":"todo 2","done":false}');
    expect(t.keptTexts.count).toBe(1);
    expect(t.jsonOf(2)).toBe(t.json(t.get(2)!));
    t.put(todo(2, 'new'));
    expect(t.jsonOf(2)).toBe('{"id":2,"title":"new","done":false}');
    t.delete(2);
    expect(t.jsonOf(2)).toBeUndefined();
    expect(t.jsonOf(99)).toBeUndefined();
    t.put(todo(2, 'back'));
    expect(t.jsonOf(2)).toBe('{"id":2,"title":"back","done":false}');
  });

  it('drops every text on a bulk load: the records are new objects', () => {
    const t = table(5);
    t.each((r) => t.json(r));
    expect(t.keptTexts.count).toBe(5);
    t.bulkLoad(new Map([[1, todo(1)]]));
    expect(t.keptTexts.count).toBe(0);
  });

  it('keeps at most its budget of characters, however many records are answered', () => {
    const one = JSON.stringify(todo(1000)).length;
    const budget = one * 50;
    const t = table(10_000, budget);
    let peak = 0;
    t.each((r) => {
      expect(t.json(r)).toBe(JSON.stringify(r));
      peak = Math.max(peak, t.keptTexts.chars);
    });
    expect(peak).toBeLessThanOrEqual(budget);
    expect(t.keptTexts.count).toBeGreaterThan(0);
    // The records answered last are the ones kept.
    const last = t.get(10_000)!;
    const kept = t.keptTexts.count;
    t.json(last);
    expect(t.keptTexts.count).toBe(kept);
  });
});
