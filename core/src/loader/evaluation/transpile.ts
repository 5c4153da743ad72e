/**
 * One project file to CommonJS that `vm.compileFunction` can run, with a source map back to the
 * original lines and columns. SWC transpiles (issue 27: no TypeScript compiler on the way to the
 * first answer; SWC loads in ~35 ms where `typescript` takes 300–800 ms); the loop marks and class
 * sites are put in the source first (`instrument.ts`), at positions oxc-parser finds.
 */
import path from 'node:path';

import type { Options } from '@swc/core';

import { LOAD_ERROR_CODES, LoadError } from '../../errors.js';
import { requireCjs } from '../../require-cjs.js';
import ts from '../typescript.js';
import { finishMap, instrument, lineStarts, positionOf } from './instrument.js';

/**
 * A transpiled file: CommonJS and the raw source map of it. It does not depend on where the
 * file is: loop marks name it as `LOOP_FILE`, which `placeFile` replaces when it is compiled.
 */
export interface TranspiledModule {
  readonly code: string;
  readonly sourceMap: string;
}

/** SWC's native binding: what `@swc/core`'s `transformSync` calls once it has its options. */
interface SwcBinding {
  transformSync(source: string, isModule: boolean, options: Buffer): { code: string; map?: string };
}

// Loaded on the first transpile: a start served from the transpile cache needs no transpiler.
// The binding is called without `@swc/core`'s index, which loads `node:assert` and the bundler
// (~3 ms of every first start, issue 27); with no `plugin` option and the parser's syntax set,
// its `transformSync` only serialises the options (the version is pinned; transpile.test.ts
// compares both ways).
let binding: SwcBinding | undefined;
export const swcTransformSync = (source: string, opts: Options): { code: string; map?: string } =>
  (binding ??= requireCjs('@swc/core/binding.js') as SwcBinding).transformSync(
    source,
    false,
    Buffer.from(JSON.stringify(opts)),
  );

/** The transpiler's version, read from its package.json without loading it (cache keys). */
export function transpilerVersion(): string {
  return (requireCjs('@swc/core/package.json') as { version: string }).version;
}

