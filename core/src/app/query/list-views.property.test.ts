/**
 * Issue 44: a list answered from the store's kept views, its id order in either direction or a
 * relation's bucket must be exactly the answer of the plain walk over every record, also after
 * any mix of writes made while the views are kept: the same records in the same order (ties in
 * id order), the same total. Random records (numbers, text, booleans, null, absent values,
 * arrays, and a field mixing kinds, whose sorts no view may keep), random queries asked again
 * and again (views are kept from their first or second asking) between random writes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { IdKind, RecordId } from '../../model/schema.js';
import type { StoredRecord } from '../../persistence/collection.js';
import { RecordTable } from '../../persistence/collections/record-table.js';
import type { ReadableRecords } from '../../persistence/model-store.js';
import { recordSnapshot } from '../../persistence/record-snapshot.js';
import type { CollectionQuery, Filter, SortKey } from './collection-query.js';
import { NO_INCLUDES } from './includes.js';
import { listRecords } from './list-records.js';

const STRING_FIELDS = ['s', 'tags'];

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, fc.constant(null), fc.constant(undefined));
const number = fc.constantFrom(-2, -0, 0, 1, 1.5, 2, 10, 100);
const text = fc.constantFrom('', 'a', 'A', 'ab', 'B', 'b a', 'é', 'Z', '10', '9');
const bool = fc.boolean();

const fields = fc.record({
  n: maybe(number),
  s: maybe(text),
  b: maybe(bool),
  // Numbers beside text compare as text (`2 < 10`, `'10' < 2`, `10 ~ '10'`): no total order.
  m: maybe(fc.oneof(number, text, number, text, bool, fc.constant([1]))),
  tags: maybe(fc.array(text, { maxLength: 2 })),
  owner: maybe(fc.constantFrom(1, 2, 3)),
});

/** The record as stored: an `undefined` field is absent, as JSON leaves it. */
function recordOf(id: RecordId, values: Record<string, unknown>): StoredRecord {
  const record: Record<string, unknown> = { id };
  for (const [k, v] of Object.entries(values)) if (v !== undefined) record[k] = v;
  return record as StoredRecord;
}

const fieldName = fc.constantFrom('n', 's', 'b', 'm', 'tags', 'owner', 'id');
const filter: fc.Arbitrary<Filter> = fc.oneof(
  fc.record({
    field: fieldName,
    op: fc.constantFrom('eq', 'ne', 'gt', 'gte', 'lt', 'lte' as const),
    values: fc.array(fc.oneof(number, text, bool, fc.constant(null), fc.constantFrom(1, 2, 3)), {
      minLength: 1,
      maxLength: 2,
    }),
  }),
  fc.record({
    field: fieldName,
    op: fc.constant('like' as const),
    values: fc.array(fc.constantFrom('a', '^b', 'a$', '1', '^$'), { minLength: 1, maxLength: 2 }),
  }),
);
const sortKey: fc.Arbitrary<SortKey> = fc.record({
  field: fc.oneof(fieldName, fc.constant('m')),
  descending: bool,
});
const query: fc.Arbitrary<CollectionQuery> = fc.record({
  offset: fc.nat(8),
  limit: fc.option(fc.nat(6), { nil: undefined }),
  sort: fc.array(sortKey, { maxLength: 3 }),
  filters: fc.array(filter, { maxLength: 2 }),
  q: fc.option(fc.constantFrom('a', 'b', 'é', 'b a', '1'), { nil: undefined }),
  include: fc.constant(NO_INCLUDES),
  page: fc.constant(undefined),
});

type Step =
  | { kind: 'ask'; query: number }
  | { kind: 'insert'; values: Record<string, unknown> }
  | { kind: 'replace'; at: number; values: Record<string, unknown> }
  | { kind: 'remove'; at: number }
  | { kind: 'clear' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 80, arbitrary: fc.record({ kind: fc.constant('ask' as const), query: fc.nat(11) }) },
  { weight: 20, arbitrary: fc.record({ kind: fc.constant('insert' as const), values: fields }) },
  {
    weight: 20,
    arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), values: fields }),
  },
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
);

/** Asks answered from a kept view, over every run: the views must really be used. */
let answeredByView = 0;

/** The table as the queries read it, as CollectionStore hands a collection over. */
function readable(table: RecordTable): ReadableRecords {
  return {
    count: () => table.size,
    page: (offset, limit = Infinity) => table.page(offset, limit),
    values: () => table.values(),
    lookup: (field, value, offset = 0, limit = Infinity) =>
      table.lookup(field, value, offset, limit),
    countBy: (field, value) => table.countBy(field, value),
    indexed: new Set(['owner']),
    each: (visit) => table.each(visit),
    pageFromLast: (offset, limit = Infinity) => table.pageFromLast(offset, limit),
    view: (spec) => {
      const view = table.view(spec);
      if (view !== undefined) answeredByView++;
      return view;
    },
  };
}

const STRING_IDS = ['B', 'a', '10', '9', 'é', 'aa', 'Z', '0', '_', 'x y'];

function idAt(kind: IdKind, i: number): RecordId {
  return kind === 'number' ? i + 1 : `${STRING_IDS[i % STRING_IDS.length]!}${Math.floor(i / 10)}`;
}

function run(
  kind: IdKind,
  initial: Record<string, unknown>[],
  queries: CollectionQuery[],
  steps: Step[],
) {
  const table = new RecordTable(kind, ['owner'], { minRecords: 0 });
  let next = 0;
  const insert = (values: Record<string, unknown>): void => {
    table.put(recordOf(idAt(kind, next++), values));
  };
  for (const values of initial) insert(values);
  const store = readable(table);
  for (const s of steps) {
    const ids = [...table.values()].map((r) => r.id);
    if (s.kind === 'ask') {
      const asked = queries[s.query % queries.length]!;
      const got = listRecords(store, asked, STRING_FIELDS);
      const walked = listRecords(recordSnapshot([...table.values()]), asked, STRING_FIELDS);
      expect(got.total, JSON.stringify(asked)).toBe(walked.total);
      expect(
        got.items.map((r) => r.id),
        JSON.stringify(asked),
      ).toEqual(walked.items.map((r) => r.id));
      // The current records, not ones a write replaced.
      got.items.forEach((r, i) => expect(r).toBe(walked.items[i]));
    } else if (s.kind === 'insert') insert(s.values);
    else if (s.kind === 'replace' && ids.length > 0)
      table.put(recordOf(ids[s.at % ids.length]!, s.values));
    else if (s.kind === 'remove' && ids.length > 0) table.delete(ids[s.at % ids.length]!);
    else if (s.kind === 'clear') table.clear();
  }
}

describe('listRecords from kept views, the id order and an index', () => {
  for (const kind of ['number', 'string'] as const) {
    it(`answers as the walk over every record does, between writes (${kind} ids)`, () => {
      fc.assert(
        fc.property(
          fc.array(fields, { maxLength: 40 }),
          fc.array(query, { minLength: 1, maxLength: 6 }),
          fc.array(step, { minLength: 20, maxLength: 100 }),
          (initial, queries, steps) => run(kind, initial, queries, steps),
        ),
        { numRuns: 300 },
      );
      expect(answeredByView).toBeGreaterThan(1000);
    });
  }
});
