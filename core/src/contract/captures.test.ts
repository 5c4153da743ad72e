import { describe, expect, it } from 'vitest';

import { captureValues, describeCapture } from './captures.js';

const answer = {
  status: 201,
  headers: [
    ['Location', '/todos/7'],
    ['set-cookie', 'a=1'],
    ['Set-Cookie', 'b=2'],
  ] as [string, string][],
  body: JSON.stringify({ id: 7, token: 't0k', tags: ['x'], done: false, none: null }),
  timeMs: 3,
};

describe('captureValues (issue 47, request chaining)', () => {
  it('saves a string as it is, any other JSON value as its JSON text', () => {
    const { values, results } = captureValues(
      { id: '/id', token: '/token', tags: '/tags', done: '/done', none: '/none', all: '' },
      answer,
    );
    expect({ ...values }).toEqual({
      id: '7',
      token: 't0k',
      tags: '["x"]',
      done: 'false',
      none: 'null',
      all: answer.body,
    });
    expect(results.every((r) => r.pass)).toBe(true);
  });

  it('saves a header by any case, repeats joined as the assertions join them', () => {
    const { values } = captureValues(
      { at: 'header:location', cookie: 'HEADER: Set-Cookie' },
      answer,
    );
    expect({ ...values }).toEqual({ at: '/todos/7', cookie: 'a=1, b=2' });
  });

  it('fails what the answer lacks, saving nothing, and says what it held', () => {
    const { values, results } = captureValues({ a: '/missing', b: 'header:X-Nope' }, answer);
    expect({ ...values }).toEqual({});
    expect(results).toEqual([
      { name: 'a', source: '/missing', pass: false, actual: 'absent' },
      { name: 'b', source: 'header:X-Nope', pass: false, actual: 'absent' },
    ]);
    const text = captureValues({ a: '/id' }, { ...answer, body: 'plain' }).results[0];
    expect(text).toMatchObject({ pass: false, actual: 'the body is not JSON' });
  });

  it('keeps a variable named __proto__ as a variable', () => {
    const named = captureValues(
      JSON.parse('{"__proto__": "/id"}') as Record<string, string>,
      answer,
    );
    expect(Object.hasOwn(named.values, '__proto__')).toBe(true);
    expect(named.values['__proto__']).toBe('7');
  });

  it('describes each in words', () => {
    expect(describeCapture('todoId', '/id')).toBe('save todoId from /id');
    expect(describeCapture('next', 'header:Location')).toBe('save next from header Location');
    expect(describeCapture('all', '')).toBe('save all from the body');
  });
});
