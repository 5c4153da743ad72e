/**
 * PostgresStore's list queries (issue 26, QUERY-DESIGN.md) against the oracle: for random
 * records and random queries (filters of every operator, several values, null, sorting, `q`,
 * offset and limit), the page and count the database answers are exactly what list-records
 * answers over the same records in memory; a query the database leaves to list-records is one
 * of the shapes query-sql.ts names.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';

import type { FieldType } from '../../model/schema.js';
import type { StoredRecord } from '../../persistence/collection.js';
import type { PostgresStore } from '../../persistence/postgres/postgres-store.js';
import { openPool, type Pool } from '../../persistence/postgres/sql.js';
import { createTablesSql, tableOf } from '../../persistence/postgres/table-schema.js';
import { field, model } from '../../persistence/postgres/test-models.js';
import type { Filter, FilterOp, RecordQuery } from '../../persistence/record-query.js';
import {
  describeWithPostgres,
  type PostgresCluster,
  startPostgres,
} from '../../test-support/postgres-cluster.js';
import { NO_INCLUDES } from './includes.js';
import { listRecords } from './list-records.js';

const TEXTS = ['apple', 'Apple', 'banana', 'Cherry', 'élan', '', 'x"y', 'a\\b', 'zeta one'];
const DATES = ['2024-01-31T09:30:00.000Z', '2023-12-01T00:00:00.000Z', '2025-06-15T12:00:00.500Z'];

const TYPES: Record<string, FieldType> = {
  s: { kind: 'string' },
  n: { kind: 'number', integer: true },
  x: { kind: 'number', integer: false },
  b: { kind: 'boolean' },
  e: { kind: 'enum', values: ['low', 'high'] },
  d: { kind: 'date' },
  tags: { kind: 'array', element: { kind: 'string' } },
  nums: { kind: 'array', element: { kind: 'number', integer: true } },
};
const FIELDS = Object.keys(TYPES);
const STRING_FIELDS = ['s', 'e', 'tags'];

/** A value of a field's type; `null` sometimes, as every field is optional and nullable. */
function valueOf(name: string): fc.Arbitrary<unknown> {
  const scalar: Record<string, fc.Arbitrary<unknown>> = {
    s: fc.constantFrom(...TEXTS),
    n: fc.integer({ min: -3, max: 5 }),
    x: fc.constantFrom(-1.5, 0, 2.25, 10, 3),
    b: fc.boolean(),
    e: fc.constantFrom('low', 'high'),
    d: fc.constantFrom(...DATES),
    tags: fc.array(fc.constantFrom('red', 'Blue', 'green', 'élan'), { maxLength: 3 }),
    nums: fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 3 }),
  };
  return scalar[name]!;
}

