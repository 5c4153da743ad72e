import vm from 'node:vm';

import { describe, expect, it } from 'vitest';

import { LoadError } from '../../errors.js';
import { LOOP_MARKER } from './loop-transformer.js';
import { SITE_FUNCTION } from './site-transformer.js';
import { SourceMaps } from './source-maps.js';
import { swcOptions, swcTransformSync, transpile } from './transpile.js';

interface Site {
  value: unknown;
  line: number;
  name: string;
  rebound: boolean;
}

/** Runs transpiled code as the loader does and returns its exports and reported sites. */
function run(source: string, file = '/project/model.ts', modules: Record<string, unknown> = {}) {
  const { code } = transpile(source, file);
  const sites: Site[] = [];
  const module = { exports: {} as Record<string, unknown> };
  const fn = vm.compileFunction(
    code,
    ['exports', 'require', 'module', '__filename', '__dirname', SITE_FUNCTION],
    { filename: file },
  );
  const require = (specifier: string) => modules[specifier];
  const site = (value: unknown, line: number, name: string, rebound?: boolean) =>
    sites.push({ value, line, name, rebound: rebound === true });
  fn(module.exports, require, module, file, '/project', site);
  return { exports: module.exports, sites, code };
}

// A class decorator that replaces the class, so "after decoration" is observable.
const framework = {
  Replace: (target: new () => object) => class Replaced extends target {},
  Mark: () => undefined,
};

