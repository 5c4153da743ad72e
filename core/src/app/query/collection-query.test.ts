/**
 * The collection query parser on its own (CONTRACT §2): the HTTP suites reach it only through
 * a served project; here every control, alias and refusal is checked against a small schema.
 */
import { describe, expect, it } from 'vitest';

import { COLLECTION_CONTROLS } from '../../contract/collection-controls.js';
import { HttpProblem } from '../../errors.js';
import type { FieldSchema, FieldType, ModelSchema } from '../../model/schema.js';
import { type CollectionQuery, filterTypes, parseCollectionQuery } from './collection-query.js';
import { parseIncludes } from './includes.js';

const field = (name: string, type: FieldType): FieldSchema => ({
  name,
  type,
  optional: false,
  nullable: false,
  constraints: {},
  declaredIn: 'Task',
});

const TASK: ModelSchema = {
  name: 'Task',
  ctor: class Task {},
  path: 'tasks',
  idKind: 'number',
  fields: [
    field('title', { kind: 'string' }),
    field('score', { kind: 'number', integer: false }),
    field('done', { kind: 'boolean' }),
    field('due', { kind: 'date' }),
    field('level', { kind: 'enum', values: ['low', 'high'] }),
    field('tags', { kind: 'array', element: { kind: 'string' } }),
    field('counts', { kind: 'array', element: { kind: 'number', integer: true } }),
  ],
  relations: [
    { kind: 'belongTo', field: 'owner', target: 'User', optional: true },
    { kind: 'belongTo', field: 'board', target: 'Board', optional: false },
    { kind: 'hasMany', field: 'notes', target: 'Note', inverse: 'task', onDelete: 'cascade' },
  ],
  dataSource: undefined,
  file: 'task.ts',
  line: 1,
};

/** Users have numeric ids, boards string ids. */
const TYPES = filterTypes(TASK, (target) => (target === 'User' ? 'number' : 'string'));

const parse = (query: string): CollectionQuery =>
  parseCollectionQuery(new URLSearchParams(query), TASK, TYPES);

/** The 400 a bad query answers: its parameter and message. */
function refusal(query: string): { status: number; field: string; message: string } {
  try {
    parse(query);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpProblem);
    const problem = error as HttpProblem;
    expect(problem.errors).toHaveLength(1);
    expect(problem.detail).toBe(`${problem.errors![0]!.field}: ${problem.errors![0]!.message}`);
    return { status: problem.status, ...problem.errors![0]! };
  }
  throw new Error(`${query} was accepted`);
}

describe('parseCollectionQuery: paging', () => {
  it('reads nothing as the whole collection in id order', () => {
    expect(parse('')).toEqual({
      offset: 0,
      limit: undefined,
      sort: [],
      filters: [],
      q: undefined,
      include: { embed: [], expand: [], emptied: [] },
      page: undefined,
    });
  });

  it('takes limit and offset, and json-server’s _limit and _start', () => {
    expect(parse('limit=5&offset=10')).toMatchObject({ offset: 10, limit: 5 });
    expect(parse('_limit=5&_start=10')).toMatchObject({ offset: 10, limit: 5 });
    expect(parse('limit=0')).toMatchObject({ offset: 0, limit: 0 });
  });

  it('turns _end into a limit from the offset, never below zero', () => {
    expect(parse('_start=10&_end=15')).toMatchObject({ offset: 10, limit: 5 });
    expect(parse('_end=3')).toMatchObject({ offset: 0, limit: 3 });
    expect(parse('_start=10&_end=4')).toMatchObject({ offset: 10, limit: 0 });
  });

  it('turns _page and _per_page into a window, 10 a page unless a limit says otherwise', () => {
    expect(parse('_page=3&_per_page=4')).toMatchObject({
      offset: 8,
      limit: 4,
      page: { number: 3, size: 4 },
    });
    expect(parse('_page=2')).toMatchObject({
      offset: 10,
      limit: 10,
      page: { number: 2, size: 10 },
    });
    expect(parse('_page=2&_limit=7')).toMatchObject({ offset: 7, limit: 7 });
  });

  it('refuses a count that is not a whole number >= 0, naming the parameter', () => {
    for (const [query, name, raw] of [
      ['limit=-1', 'limit', '-1'],
      ['limit=1.5', 'limit', '1.5'],
      ['offset=abc', 'offset', 'abc'],
      ['_limit=', '_limit', ''],
      ['_start=1e3', '_start', '1e3'],
      ['_end=0x10', '_end', '0x10'],
      ['_per_page=%201&_page=1', '_per_page', ' 1'],
      ['limit=1234567890123456', 'limit', '1234567890123456'],
    ] as const) {
      expect(refusal(query), query).toEqual({
        status: 400,
        field: name,
        message: `must be an integer >= 0, got ${JSON.stringify(raw)}`,
      });
    }
    expect(refusal('_page=0')).toEqual({
      status: 400,
      field: '_page',
      message: 'must be an integer >= 1, got "0"',
    });
  });
});

