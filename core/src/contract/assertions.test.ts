import { describe, expect, it } from 'vitest';

import { checkAssertions, describeAssertion, valueAtPointer } from './assertions.js';
import type { RequestAssertion } from './requests-api.js';

const answer = {
  status: 201,
  headers: [
    ['Content-Type', 'application/json'],
    ['Set-Cookie', 'a=1'],
    ['set-cookie', 'b=2'],
  ] as [string, string][],
  body: JSON.stringify({ id: 7, tags: ['x', 'y/z'], 'a/b': { '~k': true }, nothing: null }),
  timeMs: 120,
};

const passes = (a: RequestAssertion) => checkAssertions([a], answer)[0]!;

describe('valueAtPointer (RFC 6901)', () => {
  const doc = JSON.parse(answer.body) as unknown;
  it('walks objects and arrays, unescaping ~1 and ~0', () => {
    expect(valueAtPointer(doc, '')).toBe(doc);
    expect(valueAtPointer(doc, '/id')).toBe(7);
    expect(valueAtPointer(doc, '/tags/1')).toBe('y/z');
    expect(valueAtPointer(doc, '/a~1b/~0k')).toBe(true);
    expect(valueAtPointer(doc, '/nothing')).toBeNull();
  });
  it('finds nothing for what is not there, bad indexes and prototype keys', () => {
    expect(valueAtPointer(doc, '/missing')).toBeUndefined();
    expect(valueAtPointer(doc, '/tags/01')).toBeUndefined();
    expect(valueAtPointer(doc, '/tags/9')).toBeUndefined();
    expect(valueAtPointer(doc, '/id/x')).toBeUndefined();
    expect(valueAtPointer(doc, '/__proto__')).toBeUndefined();
    expect(valueAtPointer(doc, '/constructor')).toBeUndefined();
    expect(valueAtPointer(doc, 'id')).toBeUndefined();
  });
});