describe('transpile', () => {
  it('reports a decorated class after decoration, with the final binding', () => {
    const { exports, sites, code } = run(
      `import { Replace } from 'decorest';\n\n@Replace\nexport class User {\n  id!: number;\n}\n`,
      '/project/user.ts',
      { decorest: framework },
    );
    // SWC's legacy-decorator helper (TypeScript's was `__decorate`).
    expect(code).toMatch(/User = _ts_decorate\([\s\S]*\n__decorestSite\(User, 4, "User"\)/);
    expect(sites).toHaveLength(1);
    expect(sites[0]!.value).toBe(exports['User']);
    expect((sites[0]!.value as { name: string }).name).toBe('Replaced');
    expect(sites[0]).toMatchObject({ line: 4, name: 'User', rebound: false });
  });

  it('reports classes that are not exported, nested ones each time they are defined', () => {
    const { sites } = run(
      [
        'class Hidden {}',
        'export function make() {',
        '  class Inner {}',
        '  return Inner;',
        '}',
        'make();',
        'make();',
      ].join('\n'),
    );
    expect(sites.map((s) => `${s.name}:${s.line}`)).toEqual(['Hidden:1', 'Inner:3', 'Inner:3']);
    expect(sites[1]!.value).not.toBe(sites[2]!.value);
  });

  it('reports an anonymous default-exported class under the name default', () => {
    const { exports, sites } = run('export default class {\n  x = 1;\n}\n');
    expect(sites).toEqual([
      { value: exports['default'], line: 1, name: 'default', rebound: false },
    ]);
  });

  it('reports a class bound to an exported variable through its export', () => {
    const { exports, sites } = run(
      'export const Tag = class {};\nexport let Label = class Label {};',
    );
    expect(sites.map((s) => s.value)).toEqual([exports['Tag'], exports['Label']]);
    expect(sites.map((s) => s.name)).toEqual(['Tag', 'Label']);
  });

  it('reports a compiled class again when __decorate rebinds it', () => {
    const compiled = [
      'var __decorate = function (ds, t) { return ds.reduce((c, d) => d(c) || c, t); };',
      "const decorest_1 = require('decorest');",
      'let Book = class Book {};',
      'exports.Book = Book;',
      'exports.Book = Book = __decorate([decorest_1.Replace], Book);',
    ].join('\n');
    const { exports, sites } = run(compiled, '/project/book.js', { decorest: framework });
    expect(sites.map((s) => [s.name, s.line, s.rebound])).toEqual([
      ['Book', 3, false],
      ['Book', 3, true],
    ]);
    expect(sites[1]!.value).toBe(exports['Book']);
    expect(sites[0]!.value).not.toBe(exports['Book']);
  });

  it('ignores ambient classes, which have no runtime value', () => {
    const { sites } = run('declare class Ghost {}\ndeclare namespace N { class Inner {} }\n');
    expect(sites).toEqual([]);
  });

  it('keeps declared-only fields off instances (useDefineForClassFields: false)', () => {
    const { exports } = run('export class User {\n  id!: number;\n  name?: string;\n}\n');
    const User = exports['User'] as new () => object;
    expect(Object.keys(new User())).toEqual([]);
  });

  it('emits design:type metadata for decorated fields', () => {
    const { code } = run(
      "import { Mark } from 'decorest';\nexport class T {\n  @Mark done!: boolean;\n}\n",
      '/project/t.ts',
      { decorest: framework },
    );
    expect(code).toContain('_ts_metadata("design:type", Boolean)');
  });

  it('runs plain JavaScript files', () => {
    const { exports, sites } = run('export class Note {\n  text;\n}\n', '/project/note.js');
    expect(typeof exports['Note']).toBe('function');
    expect(sites).toHaveLength(1);
  });

  it('rejects a syntax error with the original 1-based line and column', () => {
    const source =
      "import { Rest } from 'decorest';\n\nexport class Todo {\n  content: string = ;\n}\n";
    let error: unknown;
    try {
      transpile(source, '/project/todo.ts');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LoadError);
    expect(error).toMatchObject({
      code: 'SYNTAX_ERROR',
      file: '/project/todo.ts',
      line: 4,
      column: 21,
    });
    expect((error as Error).message).toBe('/project/todo.ts:4:21: Expression expected.');
  });

  it('rejects type annotations in a .js file', () => {
    expect(() => transpile('export const x: number = 1;\n', '/project/x.js')).toThrow(
      /x\.js:1:17: Type annotations can only be used in TypeScript files/,
    );
  });

  it('maps every position to the column the user wrote, marks put in before it', () => {
    const source = 'let n = 0;\nwhile (n < 1) { n++; const é = "ü"; throw new Error("x" + é); }\n';
    const { code, sourceMap } = transpile(source, '/p/cols.ts');
    expect(code).toContain(LOOP_MARKER);
    const maps = new SourceMaps();
    maps.add('/p/cols.ts', sourceMap);
    const fn = vm.compileFunction(code, ['exports', LOOP_MARKER, SITE_FUNCTION], {
      filename: '/p/cols.ts',
    });
    let stack = '';
    try {
      fn({}, { at: '' }, () => undefined);
    } catch (error) {
      stack = (error as Error).stack!;
    }
    // `new Error(...)` is at line 2, column 43 of the source (é and ü are one column each).
    expect(maps.locate(stack)).toEqual({ file: '/p/cols.ts', line: 2, column: 43 });
  });

  it('blames the decorated class for a decorator that throws', () => {
    const source = [
      "import { Boom } from 'decorest';",
      '',
      '@Boom()',
      'export class Locked {',
      '  @Boom() id!: number;',
      '}',
    ].join('\n');
    const { code, sourceMap } = transpile(source, '/p/locked.ts');
    const maps = new SourceMaps();
    maps.add('/p/locked.ts', sourceMap);
    const unmapped = code.split('\n').findIndex((l) => l.includes('_ts_decorate(['));
    expect(maps.original('/p/locked.ts', unmapped + 1, 1)?.line).toBe(5);
    const classLine = code.split('\n').findIndex((l) => l.includes('Locked = _ts_decorate(['));
    expect(maps.original('/p/locked.ts', classLine + 1, 1)?.line).toBe(4);
  });

  it('leaves an export undefined until its class is defined, as CommonJS did (import cycles)', () => {
    const { exports } = run(
      'export const early = (exports as any).User;\nexport class User {}\nexport const late = 1;\n',
    );
    expect(exports['early']).toBeUndefined();
    expect(typeof exports['User']).toBe('function');
    const single = run('export const early = (exports as any).User;\nexport class User {}\n');
    expect(single.exports['early']).toBeUndefined();
  });

  it('runs a script (CommonJS, no import or export) in strict mode, as TypeScript emitted it', () => {
    const { code } = transpile('exports.a = 1;\n', '/p/a.js');
    expect(code.startsWith('"use strict";')).toBe(true);
    expect(() => run('undeclared = 1;\n', '/p/sloppy.js')).toThrow(ReferenceError);
  });

  it('leaves no sourceMappingURL for Node to apply a second time', () => {
    const { code, sourceMap } = transpile('export const a = 1;\n', '/project/a.ts');
    expect(code).not.toContain('sourceMappingURL');
    expect(JSON.parse(sourceMap)).toMatchObject({ version: 3 });
  });
});

describe("SWC's binding, called without @swc/core's index", () => {
  it('transpiles exactly as @swc/core.transformSync does, map included', async () => {
    const { createRequire } = await import('node:module');
    const swc = createRequire(import.meta.url)('@swc/core') as typeof import('@swc/core');
    const source = [
      "import { Field, Rest } from 'decorest';",
      '@Rest()',
      'export class Todo {',
      '  @Field() title!: string;',
      '  done?: boolean = false;',
      '}',
    ].join('\n');
    const script = 'class Helper { count = 1; }\nmodule.exports = { Helper };';
    for (const [file, code, typescript] of [
      ['/project/todo.ts', source, true],
      ['/project/helper.js', script, false],
    ] as const) {
      const opts = () => swcOptions(file, typescript);
      const ours = swcTransformSync(code, opts());
      expect(ours.code).toContain('class');
      expect(ours).toEqual(swc.transformSync(code, opts()));
    }
  });
});
