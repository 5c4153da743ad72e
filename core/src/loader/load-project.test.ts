import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { type LoadedProject, loadProject } from './load-project.js';
import { createFakeFramework, type FakeFramework } from './test-support/fake-framework.js';
import { loadError } from './test-support/load-error.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

async function load(fixture: string, framework: FakeFramework = createFakeFramework()) {
  return loadProject(path.join(FIXTURES, fixture), { framework });
}

/** `file:line` of every class, in the order the project defined them. */
function sites(project: LoadedProject): string[] {
  return project.classes.map((c) => {
    const site = project.siteOf(c)!;
    return `${site.name}@${path.relative(project.root, site.file)}:${site.line}`;
  });
}

describe('loadProject: a library with circular imports and no application', () => {
  it('loads every project file in sorted order', async () => {
    const project = await load('library');
    expect(project.root).toBe(path.join(FIXTURES, 'library'));
    expect(project.files.map((f) => f.relative)).toEqual([
      'author.ts',
      'book.ts',
      'catalog/index.ts',
      'default-shelf.ts',
      'genre.ts',
      'publisher.ts',
      'shelf.ts',
    ]);
    expect(project.application).toBeUndefined();
  });

  it('evaluates circular imports as Node CommonJS does: partial exports while loading', async () => {
    const project = await load('library');
    const book = project.exportsOf('book.ts')!;
    const author = project.exportsOf('author.ts')!;
    expect(book['authorSeenByBook']).toBeUndefined();
    expect(author['bookSeenByAuthor']).toBe(book['Book']);
    expect(typeof author['Author']).toBe('function');
  });

  it('knows every class, exported or not, in definition order, after decoration', async () => {
    const framework = createFakeFramework();
    const project = await load('library', framework);
    expect(sites(project)).toEqual([
      'Entity@publisher.ts:6',
      'Publisher@publisher.ts:13',
      'Book@book.ts:13',
      'Author@author.ts:8',
      'DefaultShelf@default-shelf.ts:2',
      'Shelf@shelf.ts:4',
    ]);
    // `@Wrap` replaced Book; the site reports the class the module exports.
    const Book = project.exportsOf('book.ts')!['Book'];
    expect(project.classes).toContain(Book);
    expect((Book as { name: string }).name).toBe('Wrapped');
    expect(framework.calls.filter((c) => c.decorator === 'Rest').map((c) => c.target)).toHaveLength(
      3,
    );
  });

  it('gives each class its declaration, with imported aliases and enums expanded', async () => {
    const project = await load('library');
    const Book = project.exportsOf('book.ts')!['Book'] as object;
    const declaration = project.siteOf(Book)!.declaration!;
    const fields = Object.fromEntries(declaration.properties.map((p) => [p.name, p.type]));
    expect(fields).toEqual({
      id: { kind: 'string' },
      title: { kind: 'string' },
      author: { kind: 'reference', name: 'Author' },
      publisher: { kind: 'nullable', inner: { kind: 'reference', name: 'Publisher' } },
      tags: { kind: 'array', element: { kind: 'string' } },
      genre: { kind: 'enum', values: ['novel', 'poetry', 'essay'] },
      format: { kind: 'nullable', inner: { kind: 'enum', values: ['paperback', 'hardcover'] } },
    });
    expect(declaration.properties.find((p) => p.name === 'title')!.decorators).toEqual(['Field']);
    const author = project.files.find((f) => f.relative === 'author.ts')!.classes[0]!;
    expect(author.properties.find((p) => p.name === 'favourite')!.type.kind).toBe('enum');
  });

  it('sees classes defined inside functions each time they run', async () => {
    const project = await load('library');
    const make = project.exportsOf('publisher.ts')!['makeAuditEntry'] as () => object;
    const first = make();
    const second = make();
    expect(first).not.toBe(second);
    expect(project.siteOf(second)).toMatchObject({ name: 'AuditEntry', line: 20 });
  });

  it('resolves type names through imports, aliases, namespaces and default imports', async () => {
    const framework = createFakeFramework();
    const project = await load('library', framework);
    const exports = (file: string, name: string) => project.exportsOf(file)![name];
    const Book = exports('book.ts', 'Book');
    expect(project.resolveTypeName('book.ts', 'Author')).toBe(exports('author.ts', 'Author'));
    expect(project.resolveTypeName('publisher.ts', 'Title')).toBe(Book);
    expect(project.resolveTypeName('shelf.ts', 'catalog.Book')).toBe(Book);
    expect(project.resolveTypeName('shelf.ts', 'DefaultShelf')).toBe(
      exports('default-shelf.ts', 'default'),
    );
    expect(project.resolveTypeName(path.join(project.root, 'book.ts'), 'Rest')).toBe(
      framework['Rest'],
    );
    const Entity = project.resolveTypeName('publisher.ts', 'Entity');
    expect(project.siteOf(Entity as object)?.name).toBe('Entity');
    expect(project.resolveTypeName('book.ts', 'Missing')).toBeUndefined();
    expect(project.resolveTypeName('book.ts', 'Author.nothing')).toBeUndefined();
  });

  it('loads afresh every time: new class objects, nothing shared', async () => {
    const first = await load('library');
    const second = await load('library');
    expect(first.exportsOf('author.ts')!['Author']).not.toBe(
      second.exportsOf('author.ts')!['Author'],
    );
    expect(first.siteOf(second.classes[0]!)).toBeUndefined();
  });
});

