/**
 * Issue 41: the studio over a model with object fields. The models view shows each object
 * field's type (its members, as a type literal); the Data grid's cell edit (a PATCH of one
 * field through the control API) stores an object and answers an invalid member with the mock
 * API's 422.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ModelInfo } from '../contract/control-api.js';
import { startStudioFixture, type StudioFixture } from '../test-support/studio-fixture.js';

const PETS = new URL('../app/fixtures/pets', import.meta.url).pathname;

let f: StudioFixture;
beforeAll(async () => {
  f = await startStudioFixture(PETS);
});
afterAll(() => f.dispose());

describe('object fields in the studio', () => {
  it('lists the object type with its members and the type as written', async () => {
    const models = (await f.api('GET', '/models')).json as ModelInfo[];
    const pet = models.find((m) => m.name === 'Pet')!;
    const byName = Object.fromEntries(pet.fields.map((x) => [x.name, x]));
    expect(byName.category).toMatchObject({
      typeText: '{ id: number; name?: string }',
      required: false,
      type: {
        kind: 'object',
        fields: [
          { name: 'id', type: { kind: 'number', integer: false }, required: true, nullable: false },
          { name: 'name', type: { kind: 'string' }, required: false, nullable: false },
        ],
      },
    });
    expect(byName.tags!.typeText).toBe('{ id: number; name: string }[]');
    expect(byName.owner!.typeText).toBe(
      '{ name: string; address: { city: string; zip?: string } | null } | null',
    );
  });

  it('writes an object cell through the control API, and names an invalid member', async () => {
    const created = await f.api('POST', '/models/Pet/records', {
      name: 'Rex',
      dimensions: { width: 1, height: 2 },
    });
    expect(created.status).toBe(201);
    const id = (created.json as { id: number }).id;
    const edited = await f.api('PATCH', `/models/Pet/records/${id}`, {
      category: { id: 7, name: 'Dogs' },
    });
    expect(edited.json).toMatchObject({ id, category: { id: 7, name: 'Dogs' } });
    expect((await f.mock('GET', `/pets/${id}`)).json).toMatchObject({ category: { id: 7 } });
    const bad = await f.api('PATCH', `/models/Pet/records/${id}`, { category: { id: 'x' } });
    expect(bad.status).toBe(422);
    expect((bad.json as { errors: unknown[] }).errors).toEqual([
      { field: 'category.id', message: 'must be a number, got "x"' },
    ]);
  });
});
