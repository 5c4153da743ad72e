/**
 * Issue 4: the operations of the OpenAPI document as the server really answers them. Generated
 * routes list with the query controls and X-Total-Count, read, write and delete by a required
 * id, with the request and record schemas of each model from its fields; manual routes take
 * their path parameters; every error status is a problem with the Problem schema.
 */
import { describe, expect, it } from 'vitest';

import { FIXTURES } from '../test-support/fixtures.js';
import {
  anExample,
  BLOG,
  operationOf,
  problemRef,
  ref,
  type Schema,
  servedDocument,
  useServedProjects,
} from '../test-support/openapi-document.js';
import { EXAMPLES } from '../test-support/project-server.js';

const serve = useServedProjects();

describe('generated operations in the OpenAPI document', () => {
  it('lists with the query controls, an array of records and X-Total-Count', async () => {
    const doc = await servedDocument(await serve(BLOG));
    const list = operationOf(doc, 'get', '/posts');
    const names = (list.parameters ?? []).map((p) => p.name);
    for (const name of ['limit', 'offset', 'sort', 'q', '_page', '_per_page', '_start', '_end']) {
      expect(names).toContain(name);
    }
    expect(list.parameters!.every((p) => p.in === 'query' && p.required === false)).toBe(true);
    const ok = list.responses['200']!;
    expect(ok.content?.['application/json']?.schema).toEqual({ type: 'array', items: ref('Post') });
    expect(ok.headers?.['X-Total-Count']?.schema).toEqual({ type: 'integer' });
    expect(list.responses['400']).toEqual(problemRef(400));
  });

  it('reads, replaces, patches and deletes by a required integer id', async () => {
    const doc = await servedDocument(await serve(BLOG));
    for (const method of ['get', 'put', 'patch', 'delete']) {
      const operation = operationOf(doc, method, '/posts/{id}');
      expect(operation.parameters).toEqual([
        { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
      ]);
      expect(operation.responses['200']?.content?.['application/json']?.schema).toEqual(
        ref('Post'),
      );
      expect(operation.responses['404']).toEqual(problemRef(404));
      expect(operation.responses['400']).toEqual(problemRef(400));
    }
    const put = operationOf(doc, 'put', '/posts/{id}');
    expect(put.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: ref('PostReplace'), example: anExample } },
    });
    const patch = operationOf(doc, 'patch', '/posts/{id}');
    expect(patch.requestBody?.content).toEqual({
      'application/json': { schema: ref('PostPatch'), example: anExample },
      'application/merge-patch+json': { schema: ref('PostPatch'), example: anExample },
    });
    expect(patch.responses['422']).toEqual(problemRef(422));
  });

  it('creates with the model as request body, 201 with Location, and every write problem', async () => {
    const doc = await servedDocument(await serve(BLOG));
    const create = operationOf(doc, 'post', '/posts');
    expect(create.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: ref('PostCreate'), example: anExample } },
    });
    const created = create.responses['201']!;
    expect(created.content?.['application/json']?.schema).toEqual(ref('Post'));
    expect(created.headers?.Location?.schema).toEqual({ type: 'string' });
    for (const status of [400, 409, 413, 415, 422]) {
      expect(create.responses[String(status)]).toEqual(problemRef(status));
    }
  });

  it('gives each model record, create, replace and patch schemas from its fields', async () => {
    const doc = await servedDocument(await serve(BLOG));
    const { schemas } = doc.components;
    const properties = {
      id: { type: 'integer', minimum: 1 },
      title: { type: 'string' },
      views: { type: 'number' },
      published: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string' } },
      category: { type: 'string', enum: ['news', 'howto'] },
    };
    expect(schemas.Post).toEqual({
      type: 'object',
      properties,
      required: ['id', 'title', 'views', 'published'],
    });
    expect(schemas.PostCreate).toEqual({
      type: 'object',
      properties,
      required: ['title', 'views', 'published'],
      additionalProperties: false,
    });
    expect(schemas.PostReplace).toMatchObject({ required: ['title', 'views', 'published'] });
    expect(schemas.PostPatch).toMatchObject({ required: [], additionalProperties: false });
    expect(Object.keys(schemas).sort()).toEqual(
      ['Comment', 'CommentCreate', 'CommentPatch', 'CommentReplace', 'Post', 'PostCreate']
        .concat(['PostPatch', 'PostReplace', 'Problem'])
        .sort(),
    );
  });

  it('types every supported field kind, rules included', async () => {
    const doc = await servedDocument(await serve(FIXTURES.library));
    const person = doc.components.schemas.Person as { properties: Record<string, Schema> };
    expect(person.properties).toMatchObject({
      email: { type: 'string', format: 'email' },
      homepage: { type: 'string', format: 'uri' },
      nickname: { type: ['string', 'null'] },
      age: { type: 'number', minimum: 0, maximum: 150 },
      createdAt: { type: 'string', format: 'date-time' },
    });
    const note = doc.components.schemas.StickyNote as { properties: Record<string, Schema> };
    expect(note.properties.id).toEqual({ type: 'string', minLength: 1, maxLength: 200 });
    expect(note.properties.colors).toEqual({
      type: 'array',
      items: { type: 'string', enum: ['yellow', 'pink'] },
    });
  });
});

describe('manual operations in the OpenAPI document', () => {
  it('take path parameters, a JSON body for writes, and answer 500 as a problem', async () => {
    const doc = await servedDocument(await serve(EXAMPLES.todo));
    const hello = operationOf(doc, 'get', '/hello/{name}');
    expect(hello.parameters).toEqual([
      { name: 'name', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    expect(hello.requestBody).toBeUndefined();
    expect(hello.responses['500']).toEqual(problemRef(500));
    expect(hello.responses['200']?.content?.['application/json']).toBeDefined();
    // The hand-mapped POST /todos wins over the generated one (CONTRACT §6).
    const create = operationOf(doc, 'post', '/todos');
    expect(create.requestBody?.content['application/json']).toBeDefined();
    expect(create.responses['500']).toEqual(problemRef(500));
    expect(operationOf(doc, 'put', '/manual/todos/{id}').parameters?.[0]?.name).toBe('id');
  });
});

describe('problem responses in the OpenAPI document', () => {
  it('send every error status as application/problem+json with the Problem schema', async () => {
    const doc = await servedDocument(await serve(EXAMPLES.todo));
    const { responses, schemas } = doc.components;
    for (const operations of Object.values(doc.paths)) {
      for (const operation of Object.values(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          expect(response).toEqual(problemRef(Number(status)));
          // The shared answers stay in components, for documents that refer to them.
          expect(responses[`Problem${status}`]?.content).toEqual({
            'application/problem+json': { schema: ref('Problem') },
          });
        }
      }
    }
    expect(schemas.Problem).toMatchObject({
      required: ['type', 'title', 'status', 'detail', 'instance'],
      properties: { message: { type: 'string' }, errors: { type: 'array' } },
    });
  });
});
