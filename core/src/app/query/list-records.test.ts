/**
 * listRecords on its own: every operator, search, sorting and windowing, and which read path
 * it takes (issue 6: a plain page and a single indexed filter never walk the collection).
 */
import { beforeEach, describe, expect, it } from 'vitest';

import type { StoredRecord } from '../../persistence/collection.js';
import { CollectionStore } from '../../persistence/collections/collection-store.js';
import { MemoryCollection } from '../../persistence/collections/memory-collection.js';
import type { ReadableRecords } from '../../persistence/model-store.js';
import type { ViewSpec } from '../../persistence/record-query.js';
import type { CollectionQuery, Filter, SortKey } from './collection-query.js';
import { NO_INCLUDES } from './includes.js';
import { listRecords } from './list-records.js';

const ROWS: Record<string, unknown>[] = [
  {
    title: 'Buy milk',
    score: 3,
    tags: ['home', 'Shop'],
    owner: 1,
    due: '2024-05-02T00:00:00.000Z',
  },
  { title: 'walk dog', score: 10, tags: [], owner: 2 },
  { title: 'Milkshake', score: 3, tags: ['fun'], owner: null, due: '2024-05-01T00:00:00.000Z' },
  { title: 'taxes', score: -1, tags: ['home'], owner: 1, due: null },
  { title: 'call Bob', tags: ['phone'] },
];

let readable: ReadableRecords;
/** Which reads listRecords made, in order. */
let reads: string[];

beforeEach(async () => {
  const collection = new MemoryCollection({ idKind: 'number', indexes: ['owner'] });
  for (const row of ROWS) await collection.insert(row);
  const inner = new CollectionStore(collection, ['owner']).records();
  reads = [];
  const spy =
    <A extends unknown[], R>(name: string, fn: (...args: A) => R) =>
    (...args: A): R => {
      reads.push(name);
      return fn(...args);
    };
  readable = {
    count: spy('count', () => inner.count()),
    page: spy('page', (o: number, l?: number) => inner.page(o, l)),
    values: spy('values', () => inner.values()),
    lookup: spy('lookup', (f: string, v: string | number | null, o?: number, l?: number) =>
      inner.lookup(f, v, o, l),
    ),
    countBy: spy('countBy', (f: string, v: string | number | null) => inner.countBy(f, v)),
    indexed: inner.indexed,
    pageFromLast: spy('pageFromLast', (o: number, l?: number) => inner.pageFromLast!(o, l)),
    view: spy('view', (spec: ViewSpec) => inner.view!(spec)),
  };
});

const query = (over: Partial<CollectionQuery>): CollectionQuery => ({
  offset: 0,
  limit: undefined,
  sort: [],
  filters: [],
  q: undefined,
  include: NO_INCLUDES,
  page: undefined,
  ...over,
});

const list = (over: Partial<CollectionQuery>) => {
  const result = listRecords(readable, query(over), ['title', 'tags']);
  return { ids: result.items.map((r: StoredRecord) => r.id), total: result.total };
};
const f = (field: string, op: Filter['op'], ...values: unknown[]): Filter => ({
  field,
  op,
  values,
});
const by = (field: string, descending = false): SortKey => ({ field, descending });

