/**
 * Issue 28: an OpenAPI 3.0/3.1 document (JSON or YAML) as an import plan: models on their
 * collection paths, JSON Schema keywords as `@Field` rules, links, seeds from examples, manual
 * routes for the other operations. Refusals and hostile documents: openapi-read-refusals.test.ts.
 */
import { describe, expect, it } from 'vitest';

import { readOpenApi } from './openapi-read.js';
import { collection, doc, field, fixture, model } from './test-support/openapi-docs.js';

describe('the Swagger Petstore (OpenAPI 3.0)', () => {
  it('makes Pet a model on /pets with its required fields and the examples as seed', async () => {
    const plan = await fixture('petstore-3.0.json');
    expect(plan.source).toEqual({ kind: 'openapi', file: 'petstore-3.0.json' });
    expect(plan.models).toEqual([
      {
        name: 'Pet',
        path: 'pets',
        idType: 'number',
        fields: [
          { name: 'name', type: 'string' },
          { name: 'tag', type: 'string', optional: true },
        ],
        relations: [],
        // The list example and the item example name record 1 twice: seeded once.
        seed: [
          { id: 1, name: 'Rex', tag: 'dog' },
          { id: 2, name: 'Tom' },
        ],
      },
    ]);
    // Every operation is a generated CRUD route: nothing manual.
    expect(plan.routes).toEqual([]);
  });

  it('keeps the base path, reads limit as the list does, reports the schemas no collection answers', async () => {
    const plan = await fixture('petstore-3.0.json');
    // issue 41: `http://petstore.swagger.io/v1` is served under /v1, not dropped.
    expect(plan.basePath).toBe('/v1');
    const at = plan.notes.map((n) => n.at);
    expect(at).not.toContain('#/paths/~1pets/get/parameters');
    expect(at).not.toContain('#/servers/0');
    expect(at).toContain('#/components/schemas/Error');
    // Pets is the list the collection answers, not a schema left out.
    expect(at).not.toContain('#/components/schemas/Pets');
  });

  it('reads the YAML variant to the same plan', async () => {
    const json = await fixture('petstore-3.0.json');
    const yaml = await fixture('petstore-3.0.yaml');
    expect(yaml.models).toEqual(json.models);
    expect(yaml.routes).toEqual(json.routes);
    expect(yaml.notes).toEqual(json.notes);
  });
});

