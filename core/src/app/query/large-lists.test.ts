/**
 * Issue 44 on the file store, over HTTP: a limit above the maximum is clamped and said in
 * `X-Decorest-Limit`; a list asked again answers from a kept view that every write, whatever
 * route it takes, keeps true; a `q` of 10,000 characters is answered like any other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MAX_LIST_LIMIT } from '../../contract/collection-controls.js';
import { MIN_RECORDS } from '../../persistence/collections/record-views.js';
import { jsonRequest, type RawAnswer } from '../../test-support/http-client.js';
import { serveCopy, type ServedProject } from '../../test-support/project-server.js';

const BLOG = new URL('../fixtures/blog', import.meta.url).pathname;
/** More than the maximum limit and than the records a view is kept from. */
const COUNT = Math.max(MAX_LIST_LIMIT, MIN_RECORDS) + 500;

let served: ServedProject;
const get = (path: string): Promise<RawAnswer> => jsonRequest(served.url, 'GET', path);
const ids = (answer: RawAnswer): number[] => {
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as { id: number }[]).map((r) => r.id);
};
const total = (answer: RawAnswer): number => Number(answer.headers['x-total-count']);
const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

beforeAll(async () => {
  served = await serveCopy(BLOG);
  const posts = served.project.runtimes.find((r) => r.schema.name === 'Post')!.store;
  for (let i = 1; i <= COUNT; i++)
    await posts.insert({ title: `Post ${i}`, views: i % 10, published: i % 3 === 0 });
});
afterAll(() => served.dispose());

describe(`GET /posts with a limit above ${MAX_LIST_LIMIT}`, () => {
  it('answers the first records up to the maximum and says the limit was clamped', async () => {
    const answer = await get('/posts?limit=5000');
    expect(ids(answer)).toEqual(range(1, MAX_LIST_LIMIT));
    expect(total(answer)).toBe(COUNT);
    expect(answer.headers['x-decorest-limit']).toBe(`${MAX_LIST_LIMIT}; requested=5000`);
    const slice = await get('/posts?_start=100&_end=3000&_sort=id');
    expect(ids(slice)).toEqual(range(101, 100 + MAX_LIST_LIMIT));
    expect(slice.headers['x-decorest-limit']).toBe(`${MAX_LIST_LIMIT}; requested=2900`);
  });

  it('leaves a limit at the maximum, and no limit at all, as they were', async () => {
    const at = await get(`/posts?_limit=${MAX_LIST_LIMIT}&offset=1`);
    expect(ids(at)).toEqual(range(2, MAX_LIST_LIMIT + 1));
    expect(at.headers['x-decorest-limit']).toBeUndefined();
    const all = await get('/posts');
    expect(ids(all)).toHaveLength(COUNT);
    expect(all.headers['x-decorest-limit']).toBeUndefined();
  });

  it('pages a larger _per_page as pages of the maximum, the Link header walking them', async () => {
    const answer = await get('/posts?_page=2&_per_page=1500&published=true');
    const published = range(1, COUNT).filter((i) => i % 3 === 0);
    expect(ids(answer)).toEqual(published.slice(MAX_LIST_LIMIT, 2 * MAX_LIST_LIMIT));
    expect(answer.headers['x-decorest-limit']).toBe(`${MAX_LIST_LIMIT}; requested=1500`);
    const last = Math.ceil(published.length / MAX_LIST_LIMIT);
    expect(answer.headers.link).toContain(
      `_page=1&_per_page=${MAX_LIST_LIMIT}&published=true>; rel="first"`,
    );
    expect(answer.headers.link).toContain(
      `_page=${last}&_per_page=${MAX_LIST_LIMIT}&published=true>; rel="last"`,
    );
  });
});

describe('GET /posts asked again between writes', () => {
  it('answers sorts and filters as the records are after every write', async () => {
    const path = '/posts?_sort=-views,title&published=true&limit=3';
    for (let round = 0; round < 3; round++)
      expect(ids(await get(path))).toEqual([1029, 1059, 1089]);
    expect((await jsonRequest(served.url, 'PATCH', '/posts/1119', { views: 100 })).status).toBe(
      200,
    );
    expect((await jsonRequest(served.url, 'DELETE', '/posts/1029')).status).toBe(200);
    const created = await jsonRequest(served.url, 'POST', '/posts', {
      title: 'Post 0',
      views: 9,
      published: true,
    });
    expect(created.status).toBe(201);
    const answer = await get(path);
    expect(ids(answer)).toEqual([1119, (created.json as { id: number }).id, 1059]);
    expect(total(answer)).toBe(Math.floor(COUNT / 3));
  });
});

describe('GET /posts?q= of 10,000 characters', () => {
  it('answers the posts holding it, and none when none does', async () => {
    const long = 'x'.repeat(10_000);
    const none = await get(`/posts?q=${long}`);
    expect(ids(none)).toEqual([]);
    expect(total(none)).toBe(0);
    const created = await jsonRequest(served.url, 'POST', '/posts', {
      title: `a${long}b`,
      views: 1,
      published: false,
    });
    const found = await get(`/posts?q=${long.toUpperCase()}`);
    expect(ids(found)).toEqual([(created.json as { id: number }).id]);
  });
});
