/**
 * Issue 42, "imported projects accept what json-server accepted": json-server 0.17 serving
 * json-server's README db.json and `decorest serve` on the project `decorest init --from` made
 * of it get the same writes (a POST leaving out fields, a POST and a PATCH adding fields the
 * db.json never had, a partial PUT), compared status by status and body by body, then read back
 * alike, on the data folder and on PostgreSQL. The imported models are open (`@Rest({ open:
 * true })`): undeclared fields are stored as sent, declared ones keep their types.
 */
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { jsonRequest, rawRequest } from '../test-support/http-client.js';
import { askBoth, expectSameBodies, usePair } from '../test-support/json-server-pair.js';
import { storeChoices, useStore } from '../test-support/store-choice.js';

const README_DB = fileURLToPath(new URL('./fixtures/json-server-readme.json', import.meta.url));

describe.each(storeChoices())(
  "json-server's README db.json on the %s store: writes as json-server 0.17 answers them",
  (store) => {
    const storeOptions = useStore(store);
    const pair = usePair(README_DB, async () => (await storeOptions()).database);

    /** The same write to both: the same status and the same body. */
    const sameWrite = async (method: string, path: string, body: unknown, status: number) => {
      const { theirs, ours } = await askBoth(pair(), method, path, body);
      expect({ method, path, status: theirs.status }).toEqual({ method, path, status });
      expect({ method, path, status: ours.status, body: ours.json }).toEqual({
        method,
        path,
        status,
        body: theirs.json,
      });
    };

    it('answer a POST that leaves out fields the db.json always had', async () => {
      await sameWrite('POST', '/posts', { title: 'only title' }, 201);
      await sameWrite('POST', '/comments', { body: 'on no post' }, 201);
      await expectSameBodies(pair(), ['/posts/4', '/comments/4']);
    });

    it('keep the fields of a POST the db.json never had, of any JSON type', async () => {
      await sameWrite(
        'POST',
        '/posts',
        {
          title: 'with more',
          author: 'ann',
          views: 120,
          published: true,
          tags: ['json', 1],
          meta: { editor: { name: 'bo' }, scores: [1.5, null] },
          note: null,
        },
        201,
      );
      await expectSameBodies(pair(), ['/posts/5']);
    });

    it('replace a whole record with a partial PUT, as ra-data-json-server updateMany sends', async () => {
      await sameWrite('PUT', '/posts/1', { title: 'partial' }, 200);
      await sameWrite('PUT', '/posts/2', { id: 2, author: 'new', likes: 3 }, 200);
      await expectSameBodies(pair(), ['/posts/1', '/posts/2']);
    });

    it('merge a PATCH adding fields, and keep a null sent for one', async () => {
      await sameWrite('PATCH', '/posts/3', { views: 10, likes: null }, 200);
      await sameWrite('PATCH', '/posts/3', { title: 'patched', views: 11 }, 200);
      await sameWrite('PATCH', '/comments/1', { body: 'edited', stars: 4 }, 200);
      await expectSameBodies(pair(), ['/posts/3', '/comments/1']);
    });

    it('read the undeclared fields back alike: lists, filters, sorts and /db', async () => {
      await expectSameBodies(pair(), [
        '/posts',
        '/comments',
        '/posts?views=11',
        '/posts?views_gte=100',
        '/posts?published=true',
        '/posts?_sort=views&_order=desc&views_gte=1',
        '/posts?author_like=^ne',
        '/posts/1/comments',
        '/db',
      ]);
    });

    it('still check the fields the model declares, and refuse keys no field can have', async () => {
      const wrongType = await jsonRequest(pair().decorest.url, 'POST', '/posts', { title: 7 });
      expect(wrongType.status).toBe(422);
      expect(wrongType.json).toMatchObject({
        errors: [{ field: 'title', message: 'must be a string, got 7' }],
      });
      for (const key of ['__proto__', 'constructor', 'toString', 'x'.repeat(65)]) {
        const answer = await rawRequest(pair().decorest.url, 'POST', '/posts', {
          headers: { 'content-type': 'application/json' },
          body: `{"title":"hostile",${JSON.stringify(key)}:{"polluted":true}}`,
        });
        expect({ key, status: answer.status }).toEqual({ key, status: 422 });
      }
      const after = await jsonRequest(pair().decorest.url, 'GET', '/posts?title=hostile');
      expect(after.json).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  },
);
