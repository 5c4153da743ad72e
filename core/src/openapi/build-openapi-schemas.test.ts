/**
 * Issue 4: the schemas of the OpenAPI document against live answers. Object fields are object
 * schemas (a PATCH body their merge patch), an open model allows additional properties, and the
 * schemas compile as JSON Schema 2020-12 in strict mode (ajv), describe the records and problems
 * the server answers, and accept exactly the request bodies it accepts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';

import { runCli } from '../test-support/cli.js';
import { FIXTURES } from '../test-support/fixtures.js';
import { jsonRequest } from '../test-support/http-client.js';
import {
  BLOG,
  type OpenApiDocument,
  PETS,
  type Schema,
  servedDocument,
  useServedProjects,
  validationErrors,
} from '../test-support/openapi-document.js';

// ajv-formats is CommonJS with `exports.default`; NodeNext types see the namespace object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const serve = useServedProjects();

describe('object fields in the OpenAPI document', () => {
  it('are object schemas with their properties and required members; live answers match', async () => {
    const project = await serve(PETS);
    const doc = await servedDocument(project);
    const pet = doc.components.schemas.Pet as { properties: Record<string, Schema> };
    const category = {
      type: 'object',
      properties: { id: { type: 'number' }, name: { type: 'string' } },
      required: ['id'],
      additionalProperties: false,
    };
    expect(pet.properties.category).toEqual(category);
    expect(pet.properties.tags).toEqual({
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'number' }, name: { type: 'string' } },
        required: ['id', 'name'],
        additionalProperties: false,
      },
    });
    expect(pet.properties.owner).toMatchObject({
      type: ['object', 'null'],
      required: ['name', 'address'],
      properties: { address: { type: ['object', 'null'], required: ['city'] } },
    });
    // A PATCH body is a merge patch of the object: nothing inside required, null removes.
    const patch = doc.components.schemas.PetPatch as { properties: Record<string, Schema> };
    expect(patch.properties.category).toMatchObject({
      type: ['object', 'null'],
      properties: { id: { type: 'number' }, name: { type: ['string', 'null'] } },
    });
    expect(patch.properties.category).not.toHaveProperty('required');

    const created = await jsonRequest(project.url, 'POST', '/pets', {
      name: 'Rex',
      category: { id: 1, name: 'Dogs' },
      tags: [{ id: 1, name: 'good' }],
      dimensions: { width: 1, height: 2, note: null },
      owner: { name: 'Ann', address: null },
    });
    expect(created.status).toBe(201);
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const check = ajv.compile({ ...pet, components: doc.components });
    expect(check(created.json), JSON.stringify(check.errors)).toBe(true);
  });
});

describe('an open model in the OpenAPI document (issue 42)', () => {
  it('allows additional properties in its record and write schemas; a live answer with one matches', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'decorest-openapi-open-'));
    try {
      const db = new URL('../import/fixtures/json-server-readme.json', import.meta.url).pathname;
      const init = await runCli(['init', join(dir, 'api'), '--from', db]);
      expect(init.code, init.stderr).toBe(0);
      const project = await serve(join(dir, 'api'));
      const doc = await servedDocument(project);
      expect(await validationErrors(doc)).toEqual([]);
      const { schemas } = doc.components;
      for (const name of ['Post', 'PostCreate', 'PostReplace', 'PostPatch'])
        expect(schemas[name], name).toMatchObject({ additionalProperties: true });
      // Every field is optional until the designer requires it; a link left out stays absent.
      expect(schemas.Post).toMatchObject({ required: ['id'] });
      expect(schemas.CommentCreate).toMatchObject({ required: [] });
      const created = await jsonRequest(project.url, 'POST', '/posts', { title: 't', views: 3 });
      expect(created.status).toBe(201);
      const ajv = new Ajv2020({ strict: false });
      addFormats(ajv);
      const check = ajv.compile({ ...schemas.Post, components: doc.components });
      expect(check(created.json), JSON.stringify(check.errors)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('schemas of the OpenAPI document against the running server', () => {
  function compiler(doc: OpenApiDocument): (name: string) => (value: unknown) => boolean {
    const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
    addFormats(ajv, ['email', 'uri', 'date-time']);
    return (name) => {
      const validateValue = ajv.compile(doc.components.schemas[name]!);
      return (value) => validateValue(value);
    };
  }

  it('compile as JSON Schema 2020-12 in strict mode', async () => {
    for (const source of [BLOG, FIXTURES.library]) {
      const doc = await servedDocument(await serve(source));
      const compile = compiler(doc);
      for (const name of Object.keys(doc.components.schemas)) {
        expect(() => compile(name), name).not.toThrow();
      }
    }
  });

  it('describe the records and problems the server answers', async () => {
    const project = await serve(BLOG);
    const doc = await servedDocument(project);
    const compile = compiler(doc);
    const isPost = compile('Post');
    const isProblem = compile('Problem');
    const created = await jsonRequest(project.url, 'POST', '/posts', {
      title: 'Schemas',
      views: 1.5,
      published: true,
      tags: ['a'],
      category: 'howto',
    });
    expect(created.status).toBe(201);
    expect(isPost(created.json)).toBe(true);
    await jsonRequest(project.url, 'POST', '/posts', { title: 'Bare', views: 0, published: false });
    const list = await jsonRequest(project.url, 'GET', '/posts');
    expect((list.json as unknown[]).map((record) => isPost(record))).toEqual([true, true]);
    const invalid = await jsonRequest(project.url, 'POST', '/posts', { title: 7 });
    expect(invalid.status).toBe(422);
    expect(isProblem(invalid.json)).toBe(true);
    expect(isProblem((await jsonRequest(project.url, 'GET', '/posts/99')).json)).toBe(true);
  });

  it('accept the request bodies the server accepts and refuse the ones it refuses', async () => {
    const project = await serve(BLOG);
    const compile = compiler(await servedDocument(project));
    const isCreate = compile('PostCreate');
    const isPatch = compile('PostPatch');
    const bodies: unknown[] = [
      { title: 'Ok', views: 1, published: true },
      { title: 'Ok', views: 1, published: true, category: 'news', tags: [] },
      {},
      { title: 'Ok', views: 1, published: true, colour: 'red' },
      { title: 'Ok', views: '1', published: true },
      { title: 'Ok', views: 1, published: true, category: 'poem' },
    ];
    for (const body of bodies) {
      const answer = await jsonRequest(project.url, 'POST', '/posts', body);
      expect(isCreate(body), JSON.stringify(body)).toBe(answer.status === 201);
    }
    expect(isPatch({ views: 4 })).toBe(true);
    expect(isPatch({ colour: 'red' })).toBe(false);
  });
});
