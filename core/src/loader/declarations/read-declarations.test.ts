import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { readDeclarations, type TypeExpr } from './read-declarations.js';

function read(source: string, file = '/project/model.ts') {
  return readDeclarations(ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true), file);
}

/** The declared type of field `x` of the first class of `prelude + class { x: <type> }`. */
function typeOf(annotation: string, prelude = ''): TypeExpr {
  const { classes } = read(`${prelude}\nclass T {\n  x!: ${annotation};\n}\n`);
  return classes[0]!.properties[0]!.type;
}

describe('readDeclarations: field types', () => {
  it.each<[string, TypeExpr]>([
    ['string', { kind: 'string' }],
    ['number', { kind: 'number' }],
    ['boolean', { kind: 'boolean' }],
    ['Date', { kind: 'date' }],
    ['String', { kind: 'string' }],
    ["'low' | 'high'", { kind: 'enum', values: ['low', 'high'] }],
    ["'only'", { kind: 'enum', values: ['only'] }],
    ['string[]', { kind: 'array', element: { kind: 'string' } }],
    ['Array<number>', { kind: 'array', element: { kind: 'number' } }],
    ['readonly Date[]', { kind: 'array', element: { kind: 'date' } }],
    ['ReadonlyArray<boolean>', { kind: 'array', element: { kind: 'boolean' } }],
    ['string | null', { kind: 'nullable', inner: { kind: 'string' } }],
    ['null | Date | undefined', { kind: 'nullable', inner: { kind: 'date' } }],
    ['number | undefined', { kind: 'number' }],
    ['true | false', { kind: 'boolean' }],
    [
      "('a' | 'b' | null)[]",
      { kind: 'array', element: { kind: 'nullable', inner: { kind: 'enum', values: ['a', 'b'] } } },
    ],
    [
      'User[] | null',
      { kind: 'nullable', inner: { kind: 'array', element: { kind: 'reference', name: 'User' } } },
    ],
    ['User', { kind: 'reference', name: 'User' }],
    ['models.User', { kind: 'reference', name: 'models.User' }],
    ['any', { kind: 'unsupported', text: 'any' }],
    [
      '{ a: string; b?: number | null }',
      {
        kind: 'object',
        properties: [
          { name: 'a', optional: false, type: { kind: 'string' } },
          { name: 'b', optional: true, type: { kind: 'nullable', inner: { kind: 'number' } } },
        ],
      },
    ],
    [
      '{ id: number }[]',
      {
        kind: 'array',
        element: {
          kind: 'object',
          properties: [{ name: 'id', optional: false, type: { kind: 'number' } }],
        },
      },
    ],
    ['{}', { kind: 'unsupported', text: '{}' }],
    ['{ run(): void }', { kind: 'unsupported', text: '{ run(): void }' }],
    ['{ [k: string]: number }', { kind: 'unsupported', text: '{ [k: string]: number }' }],
    ['Record<string, number>', { kind: 'unsupported', text: 'Record<string, number>' }],
    ['string | number', { kind: 'unsupported', text: 'string | number' }],
    ['1 | 2', { kind: 'unsupported', text: '1 | 2' }],
    ['null', { kind: 'unsupported', text: 'null' }],
  ])('reads %s', (annotation, expected) => {
    expect(typeOf(annotation)).toEqual(expected);
  });

  it('reads no annotation as none', () => {
    const { classes } = read('class T {\n  x;\n}\n', '/project/t.js');
    expect(classes[0]!.properties[0]!.type).toEqual({ kind: 'none' });
  });

  it('reads JSDoc types of plain JavaScript fields', () => {
    const source = "class T {\n  /** @type {'a' | 'b'} */\n  x;\n}\n";
    const { classes } = read(source, '/project/t.js');
    expect(classes[0]!.properties[0]!.type).toEqual({ kind: 'enum', values: ['a', 'b'] });
  });

  it('expands local type aliases and string enums', () => {
    const prelude =
      "type Priority = 'low' | 'high';\nenum Size { S = 's', M = 'm' }\ntype Level = Priority | 'urgent';";
    expect(typeOf('Priority', prelude)).toEqual({ kind: 'enum', values: ['low', 'high'] });
    expect(typeOf('Size | null', prelude)).toEqual({
      kind: 'nullable',
      inner: { kind: 'enum', values: ['s', 'm'] },
    });
    expect(typeOf('Level', prelude)).toEqual({ kind: 'enum', values: ['low', 'high', 'urgent'] });
  });

  it('keeps a numeric enum and a self-referencing alias from looping or passing as enums', () => {
    expect(typeOf('Rank', 'enum Rank { A, B }')).toEqual({ kind: 'unsupported', text: 'Rank' });
    expect(typeOf('Loop', 'type Loop = Loop[];')).toEqual({
      kind: 'array',
      element: { kind: 'reference', name: 'Loop' },
    });
  });

  it('expands local interfaces and object aliases, named, and leaves a cycle a reference', () => {
    const prelude = [
      'interface Category { id: number; name?: string }',
      'interface Node { value: number; parent?: Node }',
      'type Point = { x: number };',
      'interface Tagged extends Category { label: string }',
    ].join('\n');
    const id = { name: 'id', optional: false, type: { kind: 'number' } };
    const name = { name: 'name', optional: true, type: { kind: 'string' } };
    expect(typeOf('Category | null', prelude)).toEqual({
      kind: 'nullable',
      inner: { kind: 'object', name: 'Category', properties: [id, name] },
    });
    expect(typeOf('Point', prelude)).toEqual({
      kind: 'object',
      name: 'Point',
      properties: [{ name: 'x', optional: false, type: { kind: 'number' } }],
    });
    expect(typeOf('Tagged', prelude)).toEqual({
      kind: 'object',
      name: 'Tagged',
      properties: [id, name, { name: 'label', optional: false, type: { kind: 'string' } }],
    });
    expect(typeOf('Node', prelude)).toEqual({
      kind: 'object',
      name: 'Node',
      properties: [
        { name: 'value', optional: false, type: { kind: 'number' } },
        { name: 'parent', optional: true, type: { kind: 'reference', name: 'Node' } },
      ],
    });
  });

  it('exposes the file-level aliases and enums as types', () => {
    const { types } = read(
      "export type Genre = 'novel' | 'essay';\nexport enum F { P = 'p' }\ntype G<T> = T[];",
    );
    expect(Object.fromEntries(types)).toEqual({
      Genre: { kind: 'enum', values: ['novel', 'essay'] },
      F: { kind: 'enum', values: ['p'] },
    });
  });
});

