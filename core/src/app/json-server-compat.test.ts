/**
 * CONTRACT §2, §4, §7: a frontend written for json-server 0.17 works unchanged. The first
 * half drives a running server with react-admin's real `ra-data-json-server` provider; the
 * second checks each query convention over raw HTTP, beside our own controls.
 */
import jsonServerProvider from 'ra-data-json-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { jsonRequest, type RawAnswer, rawRequest } from '../test-support/http-client.js';
import { serveCopy, type ServedProject } from '../test-support/project-server.js';

const BLOG = new URL('./fixtures/blog', import.meta.url).pathname;

interface Post {
  id: number;
  title: string;
  views: number;
  published: boolean;
  tags?: string[];
  category?: 'news' | 'howto';
}

interface Comment {
  id: number;
  body: string;
  postTitle?: string;
}

/**
 * Seeded in this order, so ids 1–5. Titles sort as 5, 1, 4, 2, 3; views as 5, (2, 4), 1, 3,
 * with posts 2 and 4 tied on views but in reverse order by title.
 */
const POSTS: readonly Omit<Post, 'id'>[] = [
  { title: 'Hello world', views: 10, published: true, tags: ['intro', 'news'], category: 'news' },
  { title: 'How to test', views: 3, published: false, tags: ['testing'], category: 'howto' },
  { title: 'Release notes', views: 25, published: true, category: 'news' },
  { title: 'How to bake bread', views: 3, published: true, tags: ['food'], category: 'howto' },
  { title: 'Draft', views: 0, published: false },
];

const COMMENTS: readonly Omit<Comment, 'id'>[] = [
  { body: 'Great intro', postTitle: 'Hello world' },
  { body: 'Tasty', postTitle: 'How to bake bread' },
  { body: 'Welcome!', postTitle: 'Hello world' },
  { body: 'Where is the post?' },
];

let served: ServedProject | undefined;
let url = '';

beforeEach(async () => {
  served = await serveCopy(BLOG);
  url = served.url;
  // One at a time, so the ids follow the seed order.
  for (const post of POSTS)
    expect((await jsonRequest(url, 'POST', '/posts', post)).status).toBe(201);
  for (const comment of COMMENTS) {
    expect((await jsonRequest(url, 'POST', '/comments', comment)).status).toBe(201);
  }
});

afterEach(async () => {
  await served?.dispose();
  served = undefined;
});

const get = (path: string, headers: Record<string, string> = {}): Promise<RawAnswer> =>
  jsonRequest(url, 'GET', path, undefined, headers);

function idsOf(answer: RawAnswer): number[] {
  expect(answer.status).toBe(200);
  return (answer.json as { id: number }[]).map((record) => record.id);
}

const totalOf = (answer: RawAnswer): number => Number(answer.headers['x-total-count']);

/** The RFC 9457 problem of `answer`, checked for status, media type and `message`. */
function problemOf(answer: RawAnswer, status: number): Record<string, unknown> {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const body = answer.json as Record<string, unknown>;
  expect(body).toMatchObject({ status, type: expect.any(String), title: expect.any(String) });
  expect(body.detail).toEqual(expect.any(String));
  // CONTRACT §4: react-admin shows `message` in its error notification.
  expect(body.message).toBe(body.detail);
  return body;
}

function expectBadQuery(answer: RawAnswer, parameter: string): void {
  const body = problemOf(answer, 400);
  expect(body.detail).toMatch(new RegExp(`^${parameter}: `));
  expect(body.errors).toEqual([{ field: parameter, message: expect.any(String) }]);
}

/** `Link: <…>; rel="first", …` as rel → URL. */
function linksOf(answer: RawAnswer): Record<string, string> {
  const header = answer.headers.link;
  expect(typeof header).toBe('string');
  const links: Record<string, string> = {};
  for (const part of String(header).split(/,\s*(?=<)/)) {
    const match = /^<([^>]*)>;\s*rel="([a-z]+)"$/.exec(part.trim());
    expect(match, part).not.toBeNull();
    links[match![2]!] = match![1]!;
  }
  return links;
}

