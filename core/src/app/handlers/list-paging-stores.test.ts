/**
 * List paging and search over HTTP (issue 44), on the blog fixture: the limit cap and its
 * header on both stores, `q` matching the same records on PostgreSQL as on the data folder,
 * and a walk along `next` links with `_after` cursors that neither repeats nor skips a record
 * while records are inserted before and after the page being read.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { LIMIT_HEADER, MAX_LIST_LIMIT as MAX_LIMIT } from '../../contract/collection-controls.js';
import { idsOf, linksOf, totalOf } from '../../test-support/blog-server.js';
import { jsonRequest } from '../../test-support/http-client.js';
import { describeWithPostgres } from '../../test-support/postgres-cluster.js';
import { serveCopy, type ServedProject } from '../../test-support/project-server.js';
import { storeChoices, useStore } from '../../test-support/store-choice.js';

const BLOG = new URL('../fixtures/blog', import.meta.url).pathname;

/** Titles whose matching differs when a search is case-, accent- or pattern-naive. */
const TITLES = [
  'Hello World',
  'HELLO again',
  'Café au lait',
  'CAFÉ NOIR',
  '100% done',
  '100 percent',
  'snake_case names',
  'snakecase',
  'back\\slash',
  'x"quoted"',
  'Straße',
  'tab\there',
  '',
];
const SEARCHES = ['hello', 'Hello', 'café', 'É', '100%', '0%', '%', '_case', '_', '\\', '"q', 'ß'];
const SEARCHES_TOO = ['straße', 'tab\th', 'e', ' ', 'xyz', 'o w', 'l'.repeat(300)];

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((s) => s.dispose()));
});

async function serve(options: Awaited<ReturnType<ReturnType<typeof useStore>>>) {
  const s = await serveCopy(BLOG, options);
  served.push(s);
  return s;
}

async function post(url: string, title: string, views: number): Promise<number> {
  const made = await jsonRequest(url, 'POST', '/posts', { title, views, published: true });
  expect(made.status, made.text).toBe(201);
  return (made.json as { id: number }).id;
}

describe.each(storeChoices())('list limits on the %s store', (store) => {
  const options = useStore(store);

  it(`answers a limit above ${MAX_LIMIT} with at most ${MAX_LIMIT} records and says so in ${LIMIT_HEADER}`, async () => {
    const { url } = await serve(await options());
    for (const title of ['a', 'b', 'c']) await post(url, title, 1);
    for (const ask of [`limit=${MAX_LIMIT + 1}`, '_limit=999999999', '_page=1&_per_page=200000']) {
      const answer = await jsonRequest(url, 'GET', `/posts?${ask}`);
      expect(answer.status).toBe(200);
      expect(answer.headers[LIMIT_HEADER.toLowerCase()], ask).toMatch(
        new RegExp(`^${MAX_LIMIT}; requested=\\d+$`),
      );
      expect(idsOf(answer)).toEqual([1, 2, 3]);
    }
    const within = await jsonRequest(url, 'GET', `/posts?limit=${MAX_LIMIT}`);
    expect(within.headers[LIMIT_HEADER.toLowerCase()]).toBeUndefined();
    // The header is one a browser may read (CORS).
    expect(within.headers['access-control-expose-headers']).toContain(LIMIT_HEADER);
  });
});

describeWithPostgres('lists on PostgreSQL beside the data folder', () => {
  const onDatabase = useStore('postgres');

  it('q matches the records the file store matches: a lower-cased substring, %, _ and \\ as themselves', async () => {
    const file = await serve({});
    const database = await serve(await onDatabase());
    expect(database.project.database).toBeDefined();
    for (const { url } of [file, database])
      for (const [i, title] of TITLES.entries()) await post(url, title, i);
    for (const q of [...SEARCHES, ...SEARCHES_TOO]) {
      const path = `/posts?q=${encodeURIComponent(q)}`;
      const [onFile, onPostgres] = await Promise.all(
        [file, database].map(({ url }) => jsonRequest(url, 'GET', path)),
      );
      expect(idsOf(onPostgres!), q).toEqual(idsOf(onFile!));
      expect(totalOf(onPostgres!), q).toBe(totalOf(onFile!));
    }
    // Not vacuous: the searches do tell the titles apart.
    const hits = await jsonRequest(file.url, 'GET', `/posts?q=${encodeURIComponent('_case')}`);
    expect(idsOf(hits)).toEqual([7]);
  });

  it('walks a sorted list along next links without repeating or skipping a record while others are inserted', async () => {
    const { url } = await serve(await onDatabase());
    const views = [5, 3, 9, 3, 7, 1, 8, 3, 6, 2, 9, 4, 5, 5, 0, 7];
    const originals = new Map<number, number>();
    for (const [i, v] of views.entries()) originals.set(await post(url, `post ${i}`, 10 + v), v);
    const seen: number[] = [];
    let next: string | undefined = `${url}/posts?_sort=views&_page=1&_per_page=3`;
    let pages = 0;
    while (next !== undefined) {
      const answer = await jsonRequest(url, 'GET', next.slice(url.length));
      expect(answer.status, answer.text).toBe(200);
      seen.push(...idsOf(answer));
      next = linksOf(answer).next;
      if (next !== undefined) expect(next).toContain('_after=');
      // Between two pages: one post that sorts before every one read (an offset would now read
      // the last one again), one that sorts among those still to come.
      await post(url, `early ${pages}`, 0);
      await post(url, `late ${pages}`, 10 + 9);
      pages++;
    }
    expect(pages).toBeGreaterThan(5);
    expect(new Set(seen).size).toBe(seen.length);
    const read = seen.filter((id) => originals.has(id));
    expect(new Set(read)).toEqual(new Set(originals.keys()));
    // In the list's order: views, then id.
    const order = [...originals.entries()].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    expect(read).toEqual(order.map(([id]) => id));
  });
});
