/**
 * Issue 42, "json-server's query and write conventions": json-server 0.17 serving a db.json and
 * `decorest serve` on the project `decorest init --from` made of it get the same request list:
 * reads with every operator (1.x's `_gt`/`_lt` beside the 0.17 query that means the same),
 * `_like` patterns, `_expand` and `_embed` of a link, nested POST, deletes with dependents and
 * `GET /db`, compared status by status and body by body, on the data folder and on PostgreSQL.
 * Where decorest answers otherwise on purpose, the test says what each answers.
 */
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { jsonRequest } from '../test-support/http-client.js';
import { askBoth, expectSameBodies, usePair } from '../test-support/json-server-pair.js';
import { storeChoices, useStore } from '../test-support/store-choice.js';

const fixture = (name: string): string =>
  fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** json-server 0.17 keeps a nested POST's link as the path's text (`"postId": "1"`). */
function typedLink(body: unknown, link: string): unknown {
  const record = body as Record<string, unknown>;
  return { ...record, [link]: Number(record[link]) };
}

describe.each(storeChoices())(
  'a blog db.json on the %s store: json-server 0.17 and decorest',
  (store) => {
    const storeOptions = useStore(store);
    const pair = usePair(
      fixture('json-server-blog.json'),
      async () => (await storeOptions()).database,
    );

    it('answer the 0.17 operators, _like patterns, _expand, _embed of a link and /db alike', async () => {
      await expectSameBodies(pair(), [
        '/posts?views_gte=100',
        '/posts?views_lte=100',
        '/posts?views_gte=80&views_lte=100',
        '/posts?views_ne=80&views_ne=5',
        '/posts?title_like=^json',
        '/posts?title_like=json$',
        '/posts?title_like=^(json|decorest)',
        '/posts?title_like=s.r',
        '/posts?title_like=JSON',
        '/posts?author_like=^TYPI&title_like=post',
        '/posts?id_like=^[12]$',
        '/posts?views_like=^1',
        '/comments?body_like=comment$',
        '/comments?body_like=^some&body_like=^great',
        '/comments?_expand=post',
        '/comments/1?_expand=post',
        '/comments?postId=1&_expand=post',
        '/posts/1/comments?_expand=post',
        '/posts?_expand=user&_embed=comments',
        '/comments?_embed=postId',
        '/comments/2?_embed=postId',
        '/posts?_embed=comments&title_like=json',
        '/users/1/posts?views_gte=100&_expand=user',
        '/db',
      ]);
    });

    it("answer json-server 1.x's _gt and _lt as 0.17 answers the same bound with _gte and _lte", async () => {
      for (const [ours, theirs] of [
        ['/posts?views_gt=100', '/posts?views_gte=101'],
        ['/posts?views_lt=100', '/posts?views_lte=99'],
        ['/posts?views_gt=5&views_lt=120', '/posts?views_gte=6&views_lte=119'],
        ['/comments?postId_gt=1', '/comments?postId_gte=2'],
      ] as const) {
        const expected = await jsonRequest(pair().jsonServer.url, 'GET', theirs);
        const answer = await jsonRequest(pair().decorest.url, 'GET', ours);
        expect({ ours, status: answer.status, body: answer.json }).toEqual({
          ours,
          status: 200,
          body: expected.json,
        });
      }
    });

    it('answer 400 naming the parameter where json-server answers every record, [] or a 500', async () => {
      for (const [path, parameter, theirs] of [
        // 0.17 drops a parameter no record has, so the filter answers every post.
        ['/posts?views_gt=abc', 'views_gt', 'every post'],
        ['/posts?views_foo=1', 'views_foo', 'every post'],
        ['/posts?title_like=(', 'title_like', 'a 500'],
        ['/comments?_expand=nothing', '_expand', 'no change'],
      ] as const) {
        const { theirs: answer, ours } = await askBoth(pair(), 'GET', path);
        expect(
          { path, theirs: answer.status === 500 ? 'a 500' : 200 },
          `json-server answers ${theirs}`,
        ).toEqual({ path, theirs: theirs === 'a 500' ? 'a 500' : 200 });
        expect({
          path,
          status: ours.status,
          parameter: (ours.json as { errors?: { field: string }[] }).errors?.[0]?.field,
        }).toEqual({
          path,
          status: 400,
          parameter,
        });
      }
    });

    it('filter on a field Post does not declare, which an open model may hold (issue 42)', async () => {
      // 0.17 keeps an operator's filter: no post has `colour`, so none matches on either.
      await expectSameBodies(pair(), ['/posts?colour_gte=1', '/posts?colour_like=red']);
      // 0.17 drops an equality filter no record has and answers every post; decorest answers
      // the posts whose colour is red: none, never the whole list.
      const { theirs, ours } = await askBoth(pair(), 'GET', '/posts?colour=red');
      expect((theirs.json as unknown[]).length).toBe(4);
      expect({ status: ours.status, body: ours.json }).toEqual({ status: 200, body: [] });
      // A key no field can have is still a 400 naming it.
      const hostile = await jsonRequest(pair().decorest.url, 'GET', '/posts?constructor=1');
      expect({
        status: hostile.status,
        field: (hostile.json as { errors: { field: string }[] }).errors[0]!.field,
      }).toEqual({ status: 400, field: 'constructor' });
    });

    it('create a child through the nested route, its link set from the path', async () => {
      const { theirs, ours } = await askBoth(pair(), 'POST', '/posts/1/comments', {
        body: 'nested',
        postId: 3,
      });
      expect(theirs.status).toBe(201);
      expect({ status: ours.status, body: ours.json }).toEqual({
        status: 201,
        body: typedLink(theirs.json, 'postId'),
      });
      expect(ours.headers.location).toBe('/comments/5');
      for (const path of ['/posts/1/comments', '/comments?body_like=^nest']) {
        const listed = await askBoth(pair(), 'GET', path);
        expect({ path, body: listed.ours.json }).toEqual({
          path,
          body: (listed.theirs.json as unknown[]).map((c) => typedLink(c, 'postId')),
        });
      }
    });

    it('delete a post with its comments, as json-server 0.17 does', async () => {
      const { theirs, ours } = await askBoth(pair(), 'DELETE', '/posts/1');
      expect([theirs.status, ours.status]).toEqual([200, 200]);
      // json-server answers `{}`, decorest the deleted record (CONTRACT §2).
      expect(theirs.json).toEqual({});
      expect(ours.json).toMatchObject({ id: 1, title: 'json-server' });
      await expectSameBodies(pair(), ['/comments', '/posts', '/db']);
      const again = await askBoth(pair(), 'DELETE', '/posts/1');
      expect([again.theirs.status, again.ours.status]).toEqual([404, 404]);
    });

    it("delete a user's posts and their comments at once, where json-server takes one more delete", async () => {
      const { theirs, ours } = await askBoth(pair(), 'DELETE', '/users/2');
      expect([theirs.status, ours.status]).toEqual([200, 200]);
      await expectSameBodies(pair(), ['/users', '/posts']);
      // 0.17 removes the records that name the deleted one; a post's comments name the post, so
      // they go with json-server's next delete.
      const comments = await askBoth(pair(), 'GET', '/comments');
      expect((comments.theirs.json as { id: number }[]).map((c) => c.id)).toEqual([3, 4]);
      expect((comments.ours.json as { id: number }[]).map((c) => c.id)).toEqual([4]);
      const next = await askBoth(pair(), 'DELETE', '/comments/4');
      expect([next.theirs.status, next.ours.status]).toEqual([200, 200]);
      await expectSameBodies(pair(), ['/db']);
    });

    it('answer GET / with a home: json-server an HTML page, decorest an index of its routes', async () => {
      const { theirs, ours } = await askBoth(pair(), 'GET', '/');
      expect(theirs.status).toBe(200);
      expect(theirs.headers['content-type']).toMatch(/text\/html/);
      expect(ours.status).toBe(200);
      expect(ours.json).toMatchObject({
        resources: ['/profile', '/users', '/posts', '/comments'],
        db: '/db',
        openapi: '/openapi.json',
      });
      expect((ours.json as { routes: string[] }).routes).toContain('POST /posts/:id/comments');
    });
  },
);

describe('a db.json with string ids: json-server 0.17 and decorest', () => {
  const pair = usePair(fixture('string-ids.json'));

  it('answer _expand, _like patterns, nested POST and a delete with two dependent collections alike', async () => {
    await expectSameBodies(pair(), [
      '/todos?_expand=user',
      '/blogPosts/p1?_expand=user',
      '/todos?title_like=^(buy|call)',
      '/todos?tags_like=^home',
      '/users?name_like=^b',
      '/todos?userId_ne=ann',
      '/db',
    ]);
    const created = await askBoth(pair(), 'POST', '/users/bob/todos', {
      id: 't4',
      title: 'Walk',
      done: false,
      tags: [],
    });
    expect([created.theirs.status, created.ours.status]).toEqual([201, 201]);
    // String ids: the path's text is the id, so json-server's link is typed too.
    expect(created.ours.json).toEqual(created.theirs.json);
    const removed = await askBoth(pair(), 'DELETE', '/users/ann');
    expect([removed.theirs.status, removed.ours.status]).toEqual([200, 200]);
    await expectSameBodies(pair(), ['/todos', '/blogPosts', '/db']);
  });
});
