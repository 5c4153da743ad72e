/**
 * Issue 27: the oxc reader must read every file exactly as the TypeScript reader does. One corpus
 * (the examples, the loader's and app's fixtures, the model-edit corpus, the framework's own
 * sources and hand-written tricky cases) runs through both readers; the results must be equal.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { CORPUS } from '../../model-edit/corpus.js';
import { isTypeScriptLoaded } from '../typescript.js';
import { oxcReadDeclarations } from './oxc-read-declarations.js';
import { type FileDeclarations, readDeclarations } from './read-declarations.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function tsRead(file: string, source: string): FileDeclarations {
  return readDeclarations(ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true), file);
}

/** Maps as entry lists, so order counts too. */
function plain(declarations: FileDeclarations): unknown {
  return {
    classes: declarations.classes,
    imports: [...declarations.imports],
    types: [...declarations.types],
    references: declarations.references,
    classLines: [...declarations.topLevel.classLines],
    aliases: [...declarations.topLevel.aliases],
  };
}

function filesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full));
    else if (/\.(ts|js)$/.test(entry.name)) found.push(full);
  }
  return found;
}

const TRICKY: Readonly<Record<string, string>> = {
  'generics.ts': `class Box<T> { value!: T; items!: Array<T>; map!: Map<string, T>; list?: ReadonlyArray<Box<T>>; }
export class Page<T extends object = {}> extends Base<T> { rows!: T[]; }`,
  'unions.ts': `type Priority = 'low' | 'high';
export type Level = Priority | 'urgent' | null;
type Maybe<T> = T | null;
type Loop = Loop[];
type A = B; type B = A;
type Flag = true | false;
type Owner = User;
type Qualified = models.User;
class T {
  a!: string | null;
  b?: null | Date | undefined;
  c!: | 'x' | 'y';
  d!: | null;
  e!: (('a' | 'b') | null)[] | null;
  f!: Priority | 'other';
  g!: Level;
  h!: Maybe<string>;
  i!: string | number;
  j!: 1 | 2;
  k!: true | boolean;
  l!: Loop;
  m!: A;
  n!: \`tpl\`;
  o!: null;
  p!: undefined;
  q!: readonly string[];
  r!: keyof User;
  s!: User['id'];
  t!: () => void;
  u!: { a: string };
  v!: [string, number];
  w!: Owner;
  x!: Flag | null;
}`,
  'objects.ts': `export interface Category { id: number; readonly name?: string | null }
interface Tagged extends Category { tags: { id: number; 'label-text': string }[] }
interface Generic<T> { value: T }
interface FromGeneric extends Generic<string> { x: number }
interface Methods { run(): void; id: number }
interface Indexed { [key: string]: number }
interface Empty {}
interface Node { value: number; children?: Node[]; parent?: Node | null }
type Point = { x: number; y: number };
type Wrapped = { point: Point; at?: Date };
class Pet {
  category?: Category;
  tagged!: Tagged;
  inline!: { id: number; name: string; deep?: { level: 'a' | 'b'; when: Date | null } };
  list?: { id: number; name: string }[] | null;
  point!: Point;
  wrapped!: Wrapped;
  generic!: Generic<number>;
  fromGeneric!: FromGeneric;
  methods!: Methods;
  indexed!: Indexed;
  empty!: Empty;
  emptyLiteral!: {};
  node!: Node;
  quoted!: { 'a-b': string; 1: number; ["c"]: boolean };
  untyped!: { a; b: string };
  optionalMethod!: { a?(): void };
}`,
  'arrays.ts': `class Lists { a!: string[]; b!: Array<number>; c!: Date[][]; d!: Array<Array<boolean>>;
  e!: ReadonlyArray<string>; f!: readonly Date[]; g!: Array<string, number>; h!: Array; i!: (string | null)[]; }`,
  'flags.ts': `abstract class Flags {
  optional?: string;
  definite!: number;
  plain: boolean = true;
  declare declared: string;
  readonly ro: string = '';
  public pub?: string;
  private priv!: string;
  protected prot?: string;
  abstract abs: string;
  override over?: string;
  accessor acc: string = '';
  static stat: string;
  static accessor statAcc = 1;
  #hash = 1;
  'quoted-name'!: string;
  ["computed"]!: number;
  [\`templ\`]!: number;
  [Symbol.iterator]!: number;
  [key]!: number;
  1: string;
  0x10: string;
  1.50: string;
  1e3: string;
  [index: string]: unknown;
  method(): void {}
  get getter(): number { return 1; }
  set setter(v: number) {}
  static { }
  constructor(public param: string) {}
}`,
  'enums.ts': `export enum Size { S = 's', M = "m", L = \`l\` }
enum Rank { A, B }
const enum Mixed { A = 'a', B = 1 }
declare enum Ambient { X = 'x' }
export declare enum Both { Y = 'y' }
enum Empty {}
class E { size!: Size; rank?: Rank; mixed!: Mixed; sizes!: Size[]; either!: Size | 'xl' | null; amb!: Ambient; both!: Both; empty!: Empty; }`,
  'imports.ts': `import Base from './base.js';
import { User as Owner, Todo, 'quoted name' as q } from './models.js';
import type { Priority } from './types.js';
import { type Kind, other } from './kinds.js';
import * as all from './all.js';
import Def, { named } from 'pkg';
import Def2, * as ns from 'pkg2';
import legacy = require('./legacy');
export import exported = require('./exported');
import Alias = all.Thing;
import './side-effect.js';
export { x } from './re-export.js';
export * from './star.js';
export * as starNs from './star-ns.js';
export type { T } from './type-only.js';
export { local };
import Base from './again.js';
class Uses { owner!: Owner; todo?: Todo[]; p!: Priority; k!: all.Thing; l!: ns.Deep.Name; }`,
  'defaults.ts': `@Rest()
export default class {
  id!: number;
}
export default abstract class Named extends Base {}
export const Exported = class Inner extends Base {};
export default (class Expr {});`,
  'declare.ts': `declare class Ambient { x: string; }
export declare class AmbientExported { y: string; }
declare namespace NS { class Inside { z: string } namespace Deeper { class Deepest {} } }
declare module 'mod' { class InModule {} }
declare global { class InGlobal {} }
namespace Real { export class InNamespace { a!: string; } }
declare const declaredVar: typeof Base;
declare let ambientClass: { new (): object };`,
  'expressions.ts': `let User = class User { name!: string; };
const Anon = class { id!: number; };
var Wrapped = (class Wrapped2 { a?: string; });
const Cast = class { b!: string; } as unknown as typeof Base;
const Sat = (class { c!: string; }) satisfies object;
const NonNull = (class { d!: string; })!;
const Asserted = <typeof Base>class { e!: string; };
const a = 1, B = class B { f!: number; };
const [Destructured] = [class { g!: string; }];
foo(class Arg { h!: string; });
x = class Assigned { i!: string; };
function make() {
  class Nested { j!: string; }
  const NestedExpr = class { k!: string; };
  return class Returned {};
}
class Outer { m() { class InMethod { l!: string; } } }`,
  'decorators.ts': `import * as d from 'decorest';
@Rest({ path: '/x' })
@d.FromDataSource('db')
export class Decorated {
  @Field({ min: 1, max: 10 }) @d.Extra note?: string;
  @BelongTo(() => User) user?: User;
  @a.b.c() chained!: string;
  @factory()() twice!: string;
  @(parenthesized) paren!: string;
  @Generic<string>() generic!: string;
  @withArgs(1, 'two', [3], { four: 4 })
  @  spaced
  multi!: string;
  @HasMany
  books!: Book[];
}`,
  'unicode.ts': `// ✨ émoji 😀 before everything — and 中文
/* 🎉 block 😀 */ const s = '😀😀';
export default class {}
/** Café ☕ */
export class Café {
  /** 😀 */ naïve!: string; /* 👍 */ ünïcode?: 'ä' | 'ö';
  '😀 key'!: number;
}
import { X } from './😀.js'; const t = "𝒳"; import { Y } from './y.js';
class After {} // 😀 after`,
  'line-breaks.ts':
    "const a = '\u2028';\r\nclass CRLF {\r\n  x!: string;\r\n}\rclass CR {\r  y!: number;\r}\u2028class LS { z!: Date; }\u2029class PS { w?: boolean; }\n",
  'bom.ts': '\uFEFFclass Bom { x!: string; }\nclass Second { y!: number; }',
  'comments.ts': `// leading comment
/** doc */
// @ts-ignore
/* block */ export /* inline */ class /* x */ Commented /* y */ extends /* z */ Base {
  // comment
  /* c */ field /* d */ ! /* e */ : /* f */ string /* g */;
}
@Dec /* after */ export default /* here */ class /* anon */ {}`,
  'jsdoc.js': `export class Plain {
  /** @type {'a' | 'b'} */
  x;
  /**
   * A name.
   * @type {string}
   */
  name;
  /** @type {string | null} */ nullable;
  /** @type {Array<number>} */ numbers;
  /** @type {?string} */ jsdocNullable;
  /** @type {*} */ anything;
  /** @type {{ a: string }} */ objectType;
  /** @type {Date[]} */ dates;
  /** @typedef {string} Nope */ notType;
  /** No tag here */ untagged;
  /* @type {string} */ notJsDoc;
  /** @type {string} */
  /** @type {number} */
  twice;
  /** @type {boolean} */ static stat;
  /** @type string */ unbraced;
  /** @see x @type {string} */ midLine;
  plainField = 1;
}`,
  'jsdoc-forms.js': `class Forms {\n  /** hello @type {string} */\n  f0;\n  /** @type string */\n  f1;\n  /** @type string | null */\n  f2;\n  /** @type {string} more text */\n  f3;\n  /**@type {string}*/\n  f4;\n  /** @see x @type {string} */\n  f5;\n  /** @type {Array.<string>} */\n  f6;\n  /** @type {string}\n * @type {number} */\n  f7;\n  /** @param x @type {string} */\n  f8;\n  /** @type */\n  f9;\n  /** @type {} */\n  f10;\n  /** @type {'a' |\n *  'b'} */\n  f11;\n  /** @type {Object.<string, number>} */\n  f12;\n  /** x\n @type {string} */\n  f13;\n  /** @type {string=} */\n  f14;\n  /** @type {!string} */\n  f15;\n  /** @type {string} */ /* plain */\n  f16;\n  /** @type {string} */ // line\n  f17;\n  /** a */ /** @type {string} */\n  f18;\n  /** @type {string} */ /** b */\n  f19;\n  /** email@type.com */\n  f20;\n  /** @returns {x} @type {string} */\n  f21;\n  /** @type {function(string): number} */\n  f22;\n  /** @type {typeof x} */\n  f23;\n  /** @type {string}} */\n  f24;\n  /** @type {{a: string}} */\n  f25;\n  /** @type { string } */\n  f26;\n  /**\n * @type\n * {string}\n */\n  f27;\n  /** @Type {string} */\n  f28;\n  /** @type {User} name */\n  f29;\n  /** @type {string|number} */\n  f30;\n  /** @type {?} */\n  f31;\n  /** @type {*} */\n  f32;\n  /** @type {'a'|'b'|null} */\n  f33;\n  /** @type {Array<Date>|null} */\n  f34;\n}`,
  'jsdoc-ts.ts': `type P = 'x' | 'y';
class Typed {
  /** @type {P} */ local;
  /** @type {number} */ annotated: string;
  /** @type {string} */
  @Field() decorated;
}`,
  'compiled.js': `"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) { return target; };
Object.defineProperty(exports, "__esModule", { value: true });
exports.Author = void 0;
const decorest_1 = require("decorest");
let Author = class Author {
    id;
    name;
};
exports.Author = Author;
exports.Author = Author = __decorate([(0, decorest_1.Rest)()], Author);`,
  'typed.js': `import { Rest } from 'decorest';
export class TypedInJs { name!: string; age?: number; }`,
  'syntax.ts': `class A { x!: string; }
const s = \`a\${1}b\`;
const re = /class Fake {}/g;
const str = 'class Fake2 {}';
label: for (;;) { break label; }
export { A as B, A as default };
export = A;`,
  'interfaces.ts': `interface I { a: string; }
class Impl implements I, J { a!: string; }
abstract class AbstractBase<T> { abstract id: T; }
class Sub extends AbstractBase<number> implements I { id!: number; a!: string; }
class Mixed extends mixin(A, B) {}
class Paren extends (Base) {}
class Opt extends a?.b {}
class Call extends factory().Base {}`,
};

