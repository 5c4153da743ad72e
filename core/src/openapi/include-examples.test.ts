/**
 * Issue 48: a list's example follows the query. The document shows `GET /authors` without
 * books, and beside it (`x-decorest-examples`) what `?embed=books`, `?embed=authorId` and
 * `?_expand=author` answer. Each is checked against the live server holding the example
 * records themselves: the document says what the API answers, not what it might.
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { jsonRequest } from '../test-support/http-client.js';
import { EXAMPLES, serveCopy, type ServedProject } from '../test-support/project-server.js';

type Json = Record<string, unknown>;
interface Media {
  example?: unknown;
  'x-decorest-examples'?: Record<string, { summary: string; value: unknown }>;
}
interface Document {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, Media> }> }>
  >;
}

const running: ServedProject[] = [];
const folders: string[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.dispose()));
  await Promise.all(folders.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

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

async function serveFiles(files: Record<string, string>): Promise<ServedProject> {
  const dir = await mkdtemp(join(tmpdir(), 'decorest-include-'));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  const project = await serveCopy(dir);
  running.push(project);
  return project;
}

/** Serves examples/todo with no seed: every example is made up. */
async function serveTodoWithoutSeed(): Promise<ServedProject> {
  const dir = await mkdtemp(join(tmpdir(), 'decorest-include-todo-'));
  folders.push(dir);
  await cp(EXAMPLES.todo, dir, {
    recursive: true,
    filter: (src) => !/[\\/](seed|data)([\\/]|$)/.test(src.slice(EXAMPLES.todo.length)),
  });
  const project = await serveCopy(dir);
  running.push(project);
  return project;
}

async function documentOf(project: ServedProject): Promise<Document> {
  const answer = await jsonRequest(project.url, 'GET', '/openapi.json');
  expect(answer.status).toBe(200);
  return answer.json as Document;
}

const listMedia = (doc: Document, path: string): Media =>
  doc.paths[path]!['get']!.responses['200']!.content!['application/json']!;

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

    await storeExamples(project, doc, ['/users', '/todos']);
    for (const path of ['/users', '/todos']) {
      for (const { query, shown, answered } of await answersAndVariants(project, doc, path))
        expect(answered, `GET ${path}?${query}`).toEqual(shown);
    }
    // `_expand=user` of a link named `user` is `embed=user`: said, not repeated.
    const todos = listMedia(doc, '/todos')['x-decorest-examples']!['embed=user']!;
    expect(todos.summary).toContain('?_expand=user');
    const theirs = await jsonRequest(project.url, 'GET', '/todos?_expand=user');
    expect(theirs.json).toEqual(todos.value);
  });
});