describe('parseCollectionQuery: keyset cursors (issue 44)', () => {
  const cursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

  it('reads _after as the sort keys, then the id, of the record to start past; the page offset is the cursor', () => {
    expect(parse(`_after=${cursor([7])}`)).toMatchObject({ after: [7], offset: 0 });
    expect(parse(`_sort=score,title&_after=${cursor([2.5, null, 7])}`).after).toEqual([
      2.5,
      null,
      7,
    ]);
    expect(parse(`_page=4&_per_page=10&_after=${cursor([30])}`)).toMatchObject({
      offset: 0,
      limit: 10,
      after: [30],
    });
  });

  it('refuses an _after that is no cursor of the list, naming _after', () => {
    for (const bad of [
      'not base64!',
      Buffer.from('{oops').toString('base64url'),
      cursor([1, 2]),
      cursor(['seven']),
      cursor([null]),
      'x'.repeat(9000),
    ])
      expect(refusal(`_after=${bad}`)).toMatchObject({ status: 400, field: '_after' });
    expect(refusal(`sort=done&_after=${cursor(['yes', 1])}`).message).toContain(
      '"yes" is no value of done',
    );
    expect(refusal(`sort=level&_after=${cursor(['medium', 1])}`).field).toBe('_after');
  });
});

describe('parseCollectionQuery: sorting', () => {
  it('reads sort=a,-b in order, ascending unless prefixed with -', () => {
    expect(parse('sort=level,-score').sort).toEqual([
      { field: 'level', descending: false },
      { field: 'score', descending: true },
    ]);
    expect(parse('sort=title&sort=-id').sort).toEqual([
      { field: 'title', descending: false },
      { field: 'id', descending: true },
    ]);
  });

  it('pairs _sort keys with _order values, ascending when an order is missing', () => {
    expect(parse('_sort=title,score&_order=DESC').sort).toEqual([
      { field: 'title', descending: true },
      { field: 'score', descending: false },
    ]);
    expect(parse('_sort=-score').sort).toEqual([{ field: 'score', descending: true }]);
  });

  it('refuses an unknown sort field and an order other than asc/desc', () => {
    expect(refusal('sort=-nope')).toEqual({
      status: 400,
      field: 'sort',
      message: '"nope" is not a field of Task',
    });
    expect(refusal('_sort=nope')).toMatchObject({ field: '_sort' });
    expect(refusal('_sort=title&_order=up')).toEqual({
      status: 400,
      field: '_order',
      message: 'must be asc or desc, got "up"',
    });
  });
});

