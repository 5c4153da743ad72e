/**
 * Issue 48: a GET's example follows the query. The document shows `GET /authors` without
 * books, and beside it (`x-decorest-examples`) what `?embed=books`, `?embed=authorId` and
 * `?_expand=author` answer; `GET /authors/{id}` the same of one author, and it lists the include
 * parameters it reads. Each is checked against the live server holding the example records
 * themselves: the document says what the API answers, not what it might.
 */
import { describe, expect, it } from 'vitest';

import { jsonRequest } from '../test-support/http-client.js';
import {
  documentOf as servedDocumentOf,
  useServedCopies,
  validationErrors,
} from '../test-support/openapi-document.js';
import { EXAMPLES, type ServedProject } from '../test-support/project-server.js';

type Json = Record<string, unknown>;
interface Media {
  example?: unknown;
  'x-decorest-examples'?: Record<string, { summary: string; value: unknown }>;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: unknown;
}
interface Document {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        responses: Record<string, { content?: Record<string, Media> }>;
      }
    >
  >;
}

const served = useServedCopies();

/** Authors with books, linked json-server's way (`authorId`, as an imported db.json is). */
const LIBRARY: Record<string, string> = {
  'author.ts': `import { FromDataSource, HasMany, Rest } from 'decorest';

import { Book } from './book.js';

@Rest
@FromDataSource
export class Author {
  id!: number;
  name!: string;

  @HasMany
  books!: Book[];
}
`,
  'book.ts': `import { BelongTo, FromDataSource, Rest } from 'decorest';

import { Author } from './author.js';

@Rest
@FromDataSource
export class Book {
  id!: number;
  title!: string;
  year?: number;

  @BelongTo
  authorId?: Author;
}
`,
};

/** A model with no relation. */
const NOTE = `import { FromDataSource, Rest } from 'decorest';

@Rest
@FromDataSource
export class Note {
  id!: number;
  text!: string;
}
`;

const serveFiles = (files: Record<string, string>) => served.ofFiles(files);
/** Serves examples/todo with no seed: every example is made up. */
const serveTodoWithoutSeed = () => served.withoutSeed(EXAMPLES.todo);
const documentOf = (project: ServedProject) => servedDocumentOf<Document>(project);

const listMedia = (doc: Document, path: string): Media =>
  doc.paths[path]!['get']!.responses['200']!.content!['application/json']!;
/** `GET /authors/{id}`'s 200 media, the record one of `GET /authors`. */
const recordMedia = (doc: Document, path: string): Media => listMedia(doc, `${path}/{id}`);

/** Stores the records each list example shows, parents first, ids as shown. */
async function storeExamples(project: ServedProject, doc: Document, paths: string[]) {
  for (const path of paths) {
    for (const record of listMedia(doc, path).example as Json[]) {
      const created = await jsonRequest(project.url, 'POST', path, record);
      expect(created.status, `POST ${path} ${JSON.stringify(record)}`).toBe(201);
    }
  }
}

/** Every variant of the list at `path` next to what the server answers for its query. */
async function answersAndVariants(project: ServedProject, doc: Document, path: string) {
  const media = listMedia(doc, path);
  const pairs: { query: string; shown: unknown; answered: unknown }[] = [];
  const plain = await jsonRequest(project.url, 'GET', path);
  pairs.push({ query: '', shown: media.example, answered: plain.json });
  for (const [query, variant] of Object.entries(media['x-decorest-examples'] ?? {})) {
    const answer = await jsonRequest(project.url, 'GET', `${path}?${query}`);
    expect(answer.status, query).toBe(200);
    pairs.push({ query, shown: variant.value, answered: answer.json });
  }
  return pairs;
}

/** Each variant of `GET path/{id}` next to what the server answers for the record it shows. */
async function recordAnswersAndVariants(project: ServedProject, doc: Document, path: string) {
  const media = recordMedia(doc, path);
  // The by-id example is the list's first record, so the store holds it.
  expect(media.example).toEqual((listMedia(doc, path).example as Json[])[0]);
  const at = `${path}/${encodeURIComponent(String((media.example as Json)['id']))}`;
  const pairs: { query: string; shown: unknown; answered: unknown }[] = [];
  const plain = await jsonRequest(project.url, 'GET', at);
  pairs.push({ query: '', shown: media.example, answered: plain.json });
  for (const [query, variant] of Object.entries(media['x-decorest-examples'] ?? {})) {
    const answer = await jsonRequest(project.url, 'GET', `${at}?${query}`);
    expect(answer.status, `GET ${at}?${query}`).toBe(200);
    pairs.push({ query: `${at}?${query}`, shown: variant.value, answered: answer.json });
  }
  return pairs;
}

