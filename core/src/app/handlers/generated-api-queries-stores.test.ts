/**
 * The generated API's HTTP behaviour, once per store of the default datasource (issue 26): the
 * data folder and PostgreSQL answer every request alike. Here the query conventions on the blog
 * fixture: limits, offsets and pages with X-Total-Count and Link, sorts, typed filters and their
 * operators, `q`. (CRUD: generated-api-crud-stores; relations: generated-api-relations-stores.)
 */
import { beforeEach, describe, expect, it } from 'vitest';

import {
  COMMENTS,
  expectBadQuery,
  idsOf,
  linksOf,
  POSTS,
  totalOf,
} from '../../test-support/blog-server.js';
import { useGeneratedApi } from '../../test-support/generated-api.js';
import { storeChoices } from '../../test-support/store-choice.js';

const BLOG = new URL('../fixtures/blog', import.meta.url).pathname;

/** The `Link` URLs without a keyset cursor: what both stores send alike. */
function pageLinksOf(answer: Parameters<typeof linksOf>[0]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(linksOf(answer)).map(([rel, url]) => [rel, url.replace(/&_after=[^&]*/, '')]),
  );
}

describe.each(storeChoices())('the generated API on the %s store', (store) => {
  const { open, get, ok, served } = useGeneratedApi(store);

  describe('query conventions', () => {
    beforeEach(async () => {
      await open(BLOG);
      for (const post of POSTS) await ok('POST', '/posts', post);
      for (const comment of COMMENTS) await ok('POST', '/comments', comment);
    });

    it('limits, offsets and pages with X-Total-Count and Link', async () => {
      const limited = await get('/posts?limit=2');
      expect(idsOf(limited)).toEqual([1, 2]);
      expect(totalOf(limited)).toBe(5);
      expect(idsOf(await get('/posts?limit=0'))).toEqual([]);
      expect(idsOf(await get('/posts?offset=1&limit=2'))).toEqual([2, 3]);
      expect(idsOf(await get('/posts?offset=9'))).toEqual([]);
      expect(idsOf(await get('/posts?_start=1&_end=3'))).toEqual([2, 3]);
      const page = await get('/posts?_page=2&_per_page=2');
      expect(idsOf(page)).toEqual([3, 4]);
      expect(totalOf(page)).toBe(5);
      const url = served().url;
      expect(pageLinksOf(page)).toEqual({
        first: `${url}/posts?_page=1&_per_page=2`,
        prev: `${url}/posts?_page=1&_per_page=2`,
        next: `${url}/posts?_page=3&_per_page=2`,
        last: `${url}/posts?_page=3&_per_page=2`,
      });
      // On a database, `next` also names this page's last record: the next page is read from
      // there through an index, not by skipping the pages before it (issue 44).
      expect(linksOf(page).next!.includes('&_after=')).toBe(store === 'postgres');
      expect(idsOf(await get(linksOf(page).next!.slice(url.length)))).toEqual([5]);
      const filtered = await get('/posts?published=true&_page=1&_per_page=2');
      expect(idsOf(filtered)).toEqual([1, 3]);
      expect(totalOf(filtered)).toBe(3);
      expect(pageLinksOf(filtered).next).toBe(`${url}/posts?published=true&_page=2&_per_page=2`);
      const second = await get(linksOf(filtered).next!.slice(url.length));
      expect(idsOf(second)).toEqual([4]);
      expect(totalOf(second)).toBe(3);
      expectBadQuery(await get('/posts?limit=-1'), 'limit');
      expectBadQuery(await get('/posts?_page=0'), '_page');
    });

    it('sorts by one or several keys, both directions, ties in id order', async () => {
      expect(idsOf(await get('/posts?sort=views'))).toEqual([5, 2, 4, 1, 3]);
      expect(idsOf(await get('/posts?sort=-views'))).toEqual([3, 1, 2, 4, 5]);
      expect(idsOf(await get('/posts?sort=views,title'))).toEqual([5, 4, 2, 1, 3]);
      expect(idsOf(await get('/posts?sort=-published,-views&limit=2'))).toEqual([3, 1]);
      expect(idsOf(await get('/posts?_sort=title'))).toEqual([5, 1, 4, 2, 3]);
      expect(idsOf(await get('/posts?_sort=views,title&_order=DESC,asc'))).toEqual([3, 1, 4, 2, 5]);
      // An absent optional field sorts last in both directions.
      expect(idsOf(await get('/posts?sort=category'))).toEqual([2, 4, 1, 3, 5]);
      expect(idsOf(await get('/posts?sort=-category'))).toEqual([1, 3, 2, 4, 5]);
      expectBadQuery(await get('/posts?sort=-colour'), 'sort');
    });

    it('filters by typed equality, any of several values, ranges, _ne and _like', async () => {
      expect(idsOf(await get('/posts?published=true'))).toEqual([1, 3, 4]);
      expect(idsOf(await get('/posts?views=3&published=true'))).toEqual([4]);
      expect(idsOf(await get('/posts?category=howto'))).toEqual([2, 4]);
      expect(idsOf(await get('/posts?tags=news'))).toEqual([1]);
      expect(idsOf(await get('/posts?id=1&id=3&id=99'))).toEqual([1, 3]);
      expect(idsOf(await get('/posts?category=news&category=howto'))).toEqual([1, 2, 3, 4]);
      expect(idsOf(await get('/posts?views_gte=3&views_lte=10'))).toEqual([1, 2, 4]);
      expect(idsOf(await get('/posts?views_ne=3&views_ne=0'))).toEqual([1, 3]);
      expect(idsOf(await get('/posts?title_like=HOW'))).toEqual([2, 4]);
      expect(idsOf(await get('/posts?title_gte=I'))).toEqual([3]);
      const limited = await get('/posts?published=true&limit=1');
      expect(idsOf(limited)).toEqual([1]);
      expect(totalOf(limited)).toBe(3);
      expectBadQuery(await get('/posts?views=abc'), 'views');
      expectBadQuery(await get('/posts?published_ne=maybe'), 'published_ne');
    });

    it("filters with 1.x's _gt and _lt and _like patterns, and refuses unknown filters (issue 42)", async () => {
      expect(idsOf(await get('/posts?views_gt=3'))).toEqual([1, 3]);
      expect(idsOf(await get('/posts?views_lt=10'))).toEqual([2, 4, 5]);
      expect(idsOf(await get('/posts?views_gt=0&views_lt=25'))).toEqual([1, 2, 4]);
      expect(idsOf(await get('/posts?title_gt=Hello%20world'))).toEqual([2, 3, 4]);
      expect(idsOf(await get('/posts?title_like=^how'))).toEqual([2, 4]);
      expect(idsOf(await get('/posts?title_like=(test|notes)$'))).toEqual([2, 3]);
      expect(idsOf(await get('/posts?title_like=^h.*d$'))).toEqual([1, 4]);
      expect(idsOf(await get('/posts?views_like=^2'))).toEqual([3]);
      expect(idsOf(await get('/posts?tags_like=^intro,'))).toEqual([1]);
      expectBadQuery(await get('/posts?title_like=('), 'title_like');
      expectBadQuery(await get('/posts?colour=red'), 'colour');
      expectBadQuery(await get('/posts?views_gtt=1'), 'views_gtt');
      // A field Post declares that no record holds: a filter on it answers [], not every post.
      for (const id of [1, 2, 3, 4]) await ok('PATCH', `/posts/${id}`, { category: null });
      expect(idsOf(await get('/posts?category=news'))).toEqual([]);
      expect(idsOf(await get('/posts?category_gte=howto'))).toEqual([]);
      expect(idsOf(await get('/posts?category_like=.'))).toEqual([]);
    });

    it('matches null and absent alike, _like on numbers, and builds Link from the Host', async () => {
      expect(idsOf(await get('/posts?category=null'))).toEqual([5]);
      expect(idsOf(await get('/posts?category_ne=null'))).toEqual([1, 2, 3, 4]);
      expect(idsOf(await get('/posts?tags=null'))).toEqual([3, 5]);
      expect(idsOf(await get('/posts?tags_ne=news'))).toEqual([2, 3, 4, 5]);
      expect(idsOf(await get('/posts?views_like=2'))).toEqual([3]);
      expect(idsOf(await get('/posts?published_like=tru'))).toEqual([1, 3, 4]);
      const proxied = await get('/posts?_page=1&_per_page=2', { host: 'api.example.test:8080' });
      expect(pageLinksOf(proxied).next).toBe(
        'http://api.example.test:8080/posts?_page=2&_per_page=2',
      );
      const empty = await get('/posts?views=999&_page=1');
      expect(idsOf(empty)).toEqual([]);
      expect(totalOf(empty)).toBe(0);
      const past = await get('/posts?offset=10&limit=2');
      expect(idsOf(past)).toEqual([]);
      expect(totalOf(past)).toBe(5);
    });

    it('searches every string field with q, case-insensitively', async () => {
      expect(idsOf(await get('/posts?q=HOW%20TO'))).toEqual([2, 4]);
      expect(idsOf(await get('/posts?q=food'))).toEqual([4]);
      expect(idsOf(await get('/posts?q=news'))).toEqual([1, 3]);
      const combined = await get('/posts?q=how&published=true');
      expect(idsOf(combined)).toEqual([4]);
      expect(totalOf(combined)).toBe(1);
      expect(idsOf(await get('/comments?q=hello'))).toEqual([1, 3]);
    });
  });
});
