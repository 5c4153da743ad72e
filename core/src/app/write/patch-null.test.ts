/**
 * PATCH with `null` (CONTRACT §2, RFC 7396): `null` removes an optional member, is refused on a
 * required one, and is stored on a `T | null` one, for every field kind, in the answer, in a
 * later GET and in the datafile after a restart.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { jsonRequest } from '../../test-support/http-client.js';
import { serveCopy, type ServedProject } from '../../test-support/project-server.js';

const FIXTURE = new URL('./fixtures/optional-fields', import.meta.url).pathname;

let served: ServedProject;
beforeEach(async () => {
  served = await serveCopy(FIXTURE);
});
afterEach(async () => {
  await served.dispose();
});

const call = (method: string, path: string, body?: unknown) =>
  jsonRequest(served.url, method, path, body);

async function fullProfile(): Promise<Record<string, unknown>> {
  const owner = await call('POST', '/owners', { name: 'Ann' });
  const created = await call('POST', '/profiles', {
    name: 'p',
    nickname: 'nick',
    age: 30,
    active: true,
    birthday: '1990-01-02T00:00:00.000Z',
    tier: 'pro',
    tags: ['a'],
    note: 'n',
    motto: 'm',
    owner: (owner.json as { id: number }).id,
  });
  expect(created.status, created.text).toBe(201);
  return created.json as Record<string, unknown>;
}

describe('PATCH with null (RFC 7396)', () => {
  it.each(['nickname', 'age', 'active', 'birthday', 'tier', 'tags'])(
    'removes the optional %s from the answer, a later GET and the datafile after a restart',
    async (field) => {
      const { id } = await fullProfile();
      const patched = await call('PATCH', `/profiles/${id}`, { [field]: null });
      expect(patched.status, patched.text).toBe(200);
      expect(patched.json).not.toHaveProperty(field);
      expect((await call('GET', `/profiles/${id}`)).json).not.toHaveProperty(field);
      served = await served.restart();
      const reread = (await call('GET', `/profiles/${id}`)).json as Record<string, unknown>;
      expect(reread).not.toHaveProperty(field);
      expect(reread.name).toBe('p');
      const lines = (await readFile(join(served.dataDir, 'profiles.db'), 'utf8'))
        .trim()
        .split('\n');
      const last = JSON.parse(lines.filter((l) => l.includes(`"id":${id},`)).at(-1)!);
      expect(last).not.toHaveProperty(field);
    },
  );

  it('sets an optional @BelongTo to null', async () => {
    const { id } = await fullProfile();
    const patched = await call('PATCH', `/profiles/${id}`, { owner: null });
    expect(patched.status, patched.text).toBe(200);
    expect((patched.json as { owner: unknown }).owner).toBeNull();
    served = await served.restart();
    expect(((await call('GET', `/profiles/${id}`)).json as { owner: unknown }).owner).toBeNull();
  });

  it('stores null on a required T | null field, and removes an optional one', async () => {
    const { id } = await fullProfile();
    const patched = await call('PATCH', `/profiles/${id}`, { note: null, motto: null });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json).toMatchObject({ note: null });
    expect(patched.json).not.toHaveProperty('motto');
    served = await served.restart();
    const reread = (await call('GET', `/profiles/${id}`)).json;
    expect(reread).toMatchObject({ note: null });
    expect(reread).not.toHaveProperty('motto');
  });

  it('answers 422 naming a required field sent as null, and changes nothing', async () => {
    const before = await fullProfile();
    const refused = await call('PATCH', `/profiles/${before.id}`, { name: null, age: null });
    expect(refused.status).toBe(422);
    expect((refused.json as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([
      'name',
    ]);
    expect((await call('GET', `/profiles/${before.id}`)).json).toEqual(before);
  });

  it('says in the OpenAPI PATCH body where null is allowed', async () => {
    const doc = (await call('GET', '/openapi.json')).json as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    const schema = JSON.stringify(doc.paths['/profiles/{id}']!.patch!.requestBody);
    const props = (
      JSON.parse(schema) as {
        content: Record<
          string,
          { schema: { properties?: Record<string, { type?: unknown }>; $ref?: string } }
        >;
      }
    ).content;
    const body = Object.values(props)[0]!.schema;
    const resolved = body.properties ?? resolveRef(doc, body.$ref!);
    expect(resolved.nickname!.type).toEqual(['string', 'null']);
    expect(resolved.name!.type).toBe('string');
    expect(resolved.note!.type).toEqual(['string', 'null']);
  });
});

function resolveRef(doc: unknown, ref: string): Record<string, { type?: unknown }> {
  let node = doc as Record<string, unknown>;
  for (const part of ref.replace(/^#\//, '').split('/'))
    node = node[part] as Record<string, unknown>;
  return node.properties as Record<string, { type?: unknown }>;
}
