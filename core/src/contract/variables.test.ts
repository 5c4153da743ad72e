import { describe, expect, it } from 'vitest';

import type { SavedRequest } from './requests-api.js';
import {
  findVariables,
  resolveRequest,
  resolveText,
  resolveVariables,
  variablesOf,
} from './variables.js';

describe('findVariables', () => {
  it('finds every {{name}} with its offsets, spaces inside the braces allowed', () => {
    expect(findVariables('{{host}}/todos/{{ id }}')).toEqual([
      { name: 'host', start: 0, end: 8 },
      { name: 'id', start: 15, end: 23 },
    ]);
  });

  it('ignores braces that hold no name', () => {
    expect(findVariables('{"a": {{}}} {{a b}}')).toEqual([]);
  });
});

describe('resolveText', () => {
  it('fills nested variables (a={{b}})', () => {
    const vars = { host: 'http://127.0.0.1:3000', base: '{{host}}/api', todos: '{{base}}/todos' };
    expect(resolveText('{{todos}}/1', vars)).toEqual({
      ok: true,
      text: 'http://127.0.0.1:3000/api/todos/1',
      unknown: [],
    });
  });

  it('keeps an unknown variable as written and lists it with its position', () => {
    const answer = resolveText('/todos/{{id}}?q={{q}}', { q: 'x' });
    expect(answer).toEqual({
      ok: true,
      text: '/todos/{{id}}?q=x',
      unknown: [{ name: 'id', start: 7, end: 13 }],
    });
  });

  it('lists a variable as unknown when a variable it uses is undefined', () => {
    const answer = resolveText('{{url}}', { url: '{{host}}/x' });
    expect(answer.ok && answer.unknown.map((u) => u.name)).toEqual(['url']);
  });

  it('refuses a cycle, naming it', () => {
    expect(resolveText('{{a}}', { a: '{{b}}', b: '{{a}}' })).toEqual({
      ok: false,
      cycle: ['a', 'b', 'a'],
    });
    expect(resolveText('{{self}}', { self: 'x{{self}}' })).toEqual({
      ok: false,
      cycle: ['self', 'self'],
    });
  });

  it('leaves a text without variables alone', () => {
    expect(resolveText('{"a":{"b":1}}', { a: 'x' })).toEqual({
      ok: true,
      text: '{"a":{"b":1}}',
      unknown: [],
    });
  });
});

describe('resolveVariables (the hover)', () => {
  it('answers each variable resolved, unknown with what is missing, or in a cycle', () => {
    const values = resolveVariables({
      host: 'h',
      url: '{{host}}/{{path}}',
      a: '{{b}}',
      b: '{{a}}',
      c: '{{a}}',
    });
    expect(values.get('host')).toEqual({ state: 'resolved', value: 'h' });
    expect(values.get('url')).toEqual({ state: 'unknown', missing: ['path'] });
    expect(values.get('a')).toEqual({ state: 'cycle', cycle: ['a', 'b', 'a'] });
    expect(values.get('b')?.state).toBe('cycle');
    // c reaches the loop without being on it: it cannot resolve either.
    expect(values.get('c')?.state).toBe('cycle');
  });
});

describe('variablesOf', () => {
  it('skips switched-off variables and lets a later one win', () => {
    expect(
      variablesOf([
        { name: 'a', value: '1' },
        { name: 'b', value: '2', enabled: false },
        { name: 'a', value: '3' },
      ]),
    ).toEqual({ a: '3' });
  });
});

describe('resolveRequest', () => {
  const request: SavedRequest = {
    name: 'r',
    method: 'POST',
    url: '{{base}}/todos/{{id}}',
    headers: [{ name: 'X-{{h}}', value: 'Bearer {{token}}', enabled: true }],
    body: { kind: 'json', text: '{"title":"{{title}}"}' },
    auth: { kind: 'basic', username: '{{user}}', password: 'p' },
  };

  it('fills URL, header names and values, body text and auth; lists unknown ones by field', () => {
    const answer = resolveRequest(request, {
      base: 'http://h',
      h: 'Trace',
      token: 't',
      title: 'x',
      user: 'ada',
    });
    expect(answer).toEqual({
      ok: true,
      request: {
        ...request,
        url: 'http://h/todos/{{id}}',
        headers: [{ name: 'X-Trace', value: 'Bearer t', enabled: true }],
        body: { kind: 'json', text: '{"title":"x"}' },
        auth: { kind: 'basic', username: 'ada', password: 'p' },
      },
      unknown: [{ field: '/url', name: 'id', start: 15, end: 21 }],
    });
  });

  it('refuses a request that uses a cycle', () => {
    expect(resolveRequest(request, { base: '{{id}}', id: '{{base}}' })).toEqual({
      ok: false,
      cycle: ['base', 'id', 'base'],
    });
  });
});
