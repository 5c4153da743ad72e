import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { CollectionQuery } from '../app/query/collection-query.js';
import { NO_INCLUDES } from '../app/query/includes.js';
import { listRecords } from '../app/query/list-records.js';
import type { StoredRecord } from '../persistence/collection.js';
import type { ReadableRecords } from '../persistence/model-store.js';
import { sortByOneField } from './sorted-pages.js';

function readable(records: StoredRecord[]): ReadableRecords {
  return {
    count: () => records.length,
    page: (offset, limit) =>
      records.slice(offset, limit === undefined ? undefined : offset + limit),
    values: () => records.values(),
    lookup: () => [],
    countBy: () => 0,
    indexed: new Set(),
  };
}

const query = (sort: CollectionQuery['sort']): CollectionQuery => ({
  offset: 0,
  limit: undefined,
  sort,
  filters: [],
  q: undefined,
  include: NO_INCLUDES,
  page: undefined,
});

/**
 * One field's values: one kind per field, as the schema guarantees (mixed kinds have no total
 * order under listRecords' comparison either), with nulls, absences and many ties.
 */
const missing = fc.constantFrom(undefined, null);
const KINDS = [
  fc.integer({ min: -3, max: 3 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom('', 'a', 'B', 'b', 'é', '10', '9', '2026-01-01T00:00:00.000Z'),
  fc.boolean(),
  fc.array(fc.constantFrom('x', 'y'), { maxLength: 2 }),
];
const fieldValues = fc.constantFrom(...KINDS).chain((kind) =>
  fc.array(fc.oneof({ arbitrary: missing, weight: 1 }, { arbitrary: kind, weight: 4 }), {
    maxLength: 60,
  }),
);

describe('sortByOneField', () => {
  it('orders exactly as listRecords does, for any one kind of values and either direction', () => {
    fc.assert(
      fc.property(fieldValues, fc.boolean(), (values, descending) => {
        const records: StoredRecord[] = values.map((v, i) =>
          v === undefined ? { id: i + 1 } : { id: i + 1, f: v },
        );
        const expected = listRecords(
          readable(records),
          query([{ field: 'f', descending }]),
          [],
        ).items;
        expect(sortByOneField(records, 'f', descending).map((r) => r.id)).toEqual(
          expected.map((r) => r.id),
        );
      }),
      { numRuns: 500 },
    );
  });
});