describe('a list example with each include query (issue 48)', () => {
  it('shows what the server answers for embed=, _expand= and no query', async () => {
    const project = await serveFiles(LIBRARY);
    const doc = await documentOf(project);
    const authors = listMedia(doc, '/authors');
    const books = listMedia(doc, '/books');
    expect(Object.keys(authors['x-decorest-examples'] ?? {})).toEqual(['embed=books']);
    expect(Object.keys(books['x-decorest-examples'] ?? {})).toEqual([
      'embed=authorId',
      '_expand=author',
    ]);

    // No query: no children, which only ?embed= adds.
    for (const author of authors.example as Json[]) expect(author).not.toHaveProperty('books');
    // embed=books: each author's books, linked to that author, and some author has one.
    const embedded = authors['x-decorest-examples']!['embed=books']!.value as Json[];
    for (const author of embedded)
      for (const book of author['books'] as Json[]) expect(book['authorId']).toBe(author['id']);
    expect(embedded.some((a) => (a['books'] as Json[]).length > 0)).toBe(true);
    // _expand=author: the author beside its link; embed=authorId: in the link's place.
    const expanded = books['x-decorest-examples']!['_expand=author']!.value as Json[];
    const inPlace = books['x-decorest-examples']!['embed=authorId']!.value as Json[];
    const byId = new Map((authors.example as Json[]).map((a) => [a['id'], a]));
    for (const [i, book] of expanded.entries()) {
      expect(book['author']).toEqual(byId.get(book['authorId']));
      expect(inPlace[i]!['authorId']).toEqual(book['author']);
    }

    // The server holding exactly these records answers each query with its example.
    await storeExamples(project, doc, ['/authors', '/books']);
    for (const path of ['/authors', '/books']) {
      const pairs = await answersAndVariants(project, doc, path);
      expect(pairs).toHaveLength(path === '/authors' ? 2 : 3);
      for (const { query, shown, answered } of pairs)
        expect(answered, `GET ${path}?${query}`).toEqual(shown);
    }
    // One author, one book: the same queries, each answered as the record's variant says.
    for (const [path, queries] of [
      ['/authors', ['embed=books']],
      ['/books', ['embed=authorId', '_expand=author']],
    ] as const) {
      expect(Object.keys(recordMedia(doc, path)['x-decorest-examples'] ?? {})).toEqual(queries);
      const pairs = await recordAnswersAndVariants(project, doc, path);
      expect(pairs).toHaveLength(queries.length + 1);
      for (const { query, shown, answered } of pairs) expect(answered, query).toEqual(shown);
    }
    const one = recordMedia(doc, '/authors')['x-decorest-examples']!['embed=books']!;
    expect(one.summary).toMatch(/^The Author with its books/);
    expect((one.value as Json)['books']).toEqual(embedded[0]!['books']);
    // The json-server spelling the summary names answers the same as ours.
    expect(authors['x-decorest-examples']!['embed=books']!.summary).toContain('?_embed=books');
    const theirs = await jsonRequest(project.url, 'GET', '/authors?_embed=books');
    expect(theirs.json).toEqual(embedded);
  });

  it('of examples/todo: users without todos, with them on ?embed=todos, todos with their user', async () => {
    const project = await serveTodoWithoutSeed();
    const doc = await documentOf(project);
    expect(Object.keys(listMedia(doc, '/users')['x-decorest-examples'] ?? {})).toEqual([
      'embed=todos',
    ]);
    expect(Object.keys(listMedia(doc, '/todos')['x-decorest-examples'] ?? {})).toEqual([
      'embed=user',
    ]);
    // A child list scoped to one user: its todos with that user in place of the link.
    const scoped = listMedia(doc, '/users/{id}/todos')['x-decorest-examples']!['embed=user']!;
    const firstUser = (listMedia(doc, '/users').example as Json[])[0];
    for (const todo of scoped.value as Json[]) expect(todo['user']).toEqual(firstUser);

    // GET /users/{id}: the user with its todos; GET /todos/{id}: the todo with its user.
    expect(Object.keys(recordMedia(doc, '/users')['x-decorest-examples'] ?? {})).toEqual([
      'embed=todos',
    ]);
    expect(Object.keys(recordMedia(doc, '/todos')['x-decorest-examples'] ?? {})).toEqual([
      'embed=user',
    ]);

    await storeExamples(project, doc, ['/users', '/todos']);
    for (const path of ['/users', '/todos']) {
      for (const { query, shown, answered } of await answersAndVariants(project, doc, path))
        expect(answered, `GET ${path}?${query}`).toEqual(shown);
      for (const { query, shown, answered } of await recordAnswersAndVariants(project, doc, path))
        expect(answered, query).toEqual(shown);
    }
    const user = recordMedia(doc, '/users')['x-decorest-examples']!['embed=todos']!.value as Json;
    expect((user['todos'] as Json[]).length).toBeGreaterThan(0);
    const todo = recordMedia(doc, '/todos')['x-decorest-examples']!['embed=user']!;
    const link = (recordMedia(doc, '/todos').example as Json)['user'];
    const users = listMedia(doc, '/users').example as Json[];
    expect((todo.value as Json)['user']).toEqual(users.find((u) => u['id'] === link));
    expect((todo.value as Json)['user']).toBeTypeOf('object');
    // `_expand=user` answers the one todo as `embed=user` does, as the summary says.
    expect(todo.summary).toContain('?_expand=user');
    const todoId = String((todo.value as Json)['id']);
    const expanded = await jsonRequest(project.url, 'GET', `/todos/${todoId}?_expand=user`);
    expect(expanded.json).toEqual(todo.value);
    // `_expand=user` of a link named `user` is `embed=user`: said, not repeated.
    const todos = listMedia(doc, '/todos')['x-decorest-examples']!['embed=user']!;
    expect(todos.summary).toContain('?_expand=user');
    const theirs = await jsonRequest(project.url, 'GET', '/todos?_expand=user');
    expect(theirs.json).toEqual(todos.value);
  });
});

