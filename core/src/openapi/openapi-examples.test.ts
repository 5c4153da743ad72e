/**
 * Issue 43: `/openapi.json` is the one source of examples. A project without a seed gets an
 * example on every request body, every 2xx answer and every problem answer, each one valid
 * against its own schema, worded as the live server answers, and the same from one build to
 * the next. Only what a hand-mapped handler answers (and a body it takes at no model's path) is
 * left without one: the document cannot know it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { FIXTURES } from '../test-support/fixtures.js';
import { jsonRequest, rawRequest } from '../test-support/http-client.js';
import {
  BLOG,
  documentOf as servedDocumentOf,
  PETS,
  useServedCopies,
} from '../test-support/openapi-document.js';
import { EXAMPLES, serveCopy, type ServedProject } from '../test-support/project-server.js';

// ajv-formats is CommonJS with `exports.default`; NodeNext types see the namespace object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

type Json = Record<string, unknown>;
interface Media {
  schema?: Json;
  example?: unknown;
}
interface Answer {
  description?: string;
  content?: Record<string, Media>;
}
interface Operation {
  summary?: string;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Answer>;
  'x-decorest-binding'?: { model: string; schema: Json; responses: Record<string, Answer> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
}

const served = useServedCopies();
const serveWithoutSeed = (source: string) => served.withoutSeed(source);
const documentOf = (project: ServedProject) => servedDocumentOf<Document>(project);

afterEach(() => {
  vi.useRealTimers();
});

function operations(doc: Document): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      op,
    ]),
  );
}

/** Every place an example belongs, and what is there: `[where, media]`. */
function examplePlaces(doc: Document): [string, Media][] {
  const out: [string, Media][] = [];
  for (const [name, op] of operations(doc)) {
    for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
      out.push([`${name} body ${type}`, media]);
    const answers = { ...op.responses };
    for (const [status, answer] of Object.entries(op['x-decorest-binding']?.responses ?? {}))
      answers[`binding ${status}`] = answer;
    for (const [status, answer] of Object.entries(answers))
      for (const [type, media] of Object.entries(answer.content ?? {}))
        out.push([`${name} ${status} ${type}`, media]);
  }
  return out;
}

/** Checks a value against a schema of the document, `$ref`s to its components followed. */
function schemaCheck(doc: Document): (schema: Json, value: unknown) => string | undefined {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv, ['email', 'uri', 'date-time']);
  return (schema, value) => {
    const check = ajv.compile({ ...schema, components: doc.components });
    return check(value) ? undefined : ajv.errorsText(check.errors);
  };
}

async function validationErrors(doc: unknown): Promise<string[]> {
  const result = await validate(structuredClone(doc) as Parameters<typeof validate>[0]);
  return result.valid ? [] : result.errors.map((e) => e.message);
}

