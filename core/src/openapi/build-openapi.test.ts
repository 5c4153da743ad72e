/**
 * Issue 4: `decorest openapi` and `/openapi.json` give one valid OpenAPI 3.1 document of every
 * route, generated and manual, with the request, response and problem schemas the server
 * really uses. Checked with a real validator (@readme/openapi-parser) and against live answers.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterEach, describe, expect, it } from 'vitest';

import type { RouteDefinition } from '../http/types.js';
import { runCli } from '../test-support/cli.js';
import { FIXTURES } from '../test-support/fixtures.js';
import { jsonRequest } from '../test-support/http-client.js';
import { EXAMPLES, serveCopy, type ServedProject } from '../test-support/project-server.js';

// ajv-formats is CommonJS with `exports.default`; NodeNext types see the namespace object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const BLOG = new URL('../app/fixtures/blog', import.meta.url).pathname;
const PETS = new URL('../app/fixtures/pets', import.meta.url).pathname;
const PROJECTS: readonly [string, string][] = [
  ['examples/todo', EXAMPLES.todo],
  ['the blog fixture', BLOG],
  ['the pets fixture (object fields)', PETS],
  ['the library fixture', FIXTURES.library],
];

type Schema = Record<string, unknown>;

interface MediaType {
  schema: Schema;
  example?: unknown;
}

interface ResponseObject {
  $ref?: string;
  description?: string;
  headers?: Record<string, { schema: Schema }>;
  content?: Record<string, MediaType>;
}

interface OperationObject {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, OperationObject>>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, { description: string; content: Record<string, MediaType> }>;
  };
}

const running: ServedProject[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.dispose()));
});

async function serve(source: string): Promise<ServedProject> {
  const project = await serveCopy(source);
  running.push(project);
  return project;
}

const isOpenApiRoute = (route: RouteDefinition): boolean => route.operation === 'openapi';

/** The document the running server sends from its `/openapi.json`. */
async function servedDocument(project: ServedProject): Promise<OpenApiDocument> {
  const route = project.project.table.routes.find(isOpenApiRoute);
  expect(route?.path).toMatch(/\/openapi\.json$/);
  const answer = await jsonRequest(project.url, 'GET', route!.path);
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  return answer.json as OpenApiDocument;
}

/** The messages of the real OpenAPI 3.1 validator; empty when the document is valid. */
async function validationErrors(doc: unknown): Promise<string[]> {
  // The validator dereferences in place: give it a copy.
  const result = await validate(structuredClone(doc) as Parameters<typeof validate>[0]);
  return result.valid ? [] : result.errors.map((e) => e.message);
}

const toOpenApiPath = (path: string): string => path.replace(/:([^/]+)/g, '{$1}');

function operationOf(doc: OpenApiDocument, method: string, path: string): OperationObject {
  const operation = doc.paths[path]?.[method];
  expect(operation, `${method.toUpperCase()} ${path}`).toBeDefined();
  return operation!;
}

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
/** A problem answer: the Problem schema and an example of this status (issue 43). */
const problemRef = (status: number): ResponseObject => ({
  description: expect.any(String) as string,
  content: {
    'application/problem+json': {
      schema: ref('Problem'),
      example: expect.objectContaining({ status }) as unknown,
    },
  },
});
const anExample = expect.anything() as unknown;

describe('the OpenAPI document', () => {
  it.each(PROJECTS)('of %s passes the OpenAPI 3.1 validator', async (_name, source) => {
    const doc = await servedDocument(await serve(source));
    expect(doc.openapi).toBe('3.1.0');
    expect(await validationErrors(doc)).toEqual([]);
  });

  it('is refused by the validator once broken, so the check above is real', async () => {
    const doc = await servedDocument(await serve(EXAMPLES.todo));
    const noParameters = structuredClone(doc);
    delete operationOf(noParameters, 'get', '/todos/{id}').parameters;
    expect(await validationErrors(noParameters)).not.toEqual([]);
    const badResponse = structuredClone(doc);
    operationOf(badResponse, 'get', '/todos').responses['200'] = { content: {} };
    expect(await validationErrors(badResponse)).not.toEqual([]);
  });

  it.each(PROJECTS)(
    'printed by decorest openapi for %s is the one served at /openapi.json',
    async (_name, source) => {
      const project = await serve(source);
      const served = await servedDocument(project);
      // The CLI loads the same folder on its own, as a user would run it beside a server.
      await project.stop();
      const printed = await runCli(['openapi', project.dir]);
      expect(printed.stderr).toBe('');
      expect(printed.code).toBe(0);
      const doc = JSON.parse(printed.stdout) as OpenApiDocument;
      expect(await validationErrors(doc)).toEqual([]);
      expect(doc).toEqual(served);
    },
  );

  it('describes every route of the table, generated and manual, and nothing else', async () => {
    const project = await serve(EXAMPLES.todo);
    const doc = await servedDocument(project);
    const routes = project.project.table.routes.filter((r) => !isOpenApiRoute(r));
    expect(routes.some((r) => r.origin === 'manual')).toBe(true);
    expect(routes.some((r) => r.origin === 'generated')).toBe(true);
    const described = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(described.sort()).toEqual(
      routes.map((r) => `${r.method} ${toOpenApiPath(r.path)}`).sort(),
    );
    const ids = described.map((d) => {
      const [method, path] = d.split(' ');
      return operationOf(doc, method!.toLowerCase(), path!).operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('mounts the paths under the @WebServlet prefix', async () => {
    const doc = await servedDocument(await serve(FIXTURES.library));
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/api/people/{id}');
    expect(paths).toContain('/api/status');
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });
});

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
