/**
 * The generated API's HTTP behaviour, once per store of the default datasource (issue 26): the
 * data folder and PostgreSQL answer every request alike. CRUD and validation on the library
 * fixture, relations and delete rules on the team fixture, the query conventions on the blog
 * fixture. What only one store has (datafile lines, crash recovery) stays in its own tests.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  COMMENTS,
  expectBadQuery,
  idsOf,
  linksOf,
  POSTS,
  problemOf,
  totalOf,
} from '../../test-support/blog-server.js';
import { FIXTURES } from '../../test-support/fixtures.js';
import { jsonRequest, type RawAnswer } from '../../test-support/http-client.js';
import { serveCopy, type ServedProject } from '../../test-support/project-server.js';
import { storeChoices, useStore } from '../../test-support/store-choice.js';

const BLOG = new URL('../fixtures/blog', import.meta.url).pathname;

const person = (over: Record<string, unknown> = {}) => ({
  name: 'Ann',
  email: 'ann@example.com',
  ...over,
});
const magazine = (over: Record<string, unknown> = {}) => ({
  title: 'Wired',
  tags: ['tech'],
  priority: 'high',
  published: true,
  issue: 1,
  ...over,
});

/** The `Link` URLs without a keyset cursor: what both stores send alike. */
function pageLinksOf(answer: Parameters<typeof linksOf>[0]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(linksOf(answer)).map(([rel, url]) => [rel, url.replace(/&_after=[^&]*/, '')]),
  );
}