/** What a rejected provider call rejected with. */
async function rejectionOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('react-admin ra-data-json-server provider', () => {
  const provider = () => jsonServerProvider(url);

  describe('getList', () => {
    it('pages with _start/_end and reports the total of every page', async () => {
      const pages = [];
      for (const page of [1, 2, 3]) {
        pages.push(
          await provider().getList<Post>('posts', {
            pagination: { page, perPage: 2 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
          }),
        );
      }
      expect(pages.map((p) => p.data.map((post) => post.id))).toEqual([[1, 2], [3, 4], [5]]);
      expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
      expect(pages[0]!.data[0]).toEqual({ id: 1, ...POSTS[0] });
    });

    it('sorts by a field in both directions', async () => {
      const list = async (field: string, order: 'ASC' | 'DESC') =>
        (
          await provider().getList<Post>('posts', {
            pagination: { page: 1, perPage: 10 },
            sort: { field, order },
            filter: {},
          })
        ).data.map((p) => p.id);
      expect(await list('title', 'ASC')).toEqual([5, 1, 4, 2, 3]);
      expect(await list('title', 'DESC')).toEqual([3, 2, 4, 1, 5]);
      // Ties keep ascending id order.
      expect(await list('views', 'DESC')).toEqual([3, 1, 2, 4, 5]);
    });

    it('filters by typed fields, operators and q, with the total of the matches', async () => {
      const list = async (filter: Record<string, unknown>, perPage = 10) =>
        provider().getList<Post>('posts', {
          pagination: { page: 1, perPage },
          sort: { field: 'id', order: 'ASC' },
          filter,
        });
      const published = await list({ published: true }, 2);
      expect(published.data.map((p) => p.id)).toEqual([1, 3]);
      expect(published.total).toBe(3);
      expect((await list({ q: 'how to' })).data.map((p) => p.id)).toEqual([2, 4]);
      expect((await list({ category: 'howto', views_gte: 3 })).data.map((p) => p.id)).toEqual([
        2, 4,
      ]);
      expect((await list({ id: [1, 5] })).data.map((p) => p.id)).toEqual([1, 5]);
      expect((await list({ title_like: 'NOTES' })).total).toBe(1);
    });

    it('rejects with the problem detail as the message for a bad filter', async () => {
      const error = await rejectionOf(
        provider().getList('posts', {
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'id', order: 'ASC' },
          filter: { views: 'many' },
        }),
      );
      expect(error).toMatchObject({
        status: 400,
        message: 'views: must be a number, got "many"',
        body: { detail: 'views: must be a number, got "many"' },
      });
    });
  });

  it('getOne answers the record and rejects an absent one with 404', async () => {
    const { data } = await provider().getOne<Post>('posts', { id: 3 });
    expect(data).toEqual({ id: 3, ...POSTS[2] });
    const error = await rejectionOf(provider().getOne('posts', { id: 99 }));
    expect(error).toMatchObject({ status: 404, body: { status: 404, instance: '/posts/99' } });
    expect((error as { message: string }).message).toMatch(/99/);
  });

  it('getMany answers the records of the ids that exist', async () => {
    const { data } = await provider().getMany<Post>('posts', { ids: [4, 1, 99] });
    expect(data.map((p) => p.id).sort()).toEqual([1, 4]);
    expect(data.find((p) => p.id === 4)).toEqual({ id: 4, ...POSTS[3] });
  });

  it('getManyReference lists the records whose field holds the target value', async () => {
    const params = {
      target: 'postTitle',
      id: 'Hello world',
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'DESC' as const },
      filter: {},
    };
    const first = await provider().getManyReference<Comment>('comments', params);
    expect(first.data).toEqual([{ id: 3, ...COMMENTS[2] }]);
    expect(first.total).toBe(2);
    const second = await provider().getManyReference<Comment>('comments', {
      ...params,
      pagination: { page: 2, perPage: 1 },
    });
    expect(second.data.map((c) => c.id)).toEqual([1]);
  });

  it('create stores the record and answers it with its new id', async () => {
    const data = { title: 'New', views: 1, published: false, tags: ['a', 'b'] };
    const created = await provider().create<Post>('posts', { data });
    expect(created.data).toEqual({ id: 6, ...data });
    expect((await get('/posts/6')).json).toEqual({ id: 6, ...data });
  });

  it('create rejects an invalid record with 422, every field and the detail as the message', async () => {
    const error = await rejectionOf(
      provider().create('posts', { data: { title: 'Only a title', category: 'poem' } }),
    );
    expect(error).toMatchObject({ status: 422, message: '3 fields are invalid' });
    const body = (error as { body: { detail: string; errors: { field: string }[] } }).body;
    expect(body.detail).toBe('3 fields are invalid');
    expect(body.errors.map((e) => e.field).sort()).toEqual(['category', 'published', 'views']);
    expect(totalOf(await get('/posts'))).toBe(5);
  });

  it('update replaces the record with the edited one, id and all', async () => {
    const previous = (await provider().getOne<Post>('posts', { id: 2 })).data;
    const edited = { ...previous, title: 'How to test, revised', published: true };
    const { data } = await provider().update<Post>('posts', {
      id: 2,
      data: edited,
      previousData: previous,
    });
    expect(data).toEqual(edited);
    expect((await get('/posts/2')).json).toEqual(edited);
  });

  it('updateMany replaces every listed record and answers their ids', async () => {
    const data = { title: 'Archived', views: 0, published: false };
    const { data: ids } = await provider().updateMany('posts', { ids: [2, 5], data });
    expect(ids).toEqual([2, 5]);
    const answer = await get('/posts?title=Archived');
    expect(answer.json).toEqual([
      { id: 2, ...data },
      { id: 5, ...data },
    ]);
  });

  it('delete answers the deleted record, which is gone afterwards', async () => {
    const { data } = await provider().delete<Post>('posts', { id: 1 });
    expect(data).toEqual({ id: 1, ...POSTS[0] });
    expect((await get('/posts/1')).status).toBe(404);
  });

  it('deleteMany deletes every listed record and answers their ids', async () => {
    const { data } = await provider().deleteMany('posts', { ids: [1, 2] });
    expect(data).toEqual([1, 2]);
    expect(idsOf(await get('/posts'))).toEqual([3, 4, 5]);
  });
});

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
      first: `${url}/posts?_page=1&_per_page=2`,
      prev: `${url}/posts?_page=1&_per_page=2`,
      next: `${url}/posts?_page=3&_per_page=2`,
      last: `${url}/posts?_page=3&_per_page=2`,
    });
  });

  it('pages with _page and _limit, leaving out next on the last page', async () => {
    const answer = await get('/posts?_page=3&_limit=2');
    expect(idsOf(answer)).toEqual([5]);
    expect(linksOf(answer)).toEqual({
      first: `${url}/posts?_page=1&_limit=2`,
      prev: `${url}/posts?_page=2&_limit=2`,
      last: `${url}/posts?_page=3&_limit=2`,
    });
  });

  it('pages ten records by default and keeps filters in the Link URLs', async () => {
    const all = await get('/posts?_page=1');
    expect(idsOf(all)).toEqual([1, 2, 3, 4, 5]);
    expect(linksOf(all)).toEqual({ first: `${url}/posts?_page=1`, last: `${url}/posts?_page=1` });
    const filtered = await get('/posts?published=true&_page=1&_per_page=2');
    expect(idsOf(filtered)).toEqual([1, 3]);
    expect(totalOf(filtered)).toBe(3);
    expect(linksOf(filtered).next).toBe(`${url}/posts?published=true&_page=2&_per_page=2`);
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
    const answer = await jsonRequest(url, method, path, method === 'POST' ? {} : undefined);
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
      await jsonRequest(url, 'POST', '/comments', { body: 'Hi' }, origin),
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
    const answer = await rawRequest(url, 'OPTIONS', '/posts/1', {
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

  it('ignores query parameters that are neither controls nor fields', async () => {
    const answer = await get('/posts?_=1712345678&callback=cb&utm_source=mail&colour=red&limit=2');
    expect(idsOf(answer)).toEqual([1, 2]);
    expect(totalOf(answer)).toBe(5);
    expect(idsOf(await get('/posts?colour_gte=3'))).toEqual([1, 2, 3, 4, 5]);
  });
});
