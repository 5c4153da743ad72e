/**
 * One project file to CommonJS that `vm.compileFunction` can run, with a source map back to the
 * original lines. Uses the `typescript` JS API (DESIGN "Stack": 6.x keeps the compiler API).
 */
import { LOAD_ERROR_CODES, LoadError } from '../../errors.js';
import ts from '../typescript.js';
import { loopTransformer } from './loop-transformer.js';
import { siteTransformer } from './site-transformer.js';

/**
 * A transpiled file: CommonJS and the raw source map of it. It does not depend on where the
 * file is: loop marks name it as `LOOP_FILE`, which `placeFile` replaces when it is compiled.
 */
export interface TranspiledModule {
  readonly code: string;
  readonly sourceMap: string;
}

// A function, not a constant: reading `ts.ModuleKind` at import time would load the compiler
// even for starts served from the transpile cache.
const compilerOptions = (): ts.CompilerOptions => ({
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2022,
  // DESIGN "Stack": legacy decorators + metadata, as model authors write them.
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  // Declared-only fields (`id!: number`) must not become own properties set to undefined.
  useDefineForClassFields: false,
  esModuleInterop: true,
  sourceMap: true,
  inlineSources: false,
});

// The map is handed over as data; a `sourceMappingURL` comment would let Node's own
// `--enable-source-maps` remap our frames a second time.
const SOURCE_MAPPING_URL = /\n\/\/# sourceMappingURL=[^\n]*\s*$/;

function syntaxError(file: string, diagnostics: readonly ts.Diagnostic[]): LoadError {
  const first = diagnostics[0]!;
  const reason = ts.flattenDiagnosticMessageText(first.messageText, '\n');
  const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more)` : '';
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

/**
 * Transpiles `source` (TypeScript or JavaScript, by `file`'s extension) for the loader.
 *
 * @throws LoadError `SYNTAX_ERROR` at the first syntactic diagnostic, with the 1-based line and
 * column of the original source.
 * @example
 * ```ts
 * const { code, sourceMap } = transpile('export class User { id!: number }', '/p/user.ts');
 * ```
 */
export function transpile(source: string, file: string): TranspiledModule {
  const output = ts.transpileModule(source, {
    fileName: file,
    compilerOptions: compilerOptions(),
    reportDiagnostics: true,
    // The loop marks first, on the parsed tree (they need the source lines of loops).
    transformers: { before: [loopTransformer(), siteTransformer()] },
  });
  const errors = (output.diagnostics ?? []).filter(
    (d) => d.category === ts.DiagnosticCategory.Error,
  );
  if (errors.length > 0) throw syntaxError(file, errors);
  return {
    code: output.outputText.replace(SOURCE_MAPPING_URL, '\n'),
    sourceMap: output.sourceMapText ?? '',
  };
}
