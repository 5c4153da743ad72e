import { readFile } from 'node:fs/promises';

import { describe, expect, it } from 'vitest';

import { readHttpFile } from './http-file.js';

const FIXTURE = new URL('./fixtures/todos.http', import.meta.url);

describe('readHttpFile (REST Client / JetBrains)', () => {
  it('reads ###-separated requests: names, request lines, query continuations, headers, bodies', async () => {
    const c = readHttpFile('todos.http', await readFile(FIXTURE, 'utf8'));
    expect(c.name).toBe('todos');
    expect(c.requests.map((r) => r.request)).toEqual([
      {
        name: 'List todos',
        method: 'GET',
        url: '{{todos}}?_limit=5&_sort=title',
        headers: [{ name: 'Accept', value: 'application/json', enabled: true }],
        body: { kind: 'none' },
        auth: { kind: 'none' },
      },
      {
        name: 'createTodo',
        method: 'POST',
        url: '{{todos}}',
        headers: [
          { name: 'Content-Type', value: 'application/json', enabled: true },
          { name: 'Authorization', value: 'Bearer {{token}}', enabled: true },
        ],
        body: { kind: 'json', text: '{\n  "title": "Write docs"\n}' },
        auth: { kind: 'none' },
      },
      {
        name: 'login',
        method: 'POST',
        url: '{{baseUrl}}/login',
        headers: [
          { name: 'Content-Type', value: 'application/x-www-form-urlencoded', enabled: true },
        ],
        body: {
          kind: 'form-urlencoded',
          fields: [
            { name: 'user', value: 'ada', enabled: true },
            { name: 'pass', value: 'lövelace', enabled: true },
          ],
        },
        auth: { kind: 'none' },
      },
      {
        name: 'DELETE {{todos}}/1',
        method: 'DELETE',
        url: '{{todos}}/1',
        headers: [],
        body: { kind: 'none' },
        auth: { kind: 'none' },
      },
    ]);
  });

  it('turns file variables into an environment named after the file', async () => {
    const c = readHttpFile('todos.http', await readFile(FIXTURE, 'utf8'));
    expect(c.environments).toEqual([
      {
        name: 'todos',
        variables: [
          { name: 'baseUrl', value: 'http://127.0.0.1:3000' },
          { name: 'todos', value: '{{baseUrl}}/todos' },
        ],
      },
    ]);
  });

  it('skips response handlers, saying so', async () => {
    const c = readHttpFile('todos.http', await readFile(FIXTURE, 'utf8'));
    expect(c.skipped).toEqual([
      { item: 'login', reason: 'response handlers and references are not imported' },
    ]);
  });

  it('names the line of something that is not a request line, or a header without a colon', () => {
    expect(() => readHttpFile('a.http', 'GET /x\n\n###\n\nfetch the thing\n')).toThrow(
      /a\.http:5:1: expected a request line/,
    );
    expect(() => readHttpFile('a.http', '### one\nGET /x\nAccept json\n')).toThrow(
      /a\.http:3:1: expected a header/,
    );
  });

  it('takes a URL alone as a GET', () => {
    const c = readHttpFile('a.http', 'https://example.com/x\n');
    expect(c.requests[0]!.request).toMatchObject({ method: 'GET', url: 'https://example.com/x' });
  });
});

describe('readHttpFile (names and methods as the REST Client shows them)', () => {
  const CATALOG = new URL('./fixtures/catalog.http', import.meta.url);

  it('names a request by # @name, the ### text, or else the comment line above it', async () => {
    const c = readHttpFile('catalog.http', await readFile(CATALOG, 'utf8'));
    expect(c.requests.map((r) => r.request.name)).toEqual([
      'Get catalog items',
      'Get catalog items by brand and type',
      'Get a single catalog item',
      'searchItems',
      // No name and no comment: its request line, as before.
      'GET {{Catalog.API_HostAddress}}/api/catalog/catalogtypes?api-version={{ApiVersion}}',
      'Delete an item (admin)',
    ]);
  });

  it('keeps a QUERY request (and any other method token) as written, with its body', async () => {
    const c = readHttpFile('catalog.http', await readFile(CATALOG, 'utf8'));
    const search = c.requests.find((r) => r.request.name === 'searchItems')!.request;
    expect(search).toMatchObject({
      method: 'QUERY',
      body: { kind: 'json', text: '{\n  "text": "warm jacket for hiking"\n}' },
    });
    expect(readHttpFile('a.http', 'PROPFIND /dav/notes\n').requests[0]!.request.method).toBe(
      'PROPFIND',
    );
  });
});
