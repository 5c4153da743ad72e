import { describe, expect, it } from 'vitest';

import { assertionOfBruno } from './bruno-asserts.js';

/** The test a line becomes, or `why: …` when it is listed instead. */
const of = (expression: string, text: string) => {
  const mapped = assertionOfBruno(expression, text);
  return mapped.ok ? mapped.assertion : `why: ${mapped.why}`;
};
const equals = (value: unknown, pointer = '/v') => ({ kind: 'json-equals', pointer, value });

describe('a Bruno assert line as a test', () => {
  it("reads values by Bruno's rules: literals, quotes kept verbatim, what Number() reads, bare text", () => {
    expect(of('res.body.v', 'eq true')).toEqual(equals(true));
    expect(of('res.body.v', 'eq null')).toEqual(equals(null));
    expect(of('res.body.v', `eq "'foo'"`)).toEqual(equals("'foo'"));
    expect(of('res.body.v', `eq '"foo"'`)).toEqual(equals('"foo"'));
    expect(of('res.body.v', 'eq "123"')).toEqual(equals('123'));
    expect(of('res.body.v', 'eq "a\\"b"')).toEqual(equals('a\\"b'));
    expect(of('res.body.v', 'eq 0x10')).toEqual(equals(16));
    expect(of('res.body.v', 'eq 1e3')).toEqual(equals(1000));
    expect(of('res.body.v', 'eq -2.5')).toEqual(equals(-2.5));
    expect(of('res.body.v', 'eq 0123')).toEqual(equals(123));
    // Above 2^53 − 1 Bruno keeps the text (its issue #1000).
    expect(of('res.body.v', 'eq 9007199254740993')).toEqual(equals('9007199254740993'));
    expect(of('res.body.v', 'eq Authentication  successful')).toEqual(
      equals('Authentication  successful'),
    );
    // No operator: the whole text is eq's value; a unary operator ignores what follows.
    expect(of('res.body.v', 'equals 3')).toEqual(equals('equals 3'));
    expect(of('res.body.v', 'isDefined please')).toEqual({ kind: 'json-exists', pointer: '/v' });
    expect(of('res.body.v', 'eq')).toEqual(equals(''));
  });

  it('lists values that need script or a variable', () => {
    // Bruno keeps `Infinity` as text (it is above 2^53 − 1), not `-Infinity`.
    expect(of('res.body.v', 'eq Infinity')).toEqual(equals('Infinity'));
    expect(of('res.body.v', 'eq -Infinity')).toBe('why: -Infinity is not a JSON value');
    for (const text of ['eq a${b}', 'eq a\\nb', 'eq `x`'])
      expect(of('res.body.v', text), text).toBe(
        'why: its value is a JavaScript template (`, \\ or ${…})',
      );
    expect(of('res.body.v', 'eq "{{id}}"')).toMatch(/\{\{variable\}\}/);
  });

  it('maps the status only to a status it can be', () => {
    expect(of('res.status', '201')).toEqual({ kind: 'status', equals: 201 });
    expect(of(' res.status ', 'eq 204')).toEqual({ kind: 'status', equals: 204 });
    expect(of('res.status', 'eq "200"')).toBe(
      'why: the status is compared with the string "200", which is no status',
    );
    expect(of('res.status', 'eq 999')).toMatch(/no status/);
    expect(of('res.status', 'in 200,201')).toMatch(/^why: in:/);
  });

  it('reads the body by JSON pointer where Bruno reads the same value', () => {
    expect(of('res.body.items[0].id', 'eq 1')).toEqual(equals(1, '/items/0/id'));
    expect(of(`res.body["a/b"]['~c']`, 'eq 1')).toEqual(equals(1, '/a~1b/~0c'));
    expect(of('res.body.items[0].id', 'isDefined')).toEqual({
      kind: 'json-exists',
      pointer: '/items/0/id',
    });
    expect(of('res.body', 'eq 7')).toEqual(equals(7, ''));
    expect(of('res.body.items[1]', 'eq ab')).toEqual(equals('ab', '/items/1'));
    // Where Bruno reads JavaScript rather than JSON: a text's character, a list's length, a body
    // that is not JSON.
    expect(of('res.body.items[1]', 'eq a')).toMatch(/character of a text/);
    expect(of('res.body.items[1]', 'isDefined')).toMatch(/character of a text/);
    expect(of('res.body.name.length', 'gt 3')).toMatch(/reads length from JavaScript/);
    expect(of('res.body.constructor', 'isDefined')).toMatch(/reads constructor/);
    expect(of('res.body', 'eq ok')).toMatch(/not JSON as text/);
    expect(of('res.body', 'isDefined')).toBe('why: the body is always defined in Bruno');
    expect(of('res.body.first-name', 'eq Ada')).toBe(
      'why: Bruno reads res.body.first-name as JavaScript, a subtraction; res.body["first-name"] reads the name',
    );
    expect(of('res.body.items[0].id + 1', 'eq 2')).toMatch(/^why: tests here read/);
  });

  it('takes neq, the comparisons, length and the type checks on the body as Bruno runs them', () => {
    expect(of('res.body.state', 'neq done')).toEqual({
      kind: 'json-not-equals',
      pointer: '/state',
      value: 'done',
    });
    expect(of('res.body.total', 'gte 2')).toEqual({
      kind: 'json-compare',
      pointer: '/total',
      op: 'gte',
      value: 2,
    });
    expect(of('res.body.total', 'lt 1e3')).toMatchObject({ op: 'lt', value: 1000 });
    // chai's above and below take a number only: a text there fails in Bruno whatever the body.
    expect(of('res.body.total', 'gt "2"')).toMatch(/only with a number/);
    // The usual count, both ways Bruno writes it.
    expect(of('res.body.items', 'length 3')).toEqual({
      kind: 'json-length',
      pointer: '/items',
      equals: 3,
    });
    expect(of('res.body.items.length', 'eq 3')).toEqual({
      kind: 'json-length',
      pointer: '/items',
      equals: 3,
    });
    expect(of('res.body.length', '2')).toEqual({ kind: 'json-length', pointer: '', equals: 2 });
    expect(of('res.body.items', 'length 1.5')).toMatch(/length is compared with the number 1.5/);
    expect(of('res.body.items[0].length', 'eq 1')).toMatch(/reads length from JavaScript/);
    expect(of('res.body.items[0]', 'length 1')).toMatch(/character of a text/);
    expect(of('res.body.id', 'isNumber')).toEqual({
      kind: 'json-type',
      pointer: '/id',
      type: 'number',
    });
    expect(of('res.body.items', 'isArray')).toMatchObject({ kind: 'json-type', type: 'array' });
    expect(of('res.body.ok', 'isBoolean')).toMatchObject({ type: 'boolean' });
    expect(of('res.body.name', 'isString')).toMatchObject({ type: 'string' });
    expect(of('res.body', 'isString')).toMatch(/not JSON as a string/);
    expect(of('res.body.items[2]', 'isString')).toMatch(/character of a text/);
    expect(of('res.body.deletedAt', 'isNull')).toEqual(equals(null, '/deletedAt'));
    expect(of('res.body.items', 'contains 3')).toMatch(/^why: contains: tests here check/);
  });

  it('reads a header by its lower-case name, as Bruno receives it', () => {
    expect(of('res.headers.location', 'eq /items/42')).toEqual({
      kind: 'header-equals',
      name: 'location',
      value: '/items/42',
    });
    expect(of(`res.headers['content-type']`, 'contains "json"')).toEqual({
      kind: 'header-contains',
      name: 'content-type',
      value: 'json',
    });
    expect(of('res.headers.etag', 'isDefined')).toEqual({ kind: 'header-exists', name: 'etag' });
    expect(of('res.headers["Content-Type"]', 'isDefined')).toMatch(/lower-case names/);
    expect(of('res.headers["set-cookie"]', 'contains a=1')).toMatch(/as a list/);
    expect(of('res.headers["x-count"]', 'contains 5')).toMatch(/look for text in a header/);
    expect(of('res.headers.etag', 'startsWith W/')).toMatch(/^why: startsWith:/);
    expect(of('res.headers', 'isDefined')).toMatch(/^why: tests here read/);
  });

  it('takes the time below a positive number (lt) only', () => {
    expect(of('res.responseTime', 'lt 250.5')).toEqual({ kind: 'time-below', ms: 250.5 });
    expect(of('res.responseTime', 'lte 800')).toMatch(/fractions of a millisecond/);
    expect(of('res.responseTime', 'lt 0')).toMatch(/number 0/);
    expect(of('res.responseTime', 'lt "500"')).toMatch(/string "500"/);
    expect(of('res.responseTime', 'gt 10')).toMatch(/^why: gt:/);
  });
});
