/**
 * Issue 41: object fields (`category?: Category`, `tags?: Tag[]`, `dimensions!: { … }`) over
 * real HTTP, once per store of the default datasource: written, read back as the same JSON
 * (after a restart too), replaced, merge-patched (RFC 7396: nested objects merge), and refused
 * with 422s that name the member (`dimensions.width`).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { expectBadQuery, problemOf } from '../../test-support/blog-server.js';
import { jsonRequest } from '../../test-support/http-client.js';
import { serveCopy, type ServedProject } from '../../test-support/project-server.js';
import { storeChoices, useStore } from '../../test-support/store-choice.js';

const PETS = new URL('../fixtures/pets', import.meta.url).pathname;

const rex = {
  name: 'Rex',
  category: { id: 1, name: 'Dogs' },
  tags: [
    { id: 1, name: 'good' },
    { id: 2, name: 'loud' },
  ],
  status: 'available',
  dimensions: { width: 40, height: 60, unit: 'cm', note: null },
  owner: { name: 'Ann', address: { city: 'Bergen', zip: '5003' } },
};

describe.each(storeChoices())('object fields on the %s store', (store) => {
  const storeOptions = useStore(store);
  let served: ServedProject | undefined;
  beforeEach(async () => {
    served = await serveCopy(PETS, await storeOptions());
    expect(served.project.database !== undefined).toBe(store === 'postgres');
  });
  afterEach(async () => {
    await served?.dispose();
    served = undefined;
  });
  const call = (method: string, path: string, body?: unknown) =>
    jsonRequest(served!.url, method, path, body);
  const ok = async (method: string, path: string, body?: unknown) => {
    const answer = await call(method, path, body);
    expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
    return answer;
  };

  it('stores nested objects and arrays of objects and reads them back as the same JSON', async () => {
    const created = await ok('POST', '/pets', rex);
    expect(created.status).toBe(201);
    // Key order too: what was written is what is read, on either store.
    expect(created.text).toBe(JSON.stringify({ id: 1, ...rex }));
    expect((await ok('GET', '/pets/1')).text).toBe(created.text);
    expect((await ok('GET', '/pets')).json).toEqual([{ id: 1, ...rex }]);

    served = await served!.restart();
    expect((await ok('GET', '/pets/1')).text).toBe(created.text);
  });

  it('replaces nested values whole with PUT', async () => {
    await ok('POST', '/pets', rex);
    const replaced = await ok('PUT', '/pets/1', {
      name: 'Rex',
      dimensions: { width: 1, height: 2 },
      owner: null,
    });
    expect(replaced.json).toEqual({
      id: 1,
      name: 'Rex',
      dimensions: { width: 1, height: 2 },
      owner: null,
    });
    expect((await ok('GET', '/pets/1')).json).toEqual(replaced.json);
  });

  it('merges a PATCH into nested objects (RFC 7396) and replaces arrays', async () => {
    await ok('POST', '/pets', rex);
    const patched = await ok('PATCH', '/pets/1', {
      dimensions: { height: 65, note: 'grew' },
      owner: { address: { city: 'Oslo', zip: null } },
      category: { name: null },
      tags: [{ id: 3, name: 'calm' }],
    });
    const expected = {
      id: 1,
      ...rex,
      category: { id: 1 },
      tags: [{ id: 3, name: 'calm' }],
      dimensions: { width: 40, height: 65, unit: 'cm', note: 'grew' },
      owner: { name: 'Ann', address: { city: 'Oslo' } },
    };
    expect(patched.json).toEqual(expected);
    expect((await ok('GET', '/pets/1')).json).toEqual(expected);

    // A merge into nothing: the object must then be whole.
    const second = await ok('POST', '/pets', { name: 'Tom', dimensions: { width: 1, height: 1 } });
    const id = (second.json as { id: number }).id;
    const partial = problemOf(
      await call('PATCH', `/pets/${id}`, { category: { name: 'Cats' } }),
      422,
    );
    expect(partial.errors).toEqual([{ field: 'category.id', message: 'is required' }]);
    expect(
      (await ok('PATCH', `/pets/${id}`, { category: { id: 2, name: 'Cats' } })).json,
    ).toMatchObject({ category: { id: 2, name: 'Cats' } });
    // `null` on the optional object field itself removes it.
    expect((await ok('PATCH', `/pets/${id}`, { category: null })).json).not.toHaveProperty(
      'category',
    );
  });

  it('refuses invalid members with 422 naming each one, changing nothing', async () => {
    const body = problemOf(
      await call('POST', '/pets', {
        name: 'Rex',
        category: { name: 3 },
        tags: [{ id: 1 }],
        dimensions: { width: 'wide', colour: 'red' },
        owner: { name: 'Ann', address: { city: 7 } },
      }),
      422,
    );
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'category.id', message: 'is required' },
        { field: 'category.name', message: 'must be a string, got 3' },
        { field: 'tags[0].name', message: 'is required' },
        { field: 'dimensions.height', message: 'is required' },
        { field: 'dimensions.colour', message: 'is not a field of Pet.dimensions' },
        { field: 'dimensions.width', message: 'must be a number, got "wide"' },
        { field: 'owner.address.city', message: 'must be a string, got 7' },
      ]),
    );
    expect((body.errors as unknown[]).length).toBe(7);
    expect((await ok('GET', '/pets')).json).toEqual([]);

    await ok('POST', '/pets', rex);
    const patch = problemOf(
      await call('PATCH', '/pets/1', { dimensions: { width: null, depth: 3 } }),
      422,
    );
    expect(patch.errors).toEqual(
      expect.arrayContaining([
        { field: 'dimensions.width', message: 'must be a number, got null' },
        { field: 'dimensions.depth', message: 'is not a field of Pet.dimensions' },
      ]),
    );
    expect((await ok('GET', '/pets/1')).json).toEqual({ id: 1, ...rex });
  });

  it('answers 400 to a filter or a sort on an object field', async () => {
    await ok('POST', '/pets', rex);
    expectBadQuery(await call('GET', '/pets?category=Dogs'), 'category');
    expectBadQuery(await call('GET', '/pets?owner.name=Ann'), 'owner.name');
    expectBadQuery(await call('GET', '/pets?sort=dimensions'), 'sort');
    expect((await ok('GET', '/pets?status=available&sort=-name')).json).toHaveLength(1);
  });
});