describe('listRecords: the read path it takes', () => {
  it('serves a plain window from the ordered page, counting without a walk', () => {
    expect(list({ offset: 1, limit: 2 })).toEqual({ ids: [2, 3], total: 5 });
    expect(list({})).toEqual({ ids: [1, 2, 3, 4, 5], total: 5 });
    expect(list({ offset: 9 })).toEqual({ ids: [], total: 5 });
    expect(reads).not.toContain('values');
  });

  it('answers one equality filter on an indexed field from the index', () => {
    expect(list({ filters: [f('owner', 'eq', 1)], limit: 1 })).toEqual({ ids: [1], total: 2 });
    expect(list({ filters: [f('owner', 'eq', 1)], offset: 1 })).toEqual({ ids: [4], total: 2 });
    expect(reads).toEqual(['lookup', 'countBy', 'lookup', 'countBy']);
  });

  it('walks the records for anything else', () => {
    list({ filters: [f('owner', 'eq', 1, 2)] });
    list({ filters: [f('owner', 'ne', 1)] });
    list({ filters: [f('title', 'eq', 'taxes')], sort: [by('title')] });
    // Five records: too few to keep a view of (record-views.ts MIN_RECORDS).
    expect(reads).toEqual(['view', 'values', 'view', 'values', 'view', 'values']);
  });

  it('narrows to the index bucket when an equality filter on an indexed field comes with more', () => {
    expect(list({ filters: [f('owner', 'eq', 1)], q: 'milk' })).toEqual({ ids: [1], total: 1 });
    expect(list({ filters: [f('owner', 'eq', 1)], sort: [by('title', true)] })).toEqual({
      ids: [4, 1],
      total: 2,
    });
    expect(reads).toEqual(['countBy', 'lookup', 'countBy', 'lookup']);
  });

  it('serves a sort by id in either direction from the id order, nothing after it compared', () => {
    expect(list({ sort: [by('id', true)], limit: 2 })).toEqual({ ids: [5, 4], total: 5 });
    expect(list({ sort: [by('id', true), by('title')], offset: 3 })).toEqual({
      ids: [2, 1],
      total: 5,
    });
    expect(list({ sort: [by('id')], offset: 3 })).toEqual({ ids: [4, 5], total: 5 });
    expect(list({ filters: [f('owner', 'eq', 1)], sort: [by('id')] })).toEqual({
      ids: [1, 4],
      total: 2,
    });
    expect(reads).toEqual([
      ...['pageFromLast', 'count', 'pageFromLast', 'count', 'page', 'count'],
      ...['lookup', 'countBy'],
    ]);
  });

  it('gives the same answer from the index as from a walk', () => {
    for (const value of [1, 2, 3]) {
      const fast = list({ filters: [f('owner', 'eq', value)] });
      // The same value twice leaves the index path for a walk.
      const slow = list({ filters: [f('owner', 'eq', value, value)] });
      expect(fast, `owner=${value}`).toEqual(slow);
    }
  });
});