/**
 * What each include parameter a by-id GET lists is sent with, and what its answer must then
 * hold, as the parameter's description says: `record` is the plain answer and `related` what
 * `relatedAt(record)` answers (the link's parent, or the relation route's child list).
 */
interface Probe {
  value: string;
  holds: (answer: Json, record: Json, related: unknown) => void;
}

/** `{ ...record, [key]: related }`: the record with one relation filled in, nothing else. */
const filled = (key: string) => (answer: Json, record: Json, related: unknown) =>
  expect(answer).toEqual({ ...record, [key]: related });

/** Path → parameter → its probe; `related` is fetched from `relatedAt(record)`. */
const PROBES: Record<string, { relatedAt: (r: Json) => string; params: Record<string, Probe> }> = {
  '/users': {
    relatedAt: (r) => `/users/${String(r['id'])}/todos`,
    params: {
      embed: { value: 'todos', holds: filled('todos') },
      _embed: { value: 'todos', holds: filled('todos') },
    },
  },
  '/todos': {
    relatedAt: (r) => `/users/${String(r['user'])}`,
    params: {
      embed: { value: 'user', holds: filled('user') },
      // A link named `user` (not json-server's `userId`): its parent, as embed= gives it.
      _embed: { value: 'user', holds: filled('user') },
      // No `userId` beside it to expand: `user` itself, in the link's place.
      _expand: { value: 'user', holds: filled('user') },
    },
  },
  '/authors': {
    relatedAt: (r) => `/authors/${String(r['id'])}/books`,
    params: {
      embed: { value: 'books', holds: filled('books') },
      _embed: { value: 'books', holds: filled('books') },
    },
  },
  '/books': {
    relatedAt: (r) => `/authors/${String(r['authorId'])}`,
    params: {
      embed: { value: 'authorId', holds: filled('authorId') },
      // json-server 0.17 finds no `authorId` collection and answers [] in the link's place.
      _embed: {
        value: 'authorId',
        holds: (answer, record) => filled('authorId')(answer, record, []),
      },
      // The author beside its link, which stays the id.
      _expand: { value: 'author', holds: filled('author') },
    },
  },
};