describe('readDeclarations: classes and properties', () => {
  const source = [
    "import { BelongTo, Field } from 'decorest';", // 1
    "import * as d from 'decorest';", // 2
    '',
    '@Rest', // 4
    'export abstract class Todo extends base.Entity {', // 5
    '  static count = 0;', // 6
    '  #secret = 1;', // 7
    '  id!: number;', // 8
    '  @Field({ min: 1 }) @d.Extra note?: string;', // 9
    '  @BelongTo user?: User;', // 10
    "  'display-name'?: string;", // 11
    '  method(): void {}', // 12
    '  get computed(): number { return 1; }', // 13
    '}', // 14
    'class Admin extends mixin(Todo) {}', // 15
    'export default class {}', // 16
    'const Compiled = class Compiled {};', // 17
  ].join('\n');
  const { classes } = read(source);

  it('reads every class with its position, abstractness and base', () => {
    expect(classes.map(({ properties: _p, ...c }) => c)).toEqual([
      {
        name: 'Todo',
        file: '/project/model.ts',
        line: 5,
        column: 23,
        isAbstract: true,
        extendsName: 'base.Entity',
      },
      { name: 'Admin', file: '/project/model.ts', line: 15, column: 7, isAbstract: false },
      { name: 'default', file: '/project/model.ts', line: 16, column: 16, isAbstract: false },
      { name: 'Compiled', file: '/project/model.ts', line: 17, column: 24, isAbstract: false },
    ]);
  });

  it('reads instance properties only, with flags, decorators and positions', () => {
    expect(classes[0]!.properties).toEqual([
      {
        name: 'id',
        optional: false,
        definite: true,
        type: { kind: 'number' },
        typeText: 'number',
        line: 8,
        column: 3,
        decorators: [],
      },
      {
        name: 'note',
        optional: true,
        definite: false,
        type: { kind: 'string' },
        typeText: 'string',
        line: 9,
        column: 31,
        decorators: ['Field', 'd.Extra'],
      },
      {
        name: 'user',
        optional: true,
        definite: false,
        type: { kind: 'reference', name: 'User' },
        typeText: 'User',
        line: 10,
        column: 13,
        decorators: ['BelongTo'],
      },
      {
        name: 'display-name',
        optional: true,
        definite: false,
        type: { kind: 'string' },
        typeText: 'string',
        line: 11,
        column: 3,
        decorators: [],
      },
    ]);
  });
});

describe('readDeclarations: imports and references', () => {
  const source = [
    "import Base from './base.js';",
    "import { User as Owner, Todo } from './models.js';",
    "import type { Priority } from './types.js';",
    "import * as all from './all.js';",
    "import Def, { named } from 'pkg';",
    "import legacy = require('./legacy');",
    "import './side-effect.js';",
    "export { x } from './re-export.js';",
  ].join('\n');
  const { imports, references } = read(source);

  it('maps every local name to its specifier and imported name', () => {
    expect(Object.fromEntries(imports)).toEqual({
      Base: { specifier: './base.js', importedName: 'default' },
      Owner: { specifier: './models.js', importedName: 'User' },
      Todo: { specifier: './models.js', importedName: 'Todo' },
      Priority: { specifier: './types.js', importedName: 'Priority' },
      all: { specifier: './all.js', importedName: '*' },
      Def: { specifier: 'pkg', importedName: 'default' },
      named: { specifier: 'pkg', importedName: 'named' },
      legacy: { specifier: './legacy', importedName: '*' },
    });
  });

  it('lists every module specifier with its position', () => {
    expect(references.map((r) => `${r.specifier}@${r.line}:${r.column}`)).toEqual([
      './base.js@1:18',
      './models.js@2:37',
      './types.js@3:31',
      './all.js@4:22',
      'pkg@5:28',
      './legacy@6:25',
      './side-effect.js@7:8',
      './re-export.js@8:19',
    ]);
  });
});