describe.each(storeChoices())('the generated API on the %s store', (store) => {
  const storeOptions = useStore(store);
  let served: ServedProject | undefined;
  afterEach(async () => {
    await served?.dispose();
    served = undefined;
  });
  const open = async (fixture: string): Promise<void> => {
    served = await serveCopy(fixture, await storeOptions());
    // The suite proves nothing about PostgreSQL unless the records really live there.
    expect(served.project.database !== undefined).toBe(store === 'postgres');
  };
  const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    jsonRequest(served!.url, method, path, body, headers);
  const get = (path: string, headers: Record<string, string> = {}): Promise<RawAnswer> =>
    call('GET', path, undefined, headers);
  const ok = async (method: string, path: string, body?: unknown) => {
    const answer = await call(method, path, body);
    expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
    return answer.json as Record<string, unknown>;
  };

  describe('CRUD and validation', () => {
    beforeEach(() => open(FIXTURES.library));

    it('creates with 201 and Location, reads, replaces, patches and deletes', async () => {
      const created = await call('POST', '/api/people', person({ nickname: 'annie', age: 30 }));
      expect(created.status).toBe(201);
      expect(created.headers.location).toBe('/api/people/1');
      expect(created.json).toEqual({ id: 1, ...person({ nickname: 'annie', age: 30 }) });
      expect((await get('/api/people/1')).json).toEqual(created.json);

      const patched = await call('PATCH', '/api/people/1', { age: 31, nickname: null });
      expect(patched.json).toEqual({ id: 1, name: 'Ann', email: 'ann@example.com', age: 31 });
      const replaced = await call('PUT', '/api/people/1', {
        id: 99,
        name: 'Ann B',
        email: 'ab@example.com',
      });
      expect(replaced.json).toEqual({ id: 1, name: 'Ann B', email: 'ab@example.com' });
      expect((await get('/api/people/1')).json).toEqual(replaced.json);

      expect((await call('DELETE', '/api/people/1')).json).toEqual(replaced.json);
      problemOf(await get('/api/people/1'), 404);
      problemOf(await call('DELETE', '/api/people/1'), 404);
      problemOf(await call('PUT', '/api/people/1', person()), 404);
      problemOf(await call('PATCH', '/api/people/1', { age: 3 }), 404);
      problemOf(await get('/api/people/x'), 400);
    });

    it('reports every invalid field at once with 422, changing nothing', async () => {
      const body = problemOf(
        await call('POST', '/api/people', { email: 'not-an-email', age: -1, colour: 'red' }),
        422,
      );
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { field: 'name', message: 'is required' },
          { field: 'colour', message: 'is not a field of Person' },
          { field: 'age', message: 'must be >= 0, got -1' },
          { field: 'email', message: 'must be a valid email, got "not-an-email"' },
        ]),
      );
      await call('POST', '/api/people', person());
      const patch = problemOf(await call('PATCH', '/api/people/1', { name: null }), 422);
      expect(patch.errors).toEqual([{ field: 'name', message: 'must be a string, got null' }]);
      expect((await get('/api/people/1')).json).toEqual({ id: 1, ...person() });
      expect(totalOf(await get('/api/people'))).toBe(1);
    });

    it('stores arrays, enums, integers, defaults and dates, and reads them back alike', async () => {
      const created = await call(
        'POST',
        '/api/magazines',
        magazine({ releasedAt: '2024-05-01T09:30:00+02:00' }),
      );
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
      expect((await get('/api/magazines/1')).json).toEqual(created.json);
      const cleared = await call('POST', '/api/magazines', magazine({ releasedAt: null }));
      expect((cleared.json as Record<string, unknown>).releasedAt).toBeNull();
      expect((await get('/api/magazines/2')).json).toEqual(cleared.json);
      const bad = problemOf(
        await call('POST', '/api/magazines', magazine({ tags: ['ok', 3], issue: 1.5 })),
        422,
      );
      expect(bad.errors).toEqual([
        { field: 'tags[1]', message: 'must be a string, got 3' },
        { field: 'issue', message: 'must be an integer, got 1.5' },
      ]);
    });

    it('takes a free client id, answers 409 for a taken one, and never reuses an id', async () => {
      expect((await call('POST', '/api/people', person({ id: 7 }))).json).toMatchObject({ id: 7 });
      problemOf(await call('POST', '/api/people', person({ id: 7 })), 409);
      expect((await call('POST', '/api/people', person())).json).toMatchObject({ id: 8 });
      await call('DELETE', '/api/people/8');
      served = await served!.restart();
      expect((await call('POST', '/api/people', person())).json).toMatchObject({ id: 9 });
      expect(
        problemOf(await call('POST', '/api/people', person({ id: 'seven' })), 422).errors,
      ).toEqual([{ field: 'id', message: 'must be an integer, got "seven"' }]);
    });

    it('filters and sorts dates, and answers HEAD, 405 and merge patches', async () => {
      for (const releasedAt of ['2024-05-01T09:30:00Z', '2023-01-01T00:00:00Z', null])
        await ok('POST', '/api/magazines', magazine({ releasedAt }));
      await ok('POST', '/api/magazines', magazine());
      expect(idsOf(await get('/api/magazines?sort=releasedAt'))).toEqual([2, 1, 3, 4]);
      expect(idsOf(await get('/api/magazines?sort=-releasedAt'))).toEqual([1, 2, 3, 4]);
      expect(idsOf(await get('/api/magazines?releasedAt_gte=2024-01-01'))).toEqual([1]);
      expect(idsOf(await get('/api/magazines?releasedAt=2023-01-01T00:00:00Z'))).toEqual([2]);
      expect(idsOf(await get('/api/magazines?releasedAt=null'))).toEqual([3, 4]);
      expect(idsOf(await get('/api/magazines?q=wired&priority=high&limit=2'))).toEqual([1, 2]);

      const head = await call('HEAD', '/api/magazines/1');
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
      expect((await call('POST', '/api/magazines/1', magazine())).status).toBe(405);
      const merged = await call(
        'PATCH',
        '/api/magazines/1',
        { title: 'Wired UK', releasedAt: null },
        { 'content-type': 'application/merge-patch+json' },
      );
      // RFC 7396: null removes the member.
      expect(merged.json).toMatchObject({ id: 1, title: 'Wired UK', issue: 1 });
      expect(merged.json).not.toHaveProperty('releasedAt');
      expect((await get('/api/magazines/1')).json).toEqual(merged.json);
    });

    it('gives string-id models unique random ids and accepts client ones', async () => {
      const a = (await call('POST', '/api/notes', { text: 'a' })).json as { id: string };
      const b = (await call('POST', '/api/notes', { text: 'b', colors: ['pink'] })).json as {
        id: string;
      };
      expect(typeof a.id).toBe('string');
      expect(a.id).not.toBe(b.id);
      expect((await call('POST', '/api/notes', { id: 'mine', text: 'c' })).status).toBe(201);
      problemOf(await call('POST', '/api/notes', { id: 'mine', text: 'd' }), 409);
      expect((await get('/api/notes/mine')).json).toEqual({ id: 'mine', text: 'c' });
      expect((await get(`/api/notes/${b.id}`)).json).toEqual({ ...b, text: 'b', colors: ['pink'] });
    });

    it('gives 200 concurrent POSTs distinct ids that all survive a restart', async () => {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => call('POST', '/api/todoitems', { label: `i${i}` })),
      );
      expect(answers.every((a) => a.status === 201)).toBe(true);
      const ids = answers.map((a) => (a.json as { id: number }).id).sort((x, y) => x - y);
      expect(new Set(ids).size).toBe(200);
      served = await served!.restart();
      const list = await get('/api/todoitems');
      expect(totalOf(list)).toBe(200);
      expect(idsOf(list)).toEqual(ids);
    });
  });

  describe('relations and delete rules', () => {
    beforeEach(() => open(FIXTURES.team));
    const seed = async (): Promise<void> => {
      await ok('POST', '/members', { name: 'Ann' });
      await ok('POST', '/members', { name: 'Bo' });
      await ok('POST', '/tasks', { title: 'plan', done: false, assignee: 1 });
      await ok('POST', '/tasks', { title: 'build', done: true, assignee: { id: 1 } });
      await ok('POST', '/tasks', { title: 'ship', done: false, assignee: 2 });
      await ok('POST', '/tasks', { title: 'rest', done: false });
    };

    it('sends parent ids, refuses a missing parent with 422, embeds and filters', async () => {
      await seed();
      const tasks = (await get('/tasks')).json as Record<string, unknown>[];
      expect(tasks.map((t) => t.assignee)).toEqual([1, 1, 2, null]);
      expect(tasks[0]).toEqual({ id: 1, title: 'plan', done: false, assignee: 1, board: null });
      expect(
        problemOf(await call('POST', '/tasks', { title: 'x', done: false, assignee: 7 }), 422)
          .errors,
      ).toEqual([{ field: 'assignee', message: 'no member with id 7' }]);
      problemOf(await call('PATCH', '/tasks/1', { assignee: 9 }), 422);
      const list = (await get('/tasks?_embed=assignee&limit=4')).json as { assignee: unknown }[];
      expect(list.map((t) => t.assignee)).toEqual([
        { id: 1, name: 'Ann' },
        { id: 1, name: 'Ann' },
        { id: 2, name: 'Bo' },
        null,
      ]);
      const members = (await get('/members?embed=tasks')).json as { tasks: unknown[] }[];
      expect(members.map((m) => m.tasks.length)).toEqual([2, 1]);
      const mine = await get('/tasks?assignee=1');
      expect((mine.json as { title: string }[]).map((t) => t.title)).toEqual(['plan', 'build']);
      expect(totalOf(mine)).toBe(2);
      expect(((await get('/tasks?assignee=null')).json as unknown[]).length).toBe(1);
      const children = await get('/members/1/tasks?sort=title&limit=1');
      expect(children.json).toEqual([
        { id: 2, title: 'build', done: true, assignee: 1, board: null },
      ]);
      expect(totalOf(children)).toBe(2);
      problemOf(await get('/members/9/tasks'), 404);
    });

    it("creates a child through its parent's path, the link set from the path (issue 42)", async () => {
      await seed();
      const created = await call('POST', '/members/1/tasks', {
        title: 'nested',
        done: false,
        assignee: 2,
      });
      expect(created.status, created.text).toBe(201);
      expect(created.headers.location).toBe('/tasks/5');
      expect(created.json).toEqual({
        id: 5,
        title: 'nested',
        done: false,
        assignee: 1,
        board: null,
      });
      expect(idsOf(await get('/members/1/tasks'))).toEqual([1, 2, 5]);
      problemOf(await call('POST', '/members/9/tasks', { title: 'x', done: false }), 404);
      problemOf(await call('POST', '/members/1/tasks', [{ title: 'x', done: false }]), 422);
      problemOf(await call('POST', '/members/1/tasks', { done: false }), 422);
      expect(totalOf(await get('/tasks?limit=0'))).toBe(5);
    });

    it('adds a parent with _expand, and answers GET /db and GET / (issue 42)', async () => {
      await seed();
      const expanded = (await get('/tasks?_expand=assignee&limit=1')).json;
      expect(expanded).toEqual([
        { id: 1, title: 'plan', done: false, assignee: { id: 1, name: 'Ann' }, board: null },
      ]);
      expect((await get('/tasks/4?_expand=assignee')).json).toMatchObject({ assignee: null });
      expectBadQuery(await get('/tasks?_expand=title'), '_expand');
      const db = (await get('/db')).json as Record<string, unknown[]>;
      expect(db.members).toEqual((await get('/members')).json);
      expect(db.tasks).toEqual((await get('/tasks')).json);
      expect(db.planets).toHaveLength(4);
      const home = (await get('/')).json as { resources: string[] };
      expect(home.resources).toEqual(expect.arrayContaining(['/members', '/tasks', '/boards']));
    });

    it('cascades, restricts and nulls as the @HasMany rules say', async () => {
      await seed();
      await ok('DELETE', '/members/1');
      expect(((await get('/tasks')).json as { title: string }[]).map((t) => t.title)).toEqual([
        'ship',
        'rest',
      ]);

      const board = await ok('POST', '/boards', { title: 'B' });
      await ok('POST', '/cards', { text: 'a', board: board.id });
      await ok('POST', '/cards', { text: 'b', board: board.id });
      const refused = problemOf(await call('DELETE', `/boards/${String(board.id)}`), 409);
      expect(refused.detail).toMatch(/^2 cards still belong to board/);
      expect((await get(`/boards/${String(board.id)}`)).status).toBe(200);
      const cards = await get(`/boards/${String(board.id)}/cards`);
      expect((cards.json as { text: string }[]).map((c) => c.text)).toEqual(['a', 'b']);

      const loose = await ok('POST', '/boards', { title: 'C' });
      const task = await ok('POST', '/tasks', { title: 't', done: false, board: loose.id });
      await ok('DELETE', `/boards/${String(loose.id)}`);
      expect(await ok('GET', `/tasks/${String(task.id)}`)).toEqual({
        id: task.id,
        title: 't',
        done: false,
        assignee: null,
        board: null,
      });
    });

    it('never leaves a child pointing at a parent deleted while the child was written', async () => {
      await ok('POST', '/members', { name: 'Ann' });
      for (let i = 0; i < 40; i++)
        await ok('POST', '/tasks', { title: `t${i}`, done: false, assignee: 1 });
      const removal = call('DELETE', '/members/1');
      const writes = Array.from({ length: 20 }, (_, i) =>
        call('POST', '/tasks', { title: `late${i}`, done: false, assignee: 1 }),
      );
      expect((await removal).status).toBe(200);
      const statuses = (await Promise.all(writes)).map((a) => a.status);
      expect(statuses.every((s) => s === 201 || s === 422)).toBe(true);
      expect((await get('/tasks?assignee=1')).json).toEqual([]);
    });
  });

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
      const url = served!.url;
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
