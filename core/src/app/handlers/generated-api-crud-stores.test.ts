/**
 * The generated API's HTTP behaviour, once per store of the default datasource (issue 26): the
 * data folder and PostgreSQL answer every request alike. Here CRUD and validation on the library
 * fixture: every write and read, every invalid field at once, field kinds, client and random ids,
 * dates, HEAD, 405 and merge patches. (Relations: generated-api-relations-stores; the query
 * conventions: generated-api-queries-stores.) What only one store has (datafile lines, crash
 * recovery) stays in its own tests.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { idsOf, problemOf, totalOf } from '../../test-support/blog-server.js';
import { FIXTURES, magazine, person } from '../../test-support/fixtures.js';
import { useGeneratedApi } from '../../test-support/generated-api.js';
import { storeChoices } from '../../test-support/store-choice.js';

describe.each(storeChoices())('the generated API on the %s store', (store) => {
  const { open, call, get, ok, restart } = useGeneratedApi(store);

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
      await restart();
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
      await restart();
      const list = await get('/api/todoitems');
      expect(totalOf(list)).toBe(200);
      expect(idsOf(list)).toEqual(ids);
    });
  });
});
