/**
 * Issue 28, "Done when": json-server 0.17 serving the original db.json and `decorest serve` on
 * the project `decorest init --from` made of it answer the same GET requests with the same
 * bodies, for the query conventions decorest serves (CONTRACT §2). json-server runs on a copy:
 * it writes its file back.
 */
import { fileURLToPath } from 'node:url';

import { describe, it } from 'vitest';

import { expectSameBodies, usePair } from '../test-support/json-server-pair.js';

const fixture = (name: string): string =>
  fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

describe("json-server's example db.json: json-server 0.17 and decorest", () => {
  const pair = usePair(fixture('json-server-readme.json'));

  it('answer list, by-id, filter, _sort, _limit, _page, _start/_end, q, _like, _ne, _gte and _embed alike', async () => {
    await expectSameBodies(pair(), [
      '/posts',
      '/posts/1',
      '/comments',
      '/comments/3',
      '/profile',
      '/comments?postId=1',
      '/posts/1/comments',
      '/posts?author=typicode',
      '/posts?id=1&id=3',
      '/posts?_sort=title&_order=desc',
      '/posts?_limit=2',
      '/posts?_page=2&_limit=2',
      '/posts?_start=1&_end=3',
      '/posts?q=json',
      '/posts?title_like=json',
      '/posts?id_ne=2',
      '/comments?postId_gte=2',
      '/posts?_embed=comments',
      '/posts/1?_embed=comments',
    ]);
  });
});

describe('a db.json with string ids and userId links: json-server 0.17 and decorest', () => {
  const pair = usePair(fixture('string-ids.json'));

  it('answer the same bodies, quoted keys included', async () => {
    await expectSameBodies(pair(), [
      '/users',
      '/users/ann',
      '/todos',
      '/blogPosts',
      '/todos?userId=ann',
      '/users/ann/todos',
      '/todos?done=false',
      '/todos?_sort=title',
      '/todos?_sort=id&_order=desc',
      '/users?first-name=Ann',
      '/todos?tags_like=home',
      '/users?_embed=todos',
      '/users/bob?_embed=todos',
    ]);
  });
});