interface Case {
  readonly file: string;
  readonly source: string;
}

function corpus(): Case[] {
  const cases: Case[] = [];
  const roots = ['examples', 'core/src/loader/fixtures', 'core/src/app/fixtures', 'core/src'];
  const seen = new Set<string>();
  for (const root of roots) {
    for (const file of filesUnder(path.join(REPO, root))) {
      if (seen.has(file)) continue;
      seen.add(file);
      cases.push({ file, source: readFileSync(file, 'utf8') });
    }
  }
  for (const project of CORPUS) {
    for (const [name, source] of Object.entries(project.files)) {
      cases.push({ file: `/corpus/${project.name}/${name}`, source });
    }
  }
  for (const [name, source] of Object.entries(TRICKY)) {
    cases.push({ file: `/tricky/${name}`, source });
  }
  return cases;
}

const CASES = corpus();
// A broken file fails its load (SYNTAX_ERROR) before its declarations are used: TypeScript
// recovers a tree from it, oxc stops. Anything else must read the same.
const BROKEN = new Set([path.join(REPO, 'core/src/loader/fixtures/broken-syntax/model.ts')]);

// First in the file: the corpus below loads TypeScript for the other reader.
describe('oxcReadDeclarations: without the TypeScript compiler', () => {
  it('reads a model file with TypeScript never loaded', () => {
    const { classes } = oxcReadDeclarations(
      '/p/todo.ts',
      "class Todo {\n  title!: 'a' | 'b';\n}\n",
    );
    expect(classes[0]!.properties[0]!.type).toEqual({ kind: 'enum', values: ['a', 'b'] });
    expect(isTypeScriptLoaded()).toBe(false);
  });
});

