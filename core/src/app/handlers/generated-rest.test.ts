import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { FIXTURES, magazine, person } from '../../test-support/fixtures.js';
import { jsonRequest, type RawAnswer, rawRequest } from '../../test-support/http-client.js';
import { serveCopy, type ServedProject } from '../../test-support/project-server.js';

let served: ServedProject;
beforeEach(async () => {
  served = await serveCopy(FIXTURES.library);
});
afterEach(async () => {
  await served.dispose();
});

const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  jsonRequest(served.url, method, path, body, headers);

function problem(answer: RawAnswer, status: number): Record<string, unknown> {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const body = answer.json as Record<string, unknown>;
  expect(body.status).toBe(status);
  expect(body.message).toBe(body.detail);
  return body;
}

async function datafileLines(path: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(join(served.dataDir, `${path}.db`), 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('paths', () => {
  it('pluralises class names, honours @Rest({ path }) and mounts under @WebServlet', async () => {
    for (const path of ['people', 'categories', 'magazines', 'notes', 'todoitems']) {
      expect((await call('GET', `/api/${path}`)).status, path).toBe(200);
    }
    expect((await call('GET', '/people')).status).toBe(404);
    expect((await call('GET', '/api/stickynotes')).status).toBe(404);
    expect((await call('GET', '/api/status')).json).toEqual({ ok: true });
  });

  it('gives a base class without @Rest no endpoints', async () => {
    expect((await call('GET', '/api/publications')).status).toBe(404);
    expect((await call('GET', '/api/entities')).status).toBe(404);
  });
});

describe('POST /api/people', () => {
  it('answers 201 with the stored record and its Location', async () => {
    const answer = await call('POST', '/api/people', person());
    expect(answer.status).toBe(201);
    expect(answer.headers.location).toBe('/api/people/1');
    expect(answer.json).toEqual({ id: 1, name: 'Ann', email: 'ann@example.com' });
    expect((await call('GET', '/api/people/1')).json).toEqual(answer.json);
  });

  it('stores the record in data/<path>.db before answering', async () => {
    await call('POST', '/api/people', person());
    const lines = await datafileLines('people');
    expect(lines).toEqual([{ _id: '1', id: 1, name: 'Ann', email: 'ann@example.com' }]);
  });

  it('reports every invalid field at once with 422', async () => {
    const answer = await call('POST', '/api/people', {
      email: 'not-an-email',
      age: -1,
      colour: 'red',
    });
    const body = problem(answer, 422);
    expect(body).toMatchObject({
      type: 'validation-error',
      title: 'Invalid person',
      instance: '/api/people',
    });
    const errors = body.errors as { field: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'is required' },
        { field: 'colour', message: 'is not a field of Person' },
        { field: 'age', message: 'must be >= 0, got -1' },
        { field: 'email', message: 'must be a valid email, got "not-an-email"' },
      ]),
    );
    expect(errors).toHaveLength(4);
    expect(body.detail).toBe('4 fields are invalid');
  });

  it('names the expected type and the value received', async () => {
    const body = problem(await call('POST', '/api/people', person({ name: 42, age: 'old' })), 422);
    expect(body.errors).toEqual([
      { field: 'name', message: 'must be a string, got 42' },
      { field: 'age', message: 'must be a number, got "old"' },
    ]);
  });

  it('answers 422 to a body that is not a JSON object', async () => {
    for (const body of ['[1,2]', '"text"', 'null', '3']) {
      const answer = await rawRequest(served.url, 'POST', '/api/people', {
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(problem(answer, 422).detail, body).toMatch(/must be a JSON object/);
    }
  });

  it('answers 400 to malformed JSON and 415 to other media types', async () => {
    const bad = await rawRequest(served.url, 'POST', '/api/people', {
      headers: { 'content-type': 'application/json' },
      body: '{"name": "Ann",}',
    });
    expect(problem(bad, 400).detail).toMatch(/line 1, column 16/);
    const text = await rawRequest(served.url, 'POST', '/api/people', {
      headers: { 'content-type': 'text/plain' },
      body: 'name=Ann',
    });
    problem(text, 415);
    expect(await datafileLines('people')).toEqual([]);
  });

  it('accepts a free client id and answers 409 for a taken one', async () => {
    expect((await call('POST', '/api/people', person({ id: 7 }))).json).toMatchObject({ id: 7 });
    const again = problem(await call('POST', '/api/people', person({ id: 7 })), 409);
    expect(again.detail).toMatch(/7/);
    expect((await call('POST', '/api/people', person())).json).toMatchObject({ id: 8 });
  });

  it('rejects an id of the wrong type', async () => {
    const body = problem(await call('POST', '/api/people', person({ id: 'seven' })), 422);
    expect(body.errors).toEqual([{ field: 'id', message: 'must be an integer, got "seven"' }]);
  });

  it('rejects forbidden keys anywhere in the body', async () => {
    const answer = await rawRequest(served.url, 'POST', '/api/people', {
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Ann","email":"a@b.co","__proto__":{"admin":true}}',
    });
    expect(problem(answer, 422).errors).toEqual([
      { field: '__proto__', message: 'is a forbidden key' },
    ]);
  });
});

describe('field types and rules', () => {
  it('checks string arrays, enums, integers, defaults and nullable dates', async () => {
    const created = await call(
      'POST',
      '/api/magazines',
      magazine({ releasedAt: '2024-05-01T09:30:00+02:00' }),
    );
    expect(created.status).toBe(201);
    // CONTRACT §1: Date is an ISO-8601 string on the wire; @Field default applies on create.
    expect(created.json).toEqual({
      id: 1,
      title: 'Wired',
      tags: ['tech'],
      priority: 'high',
      published: true,
      issue: 1,
      rating: 0,
      releasedAt: '2024-05-01T07:30:00.000Z',
    });
    const bad = await call(
      'POST',
      '/api/magazines',
      magazine({
        tags: ['ok', 3],
        priority: 'urgent',
        issue: 1.5,
        rating: 9,
        releasedAt: 'yesterday',
      }),
    );
    expect(problem(bad, 422).errors).toEqual(
      expect.arrayContaining([
        { field: 'tags[1]', message: 'must be a string, got 3' },
        { field: 'priority', message: 'must be one of "low", "high", got "urgent"' },
        { field: 'issue', message: 'must be an integer, got 1.5' },
        { field: 'rating', message: 'must be <= 5, got 9' },
        {
          field: 'releasedAt',
          message: 'must be an ISO-8601 date-time such as "2024-05-01T09:30:00Z", got "yesterday"',
        },
      ]),
    );
    expect((await call('POST', '/api/magazines', magazine({ releasedAt: null }))).status).toBe(201);
  });

  it('inherits fields and rules from every base class, across files', async () => {
    const body = problem(await call('POST', '/api/magazines', { issue: 2 }), 422);
    const fields = (body.errors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['priority', 'published', 'tags', 'title']);
    const dated = await call('POST', '/api/categories', {
      slug: 'news',
      createdAt: '2020-01-01T00:00:00Z',
    });
    expect(dated.json).toEqual({ id: 1, slug: 'news', createdAt: '2020-01-01T00:00:00.000Z' });
  });

  it('applies pattern, length and format rules', async () => {
    const body = problem(await call('POST', '/api/categories', { slug: 'A' }), 422);
    expect(body.errors).toEqual([{ field: 'slug', message: 'must be at least 2 characters long' }]);
    const pattern = problem(await call('POST', '/api/categories', { slug: 'Has Caps' }), 422);
    expect(pattern.errors).toEqual([
      { field: 'slug', message: 'must match the pattern /^[a-z-]+$/, got "Has Caps"' },
    ]);
    const uri = problem(await call('POST', '/api/people', person({ homepage: 'not a uri' })), 422);
    expect(uri.errors).toEqual([
      { field: 'homepage', message: 'must be a valid uri, got "not a uri"' },
    ]);
  });

  it('gives string-id models unique random ids and accepts client ones', async () => {
    const a = (await call('POST', '/api/notes', { text: 'a' })).json as { id: string };
    const b = (await call('POST', '/api/notes', { text: 'b', colors: ['pink'] })).json as {
      id: string;
    };
    expect(typeof a.id).toBe('string');
    expect(a.id).not.toBe(b.id);
    expect((await call('POST', '/api/notes', { id: 'mine', text: 'c' })).status).toBe(201);
    problem(await call('POST', '/api/notes', { id: 'mine', text: 'd' }), 409);
    expect((await call('GET', '/api/notes/mine')).json).toEqual({ id: 'mine', text: 'c' });
  });
});

describe('GET /api/people', () => {
  beforeEach(async () => {
    for (const name of ['Cy', 'Ann', 'Bo', 'Di'])
      await call('POST', '/api/people', person({ name, age: name.length * 10 }));
  });

  it('lists in ascending id order with X-Total-Count', async () => {
    const answer = await call('GET', '/api/people');
    expect((answer.json as { id: number }[]).map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(answer.headers['x-total-count']).toBe('4');
  });

  it('limits, offsets and keeps the total', async () => {
    const answer = await call('GET', '/api/people?limit=2&offset=1');
    expect((answer.json as { name: string }[]).map((p) => p.name)).toEqual(['Ann', 'Bo']);
    expect(answer.headers['x-total-count']).toBe('4');
    expect((await call('GET', '/api/people?limit=0')).json).toEqual([]);
  });

  it('answers 400 naming limit unless it is an integer >= 0', async () => {
    for (const bad of ['abc', '-1', '1.5', '']) {
      const body = problem(await call('GET', `/api/people?limit=${bad}`), 400);
      expect(body.detail, bad).toMatch(/^limit: must be an integer >= 0/);
    }
  });

  it('sorts ascending and descending, ties in id order', async () => {
    const asc = await call('GET', '/api/people?sort=name');
    expect((asc.json as { name: string }[]).map((p) => p.name)).toEqual(['Ann', 'Bo', 'Cy', 'Di']);
    const desc = await call('GET', '/api/people?sort=-age,name&limit=3');
    expect((desc.json as { name: string }[]).map((p) => p.name)).toEqual(['Ann', 'Bo', 'Cy']);
    problem(await call('GET', '/api/people?sort=height'), 400);
  });

  it('filters by typed equality and ignores unknown parameters', async () => {
    const answer = await call('GET', '/api/people?age=20&_=123456');
    expect((answer.json as { name: string }[]).map((p) => p.name)).toEqual(['Cy', 'Bo', 'Di']);
    expect(answer.headers['x-total-count']).toBe('3');
    expect(problem(await call('GET', '/api/people?age=old'), 400).detail).toBe(
      'age: must be a number, got "old"',
    );
  });
});

describe('GET /api/people/:id', () => {
  it('answers 400 for a malformed id and 404 for an absent one', async () => {
    expect(problem(await call('GET', '/api/people/abc'), 400).detail).toMatch(/positive integer/);
    expect(problem(await call('GET', '/api/people/5'), 404).detail).toBe('no person with id 5');
  });

  it('answers HEAD like GET without a body, and 405 with Allow for other methods', async () => {
    await call('POST', '/api/people', person());
    const head = await rawRequest(served.url, 'HEAD', '/api/people/1');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const post = await call('POST', '/api/people/1', person());
    problem(post, 405);
    expect(String(post.headers.allow).split(', ').sort()).toEqual([
      'DELETE',
      'GET',
      'HEAD',
      'PATCH',
      'PUT',
    ]);
  });
});

describe('PUT /api/people/:id', () => {
  it('replaces every field, takes the id from the path', async () => {
    await call('POST', '/api/people', person({ nickname: 'annie', age: 30 }));
    const answer = await call('PUT', '/api/people/1', {
      id: 99,
      name: 'Ann B',
      email: 'ab@example.com',
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ id: 1, name: 'Ann B', email: 'ab@example.com' });
    expect((await call('GET', '/api/people/1')).json).toEqual(answer.json);
  });

  it('answers 404 for an absent record and 422 for a partial body', async () => {
    problem(await call('PUT', '/api/people/3', person()), 404);
    await call('POST', '/api/people', person());
    expect(problem(await call('PUT', '/api/people/1', { name: 'x' }), 422).errors).toEqual([
      { field: 'email', message: 'is required' },
    ]);
  });
});

describe('PATCH /api/people/:id', () => {
  it('changes only the sent fields and clears optional ones with null', async () => {
    await call('POST', '/api/people', person({ nickname: 'annie', age: 30 }));
    const answer = await call('PATCH', '/api/people/1', { age: 31, nickname: null });
    expect(answer.json).toEqual({ id: 1, name: 'Ann', email: 'ann@example.com', age: 31 });
    const merge = await call(
      'PATCH',
      '/api/people/1',
      { name: 'Anna' },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(merge.json).toMatchObject({ name: 'Anna', age: 31 });
  });

  it('refuses to clear a required field and to add unknown ones', async () => {
    await call('POST', '/api/people', person());
    const body = problem(await call('PATCH', '/api/people/1', { name: null, colour: 'red' }), 422);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'colour', message: 'is not a field of Person' },
        { field: 'name', message: 'must be a string, got null' },
      ]),
    );
    expect((await call('GET', '/api/people/1')).json).toEqual({ id: 1, ...person() });
  });

  it('answers 404 for an absent record', async () => {
    problem(await call('PATCH', '/api/people/1', { age: 3 }), 404);
  });
});

