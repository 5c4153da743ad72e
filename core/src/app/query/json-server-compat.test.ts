import { describe, expect, it } from 'vitest';

import {
  blogUrl,
  expectBadQuery,
  get,
  idsOf,
  linksOf,
  problemOf,
  totalOf,
  useBlogServer,
} from '../../test-support/blog-server.js';
import { jsonRequest, type RawAnswer, rawRequest } from '../../test-support/http-client.js';

useBlogServer();
describe('GET /posts with json-server 0.17 query conventions', () => {
  it('limits with _limit and counts every record in X-Total-Count', async () => {
    const answer = await get('/posts?_limit=2');
    expect(idsOf(answer)).toEqual([1, 2]);
    expect(totalOf(answer)).toBe(5);
    expect(idsOf(await get('/posts?_start=1&_limit=2'))).toEqual([2, 3]);
    expectBadQuery(await get('/posts?_limit=two'), '_limit');
  });

  it('slices with _start and _end, zero-based and _end exclusive', async () => {
    const answer = await get('/posts?_start=1&_end=3');
    expect(idsOf(answer)).toEqual([2, 3]);
    expect(totalOf(answer)).toBe(5);
    expect(idsOf(await get('/posts?_end=2'))).toEqual([1, 2]);
    expect(idsOf(await get('/posts?_start=3&_end=10'))).toEqual([4, 5]);
    expect(idsOf(await get('/posts?_start=3&_end=1'))).toEqual([]);
    expectBadQuery(await get('/posts?_start=-1&_end=2'), '_start');
    expectBadQuery(await get('/posts?_start=0&_end=x'), '_end');
  });

  it('sorts by _sort and _order comma lists, in any case', async () => {
    expect(idsOf(await get('/posts?_sort=views&_order=desc'))).toEqual([3, 1, 2, 4, 5]);
    expect(idsOf(await get('/posts?_sort=views,title&_order=DESC,asc'))).toEqual([3, 1, 4, 2, 5]);
    expect(idsOf(await get('/posts?_sort=published,views&_order=desc,Asc'))).toEqual([
      4, 1, 3, 5, 2,
    ]);
    expect(idsOf(await get('/posts?_sort=title'))).toEqual([5, 1, 4, 2, 3]);
    const sliced = await get('/posts?_sort=title&_order=ASC&_start=0&_end=2');
    expect(idsOf(sliced)).toEqual([5, 1]);
    expect(totalOf(sliced)).toBe(5);
  });

  it('sorts a _sort field without its own _order ascending, as lodash orderBy does', async () => {
    expect(idsOf(await get('/posts?_sort=views,title&_order=desc'))).toEqual([3, 1, 4, 2, 5]);
  });

  it('answers 400 naming _sort for an unknown field and _order for an unknown direction', async () => {
    expectBadQuery(await get('/posts?_sort=colour'), '_sort');
    expectBadQuery(await get('/posts?_sort=views&_order=up'), '_order');
  });

  it('pages with _page and _per_page: a plain array, X-Total-Count and Link', async () => {
    const answer = await get('/posts?_page=2&_per_page=2');
    expect(idsOf(answer)).toEqual([3, 4]);
    expect(totalOf(answer)).toBe(5);
    expect(linksOf(answer)).toEqual({
      first: `${blogUrl()}/posts?_page=1&_per_page=2`,
      prev: `${blogUrl()}/posts?_page=1&_per_page=2`,
      next: `${blogUrl()}/posts?_page=3&_per_page=2`,
      last: `${blogUrl()}/posts?_page=3&_per_page=2`,
    });
  });

  it('pages with _page and _limit, leaving out next on the last page', async () => {
    const answer = await get('/posts?_page=3&_limit=2');
    expect(idsOf(answer)).toEqual([5]);
    expect(linksOf(answer)).toEqual({
      first: `${blogUrl()}/posts?_page=1&_limit=2`,
      prev: `${blogUrl()}/posts?_page=2&_limit=2`,
      last: `${blogUrl()}/posts?_page=3&_limit=2`,
    });
  });

  it('pages ten records by default and keeps filters in the Link URLs', async () => {
    const all = await get('/posts?_page=1');
    expect(idsOf(all)).toEqual([1, 2, 3, 4, 5]);
    expect(linksOf(all)).toEqual({
      first: `${blogUrl()}/posts?_page=1`,
      last: `${blogUrl()}/posts?_page=1`,
    });
    const filtered = await get('/posts?published=true&_page=1&_per_page=2');
    expect(idsOf(filtered)).toEqual([1, 3]);
    expect(totalOf(filtered)).toBe(3);
    expect(linksOf(filtered).next).toBe(`${blogUrl()}/posts?published=true&_page=2&_per_page=2`);
  });

  it('builds the Link URLs from the Host the client used, or a bare path without one', async () => {
    const proxied = await get('/posts?_page=1&_per_page=2', { host: 'api.example.test:8080' });
    expect(linksOf(proxied).next).toBe('http://api.example.test:8080/posts?_page=2&_per_page=2');
    const odd = await get('/posts?_page=1&_per_page=2', { host: 'evil.test/<x>' });
    expect(linksOf(odd).next).toBe('/posts?_page=2&_per_page=2');
  });

  it('answers 400 naming _page unless it is an integer >= 1', async () => {
    for (const page of ['0', 'x', '-1']) expectBadQuery(await get(`/posts?_page=${page}`), '_page');
    expectBadQuery(await get('/posts?_page=1&_per_page=1.5'), '_per_page');
  });

  it('reads a repeated filter as any of its values', async () => {
    expect(idsOf(await get('/posts?id=1&id=3&id=99'))).toEqual([1, 3]);
    expect(idsOf(await get('/posts?category=news&category=howto'))).toEqual([1, 2, 3, 4]);
    expectBadQuery(await get('/posts?id=1&id=abc'), 'id');
  });

  it('searches every string field with q, case-insensitively', async () => {
    expect(idsOf(await get('/posts?q=HOW%20TO'))).toEqual([2, 4]);
    // String arrays and enums are string fields too.
    expect(idsOf(await get('/posts?q=food'))).toEqual([4]);
    expect(idsOf(await get('/posts?q=news'))).toEqual([1, 3]);
    const combined = await get('/posts?q=how&published=true');
    expect(idsOf(combined)).toEqual([4]);
    expect(totalOf(combined)).toBe(1);
    expect(idsOf(await get('/posts?q='))).toEqual([1, 2, 3, 4, 5]);
    expect(idsOf(await get('/comments?q=hello'))).toEqual([1, 3]);
  });

  it('filters with _gte, _lte, _ne and _like', async () => {
    expect(idsOf(await get('/posts?views_gte=3&views_lte=10'))).toEqual([1, 2, 4]);
    expect(idsOf(await get('/posts?views_ne=3'))).toEqual([1, 3, 5]);
    // A repeated _ne excludes every value.
    expect(idsOf(await get('/posts?views_ne=3&views_ne=0'))).toEqual([1, 3]);
    expect(idsOf(await get('/posts?title_like=HOW'))).toEqual([2, 4]);
    expect(idsOf(await get('/posts?title_gte=I'))).toEqual([3]);
    expect(idsOf(await get('/posts?id_lte=2'))).toEqual([1, 2]);
    expectBadQuery(await get('/posts?views_gte=lots'), 'views_gte');
    expectBadQuery(await get('/posts?published_ne=maybe'), 'published_ne');
  });
});