describe('loadProject: the application', () => {
  it('is the default export extending Application, through any base class', async () => {
    const framework = createFakeFramework();
    const project = await load('with-app', framework);
    expect(project.application?.file).toBe(path.join(FIXTURES, 'with-app/app.ts'));
    expect(project.application?.ctor.name).toBe('TodoApp');
    expect(project.application?.ctor.prototype).toBeInstanceOf(framework.Application);
  });

  it('resolves renamed, namespace, default and aliased type names of a model', async () => {
    const project = await load('with-app');
    const User = project.exportsOf('models/user.ts')!['User'];
    expect(project.resolveTypeName('models/todo.ts', 'Owner')).toBe(User);
    expect(project.resolveTypeName('models/todo.ts', 'users.User')).toBe(User);
    expect(project.resolveTypeName('models/todo.ts', 'Assignee')).toBe(User);
    expect(project.resolveTypeName('models/todo.ts', 'Base')).toBe(
      project.exportsOf('models/base.ts')!['default'],
    );
    const todo = project.files.find((f) => f.relative === 'models/todo.ts')!.classes[0]!;
    expect(todo).toMatchObject({ name: 'Todo', extendsName: 'Base', isAbstract: false, line: 11 });
    expect(todo.properties.map((p) => [p.name, p.type.kind])).toEqual([
      ['content', 'string'],
      ['completed', 'boolean'],
      ['priority', 'enum'],
      ['user', 'reference'],
      ['reviewer', 'nullable'],
      ['assignee', 'reference'],
    ]);
  });

  it('is found when anonymous, and reported under the name default', async () => {
    const project = await load('anonymous-app');
    expect(project.application).toBeDefined();
    expect(project.siteOf(project.application!.ctor)).toMatchObject({ name: 'default', line: 3 });
  });

  it('may exist only once: two are a BAD_APPLICATION naming both files', async () => {
    const error = await loadError(path.join(FIXTURES, 'two-apps'));
    expect(error.code).toBe('BAD_APPLICATION');
    expect(error.file).toBe(path.join(FIXTURES, 'two-apps/second-app.ts'));
    expect(error.line).toBe(5);
    expect(error.message).toContain('first-app.ts (FirstApp)');
    expect(error.message).toContain('second-app.ts (SecondApp)');
  });
});

describe('loadProject: compiled JavaScript models', () => {
  it('sees classes compiled with __decorate, the rebound class included', async () => {
    const framework = createFakeFramework();
    const project = await load('compiled-js', framework);
    const Author = project.exportsOf('author.js')!['Author'] as { wraps?: unknown };
    const Book = project.exportsOf('book.js')!['Book'];
    expect(sites(project)).toEqual(['Book@book.js:26', 'Author@author.js:23', 'Note@note.js:4']);
    expect(project.classes).toEqual([Book, Author, project.exportsOf('note.js')!['Note']]);
    expect(typeof Author.wraps).toBe('function');
    expect(project.siteOf(Author)?.declaration?.name).toBe('Author');
    const thunk = framework.calls.find((c) => c.decorator === 'BelongTo')!.args[0] as () => unknown;
    expect(thunk()).toBe(Author);
  });

  it('reads JSDoc field types of plain JavaScript models', async () => {
    const project = await load('compiled-js');
    const note = project.files.find((f) => f.relative === 'note.js')!.classes[0]!;
    expect(note.properties.map((p) => p.type)).toEqual([
      { kind: 'string' },
      { kind: 'enum', values: ['draft', 'final'] },
    ]);
  });
});