describe('parseCollectionQuery: filters', () => {
  it('types each value by its field', () => {
    expect(
      parse('title=a&score=2.5&done=false&level=high&id=3&owner=7&board=b-1&tags=x').filters,
    ).toEqual([
      { field: 'title', op: 'eq', values: ['a'] },
      { field: 'score', op: 'eq', values: [2.5] },
      { field: 'done', op: 'eq', values: [false] },
      { field: 'level', op: 'eq', values: ['high'] },
      { field: 'id', op: 'eq', values: [3] },
      { field: 'owner', op: 'eq', values: [7] },
      { field: 'board', op: 'eq', values: ['b-1'] },
      { field: 'tags', op: 'eq', values: ['x'] },
    ]);
  });

  it('writes a date as ISO-8601 UTC, and reads "null" as null', () => {
    expect(parse('due=2024-05-01T11:30:00%2B02:00').filters).toEqual([
      { field: 'due', op: 'eq', values: ['2024-05-01T09:30:00.000Z'] },
    ]);
    expect(parse('owner=null&title=null').filters).toEqual([
      { field: 'owner', op: 'eq', values: [null] },
      { field: 'title', op: 'eq', values: [null] },
    ]);
  });

  it('keeps repeated values as any-of, and reads the suffixed operators', () => {
    expect(parse('id=2&id=5').filters).toEqual([{ field: 'id', op: 'eq', values: [2, 5] }]);
    expect(parse('score_gte=1&score_lte=9&level_ne=low&title_like=MiLk').filters).toMatchObject([
      { field: 'score', op: 'gte', values: [1] },
      { field: 'score', op: 'lte', values: [9] },
      { field: 'level', op: 'ne', values: ['low'] },
      // like is a pattern as sent, whatever the field's type; it is tested case-insensitively
      { field: 'title', op: 'like', values: ['MiLk'] },
    ]);
    expect(parse('score_like=1E').filters).toMatchObject([
      { field: 'score', op: 'like', values: ['1E'] },
    ]);
  });

  it('types an array field’s filter by its element', () => {
    expect(parse('counts=3').filters).toEqual([{ field: 'counts', op: 'eq', values: [3] }]);
    expect(refusal('counts=x')).toEqual({
      status: 400,
      field: 'counts',
      message: 'must be a number, got "x"',
    });
  });

  it('refuses a value its field cannot hold, naming the parameter as sent', () => {
    const cases: [string, string, string][] = [
      ['score=abc', 'score', 'must be a number, got "abc"'],
      ['score=', 'score', 'must be a number, got ""'],
      ['score_gte=%20', 'score_gte', 'must be a number, got " "'],
      ['score=Infinity', 'score', 'must be a number, got "Infinity"'],
      ['done=yes', 'done', 'must be true or false, got "yes"'],
      ['due=soon', 'due', 'must be a date, got "soon"'],
      ['level=mid', 'level', 'must be one of "low", "high", got "mid"'],
      ['id=1.5', 'id', 'must be an integer id, got "1.5"'],
      ['owner=x', 'owner', 'must be an integer id, got "x"'],
    ];
    for (const [query, name, message] of cases) {
      expect(refusal(query), query).toEqual({ status: 400, field: name, message });
    }
  });

  it("ignores only json-server's own exceptions: jQuery's cache-buster and JSONP's callback", () => {
    expect(parse('_=123&callback=cb').filters).toEqual([]);
  });

  it('refuses a filter on a field the model does not declare, or an unknown operator, naming it', () => {
    const cases: [string, string, string][] = [
      ['nope=1', 'nope', '"nope" is not a field of Task'],
      ['nope_gte=2', 'nope_gte', '"nope_gte" is not a field of Task'],
      ['notes=1', 'notes', '"notes" is not a field of Task'],
      ['__proto__=1', '__proto__', '"__proto__" is not a field of Task'],
      ['_t=1', '_t', '"_t" is not a field of Task'],
      ['title_foo=1', 'title_foo', '"_foo" is not an operator (_gt, _gte, _lt, _lte, _ne, _like)'],
    ];
    for (const [query, name, message] of cases)
      expect(refusal(query), query).toEqual({ status: 400, field: name, message });
  });

  it("reads json-server 1.x's _gt and _lt, and _like as a case-insensitive pattern", () => {
    expect(parse('score_gt=1&score_lt=5').filters).toEqual([
      { field: 'score', op: 'gt', values: [1] },
      { field: 'score', op: 'lt', values: [5] },
    ]);
    const [like] = parse('title_like=%5EJson').filters;
    expect(like).toMatchObject({ field: 'title', op: 'like', values: ['^Json'] });
    expect(like!.patterns!.map((p) => [p.test('json-server'), p.test('a json')])).toEqual([
      [true, false],
    ]);
  });

  it('refuses a _like pattern that is no regular expression, or one the linear-time engine cannot run', () => {
    expect(refusal('title_like=(')).toMatchObject({ status: 400, field: 'title_like' });
    expect(refusal('title_like=(a)%5C1').message).toContain('linear-time');
  });

  it('treats every control as a control, never as a filter', () => {
    const valid: Record<string, string> = {
      sort: 'title',
      _sort: 'title',
      _order: 'asc',
      q: 'x',
      _after: Buffer.from('[1]').toString('base64url'),
    };
    for (const control of COLLECTION_CONTROLS) {
      const value =
        valid[control] ??
        (control.endsWith('embed') ? 'notes' : control === '_expand' ? 'owner' : '1');
      const query = parse(`${control}=${value}&title=a`);
      expect(query.filters, control).toEqual([{ field: 'title', op: 'eq', values: ['a'] }]);
    }
  });
});

