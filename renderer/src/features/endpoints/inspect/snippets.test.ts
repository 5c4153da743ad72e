import { describe, expect, it } from 'vitest';

import { parseCurl } from '../../console/curl';
import { curlSnippet, fetchSnippet, fillPath } from './snippets';

const post = { method: 'POST', url: 'http://localhost:3000/todos', body: '{\n  "content": "x"\n}' };

describe('snippets', () => {
  it('makes a curl command the Console can paste back', () => {
    const curl = curlSnippet(post);
    expect(curl).toContain("-H 'Content-Type: application/json'");
    expect(parseCurl(curl)).toEqual({
      method: 'POST',
      url: post.url,
      headers: [['Content-Type', 'application/json']],
      body: post.body,
    });
    expect(curlSnippet({ method: 'GET', url: 'http://h/todos', body: '' })).toBe(
      "curl 'http://h/todos'",
    );
  });

  it('makes a fetch call that sends the body and reads the JSON', () => {
    const code = fetchSnippet(post);
    expect(code).toContain('const response = await fetch("http://localhost:3000/todos", {');
    expect(code).toContain('method: "POST",');
    expect(code).toContain('body: JSON.stringify({');
    // The snippet is valid JavaScript.
    expect(() => new Function(`return async () => {${code}}`)).not.toThrow();
    expect(fetchSnippet({ method: 'DELETE', url: 'http://h/todos/1', body: '' })).not.toContain(
      'body:',
    );
  });

  it('fills path parameters', () => {
    expect(fillPath('/users/:id/todos/:slug', { id: '1' })).toBe('/users/1/todos/:slug');
    expect(fillPath('/hello/:name', { name: 'a b' })).toBe('/hello/a%20b');
  });
});