describe('listRecords: filters', () => {
  it('eq and ne compare exactly; several values are any-of for eq, none-of for ne', () => {
    expect(list({ filters: [f('score', 'eq', 3)] }).ids).toEqual([1, 3]);
    expect(list({ filters: [f('score', 'eq', 3, 10)] }).ids).toEqual([1, 2, 3]);
    expect(list({ filters: [f('score', 'ne', 3)] }).ids).toEqual([2, 4, 5]);
    expect(list({ filters: [f('score', 'ne', 3, 10)] }).ids).toEqual([4, 5]);
    expect(list({ filters: [f('title', 'eq', 'buy milk')] }).ids).toEqual([]);
  });

  it('eq null matches null and absent values; ne null the others', () => {
    expect(list({ filters: [f('due', 'eq', null)] }).ids).toEqual([2, 4, 5]);
    expect(list({ filters: [f('due', 'ne', null)] }).ids).toEqual([1, 3]);
  });

  it('gte and lte compare numbers as numbers and text as text, skipping absent values', () => {
    expect(list({ filters: [f('score', 'gte', 3)] }).ids).toEqual([1, 2, 3]);
    expect(list({ filters: [f('score', 'lte', 3)] }).ids).toEqual([1, 3, 4]);
    expect(list({ filters: [f('score', 'gte', 0), f('score', 'lte', 5)] }).ids).toEqual([1, 3]);
    expect(list({ filters: [f('due', 'gte', '2024-05-02T00:00:00.000Z')] }).ids).toEqual([1]);
    expect(list({ filters: [f('due', 'lte', '2024-05-02T00:00:00.000Z')] }).ids).toEqual([1, 3]);
  });

  it('gt and lt are the strict bounds (json-server 1.x), absent values never matching', () => {
    expect(list({ filters: [f('score', 'gt', 3)] }).ids).toEqual([2]);
    expect(list({ filters: [f('score', 'lt', 3)] }).ids).toEqual([4]);
    expect(list({ filters: [f('score', 'gt', -1), f('score', 'lt', 10)] }).ids).toEqual([1, 3]);
    expect(list({ filters: [f('due', 'lt', '2024-05-02T00:00:00.000Z')] }).ids).toEqual([3]);
  });

  it('like tests a case-insensitive pattern on the text json-server tests (a list joined by commas)', () => {
    expect(list({ filters: [f('title', 'like', 'milk')] }).ids).toEqual([1, 3]);
    expect(list({ filters: [f('title', 'like', '^milk')] }).ids).toEqual([3]);
    expect(list({ filters: [f('title', 'like', 'MILK$')] }).ids).toEqual([1]);
    expect(list({ filters: [f('title', 'like', '^(walk|call) ')] }).ids).toEqual([2, 5]);
    expect(list({ filters: [f('tags', 'like', 'shop')] }).ids).toEqual([1]);
    expect(list({ filters: [f('tags', 'like', '^home,shop$')] }).ids).toEqual([1]);
    expect(list({ filters: [f('score', 'like', '1')] }).ids).toEqual([2, 4]);
    expect(list({ filters: [f('score', 'like', '^-')] }).ids).toEqual([4]);
    // Several patterns: any of them.
    expect(list({ filters: [f('title', 'like', '^taxes$', '^buy')] }).ids).toEqual([1, 4]);
  });

  it('matches an array field when any element matches', () => {
    expect(list({ filters: [f('tags', 'eq', 'home')] }).ids).toEqual([1, 4]);
    expect(list({ filters: [f('tags', 'eq', 'home', 'fun')] }).ids).toEqual([1, 3, 4]);
    expect(list({ filters: [f('tags', 'eq', 'shop')] }).ids).toEqual([]);
  });

  it('ne on an array field keeps the records whose array holds none of the values', () => {
    // The negation of eq's "any element": `tags_ne=home` drops every record tagged home.
    expect(list({ filters: [f('tags', 'ne', 'home')] }).ids).toEqual([2, 3, 5]);
    expect(list({ filters: [f('tags', 'ne', 'home', 'fun')] }).ids).toEqual([2, 5]);
    expect(list({ filters: [f('tags', 'ne', 'shop')] }).ids).toEqual([1, 2, 3, 4, 5]);
  });

  it('counts every match but returns only the window, in id order', () => {
    expect(list({ filters: [f('score', 'gte', -5)], offset: 1, limit: 2 })).toEqual({
      ids: [2, 3],
      total: 4,
    });
    expect(list({ filters: [f('score', 'gte', -5)], limit: 0 })).toEqual({ ids: [], total: 4 });
  });
});

describe('listRecords: search', () => {
  it('finds q in the string fields given, arrays of strings included, and nowhere else', () => {
    // q arrives lower-cased (parseCollectionQuery); the text it searches is lower-cased here.
    expect(list({ q: 'milk' }).ids).toEqual([1, 3]);
    expect(list({ q: 'shop' }).ids).toEqual([1]);
    expect(list({ q: '10' }).ids).toEqual([]);
    expect(list({ q: 'milk', filters: [f('owner', 'eq', null)] })).toEqual({ ids: [3], total: 1 });
  });
});

describe('listRecords: sorting', () => {
  it('sorts by each key in turn, ties in id order', () => {
    expect(list({ sort: [by('score')] }).ids).toEqual([4, 1, 3, 2, 5]);
    expect(list({ sort: [by('score', true)] }).ids).toEqual([2, 1, 3, 4, 5]);
    expect(list({ sort: [by('score', true), by('title', true)] }).ids).toEqual([2, 3, 1, 4, 5]);
  });

  it('puts absent and null values last in both directions', () => {
    expect(list({ sort: [by('due')] }).ids).toEqual([3, 1, 2, 4, 5]);
    expect(list({ sort: [by('due', true)] }).ids).toEqual([1, 3, 2, 4, 5]);
  });

  it('compares text by code unit (capitals first), and windows after sorting', () => {
    expect(list({ sort: [by('title')] }).ids).toEqual([1, 3, 5, 4, 2]);
    expect(list({ sort: [by('title')], offset: 1, limit: 2 })).toEqual({ ids: [3, 5], total: 5 });
  });
});