describe('DELETE /api/people/:id', () => {
  it('answers the deleted record, then 404', async () => {
    await call('POST', '/api/people', person());
    expect((await call('DELETE', '/api/people/1')).json).toEqual({ id: 1, ...person() });
    problem(await call('GET', '/api/people/1'), 404);
    problem(await call('DELETE', '/api/people/1'), 404);
  });
});

describe('ids and durability', () => {
  it('never reuses an id, also after deleting the highest and restarting', async () => {
    await call('POST', '/api/people', person());
    await call('POST', '/api/people', person());
    await call('DELETE', '/api/people/2');
    served = await served.restart();
    expect((await call('POST', '/api/people', person())).json).toMatchObject({ id: 3 });
  });

  it('gives 1,000 concurrent POSTs 1,000 distinct ids that all survive a restart', async () => {
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        call('POST', '/api/todoitems', { label: `item ${i}` }),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const ids = answers.map((a) => (a.json as { id: number }).id);
    expect(new Set(ids).size).toBe(1000);
    served = await served.restart();
    const list = await call('GET', '/api/todoitems');
    expect(list.headers['x-total-count']).toBe('1000');
    expect((list.json as { id: number }[]).map((t) => t.id).sort((a, b) => a - b)).toEqual(
      [...ids].sort((a, b) => a - b),
    );
  });
});