const recordArb = fc.record(
  Object.fromEntries(
    FIELDS.map((name) => [
      name,
      fc.oneof(
        { weight: 4, arbitrary: valueOf(name) },
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
    ]),
  ),
);

/** A filter value: an element's for array fields, the field's for the others. */
function filterValue(name: string, op: FilterOp): fc.Arbitrary<unknown> {
  // Plain text (the database's to answer) and patterns (list-records' engine).
  if (op === 'like')
    return fc.constantFrom(
      'a',
      'AN',
      'é',
      'x"',
      '1',
      'true',
      'e',
      '0',
      '^a',
      'e$',
      '2.2',
      '^[0-9]',
    );
  const element: Record<string, fc.Arbitrary<unknown>> = {
    tags: fc.constantFrom('red', 'Blue', 'green'),
    nums: fc.integer({ min: 0, max: 4 }),
  };
  return fc.oneof(
    { weight: 5, arbitrary: element[name] ?? valueOf(name) },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

const filterArb: fc.Arbitrary<Filter> = fc
  .tuple(
    fc.constantFrom(...FIELDS, 'id'),
    fc.constantFrom<FilterOp>('eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like'),
  )
  .chain(([name, op]) =>
    fc
      .array(
        name === 'id' && op !== 'like' ? fc.integer({ min: 0, max: 40 }) : filterValue(name, op),
        {
          minLength: 1,
          maxLength: 2,
        },
      )
      .map((values) => ({ field: name, op, values })),
  );

const queryArb: fc.Arbitrary<RecordQuery> = fc.record({
  filters: fc.array(filterArb, { maxLength: 2 }),
  search: fc.option(
    fc
      .constantFrom('a', 'an', 'é', 'x"', '', 'blue', 'e one')
      .map((text) => ({ text, fields: STRING_FIELDS })),
    { nil: undefined },
  ),
  sort: fc.array(
    fc.record({
      field: fc.constantFrom('s', 'n', 'x', 'b', 'e', 'd', 'id'),
      descending: fc.boolean(),
    }),
    { maxLength: 2 },
  ),
  offset: fc.integer({ min: 0, max: 6 }),
  limit: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }),
});

/** What query-sql.ts leaves to list-records. */
function leftToMemory(query: RecordQuery): boolean {
  return query.filters.some(
    (f) =>
      ((f.field === 'tags' || f.field === 'nums') && f.op !== 'eq' && f.op !== 'ne') ||
      (f.op === 'like' &&
        (f.field === 'd' || f.values.some((v) => /[\\^$.|?*+()[\]{}]/.test(String(v))))),
  );
}

let cluster: PostgresCluster | undefined;
let pool: Pool;

describeWithPostgres('PostgresStore list queries', () => {
  beforeAll(async () => {
    cluster = await startPostgres();
    pool = openPool(cluster.url);
  }, 120_000);
  afterAll(async () => {
    await pool?.end();
    await cluster?.stop();
  });

  it('answer as list-records does over the same records', async () => {
    const { PostgresDatabase } = await import('../../persistence/postgres/postgres-database.js');
    const schema = model(
      'Thing',
      'things',
      FIELDS.map((name) => field(name, TYPES[name]!, { optional: true, nullable: true })),
    );
    const spec = tableOf(schema, [schema]);
    for (const sql of createTablesSql([spec])) await pool.query(sql);
    const store: PostgresStore = new PostgresDatabase(pool).store(spec);
    const records = fc.sample(recordArb, { numRuns: 40, seed: 26 });
    for (const record of records) {
      const defined = Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
      await store.insert(defined);
    }
    const snapshot = await store.records();
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(queryArb, async (query) => {
        const page = await store.query.list(query);
        if (page === undefined) {
          expect(leftToMemory(query), JSON.stringify(query)).toBe(true);
          return;
        }
        answered++;
        const expected = listRecords(
          snapshot,
          {
            ...query,
            limit: query.limit,
            q: query.search?.text,
            include: NO_INCLUDES,
            page: undefined,
          },
          STRING_FIELDS,
        );
        const ids = (items: readonly StoredRecord[]) => items.map((r) => r.id);
        expect(ids(page.items), JSON.stringify(query)).toEqual(ids(expected.items));
        expect(page.items).toEqual(expected.items);
        expect(page.total, JSON.stringify(query)).toBe(expected.total);
      }),
      { numRuns: 400, seed: 2026 },
    );
    // Most shapes are the database's to answer; the property is not vacuous.
    expect(answered).toBeGreaterThan(250);
  });

  it('continues after a keyset cursor (issue 44) as list-records does, which starts right past the named record', async () => {
    const { PostgresDatabase } = await import('../../persistence/postgres/postgres-database.js');
    const schema = model(
      'Keyed',
      'keyed_things',
      FIELDS.map((name) => field(name, TYPES[name]!, { optional: true, nullable: true })),
    );
    const spec = tableOf(schema, [schema]);
    for (const sql of createTablesSql([spec])) await pool.query(sql);
    const store: PostgresStore = new PostgresDatabase(pool).store(spec);
    for (const record of fc.sample(recordArb, { numRuns: 40, seed: 44 })) {
      const defined = Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
      await store.insert(defined);
    }
    const snapshot = await store.records();
    const all = [...snapshot.values()];
    const asList = (query: RecordQuery) => ({
      ...query,
      limit: query.limit,
      q: query.search?.text,
      include: NO_INCLUDES,
      page: undefined,
    });
    let answered = 0;
    const keyed = queryArb.chain((query) =>
      fc.nat(all.length - 1).map((i) => {
        const named = all[i]!;
        return {
          query: {
            ...query,
            after: [...query.sort.map((k) => named[k.field] ?? null), named.id],
          },
          named,
        };
      }),
    );
    await fc.assert(
      fc.asyncProperty(keyed, async ({ query, named }) => {
        // The oracle itself: the whole ordered list (the named record in it, matching or not),
        // cut right past the named record, then windowed.
        const ordered = listRecords(
          snapshot,
          asList({
            ...query,
            filters: [],
            search: undefined,
            offset: 0,
            limit: undefined,
            after: undefined,
          }),
          STRING_FIELDS,
        ).items;
        const matching = new Set(
          listRecords(
            snapshot,
            asList({ ...query, offset: 0, limit: undefined, after: undefined }),
            STRING_FIELDS,
          ).items.map((r) => r.id),
        );
        const rest = ordered.slice(ordered.findIndex((r) => r.id === named.id) + 1);
        const end = query.limit === undefined ? undefined : query.offset + query.limit;
        const expected = listRecords(snapshot, asList(query), STRING_FIELDS);
        expect(
          expected.items.map((r) => r.id),
          JSON.stringify(query),
        ).toEqual(
          rest
            .filter((r) => matching.has(r.id))
            .slice(query.offset, end)
            .map((r) => r.id),
        );
        expect(expected.total).toBe(matching.size);
        const page = await store.query.list(query);
        if (page === undefined) {
          expect(leftToMemory(query), JSON.stringify(query)).toBe(true);
          return;
        }
        answered++;
        expect(
          page.items.map((r) => r.id),
          JSON.stringify(query),
        ).toEqual(expected.items.map((r) => r.id));
        expect(page.total, JSON.stringify(query)).toBe(expected.total);
      }),
      { numRuns: 300, seed: 44 },
    );
    expect(answered).toBeGreaterThan(150);
  });

  it('answers filter values no column can hold (NUL, lone surrogates, dates out of range, 1e400) as list-records does, never a database error', async () => {
    const { PostgresDatabase } = await import('../../persistence/postgres/postgres-database.js');
    const schema = model(
      'Odd',
      'odd_things',
      FIELDS.map((name) => field(name, TYPES[name]!, { optional: true, nullable: true })),
    );
    const spec = tableOf(schema, [schema]);
    for (const sql of createTablesSql([spec])) await pool.query(sql);
    const store: PostgresStore = new PostgresDatabase(pool).store(spec);
    for (const record of fc.sample(recordArb, { numRuns: 30, seed: 7 })) {
      const defined = Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
      await store.insert(defined);
    }
    await store.insert({ s: '🦄 x', tags: ['🦄'] });
    const snapshot = await store.records();
    // Each of these made the database refuse the statement (a 500) before query-sql.ts held
    // them back: a NUL byte or a date past year 9999 cannot be sent, `1e400` went as `null`.
    const hostile = [
      'a\0b',
      '\0',
      '\ud83e',
      '\udd84',
      '+099999-01-01T00:00:00.000Z',
      '-000001-01-01T00:00:00.000Z',
      '2024-01-31',
      'not a date',
      Infinity,
      -Infinity,
      Number.NaN,
    ];
    const query = fc.record({
      filters: fc.array(
        fc.record({
          field: fc.constantFrom(...FIELDS),
          op: fc.constantFrom<FilterOp>('eq', 'ne', 'gte', 'lte', 'like'),
          values: fc.array(fc.constantFrom(...hostile, null), { minLength: 1, maxLength: 2 }),
        }),
        { minLength: 1, maxLength: 2 },
      ),
      search: fc.option(
        fc.constantFrom('\0', 'a\0', '\ud83e').map((text) => ({ text, fields: STRING_FIELDS })),
        { nil: undefined },
      ),
      sort: fc.constant([]),
      offset: fc.constant(0),
      limit: fc.constant(undefined),
    });
    await fc.assert(
      fc.asyncProperty(query, async (q: RecordQuery) => {
        const page = await store.query.list(q);
        if (page === undefined) return; // left to list-records, which is the oracle
        const expected = listRecords(
          snapshot,
          { ...q, limit: q.limit, q: q.search?.text, include: NO_INCLUDES, page: undefined },
          STRING_FIELDS,
        );
        expect(page.items, JSON.stringify(q)).toEqual(expected.items);
        expect(page.total, JSON.stringify(q)).toBe(expected.total);
      }),
      { numRuns: 300, seed: 26 },
    );
  });
});