describe('a 3.1 document (library-3.1.yaml)', () => {
  it('turns JSON Schema keywords into @Field rules, types and optional fields', async () => {
    const author = model(await fixture('library-3.1.yaml'), 'Author');
    expect(author.path).toBe('authors');
    expect(field(author, 'name')).toEqual({
      name: 'name',
      type: 'string',
      rules: { minLength: 2, maxLength: 80 },
    });
    expect(field(author, 'email')).toEqual({
      name: 'email',
      type: 'string',
      rules: { format: 'email' },
    });
    expect(field(author, 'bio')).toEqual({ name: 'bio', type: 'string | null', optional: true });
    expect(field(author, 'website')?.rules).toEqual({ format: 'uri' });
    // An enum component, followed by $ref, is a union of literals with its default.
    expect(field(author, 'status')).toEqual({
      name: 'status',
      type: "'active' | 'retired'",
      optional: true,
      rules: { default: 'active' },
    });
  });

  it('keeps a key that is no identifier on the wire and reports the union it cannot hold', async () => {
    const plan = await fixture('library-3.1.yaml');
    const author = model(plan, 'Author');
    expect(field(author, 'firstName')).toMatchObject({ wireName: 'first-name', type: 'string' });
    expect(field(author, 'class')).toMatchObject({ type: 'string', optional: true });
    expect(field(author, 'contact')).toBeUndefined();
    expect(plan.notes).toContainEqual({
      kind: 'not-imported',
      at: 'Author.contact',
      text: 'is a oneOf union, which a decorest field cannot hold',
    });
  });

  it('seeds from the schema examples, leaving out a record that breaks a rule', async () => {
    const plan = await fixture('library-3.1.yaml');
    expect(model(plan, 'Author').seed).toEqual([
      {
        id: 1,
        name: 'Ursula',
        email: 'ursula@example.com',
        bio: null,
        status: 'active',
        'first-name': 'Ursula',
      },
    ]);
    expect(plan.notes).toContainEqual({
      kind: 'not-imported',
      at: '#/components/schemas/Author/examples/1',
      text: 'an example of Author left out of the seed: name is too short',
    });
  });

  it('links an xId whose description names a model, and a $ref to a model', async () => {
    const plan = await fixture('library-3.1.yaml');
    const book = model(plan, 'Book');
    expect(book.relations).toEqual([{ field: 'authorId', target: 'Author', hasMany: 'books' }]);
    expect(field(book, 'authorId')).toBeUndefined();
    expect(field(book, 'genre')?.type).toBe("'novel' | 'essay' | 'poetry'");
    expect(field(book, 'title')?.rules).toEqual({ minLength: 3, pattern: '^[A-Z]' });
    expect(field(book, 'publishedAt')).toEqual({
      name: 'publishedAt',
      type: 'string',
      optional: true,
      rules: { format: 'date-time' },
    });
    expect(field(book, 'tags')?.type).toBe('string[]');
    const review = model(plan, 'Review');
    expect(review.idType).toBe('string');
    expect(review.relations).toEqual([{ field: 'bookId', target: 'Book', hasMany: 'reviews' }]);
    // The embedded book of the example becomes its id.
    expect(review.seed).toEqual([{ id: 'r1', stars: 4, bookId: 10 }]);
  });

  it('leaves a link empty when the seed names no such parent', async () => {
    const plan = await fixture('library-3.1.yaml');
    expect(model(plan, 'Book').seed).toEqual([
      { id: 10, title: 'Dune', genre: 'novel', rating: 5, tags: ['sf', 'classic'], authorId: 1 },
      { id: 12, title: 'Orphan', genre: 'essay' },
    ]);
    expect(plan.notes).toContainEqual({
      kind: 'guess',
      at: 'Book.authorId',
      text: '1 seed records name no Author in the seed: the link is left empty',
    });
  });

  it('answers every other operation with its documented example and status', async () => {
    const plan = await fixture('library-3.1.yaml');
    expect(plan.routes).toEqual([
      {
        method: 'GET',
        path: '/health',
        status: 200,
        headers: { 'X-Version': '2.0.0' },
        body: { status: 'ok' },
        source: '#/paths/~1health/get',
      },
      {
        method: 'POST',
        path: '/login',
        status: 201,
        body: { token: 'abc.def.ghi' },
        source: '#/paths/~1login/post',
      },
      {
        method: 'GET',
        path: '/authors/:authorId/avatar',
        status: 200,
        headers: { 'content-type': 'image/svg+xml' },
        body: '<svg xmlns="http://www.w3.org/2000/svg"/>',
        source: '#/paths/~1authors~1{authorId}~1avatar/get',
      },
      // issue 41: the documented 204 is not the generated delete's 200.
      {
        method: 'DELETE',
        path: '/authors/:authorId',
        status: 204,
        source: '#/paths/~1authors~1{authorId}/delete',
        answer: {
          call: 'remove',
          model: 'Author',
          options: { status: 204, key: { param: 'authorId', field: 'id' }, answer: false },
        },
      },
    ]);
    expect(plan.notes).toContainEqual({
      kind: 'not-imported',
      at: '#/paths/~1login/post/requestBody',
      text: 'POST /login: the request body is not checked',
    });
    expect(plan.notes).toContainEqual({
      kind: 'not-imported',
      at: '#/components/securitySchemes/bearer',
      text: 'auth scheme bearer (http): decorest answers without checking credentials',
    });
  });
});

describe('nested objects (issue 41)', () => {
  const things = (extra: object = {}) =>
    doc(
      {
        ...collection({ $ref: '#/components/schemas/Thing' }),
        '/owners': {
          get: {
            responses: {
              '200': {
                content: {
                  'application/json': {
                    schema: { type: 'array', items: { $ref: '#/components/schemas/Owner' } },
                  },
                },
              },
            },
          },
        },
      },
      {
        Owner: {
          type: 'object',
          properties: { id: { type: 'integer' }, name: { type: 'string' } },
        },
        Category: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string' } },
          example: { id: 1, name: 'Dogs' },
        },
        Thing: {
          type: 'object',
          required: ['category'],
          properties: {
            id: { type: 'integer' },
            category: { $ref: '#/components/schemas/Category' },
            tags: { type: 'array', items: { $ref: '#/components/schemas/Category' } },
            size: {
              type: 'object',
              nullable: true,
              required: ['width'],
              properties: { width: { type: 'number' }, 'unit-name': { type: 'string' } },
            },
            owner: { $ref: '#/components/schemas/Owner' },
            loose: { type: 'object', additionalProperties: true },
            holder: {
              type: 'object',
              properties: { owner: { $ref: '#/components/schemas/Owner' } },
            },
          },
          ...extra,
        },
      },
    );

  it('makes a $ref to a schema no collection serves, and an inline object, object fields', async () => {
    const plan = await readOpenApi('api.json', things());
    const thing = model(plan, 'Thing');
    expect(thing.fields).toEqual([
      { name: 'category', type: '{ id: number; name?: string }' },
      { name: 'tags', type: '{ id: number; name?: string }[]', optional: true },
      { name: 'size', type: "{ width: number; 'unit-name'?: string } | null", optional: true },
    ]);
    // A $ref to a collection's schema stays a link, as before.
    expect(thing.relations.map((r) => [r.field, r.target])).toEqual([['ownerId', 'Owner']]);
    const texts = Object.fromEntries(plan.notes.map((n) => [n.at, n.text]));
    expect(texts['Thing.loose']).toMatch(/free-form object/);
    expect(texts['Thing.holder']).toMatch(
      /holds owner, a link to the Owner model: an object field holds values/,
    );
    expect(texts['Thing.category']).toMatch(/the rules on id are not checked/);
    expect(plan.notes.some((n) => /is a nested object/.test(n.text))).toBe(false);
  });

  it('seeds an example holding nested objects, and names what does not fit', async () => {
    const fits = { id: 3, category: { id: 1, name: 'Dogs' }, tags: [{ id: 2 }], size: null };
    const plan = await readOpenApi('api.json', things({ example: fits }));
    expect(model(plan, 'Thing').seed).toEqual([fits]);
    const misfit = { id: 4, category: { id: 1, colour: 'red' } };
    const refused = await readOpenApi('api.json', things({ example: misfit }));
    expect(model(refused, 'Thing').seed).toEqual([]);
    expect(refused.notes.map((n) => n.text)).toContainEqual(
      expect.stringMatching(/category has colour, not one of its members/),
    );
  });
});

