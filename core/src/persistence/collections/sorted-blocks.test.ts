import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { SortedBlocks } from './sorted-blocks.js';

interface Item {
  readonly key: number;
  readonly id: number;
}

/** By key, ties by id: a total order, as the record views' comparators are. */
const byKey = (a: Item, b: Item): number => a.key - b.key || a.id - b.id;

type Op =
  | { kind: 'insert'; key: number }
  | { kind: 'remove'; at: number }
  | { kind: 'replace'; at: number; key: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), key: fc.integer({ min: 0, max: 50 }) }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('replace' as const),
    at: fc.nat(),
    key: fc.integer({ min: 0, max: 50 }),
  }),
);

describe('SortedBlocks', () => {
  it('keeps the order of a sorted array through inserts, removals and replacements, across block splits', () => {
    fc.assert(
      fc.property(
        fc.nat(60),
        fc.array(op, { maxLength: 300 }),
        fc.array(fc.tuple(fc.nat(100), fc.nat(30)), { minLength: 1, maxLength: 5 }),
        fc.constantFrom(1, 2, 3, 8),
        (start, ops, windows, block) => {
          let nextId = 0;
          const want: Item[] = Array.from({ length: start }, () => ({
            key: nextId % 37,
            id: nextId++,
          })).sort(byKey);
          const list = new SortedBlocks(byKey, want, block);
          for (const o of ops) {
            if (o.kind === 'insert') {
              const item = { key: o.key, id: nextId++ };
              list.insert(item);
              want.push(item);
            } else if (want.length > 0) {
              const previous = want[o.at % want.length]!;
              want.splice(want.indexOf(previous), 1);
              if (o.kind === 'remove') expect(list.remove(previous)).toBe(true);
              else {
                const next = { key: o.key, id: previous.id };
                list.replace(previous, next);
                want.push(next);
              }
            }
            want.sort(byKey);
          }
          expect(list.size).toBe(want.length);
          expect([...list.values()]).toEqual(want);
          for (const [offset, limit] of windows)
            expect(list.slice(offset, limit)).toEqual(want.slice(offset, offset + limit));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('puts a replacement that keeps its place in the same slot, the old item gone', () => {
    const a = { key: 1, id: 1 };
    const b = { key: 2, id: 2 };
    const list = new SortedBlocks(byKey, [a, b]);
    const a2 = { key: 1, id: 1 };
    list.replace(a, a2);
    expect(list.slice(0, 2)[0]).toBe(a2);
    expect(list.remove({ key: 9, id: 9 })).toBe(false);
    expect(list.slice(1, Infinity)).toEqual([b]);
  });
});