describe('oxcReadDeclarations: the same declarations as the TypeScript reader', () => {
  it('has a corpus worth the name', () => {
    expect(CASES.length).toBeGreaterThan(300);
  });

  it.each(CASES.filter((c) => !BROKEN.has(c.file)).map((c) => [path.relative(REPO, c.file), c]))(
    '%s',
    (_name, { file, source }) => {
      expect(plain(oxcReadDeclarations(file, source))).toEqual(plain(tsRead(file, source)));
    },
  );
});

describe('oxcReadDeclarations: the tricky cases are read, not skipped', () => {
  it.each(Object.entries(TRICKY))('%s declares something', (name, source) => {
    const read = oxcReadDeclarations(`/tricky/${name}`, source);
    expect(read.classes.length + read.imports.size + read.types.size).toBeGreaterThan(0);
  });

  it('reads nothing from a file with a syntax error, where TypeScript recovers a tree', () => {
    // The load stops at SYNTAX_ERROR for such a file before its declarations are used.
    const [broken] = BROKEN;
    const source = readFileSync(broken!, 'utf8');
    expect(oxcReadDeclarations(broken!, source).classes).toEqual([]);
    expect(tsRead(broken!, source).classes).not.toEqual([]);
  });
});

describe('oxcReadDeclarations: positions', () => {
  it('gives 1-based UTF-16 columns after non-ASCII text', () => {
    const source = "const s = '😀é'; class A {\n  /* ☕ */ x!: string;\n}\n";
    const { classes } = oxcReadDeclarations('/p/a.ts', source);
    expect(classes[0]).toMatchObject({ name: 'A', line: 1, column: 24 });
    expect(classes[0]!.properties[0]).toMatchObject({ name: 'x', line: 2, column: 11 });
  });
});