describe('the OpenAPI document of a project without a seed', () => {
  it.each([
    ['examples/todo', EXAMPLES.todo],
    ['the blog fixture', BLOG],
    ['the pets fixture', PETS],
    ['the library fixture', FIXTURES.library],
    ['the team fixture', FIXTURES.team],
  ])('of %s has a valid example for every body and answer it can know', async (_, source) => {
    const project = await serveWithoutSeed(source);
    const doc = await documentOf(project);
    expect(await validationErrors(doc)).toEqual([]);
    const check = schemaCheck(doc);
    const missing: string[] = [];
    const invalid: string[] = [];
    for (const [where, media] of examplePlaces(doc)) {
      if (media.example === undefined) missing.push(where);
      else if (media.schema) {
        const why = check(media.schema, media.example);
        if (why) invalid.push(`${where}: ${why}`);
      }
    }
    expect(invalid).toEqual([]);
    // What a hand-mapped handler answers, and a body it takes at no model's path: unknowable.
    const manual = new Set(
      operations(doc)
        .filter(([, op]) => op.summary === 'Hand-mapped handler')
        .map(([name]) => name),
    );
    const unknowable = missing.filter((where) => {
      const [method, path, part] = where.split(' ');
      const name = `${method} ${path}`;
      if (!manual.has(name)) return false;
      return (
        /^2\d\d$/.test(part!) ||
        (part === 'body' && !doc.paths[path!]![method!.toLowerCase()]!['x-decorest-binding'])
      );
    });
    expect(missing.filter((m) => !unknowable.includes(m))).toEqual([]);
  });

  it('answers with the bodies its examples show, worded as the examples word them', async () => {
    const project = await serveWithoutSeed(EXAMPLES.todo);
    const doc = await documentOf(project);
    const example = (method: string, path: string, status: string): unknown => {
      const op = doc.paths[path]![method]!;
      return Object.values(op.responses[status]!.content!)[0]!.example;
    };
    const users = doc.paths['/users']!;

    // The create example, sent as it is, is stored as the 201 example shows it.
    const body = users['post']!.requestBody!.content['application/json']!.example;
    const created = await jsonRequest(project.url, 'POST', '/users', body);
    expect(created.status).toBe(201);
    expect(created.json).toEqual(example('post', '/users', '201'));

    // Each problem, asked for live, is the example word for word.
    const asked: [string, string, string, string, unknown?][] = [
      ['post', '/users', '422', '/users', {}],
      ['get', '/users/{id}', '404', '/users/999'],
      ['get', '/users/{id}', '400', '/users/abc'],
      ['get', '/users', '400', '/users?limit=ten'],
      ['get', '/users/{id}/todos', '404', '/users/999/todos'],
    ];
    for (const [method, path, status, url, sent] of asked) {
      const answer = await jsonRequest(project.url, method.toUpperCase(), url, sent);
      expect(answer.status, `${method} ${url}`).toBe(Number(status));
      expect(answer.json, `${method} ${url}`).toEqual(example(method, path, status));
    }
    const plain = await rawRequest(project.url, 'PUT', '/users/1', {
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(plain.json).toEqual(example('put', '/users/{id}', '415'));
  });

  it('shows a write the read-only datasource refuses as its 405, never a success', async () => {
    const project = await serveWithoutSeed(EXAMPLES.todo);
    const doc = await documentOf(project);
    const refused = [
      ['post', '/quotes'],
      ['put', '/quotes/{id}'],
      ['patch', '/quotes/{id}'],
      ['delete', '/quotes/{id}'],
    ] as const;
    for (const [method, path] of refused) {
      const op = doc.paths[path]![method]!;
      expect(
        Object.keys(op.responses).filter((s) => /^2|409/.test(s)),
        path,
      ).toEqual([]);
      const example = Object.values(op.responses['405']!.content!)[0]!.example as {
        instance: string;
      };
      // Sent as the document shows it (its body example, at the 405's path), answered so.
      const body = op.requestBody?.content['application/json']!.example;
      const answer = await jsonRequest(project.url, method.toUpperCase(), example.instance, body);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.json).toEqual(example);
    }
    // Reads still succeed, and a model whose store writes keeps its 201.
    expect(Object.keys(doc.paths['/quotes']!['get']!.responses)).toContain('200');
    expect(Object.keys(doc.paths['/users']!['post']!.responses)).toContain('201');
  });

  it('shows what a list answers: no children, which only ?embed= adds', async () => {
    const doc = await documentOf(await serveWithoutSeed(EXAMPLES.todo));
    const users = doc.paths['/users']!['get']!.responses['200']!.content!['application/json']!;
    expect(Array.isArray(users.example)).toBe(true);
    for (const user of users.example as Json[]) {
      expect(Object.keys(user).sort()).toEqual(['id', 'name']);
      expect(user['name']).toMatch(/\S/);
    }
    // A child's list is linked to the parent its path names.
    const todos = doc.paths['/users/{id}/todos']!['get']!.responses['200']!.content![
      'application/json'
    ]!.example as Json[];
    expect(todos.length).toBeGreaterThan(0);
    for (const todo of todos) expect(todo['user']).toBe((users.example as Json[])[0]!['id']);
  });

  it('gives a hand-mapped write at a model path the model body and what req.body(Model) answers', async () => {
    const doc = await documentOf(await serveWithoutSeed(EXAMPLES.todo));
    const post = doc.paths['/todos']!['post']!;
    expect(post.summary).toBe('Hand-mapped handler');
    expect(post.requestBody!.content['application/json']!.example).toMatchObject({
      content: expect.stringMatching(/\S/) as unknown,
    });
    // A link takes its parent's id, said with the right article (issue 43: not "a Author").
    const user = (doc.components.schemas['TodoCreate']!['properties'] as Record<string, Json>)[
      'user'
    ];
    expect(user!['description']).toBe('a User id, or an object with its id');
    const binding = post['x-decorest-binding']!;
    expect(binding.model).toBe('Todo');
    expect(binding.schema).toEqual({ $ref: '#/components/schemas/TodoCreate' });
    expect(Object.keys(binding.responses)).toEqual(['400', '415', '422']);
    expect(binding.responses['422']!.content!['application/problem+json']!.example).toEqual({
      type: 'validation-error',
      title: 'Invalid todo',
      status: 422,
      detail: 'content: is required',
      message: 'content: is required',
      instance: '/todos',
      errors: [{ field: 'content', message: 'is required' }],
    });
  });

  it('breaks a rule of the model in its 422, in the validator’s words', async () => {
    const doc = await documentOf(await serveWithoutSeed(BLOG));
    const problem = doc.paths['/posts']!['post']!.responses['422']!.content![
      'application/problem+json'
    ]!.example as { errors: unknown[] };
    expect(problem.errors).toEqual([
      { field: 'category', message: 'must be one of "news", "howto", got "other"' },
    ]);
  });

  it('is the same from one build to the next, whatever the day', async () => {
    // The library's models have dates: made-up ones count from a fixed day, not from today.
    const project = await serveWithoutSeed(FIXTURES.library);
    const first = await documentOf(project);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.UTC(2031, 6, 15)));
    // A restart loads the project again: a new route table, so a new document.
    const again = await project.restart();
    served.adopt(again);
    const second = await documentOf(again);
    expect(second).toEqual(first);
    const people = first.paths['/api/people']!['get']!.responses['200']!.content![
      'application/json'
    ]!.example as Json[];
    expect(people).toHaveLength(2);
    expect(people[0]!['createdAt']).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

describe('the OpenAPI document of a project with a seed', () => {
  it('shows the seed records in its examples', async () => {
    const project = served.adopt(await serveCopy(EXAMPLES.todo));
    const doc = await documentOf(project);
    const file = await readFile(join(project.dir, 'seed', 'todos.json'), 'utf8');
    const seeded = (JSON.parse(file) as Json[]).slice(0, 3);
    const list = doc.paths['/todos']!['get']!.responses['200']!.content!['application/json']!;
    expect(list.example).toEqual(seeded);
    const one = doc.paths['/todos/{id}']!['get']!.responses['200']!.content!['application/json']!;
    expect(one.example).toEqual(seeded[0]);
  });
});