/** Sends every query parameter `GET path/{id}` lists; each must answer as its probe says. */
async function probeRecordParameters(project: ServedProject, doc: Document, path: string) {
  const list = doc.paths[path]!['get']!.parameters!;
  const listed = doc.paths[`${path}/{id}`]!['get']!.parameters!.filter((p) => p.in === 'query');
  const { relatedAt, params } = PROBES[path]!;
  // Exactly the parameters probed here: one listed without a probe fails, as does a probe of
  // one not listed.
  expect(listed.map((p) => p.name).sort(), `GET ${path}/{id}`).toEqual(Object.keys(params).sort());
  const record = (listMedia(doc, path).example as Json[])[0]!;
  const at = `${path}/${String(record['id'])}`;
  const related = (await jsonRequest(project.url, 'GET', relatedAt(record))).json;
  expect(related === null || related === undefined, relatedAt(record)).toBe(false);
  for (const parameter of listed) {
    // Described as the list describes it: one wording for one parameter.
    expect(parameter).toEqual(list.find((p) => p.name === parameter.name));
    const { value, holds } = params[parameter.name]!;
    const answer = await jsonRequest(project.url, 'GET', `${at}?${parameter.name}=${value}`);
    expect(answer.status, `GET ${at}?${parameter.name}=${value}`).toBe(200);
    holds(answer.json as Json, record, related);
  }
}

describe('GET /<model>/{id} query parameters (issue 48)', () => {
  it('of examples/todo: embed and _embed on users, and _expand too on todos, each answered', async () => {
    const project = await serveTodoWithoutSeed();
    const doc = await documentOf(project);
    await storeExamples(project, doc, ['/users', '/todos']);
    for (const path of ['/users', '/todos']) await probeRecordParameters(project, doc, path);
    // Not vacuous: the first user has todos and the first todo a user.
    const user = (listMedia(doc, '/users').example as Json[])[0]!;
    const todos = await jsonRequest(project.url, 'GET', `/users/${String(user['id'])}?embed=todos`);
    expect(((todos.json as Json)['todos'] as Json[]).length).toBeGreaterThan(0);
    expect(await validationErrors(doc)).toEqual([]);
  });

  it('of json-server links (authorId): _embed answers [], _expand the author beside it', async () => {
    const project = await serveFiles(LIBRARY);
    const doc = await documentOf(project);
    await storeExamples(project, doc, ['/authors', '/books']);
    for (const path of ['/authors', '/books']) await probeRecordParameters(project, doc, path);
    const described = doc.paths['/books/{id}']!['get']!.parameters!;
    expect(described.find((p) => p.name === '_embed')?.description).toContain(
      '(postId) answers []',
    );
    expect(await validationErrors(doc)).toEqual([]);
  });

  it('lists none on a model with no relation, whose every include is a 400', async () => {
    const project = await serveFiles({ 'note.ts': NOTE });
    const doc = await documentOf(project);
    expect(doc.paths['/notes/{id}']!['get']!.parameters!.map((p) => p.in)).toEqual(['path']);
    const stored = await jsonRequest(project.url, 'POST', '/notes', { text: 'hi' });
    for (const name of ['embed', '_embed', '_expand']) {
      const answer = await jsonRequest(
        project.url,
        'GET',
        `/notes/${String((stored.json as Json)['id'])}?${name}=text`,
      );
      expect(answer.status, name).toBe(400);
      // Nor does its list take them: the list route does not list them either.
      const list = await jsonRequest(project.url, 'GET', `/notes?${name}=text`);
      expect(list.status, name).toBe(400);
    }
    const listed = doc.paths['/notes']!['get']!.parameters!.map((p) => p.name);
    expect(listed).toContain('limit');
    expect(listed.filter((n) => ['embed', '_embed', '_expand'].includes(n))).toEqual([]);
  });

  it('lists on a list route the includes its records take', async () => {
    const doc = await documentOf(await serveTodoWithoutSeed());
    const includes = (path: string) =>
      doc.paths[path]!['get']!.parameters!.map((p) => p.name).filter((n) => /embed|expand/.test(n));
    // A user has todos (embed); a todo has a link (embed, and _expand for its user).
    expect(includes('/users')).toEqual(['embed', '_embed']);
    expect(includes('/todos')).toEqual(['embed', '_embed', '_expand']);
    expect(includes('/users/{id}/todos')).toEqual(['embed', '_embed', '_expand']);
  });
});