export const swcOptions = (file: string, typescript: boolean): Options => ({
  // The base name only: the map names no folder (the cached entry is path-free).
  filename: path.basename(file),
  // Parsed as a module only when it has `import`/`export` (a CommonJS `.js` file is a script).
  isModule: 'unknown',
  swcrc: false,
  configFile: false,
  sourceMaps: true,
  inlineSourcesContent: false,
  jsc: {
    target: 'es2022',
    parser: typescript
      ? { syntax: 'typescript', decorators: true }
      : { syntax: 'ecmascript', decorators: true },
    transform: {
      // DESIGN "Stack": legacy decorators + metadata, as model authors write them.
      legacyDecorator: true,
      decoratorMetadata: true,
      // Declared-only fields (`id!: number`) must not become own properties set to undefined.
      useDefineForClassFields: false,
    },
    externalHelpers: false,
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
});

// The map is handed over as data; a `sourceMappingURL` comment would let Node's own
// `--enable-source-maps` remap our frames a second time.
const SOURCE_MAPPING_URL = /\n\/\/# sourceMappingURL=[^\n]*\s*$/;

// TypeScript's own messages for the error path only (a file that does not parse): the load
// errors read as they always have. It is loaded then, never for a file that parses.
const tsCompilerOptions = (): ts.CompilerOptions => ({
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2022,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  useDefineForClassFields: false,
  esModuleInterop: true,
});

function typeScriptSyntaxError(source: string, file: string): LoadError | undefined {
  const output = ts.transpileModule(source, {
    fileName: file,
    compilerOptions: tsCompilerOptions(),
    reportDiagnostics: true,
  });
  const errors = (output.diagnostics ?? []).filter(
    (d) => d.category === ts.DiagnosticCategory.Error,
  );
  const first = errors[0];
  if (!first) return undefined;
  const reason = ts.flattenDiagnosticMessageText(first.messageText, '\n');
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  if (first.file && first.start !== undefined) {
    const { line, character } = first.file.getLineAndCharacterOfPosition(first.start);
    return new LoadError(
      LOAD_ERROR_CODES.SYNTAX_ERROR,
      { file, line: line + 1, column: character + 1 },
      `${reason}${more}`,
    );
  }
  return new LoadError(LOAD_ERROR_CODES.SYNTAX_ERROR, { file }, `${reason}${more}`);
}

/** The error for a file the parser rejected: TypeScript's wording when it agrees, else ours. */
function syntaxError(
  source: string,
  file: string,
  problems: readonly { message: string; offset: number | undefined; lineOnly?: boolean }[],
): LoadError {
  const fromTypeScript = typeScriptSyntaxError(source, file);
  if (fromTypeScript) return fromTypeScript;
  const first = problems[0]!;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  if (first.offset === undefined) {
    return new LoadError(LOAD_ERROR_CODES.SYNTAX_ERROR, { file }, `${first.message}${more}`);
  }
  const [line, column] = positionOf(lineStarts(source), first.offset);
  return new LoadError(
    LOAD_ERROR_CODES.SYNTAX_ERROR,
    first.lineOnly ? { file, line: line + 1 } : { file, line: line + 1, column: column + 1 },
    `${first.message}${more}`,
  );
}

const LIVE = '__decorestLive';
// SWC's two forms of an exported binding: through its `_export` helper, or one property.
const HELPER_GETTER = '        get: Object.getOwnPropertyDescriptor(all, name).get\n';
const SINGLE_GETTER =
  /(Object\.defineProperty\(exports, "[^"\n]+", \{\n {4}enumerable: true,\n {4}get: )function\(\) \{\n( {8}return [^\n]+;\n) {4}\}\n\}\);/g;
// Appended after the code (a declaration is hoisted): no mapped line moves.
const LIVE_FUNCTION =
  `function ${LIVE}(get) { return function () { try { return get(); } catch (e) { ` +
  `if (e instanceof ReferenceError) return undefined; throw e; } }; }\n`;

/**
 * SWC exports a binding through a getter, which throws while the binding is not yet initialised
 * (a class read by a file it imports in a cycle, e.g. by `design:type` metadata); TypeScript's
 * CommonJS left the export undefined until it was assigned, and model files rely on that
 * (`@BelongTo author?: Author` in a cycle). The getters return undefined until then. Only lines
 * that map nowhere change, and no line is added before mapped code.
 */
function tolerantExports(code: string): string {
  let changed = false;
  let out = code;
  if (out.includes(HELPER_GETTER)) {
    out = out.replace(
      HELPER_GETTER,
      `        get: ${LIVE}(Object.getOwnPropertyDescriptor(all, name).get)\n`,
    );
    changed = true;
  }
  out = out.replace(SINGLE_GETTER, (_all, head: string, body: string) => {
    changed = true;
    return `${head}${LIVE}(function() {\n${body}    })\n});`;
  });
  return changed ? out + LIVE_FUNCTION : out;
}

/** `.ts`, `.mts`, `.cts` and `.tsx` are TypeScript; anything else is JavaScript. */
const isTypeScript = (file: string) => /\.[cm]?tsx?$/i.test(file);

/**
 * Transpiles `source` (TypeScript or JavaScript, by `file`'s extension) for the loader.
 *
 * @throws LoadError `SYNTAX_ERROR` at the first syntax error, with the 1-based line and
 * column of the original source.
 * @example
 * ```ts
 * const { code, sourceMap } = transpile('export class User { id!: number }', '/p/user.ts');
 * ```
 */
export function transpile(source: string, file: string): TranspiledModule {
  const typescript = isTypeScript(file);
  const instrumented = instrument(source, file, typescript ? 'ts' : 'js');
  if ('errors' in instrumented) throw syntaxError(source, file, instrumented.errors);
  // TypeScript emits `"use strict"` for every file, scripts included; SWC only for modules.
  // Put in at the very start, it takes no line (a hashbang line keeps its place).
  const hashbang = source.startsWith('#!') ? source.indexOf('\n') + 1 : 0;
  const strict =
    instrumented.isModule || (hashbang === 0 && source.startsWith('#!')) ? '' : '"use strict";';
  const insertions = strict
    ? [{ at: hashbang, text: strict }, ...instrumented.insertions]
    : instrumented.insertions;
  const code = strict
    ? instrumented.code.slice(0, hashbang) + strict + instrumented.code.slice(hashbang)
    : instrumented.code;
  let output: { code: string; map?: string };
  try {
    output = swcTransformSync(code, swcOptions(file, typescript));
  } catch (thrown) {
    // What oxc-parser accepts and SWC does not: rare; reported like any syntax error.
    const message = String(thrown instanceof Error ? thrown.message : thrown);
    const reason = /x ([^\n]+)/.exec(message)?.[1]?.trim() ?? message.split('\n')[0]!;
    // Its code frame names the line (the same in the instrumented source), not the column.
    const line = Number(/,-\[[^\]\n]*:(\d+):\d+\]/.exec(message)?.[1]);
    const offset = Number.isInteger(line) ? lineStarts(source)[line - 1] : undefined;
    throw syntaxError(source, file, [{ message: reason, offset, lineOnly: true }]);
  }
  const transpiled = tolerantExports(output.code.replace(SOURCE_MAPPING_URL, '\n'));
  return {
    code: transpiled,
    sourceMap: finishMap(output.map ?? '', transpiled, source, {
      insertions,
      decorated: instrumented.decorated,
    }),
  };
}
