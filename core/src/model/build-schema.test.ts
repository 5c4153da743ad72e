import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { LoadError } from '../errors.js';
import { openProject } from '../project/open-project.js';
import { FIXTURES } from '../test-support/fixtures.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function project(files: Record<string, string>): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'decorest-schema-'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

async function loadError(files: Record<string, string>): Promise<LoadError> {
  const root = await project(files);
  const error = await openProject(root).then(
    async (p) => {
      await p.close();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LoadError);
  return error as LoadError;
}

const HEADER = "import { Rest, FromDataSource, BelongTo, HasMany, Field } from 'decorest';\n";

describe('model schemas', () => {
  it('reads every field type, rule and base class of the library fixture', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'decorest-data-'));
    const p = await openProject(FIXTURES.library, { dataDir });
    try {
      const magazine = p.models.find((m) => m.name === 'Magazine')!;
      expect(magazine.path).toBe('magazines');
      expect(magazine.idKind).toBe('number');
      expect(magazine.fields.map((f) => [f.name, f.declaredIn])).toEqual([
        ['createdAt', 'Entity'],
        ['title', 'Publication'],
        ['tags', 'Publication'],
        ['priority', 'Publication'],
        ['rating', 'Publication'],
        ['published', 'Publication'],
        ['releasedAt', 'Publication'],
        ['issue', 'Magazine'],
      ]);
      const byName = Object.fromEntries(magazine.fields.map((f) => [f.name, f]));
      expect(byName.tags!.type).toEqual({ kind: 'array', element: { kind: 'string' } });
      expect(byName.priority!.type).toEqual({ kind: 'enum', values: ['low', 'high'] });
      expect(byName.releasedAt).toMatchObject({
        type: { kind: 'date' },
        optional: true,
        nullable: true,
      });
      expect(byName.issue!.type).toEqual({ kind: 'number', integer: true });
      expect(byName.rating).toMatchObject({ default: 0, constraints: { min: 0, max: 5 } });
      const note = p.models.find((m) => m.name === 'StickyNote')!;
      expect(note).toMatchObject({ path: 'notes', idKind: 'string' });
      expect(p.models.map((m) => m.name)).not.toContain('Publication');
    } finally {
      await p.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('compiled .js models', () => {
  it('take field types from @Field({ type }) and design:type', async () => {
    const root = await project({
      'book.js': `"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.Book = void 0;
const decorest_1 = require("decorest");
let Book = class Book {
};
exports.Book = Book;
__decorate([(0, decorest_1.Field)({ minLength: 1 }), __metadata("design:type", String)], Book.prototype, "title", void 0);
__decorate([(0, decorest_1.Field)(), __metadata("design:type", Number)], Book.prototype, "pages", void 0);
__decorate([(0, decorest_1.Field)({ type: ['draft', 'final'], optional: true })], Book.prototype, "state", void 0);
exports.Book = Book = __decorate([decorest_1.Rest, (0, decorest_1.FromDataSource)()], Book);
`,
    });
    const p = await openProject(root);
    try {
      const book = p.models[0]!;
      expect(book).toMatchObject({ name: 'Book', path: 'books', idKind: 'number' });
      expect(book.fields.map((f) => [f.name, f.type.kind, f.optional])).toEqual([
        ['title', 'string', false],
        ['pages', 'number', false],
        ['state', 'enum', true],
      ]);
      expect(book.fields[0]!.constraints).toEqual({ minLength: 1 });
    } finally {
      await p.close();
    }
  });
});

describe('load errors name file, line and Model.field', () => {
  it('refuses two models on one path', async () => {
    const error = await loadError({
      'a.ts': `${HEADER}@Rest({ path: 'things' }) @FromDataSource export class A { id!: number; }\n`,
      'b.ts': `${HEADER}\n@Rest({ path: 'things' }) @FromDataSource export class B { id!: number; }\n`,
    });
    expect(error.code).toBe('DUPLICATE_MODEL_PATH');
    expect(error.message).toMatch(/b\.ts:3: B and A \(.*a\.ts:2\) both serve \/things/);
  });

  it('refuses a path that is not one safe segment', async () => {
    const error = await loadError({
      'a.ts': `${HEADER}@Rest({ path: '../escape' }) @FromDataSource export class A { id!: number; }\n`,
    });
    expect(error.code).toBe('BAD_MODEL_PATH');
    expect(error.message).toContain('"../escape"');
  });

  it.each([
    ["@Field({ pattern: '[' })", 'pattern is not a valid regular expression'],
    ['@Field({ pattern: /\\-/ })', 'pattern is not a valid regular expression'],
    ['@Field({ minLength: 1.5 })', 'minLength must be a whole number ≥ 0, got 1.5'],
    ["@Field({ format: 'phone' as 'email' })", 'format must be one of email, uri, date-time'],
    [
      '@Field({ minLength: 10, maxLength: 5 })',
      'minLength (10) is above maxLength (5): no value could pass',
    ],
    ["@Field({ index: 'no' as unknown as boolean })", 'index must be true or false, got no'],
  ])('refuses a rule no validator can apply, at load: %s', async (rule, reason) => {
    const error = await loadError({
      'a.ts': `${HEADER}@Rest @FromDataSource export class Gadget {\n  id!: number;\n  ${rule} code!: string;\n}\n`,
    });
    expect(error.code).toBe('BAD_FIELD_RULE');
    expect(error.message).toContain(`a.ts:4: Gadget.code: ${reason}`);
  });

  it('reads @Field({ index: false }) as a field without an index, and leaves the others indexed', async () => {
    const root = await project({
      'a.ts': `${HEADER}@Rest @FromDataSource export class Gadget {\n  id!: number;\n  @Field({ index: false }) log!: string;\n  @Field({ index: true }) code!: string;\n  name!: string;\n}\n`,
    });
    const opened = await openProject(root);
    try {
      const fields = opened.models.find((m) => m.name === 'Gadget')!.fields;
      expect(fields.map((f) => [f.name, f.index])).toEqual([
        ['log', false],
        ['code', undefined],
        ['name', undefined],
      ]);
    } finally {
      await opened.close();
    }
  });

  it('refuses a min that is not a number', async () => {
    const error = await loadError({
      'a.ts': `${HEADER}@Rest @FromDataSource export class Gadget {\n  id!: number;\n  @Field({ min: Number('x') }) size!: number;\n}\n`,
    });
    expect(error.message).toContain('a.ts:4: Gadget.size: min must be a finite number, got NaN');
  });

  it('names an unsupported field type', async () => {
    const error = await loadError({
      'a.ts': `${HEADER}@Rest @FromDataSource export class Gadget {\n  id!: number;\n  specs!: Record<string, string>;\n}\n`,
    });
    expect(error.code).toBe('UNSUPPORTED_FIELD_TYPE');
    expect(error.message).toMatch(
      /a\.ts:4: Gadget\.specs: the type Record<string, string> is not supported/,
    );
  });

  it('asks for @BelongTo on a field typed by another class', async () => {
    const error = await loadError({
      'a.ts': `${HEADER}@Rest @FromDataSource export class Owner { id!: number; }\n@Rest @FromDataSource export class Pet {\n  id!: number;\n  owner?: Owner;\n}\n`,
    });
    expect(error.message).toMatch(
      /a\.ts:5: Pet\.owner: the type Owner is a class: mark the field @BelongTo/,
    );
  });

  it('asks whether a misspelt type is a field type, not for @BelongTo', async () => {
    const error = await loadError({
      'a.ts': `${HEADER}@Rest @FromDataSource export class Todo {\n  id!: number;\n  done!: boolen;\n}\n`,
    });
    expect(error.message).toMatch(
      /a\.ts:4: Todo\.done: the type boolen is not a type this field can have: did you mean boolean\?/,
    );
  });

  it('refuses an id that is neither number nor string', async () => {
    const error = await loadError({
      'a.ts': `${HEADER}@Rest @FromDataSource export class A {\n  id!: boolean;\n}\n`,
    });
    expect(error.message).toMatch(/a\.ts:3: A\.id: an id is declared number or string/);
  });

  it('fails on a corrupted datafile naming file and line, and keeps the file', async () => {
    const root = await project({
      'a.ts': `${HEADER}@Rest @FromDataSource export class Note { id!: number; text!: string; }\n`,
    });
    const { mkdir, readFile } = await import('node:fs/promises');
    await mkdir(join(root, 'data'));
    const content =
      '{"_id":"1","id":1,"text":"a"}\n{"_id":"2","id":2,"te\n{"_id":"3","id":3,"text":"c"}\n';
    await writeFile(join(root, 'data', 'notes.db'), content);
    const error = await openProject(root).then(
      (p) => p.close(),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LoadError);
    expect((error as LoadError).message).toMatch(/notes\.db:2/);
    expect(await readFile(join(root, 'data', 'notes.db'), 'utf8')).toBe(content);
  });

  it('loads a datafile written by hand (id, no _id)', async () => {
    const root = await project({
      'a.ts': `${HEADER}@Rest @FromDataSource export class Note { id!: number; text!: string; }\n`,
    });
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(root, 'data'));
    await writeFile(
      join(root, 'data', 'notes.db'),
      '{"id":4,"text":"four"}\n{"id":2,"text":"two"}\n',
    );
    const p = await openProject(root);
    try {
      const notes = await p.runtimes[0]!.store.records();
      expect(notes.page(0).map((n) => n.id)).toEqual([2, 4]);
    } finally {
      await p.close();
    }
  });

  it('names a relation to a class that is not a model', async () => {
    const error = await loadError({
      'a.ts': `${HEADER}export class Person { id!: number; }\n@Rest @FromDataSource export class Pet {\n  id!: number;\n  @BelongTo owner?: Person;\n}\n`,
    });
    expect(error.code).toBe('UNKNOWN_RELATION_TARGET');
    expect(error.message).toMatch(/a\.ts:5: Pet\.owner: Person is not a @Rest model/);
  });

  it('names a @HasMany without a matching @BelongTo on the child', async () => {
    const error = await loadError({
      'owner.ts': `${HEADER}import { Pet } from './pet.js';\n@Rest @FromDataSource export class Owner {\n  id!: number;\n  @HasMany pets!: Pet[];\n}\n`,
      'pet.ts': `${HEADER}@Rest @FromDataSource export class Pet { id!: number; name!: string; }\n`,
    });
    expect(error.code).toBe('MISSING_INVERSE_RELATION');
    expect(error.message).toMatch(
      /owner\.ts:5: Owner\.pets: @HasMany needs a @BelongTo field of type Owner on Pet/,
    );
  });

  it('names a model whose datasource does not exist, and the ones that do', async () => {
    const error = await loadError({
      'a.ts': `import { DataSource, FromDataSource, Rest } from 'decorest';\n@DataSource('memory') export class Mem { getAll() { return []; } }\n@Rest @FromDataSource('memroy') export class Note { id!: number; }\n`,
    });
    expect(error.code).toBe('UNKNOWN_DATASOURCE');
    expect(error.message).toMatch(
      /a\.ts:3: Note: @FromDataSource\('memroy'\) names no @DataSource \(known: memory\)/,
    );
  });

  it('refuses two datasources with one name', async () => {
    const error = await loadError({
      'a.ts': `import { DataSource } from 'decorest';\n@DataSource('m') export class A { getAll() { return []; } }\n@DataSource('m') export class B { getAll() { return []; } }\n`,
    });
    expect(error.code).toBe('DUPLICATE_DATASOURCE');
    expect(error.message).toMatch(/a\.ts:3: B: datasource "m" is already declared/);
  });

  it('refuses a datasource without getAll', async () => {
    const error = await loadError({
      'a.ts': `import { DataSource } from 'decorest';\n@DataSource('m') export class A { list() { return []; } }\n`,
    });
    expect(error.code).toBe('BAD_DATASOURCE');
    expect(error.message).toMatch(
      /A: a datasource implements Persistence and needs a getAll\(\) method/,
    );
  });
});
