import { describe, expect, it } from 'vitest';

import type { OpenApiDocument, RouteInfo } from '../../../api';
import { inspectRoute, type ModelLike } from './inspect-route';
import { TODO_OPENAPI as doc } from './todo-openapi.fixture';

const todo: ModelLike = {
  name: 'Todo',
  path: 'todos',
  relations: [{ kind: 'belongTo', field: 'user', target: 'User' }],
};
const user: ModelLike = { name: 'User', path: 'users', relations: [] };
const route = (method: RouteInfo['method'], path: string, kind: RouteInfo['kind'] = 'generated') =>
  ({ method, path, kind }) as RouteInfo;

describe('inspectRoute', () => {
  it('describes a generated create: body fields, the document’s examples, every status', () => {
    const seen = inspectRoute(doc, route('POST', '/users'), user);
    expect(seen.summary).toBe('Create a User');
    expect(seen.request).toMatchObject({
      schemaName: 'UserCreate',
      required: true,
      rows: [
        { name: 'id', type: 'integer', required: false, rules: ['≥ 1'] },
        { name: 'name', type: 'string', required: true },
      ],
      example: { name: 'Ann Lee' },
    });
    expect(seen.responses.map((r) => r.status)).toEqual(['201', '400', '409', '413', '415', '422']);
    expect(seen.responses[0]).toMatchObject({
      schemaName: 'User',
      headers: ['Location'],
      example: { id: 1, name: 'Ann Lee' },
    });
    expect(seen.responses.find((r) => r.status === '422')?.example).toEqual({
      type: 'validation-error',
      title: 'Invalid user',
      status: 422,
      detail: 'name: is required',
      message: 'name: is required',
      instance: '/users',
      errors: [{ field: 'name', message: 'is required' }],
    });
    expect(seen.query).toBeUndefined();
  });

  it('shows the examples the document gives, and none it does not give', () => {
    const own: OpenApiDocument = {
      openapi: '3.1.0',
      paths: {
        '/things': {
          post: {
            requestBody: {
              content: { 'application/json': { schema: {}, example: { odd: ['as', 'given'] } } },
            },
            responses: {
              '201': { description: 'Made', content: { 'application/json': { schema: {} } } },
              '422': {
                description: 'Bad',
                content: {
                  'application/problem+json': {
                    schema: {},
                    example: { type: 'validation-error', status: 422, detail: 'from the core' },
                  },
                },
              },
            },
          },
        },
      },
    };
    const seen = inspectRoute(own, route('POST', '/things'));
    expect(seen.request?.example).toEqual({ odd: ['as', 'given'] });
    expect(seen.responses.map((r) => [r.status, r.example])).toEqual([
      ['201', null],
      ['422', { type: 'validation-error', status: 422, detail: 'from the core' }],
    ]);
  });

  it('describes path parameters, a 404 naming the model, and a PATCH of one field', () => {
    const seen = inspectRoute(doc, route('PATCH', '/todos/:id'), todo);
    expect(seen.pathParams).toEqual([{ name: 'id', type: 'integer', rules: ['≥ 1'] }]);
    expect(seen.request?.rows.find((r) => r.name === 'user')).toMatchObject({
      type: 'id of User',
      parent: 'User',
      nullable: true,
      description: 'a User id, or an object with its id',
    });
    expect(seen.request?.example).toEqual({
      content: 'Add a field to Todo and watch the API reload',
    });
    expect(seen.responses.find((r) => r.status === '404')?.example).toMatchObject({
      detail: 'no todo with id 999',
      instance: '/todos/999',
    });
  });

  it('gives a list route its query examples and a list example from the seed', () => {
    const seen = inspectRoute(doc, route('GET', '/todos'), todo);
    expect(seen.responses[0]?.schemaName).toBe('Todo[]');
    // The document's example: the first three seed records.
    expect(seen.responses[0]?.example).toHaveLength(3);
    const queries = seen.query!.examples.map((e) => e.query);
    expect(queries).toEqual(
      expect.arrayContaining([
        'limit=10&offset=0',
        '_page=1&_per_page=10',
        'sort=-id',
        'completed=true',
        'id_gte=1',
        'id_ne=1',
        'content_like=read',
        'q=read',
        'embed=user',
      ]),
    );
    expect(seen.responses.find((r) => r.status === '400')?.example).toMatchObject({
      type: 'bad-query',
      errors: [{ field: 'limit' }],
    });
  });

  it('gives a list’s 200 the document’s answer to each include query (issue 48)', () => {
    const seen = inspectRoute(doc, route('GET', '/users'), user);
    const ok = seen.responses[0]!;
    // Without a query a list answers no children: only ?embed= adds them.
    expect((ok.example as { todos?: unknown }[]).every((u) => u.todos === undefined)).toBe(true);
    expect(ok.variants?.map((v) => v.query)).toEqual(['embed=todos']);
    const [first] = ok.variants![0]!.example as { id: number; todos: { user: number }[] }[];
    expect(first!.todos.length).toBeGreaterThan(0);
    for (const todo of first!.todos) expect(todo.user).toBe(first!.id);
    expect(ok.variants![0]!.summary).toMatch(/todos/);
    // A problem answer has none.
    expect(seen.responses.find((r) => r.status === '400')?.variants).toBeUndefined();
  });

  it('gives GET /users/:id its includes only, and its 200 the answer to each (issue 48)', () => {
    const seen = inspectRoute(doc, route('GET', '/users/:id'), user);
    // One record reads no filter or paging: only the includes the document lists.
    expect(seen.query?.list).toBe(false);
    expect(seen.query?.params.map((p) => p.name)).toEqual(['embed', '_embed']);
    expect(seen.query?.examples.map((e) => e.query)).toEqual(['embed=todos']);
    const ok = seen.responses[0]!;
    expect(ok.example).not.toHaveProperty('todos');
    expect(ok.variants?.map((v) => v.query)).toEqual(['embed=todos']);
    const one = ok.variants![0]!.example as { id: number; todos: { user: number }[] };
    expect(one.id).toBe((ok.example as { id: number }).id);
    expect(one.todos.length).toBeGreaterThan(0);
    for (const t of one.todos) expect(t.user).toBe(one.id);
    // A list keeps its every convention.
    expect(inspectRoute(doc, route('GET', '/users'), user).query?.list).toBe(true);
    // A write by id reads no query.
    expect(inspectRoute(doc, route('DELETE', '/users/:id'), user).query).toBeUndefined();
  });

  it('shows a hand-mapped create at a model path as the document says, plus req.body(Model)', () => {
    const seen = inspectRoute(doc, route('POST', '/todos', 'manual'), todo);
    expect(seen.summary).toBe('Hand-mapped handler');
    expect(seen.binding).toEqual({ model: 'Todo', schemaName: 'TodoCreate' });
    expect(seen.request?.rows.map((r) => [r.name, r.required])).toEqual([
      ['id', false],
      ['content', true],
      ['completed', true],
      ['user', false],
    ]);
    expect(seen.responses.map((r) => [r.status, r.fromBinding ?? false])).toEqual([
      ['200', false],
      ['400', true],
      ['415', true],
      ['422', true],
      ['500', false],
    ]);
    expect(seen.responses.find((r) => r.status === '422')?.example).toMatchObject({
      errors: [{ field: 'content', message: 'is required' }],
    });
    // The document says nothing of what the handler answers.
    expect(seen.responses[0]?.example).toBeNull();
  });

  it('describes what it can of a route the document does not know', () => {
    const seen = inspectRoute(doc, route('GET', '/nowhere/:slug', 'manual'));
    expect(seen).toMatchObject({
      described: false,
      pathParams: [{ name: 'slug', type: 'string' }],
    });
  });
});
