import { describe, expect, it, vi } from 'vitest';

import type { ModelSchema } from '../../model/schema.js';
import type { ModelRuntime } from '../model-runtime.js';
import { filterTypes } from './collection-query.js';
import { PARSED_QUERIES_MAX, parsedQuery } from './parsed-queries.js';

const schema = {
  name: 'Todo',
  path: 'todos',
  idKind: 'number',
  fields: [{ name: 'title', type: { kind: 'string' }, optional: false }],
  relations: [],
} as unknown as ModelSchema;

const model = {
  schema,
  filterTypes: filterTypes(schema, () => 'number'),
} as unknown as ModelRuntime;

describe('list queries parsed once per query string (issue 45)', () => {
  it('parses a query string the first time only, and refuses a bad one every time', () => {
    const search = 'limit=5&title=a';
    const query = vi.fn(() => new URLSearchParams(search));
    const first = parsedQuery(model, search, query);
    expect(first.query).toMatchObject({ limit: 5, filters: [{ field: 'title', values: ['a'] }] });
    expect(parsedQuery(model, search, query)).toBe(first);
    expect(query).toHaveBeenCalledTimes(1);
    const bad = vi.fn(() => new URLSearchParams('limit=-1'));
    expect(() => parsedQuery(model, 'limit=-1', bad)).toThrow();
    expect(() => parsedQuery(model, 'limit=-1', bad)).toThrow();
    expect(bad).toHaveBeenCalledTimes(2);
  });

  it('keeps a bounded number of query strings', () => {
    const other = { ...model } as ModelRuntime;
    const parse = vi.fn((s: string) => new URLSearchParams(s));
    for (let i = 0; i <= PARSED_QUERIES_MAX; i++)
      parsedQuery(other, `offset=${i}`, () => parse(`offset=${i}`));
    expect(parse).toHaveBeenCalledTimes(PARSED_QUERIES_MAX + 1);
    // The table started over when full: the first string is parsed again.
    parsedQuery(other, 'offset=0', () => parse('offset=0'));
    expect(parse).toHaveBeenCalledTimes(PARSED_QUERIES_MAX + 2);
  });
});