describe('schemas decorest cannot hold', () => {
  it('ends a circular schema in a link or a note, never an endless walk', async () => {
    const plan = await readOpenApi(
      'api.json',
      doc(collection({ $ref: '#/components/schemas/Thing' }), {
        Thing: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            parent: { $ref: '#/components/schemas/Thing' },
            loop: { $ref: '#/components/schemas/A' },
            tree: { $ref: '#/components/schemas/Node' },
          },
        },
        A: { $ref: '#/components/schemas/B' },
        B: { $ref: '#/components/schemas/A' },
        Node: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
        },
      }),
    );
    expect(model(plan, 'Thing').fields).toEqual([]);
    const texts = Object.fromEntries(plan.notes.map((n) => [n.at, n.text]));
    expect(texts['Thing.parent']).toMatch(/refers to Thing/);
    expect(texts['Thing.loop']).toMatch(/circular schema/);
    expect(texts['Thing.tree']).toMatch(/whose children .*circular schema/);
  });

  it('maps 3.0 nullable, allOf-wrapped refs, numeric enums and anyOf with null', async () => {
    const plan = await readOpenApi(
      'api.json',
      doc(
        collection({
          type: 'object',
          required: ['size'],
          properties: {
            size: { type: 'integer', enum: [1, 2, 3] },
            note: { type: 'string', nullable: true },
            kind: { allOf: [{ $ref: '#/components/schemas/Kind' }] },
            label: { anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }] },
            meta: { type: 'object', properties: { a: { type: 'string' } } },
            bad: { type: 'string', pattern: '(?<' },
          },
        }),
        { Kind: { type: 'string', enum: ['a', "it's"] } },
      ),
    );
    const thing = model(plan, 'Thing');
    expect(thing.fields).toEqual([
      { name: 'size', type: 'number' },
      { name: 'note', type: 'string | null', optional: true },
      { name: 'kind', type: "'a' | 'it\\'s'", optional: true },
      { name: 'label', type: 'string | null', optional: true, rules: { maxLength: 5 } },
      { name: 'meta', type: '{ a?: string }', optional: true },
      { name: 'bad', type: 'string', optional: true },
    ]);
    const texts = plan.notes
      .filter((n) => n.at.startsWith('Thing'))
      .map((n) => `${n.at}: ${n.text}`);
    expect(texts).toContain(
      'Thing.size: is one of [1,2,3]: typed number, the values are not checked',
    );
    expect(texts.filter((t) => t.startsWith('Thing.meta'))).toEqual([]);
    expect(texts.some((t) => t.startsWith('Thing.bad: pattern'))).toBe(true);
    expect(texts).toContain('Thing: has no id property: decorest gives each record a numeric id');
  });

  it('never plans a field named as an object member, nor a class name JavaScript owns', async () => {
    const plan = await readOpenApi(
      'api.json',
      doc(
        {
          '/maps': {
            get: {
              responses: {
                '200': {
                  content: {
                    'application/json': {
                      schema: { type: 'array', items: { $ref: '#/components/schemas/Map' } },
                    },
                  },
                },
              },
            },
          },
        },
        {
          Map: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              constructor: { type: 'string' },
              '2fa': { type: 'boolean' },
              'say "hi"': { type: 'string' },
            },
          },
        },
      ),
    );
    const map = plan.models[0]!;
    expect(map.name).toBe('MapItem');
    expect(map.path).toBe('maps');
    expect(map.fields).toEqual([
      { name: '_2fa', wireName: '2fa', type: 'boolean', optional: true },
    ]);
    expect(plan.notes.map((n) => n.at)).toEqual(
      expect.arrayContaining(['MapItem.constructor', 'MapItem.say "hi"']),
    );
  });
});
