/** Issue 47: a saved request's `set` (request chaining) as a file or a control body gives it. */
import { describe, expect, it } from 'vitest';

import { checkRequest } from './check-request.js';
import { readRequestFile, requestFileText } from './request-files.js';

const base = { name: 'Create', method: 'POST', url: '/todos' };

describe('a saved request\'s "set"', () => {
  it('keeps JSON pointers and header sources in order, after the tests in the file', () => {
    const checked = checkRequest({
      ...base,
      assertions: [{ kind: 'status', equals: 201 }],
      set: { todoId: '/id', whole: '', next: 'header:Location', $odd: 'Header: X-Id' },
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const text = requestFileText(checked.value);
    expect(text.indexOf('"assertions"')).toBeLessThan(text.indexOf('"set"'));
    const read = readRequestFile(text);
    expect(read.ok && { ...read.value.set }).toEqual({
      todoId: '/id',
      whole: '',
      next: 'header:Location',
      $odd: 'Header: X-Id',
    });
  });

  it('names a source that is neither a pointer nor a header, and a name no {{…}} can use', () => {
    const checked = checkRequest({
      ...base,
      set: { ok: '/id', bad: 'id', 'two words': '/x', empty: 'header:' },
    });
    expect(checked).toEqual({
      ok: false,
      findings: [
        {
          pointer: '/set/bad',
          message: 'must be a JSON pointer ("" or /id) or header:<name> (header:Location)',
        },
        {
          pointer: '/set/two words',
          message: '"two words" is not a variable name (letters, digits, _ . $ -)',
        },
        {
          pointer: '/set/empty',
          message: 'must be a JSON pointer ("" or /id) or header:<name> (header:Location)',
        },
      ],
    });
  });

  it('keeps a variable named __proto__ as a variable', () => {
    const checked = checkRequest(JSON.parse('{"name":"a","url":"/","set":{"__proto__":"/id"}}'));
    expect(checked.ok && Object.hasOwn(checked.value.set!, '__proto__')).toBe(true);
  });
});