describe('checkAssertions', () => {
  it('checks the status', () => {
    expect(passes({ kind: 'status', equals: 201 })).toMatchObject({ pass: true, actual: '201' });
    expect(passes({ kind: 'status', equals: 200 })).toMatchObject({ pass: false, actual: '201' });
  });
  it('compares a pointer’s value as JSON, key order aside', () => {
    expect(passes({ kind: 'json-equals', pointer: '/id', value: 7 }).pass).toBe(true);
    expect(passes({ kind: 'json-equals', pointer: '/id', value: '7' })).toMatchObject({
      pass: false,
      actual: '7',
    });
    expect(passes({ kind: 'json-equals', pointer: '/tags', value: ['x', 'y/z'] }).pass).toBe(true);
    expect(passes({ kind: 'json-equals', pointer: '/a~1b', value: { '~k': true } }).pass).toBe(
      true,
    );
    expect(passes({ kind: 'json-equals', pointer: '/nothing', value: null }).pass).toBe(true);
    expect(passes({ kind: 'json-equals', pointer: '/gone', value: null })).toMatchObject({
      pass: false,
      actual: 'absent',
    });
  });
  it('says when the body is not JSON', () => {
    const [r] = checkAssertions([{ kind: 'json-exists', pointer: '/id' }], {
      ...answer,
      body: '<html>',
    });
    expect(r).toMatchObject({ pass: false, actual: 'the body is not JSON' });
  });
  it('reads headers case-insensitively, repeated ones joined', () => {
    expect(passes({ kind: 'header-exists', name: 'content-type' }).pass).toBe(true);
    expect(passes({ kind: 'header-equals', name: 'SET-COOKIE', value: 'a=1, b=2' }).pass).toBe(
      true,
    );
    expect(
      passes({ kind: 'header-contains', name: 'content-type', value: 'application/json' }).pass,
    ).toBe(true);
    expect(passes({ kind: 'header-contains', name: 'content-type', value: 'xml' }).pass).toBe(
      false,
    );
    expect(passes({ kind: 'header-exists', name: 'ETag' })).toMatchObject({
      pass: false,
      actual: 'absent',
    });
  });
  it('checks the time', () => {
    expect(passes({ kind: 'time-below', ms: 500 }).pass).toBe(true);
    expect(passes({ kind: 'time-below', ms: 120 })).toMatchObject({
      pass: false,
      actual: '120 ms',
    });
  });
  it('checks a value is not one, absent included', () => {
    expect(passes({ kind: 'json-not-equals', pointer: '/id', value: 8 }).pass).toBe(true);
    expect(passes({ kind: 'json-not-equals', pointer: '/id', value: '7' }).pass).toBe(true);
    expect(passes({ kind: 'json-not-equals', pointer: '/gone', value: 7 }).pass).toBe(true);
    expect(passes({ kind: 'json-not-equals', pointer: '/id', value: 7 })).toMatchObject({
      pass: false,
      actual: '7',
    });
    expect(passes({ kind: 'json-not-equals', pointer: '/tags', value: ['x', 'y/z'] }).pass).toBe(
      false,
    );
    // A body that is not JSON has no value there.
    const [text] = checkAssertions([{ kind: 'json-not-equals', pointer: '/id', value: 7 }], {
      ...answer,
      body: '<html>',
    });
    expect(text).toMatchObject({ pass: true, actual: 'the body is not JSON' });
  });
  it('compares numbers only: a text or an absent value fails', () => {
    const compare = (pointer: string, op: 'gt' | 'gte' | 'lt' | 'lte', value: number) =>
      passes({ kind: 'json-compare', pointer, op, value }).pass;
    expect([compare('/id', 'gt', 6), compare('/id', 'gt', 7)]).toEqual([true, false]);
    expect([compare('/id', 'gte', 7), compare('/id', 'gte', 8)]).toEqual([true, false]);
    expect([compare('/id', 'lt', 8), compare('/id', 'lt', 7)]).toEqual([true, false]);
    expect([compare('/id', 'lte', 7), compare('/id', 'lte', 6)]).toEqual([true, false]);
    expect([compare('/tags/0', 'gt', -1), compare('/gone', 'lt', 1e9)]).toEqual([false, false]);
  });
  it('checks the length of a list or a text, and nothing else has one', () => {
    expect(passes({ kind: 'json-length', pointer: '/tags', equals: 2 })).toMatchObject({
      pass: true,
      actual: 'length 2',
    });
    expect(passes({ kind: 'json-length', pointer: '/tags/1', equals: 3 }).pass).toBe(true);
    expect(passes({ kind: 'json-length', pointer: '/tags', equals: 3 })).toMatchObject({
      pass: false,
      actual: 'length 2',
    });
    expect(passes({ kind: 'json-length', pointer: '/id', equals: 1 })).toMatchObject({
      pass: false,
      actual: '7',
    });
  });
  it('checks a JSON type, a list being an array and null its own', () => {
    const typeOf = (pointer: string, type: 'string' | 'number' | 'array' | 'object' | 'null') =>
      passes({ kind: 'json-type', pointer, type }).pass;
    expect(typeOf('/id', 'number')).toBe(true);
    expect(typeOf('/tags', 'array')).toBe(true);
    expect(typeOf('/tags', 'object')).toBe(false);
    expect(typeOf('/a~1b', 'object')).toBe(true);
    expect(typeOf('/nothing', 'null')).toBe(true);
    expect(typeOf('/nothing', 'object')).toBe(false);
    expect(typeOf('/gone', 'string')).toBe(false);
  });
  it('describes each assertion in words', () => {
    expect(describeAssertion({ kind: 'json-compare', pointer: '/n', op: 'gte', value: 2 })).toBe(
      '/n is at least 2',
    );
    expect(describeAssertion({ kind: 'json-type', pointer: '', type: 'array' })).toBe(
      '(body) is an array',
    );
    expect(describeAssertion({ kind: 'json-length', pointer: '/t', equals: 3 })).toBe(
      '/t has length 3',
    );
    expect(describeAssertion({ kind: 'json-not-equals', pointer: '/s', value: 'x' })).toBe(
      '/s is not "x"',
    );
    expect(describeAssertion({ kind: 'json-equals', pointer: '/title', value: 'a' })).toBe(
      '/title equals "a"',
    );
    expect(describeAssertion({ kind: 'status', equals: 404 })).toBe('status is 404');
  });
});