describe('problems a json-server frontend reads', () => {
  it.each([
    ['GET', '/posts?limit=abc', 400],
    ['GET', '/posts/abc', 400],
    ['GET', '/posts/99', 404],
    ['GET', '/nowhere', 404],
    ['PUT', '/posts', 405],
    ['POST', '/posts', 422],
  ])('%s %s answers %i with message equal to detail', async (method, path, status) => {
    const answer = await jsonRequest(blogUrl(), method, path, method === 'POST' ? {} : undefined);
    const body = problemOf(answer, status);
    expect(body.instance).toBe(path.split('?')[0]);
  });
});

describe('CORS for a frontend on another origin', () => {
  const origin = { origin: 'http://localhost:5173' };
  const exposed = (answer: RawAnswer): string[] =>
    String(answer.headers['access-control-expose-headers'])
      .split(',')
      .map((h) => h.trim().toLowerCase());

  it('lets script read X-Total-Count, Location and Link', async () => {
    for (const answer of [
      await get('/posts?_page=1', origin),
      await jsonRequest(blogUrl(), 'POST', '/comments', { body: 'Hi' }, origin),
    ]) {
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(exposed(answer)).toEqual(
        expect.arrayContaining(['x-total-count', 'location', 'link']),
      );
    }
  });

  it('sends CORS headers with problems too, so the frontend can read their message', async () => {
    const answer = await get('/posts?limit=-1', origin);
    expect(answer.status).toBe(400);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers a preflight for a write with the methods and headers asked for', async () => {
    const answer = await rawRequest(blogUrl(), 'OPTIONS', '/posts/1', {
      headers: {
        ...origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(String(answer.headers['access-control-allow-methods'])).toMatch(/\bPUT\b/);
    expect(String(answer.headers['access-control-allow-headers']).toLowerCase()).toContain(
      'content-type',
    );
  });
});

describe('GET /posts with our own query controls', () => {
  it('returns the first n records for limit=n and counts every record', async () => {
    const answer = await get('/posts?limit=2');
    expect(idsOf(answer)).toEqual([1, 2]);
    expect(totalOf(answer)).toBe(5);
    const none = await get('/posts?limit=0');
    expect(idsOf(none)).toEqual([]);
    expect(totalOf(none)).toBe(5);
  });

  it.each(['abc', '-1', '1.5', ''])('answers 400 naming limit for limit=%j', async (value) => {
    const answer = await get(`/posts?limit=${value}`);
    expectBadQuery(answer, 'limit');
    expect(answer.json).toMatchObject({ detail: `limit: must be an integer >= 0, got "${value}"` });
  });

  it('skips records with offset, alone and with limit', async () => {
    expect(idsOf(await get('/posts?offset=3'))).toEqual([4, 5]);
    const window = await get('/posts?offset=1&limit=2');
    expect(idsOf(window)).toEqual([2, 3]);
    expect(totalOf(window)).toBe(5);
    expect(idsOf(await get('/posts?offset=9'))).toEqual([]);
    expectBadQuery(await get('/posts?offset=x'), 'offset');
  });

  it('sorts with sort=field and sort=-field, several keys separated by commas', async () => {
    expect(idsOf(await get('/posts?sort=views'))).toEqual([5, 2, 4, 1, 3]);
    expect(idsOf(await get('/posts?sort=-views'))).toEqual([3, 1, 2, 4, 5]);
    expect(idsOf(await get('/posts?sort=views,title'))).toEqual([5, 4, 2, 1, 3]);
    expect(idsOf(await get('/posts?sort=-published,-views&limit=2'))).toEqual([3, 1]);
    expectBadQuery(await get('/posts?sort=-colour'), 'sort');
  });

  it('filters by typed equality: booleans, numbers, enums and array members', async () => {
    expect(idsOf(await get('/posts?published=true'))).toEqual([1, 3, 4]);
    expect(idsOf(await get('/posts?published=false'))).toEqual([2, 5]);
    expect(idsOf(await get('/posts?views=3'))).toEqual([2, 4]);
    expect(idsOf(await get('/posts?views=3&published=true'))).toEqual([4]);
    expect(idsOf(await get('/posts?category=howto'))).toEqual([2, 4]);
    expect(idsOf(await get('/posts?tags=news'))).toEqual([1]);
    const limited = await get('/posts?published=true&limit=1');
    expect(idsOf(limited)).toEqual([1]);
    expect(totalOf(limited)).toBe(3);
  });

  it('answers 400 naming the filter whose value does not fit the field type', async () => {
    const maybe = await get('/posts?published=maybe');
    expectBadQuery(maybe, 'published');
    expect(maybe.json).toMatchObject({ detail: 'published: must be true or false, got "maybe"' });
    const views = await get('/posts?views=abc');
    expectBadQuery(views, 'views');
    expect(views.json).toMatchObject({ detail: 'views: must be a number, got "abc"' });
    expectBadQuery(await get('/posts?category=poem'), 'category');
  });

  it("ignores jQuery's cache-buster and JSONP's callback, as json-server does", async () => {
    const answer = await get('/posts?_=1712345678&callback=cb&limit=2');
    expect(idsOf(answer)).toEqual([1, 2]);
    expect(totalOf(answer)).toBe(5);
  });

  it('refuses a filter on a field Post does not declare, or an unknown operator, naming it (issue 42)', async () => {
    expectBadQuery(await get('/posts?colour=red'), 'colour');
    expectBadQuery(await get('/posts?colour_gte=3'), 'colour_gte');
    expectBadQuery(await get('/posts?utm_source=mail'), 'utm_source');
    expectBadQuery(await get('/posts?views_gtx=3'), 'views_gtx');
  });
});