describe('parseCollectionQuery: search and embed', () => {
  it('lower-cases q, and treats an empty q as none', () => {
    expect(parse('q=MiLK').q).toBe('milk');
    expect(parse('q=').q).toBeUndefined();
  });

  it('reads embed, _embed and _expand lists, trimmed, and refuses what is not a relation', () => {
    expect(parse('embed=owner,%20notes&_embed=notes').include).toEqual({
      embed: ['owner', 'notes', 'notes'],
      expand: [],
      emptied: [],
    });
    expect(parse('embed=,').include.embed).toEqual([]);
    expect(refusal('embed=title')).toEqual({
      status: 400,
      field: 'embed',
      message: '"title" is not a relation of Task',
    });
    expect(refusal('_embed=nope')).toMatchObject({ field: '_embed' });
    expect(refusal('_expand=notes')).toMatchObject({ field: '_expand' });
  });

  it("reads _embed of a json-server link (postId) as 0.17 does: an empty list in the link's place", () => {
    const withIdLink: ModelSchema = {
      ...TASK,
      relations: [{ kind: 'belongTo', field: 'boardId', target: 'Board', optional: true }],
    };
    expect(parseIncludes(new URLSearchParams('_embed=boardId'), withIdLink)).toEqual({
      embed: [],
      expand: [],
      emptied: ['boardId'],
    });
    // A link named otherwise is embedded, as embed= does (CONTRACT §3).
    expect(parse('_embed=board').include).toEqual({ embed: ['board'], expand: [], emptied: [] });
  });

  it('reads _expand=x as the link xId (json-server), else the link x itself', () => {
    const withIdLink: ModelSchema = {
      ...TASK,
      relations: [{ kind: 'belongTo', field: 'ownerId', target: 'User', optional: true }],
    };
    expect(parseIncludes(new URLSearchParams('_expand=owner'), withIdLink).expand).toEqual([
      { name: 'owner', field: 'ownerId' },
    ]);
    expect(parse('_expand=board').include.expand).toEqual([{ name: 'board', field: 'board' }]);
  });

  it('parseIncludes is the same rule on its own (the by-id GET uses it)', () => {
    expect(parseIncludes(new URLSearchParams('embed=%20owner'), TASK).embed).toEqual(['owner']);
    expect(() => parseIncludes(new URLSearchParams('embed=id'), TASK)).toThrow(HttpProblem);
  });
});

describe('filterTypes', () => {
  it('types id by the model, fields by their type, parents by their id kind', () => {
    expect(Object.fromEntries(TYPES)).toEqual({
      id: 'id-number',
      title: { kind: 'string' },
      score: { kind: 'number', integer: false },
      done: { kind: 'boolean' },
      due: { kind: 'date' },
      level: { kind: 'enum', values: ['low', 'high'] },
      tags: { kind: 'array', element: { kind: 'string' } },
      counts: { kind: 'array', element: { kind: 'number', integer: true } },
      owner: 'id-number',
      board: 'id-string',
    });
    const stringIds = filterTypes({ ...TASK, idKind: 'string' }, () => 'number');
    expect(stringIds.get('id')).toBe('id-string');
  });
});
