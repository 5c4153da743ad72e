/**
 * DESIGN "Load path": a project folder → parsed, transpiled and evaluated files, every class it
 * defined with its declaration, and its application. Each call is a fresh load (new module
 * cache, new class objects) unless it is given the previous load: then files that did not
 * change, and import nothing that did, keep their modules and classes (issue 15).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

import { EvaluationTimeout, LOAD_ERROR_CODES, LoadError } from '../errors.js';
import { linkClassTypes } from './declarations/link-types.js';
import { oxcReadDeclarations } from './declarations/oxc-read-declarations.js';
import type {
  ClassDeclaration,
  FileDeclarations,
  ImportBinding,
} from './declarations/read-declarations.js';
import { resolveTypeName } from './declarations/resolve-type-name.js';
import {
  DEFAULT_EVALUATION_TIMEOUT_MS,
  evaluateWithTimeout,
} from './evaluation/evaluate-with-timeout.js';
import {
  type ClassRef,
  findApplication,
  type FoundApplication,
} from './evaluation/find-application.js';
import { loopSite } from './evaluation/loop-transformer.js';
import { type EvaluatedModule, ModuleRegistry } from './evaluation/module-registry.js';
import {
  candidatePaths,
  isRelativeSpecifier,
  notFoundReason,
  resolveRelative,
} from './evaluation/module-resolver.js';
import { listProjectFiles } from './list-project-files.js';
import { readCached, trimCache, writeCached } from './transpile-cache.js';
import ts from './typescript.js';

export type { ClassRef } from './evaluation/find-application.js';

export interface ProjectFile {
  /** Absolute path. */
  readonly path: string;
  /** Path relative to the project root, with `/` separators. */
  readonly relative: string;
  readonly source: string;
  /** TypeScript's tree of the file, parsed (and the compiler loaded) on first use. */
  readonly ast: ts.SourceFile;
  /** Its classes; field types naming aliases or enums of other project files are expanded. */
  readonly classes: readonly ClassDeclaration[];
  readonly imports: ReadonlyMap<string, ImportBinding>;
}

/** Where a runtime class was defined. */
export interface ClassSite {
  readonly file: string;
  readonly name: string;
  readonly line: number;
  readonly declaration: ClassDeclaration | undefined;
}

export interface LoadedProject {
  /** Absolute path of the project folder. */
  readonly root: string;
  readonly files: readonly ProjectFile[];
  /** Every class the project defined, exported or not, in definition order. */
  readonly classes: readonly ClassRef[];
  siteOf(ctor: object): ClassSite | undefined;
  /**
   * A type name as written in `file` (absolute, or relative to the root) to the runtime value it
   * names: a class of the same file, or an import (aliases, default and namespace imports).
   */
  resolveTypeName(file: string, name: string): unknown;
  /** The default-exported class extending the framework's `Application`, if any. */
  readonly application: FoundApplication | undefined;
  /** `module.exports` of an evaluated file (absolute, or relative to the root). */
  exportsOf(file: string): Readonly<Record<string, unknown>> | undefined;
  /** `stack` with frames of project files mapped to their original lines, for logs. */
  mapStack(stack: string): string;
  /**
   * Files whose top-level code ran in this load, in order; with `previous`, the changed files
   * and those importing them, the rest kept their modules.
   */
  readonly evaluated: readonly string[];
}

export interface LoadProjectOptions {
  /** What `import … from 'decorest'` evaluates to; its `Application` identifies the app. */
  readonly framework: object;
  /** How long top-level code may run (default 5 s). */
  readonly evaluationTimeoutMs?: number;
  /**
   * The load this one replaces (a hot reload): its modules are reused for every file whose
   * source is unchanged and whose project imports are all reused too.
   */
  readonly previous?: LoadedProject;
  /**
   * A folder without code loads as a project without models instead of failing with
   * `PROJECT_NOT_FOUND`: the studio opens an empty folder on its start screen (issue 28).
   */
  readonly allowEmpty?: boolean;
}

/** What a load leaves for the next one: the sources it evaluated and what each file did. */
interface LoadRecord {
  readonly sources: ReadonlyMap<string, string>;
  readonly modules: ReadonlyMap<string, EvaluatedModule>;
}
const records = new WeakMap<LoadedProject, LoadRecord>();

/** Previous modules still valid: same source, and every file they require still valid too. */
function reusableModules(
  previous: LoadedProject | undefined,
  sources: ReadonlyMap<string, string>,
): Map<string, EvaluatedModule> {
  const record = previous && records.get(previous);
  const reusable = new Map<string, EvaluatedModule>();
  if (!record) return reusable;
  for (const [file, module] of record.modules) {
    const source = sources.get(file);
    if (source !== undefined && source === record.sources.get(file)) reusable.set(file, module);
  }
  // Drop importers of dropped files until nothing changes (import cycles included).
  for (let dropped = true; dropped;) {
    dropped = false;
    for (const [file, module] of reusable) {
      if ([...module.requires].some((required) => !reusable.has(required))) {
        reusable.delete(file);
        dropped = true;
      }
    }
  }
  return reusable;
}

async function projectRoot(dir: string): Promise<string> {
  const root = path.resolve(dir);
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) {
    const reason = info ? 'is not a folder' : 'does not exist';
    throw new LoadError(
      LOAD_ERROR_CODES.PROJECT_NOT_FOUND,
      { file: root },
      `the project folder ${reason}`,
    );
  }
  return root;
}

function parse(file: string, source: string): ts.SourceFile {
  return ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true);
}

/** Relative imports must name existing files; checked before any code runs. */
function checkReferences(file: string, declarations: FileDeclarations): void {
  for (const reference of declarations.references) {
    if (!isRelativeSpecifier(reference.specifier)) continue;
    if (resolveRelative(file, reference.specifier)) continue;
    const tried = candidatePaths(file, reference.specifier);
    throw new LoadError(
      LOAD_ERROR_CODES.MODULE_NOT_FOUND,
      { file, line: reference.line, column: reference.column },
      notFoundReason(file, reference.specifier, tried),
    );
  }
}

/**
 * Loads the project in `dir`: every `.ts`/`.js` file (CONTRACT §7) is transpiled and evaluated
 * with `decorest` bound to `options.framework`.
 *
 * @throws LoadError `PROJECT_NOT_FOUND`, `SYNTAX_ERROR`, `MODULE_NOT_FOUND`, `MODULE_THREW` or
 * `BAD_APPLICATION`, naming the file and line.
 * @example
 * ```ts
 * const project = await loadProject('examples/todo', { framework: decorest });
 * project.application?.ctor; // TodoApp
 * ```
 */
export async function loadProject(
  dir: string,
  options: LoadProjectOptions,
): Promise<LoadedProject> {
  const root = await projectRoot(dir);
  const paths = await listProjectFiles(root);
  if (paths.length === 0 && !options.allowEmpty) {
    throw new LoadError(
      LOAD_ERROR_CODES.PROJECT_NOT_FOUND,
      { file: root },
      'the folder has no .ts or .js files (node_modules, data and dot-folders are skipped)',
    );
  }
  const sources = new Map<string, string>();
  for (const file of paths) sources.set(file, await readFile(file, 'utf8'));

  const asts = new Map<string, ts.SourceFile>();
  const declarations = new Map<string, FileDeclarations>();
  // Files imported from outside the folder are parsed when first asked about.
  const declarationsOf = (file: string): FileDeclarations | undefined => {
    if (!declarations.has(file) && registry.loadedFiles().includes(file)) {
      declarations.set(file, oxcReadDeclarations(file, registry.source(file)));
    }
    return declarations.get(file);
  };
  const astOf = (file: string): ts.SourceFile | undefined => {
    if (!asts.has(file) && registry.loadedFiles().includes(file)) {
      asts.set(file, parse(file, registry.source(file)));
    }
    return asts.get(file);
  };

  const classes: ClassRef[] = [];
  // Declarations are attached when asked for: field types are linked across files only once
  // every file has been read.
  const sites = new Map<object, Omit<ClassSite, 'declaration'>>();
  const latest = new Map<string, { index: number; ctor: ClassRef }>();
  const siteKey = (file: string, name: string, line: number) => `${file}\0${line}\0${name}`;
  const registry = new ModuleRegistry({
    root,
    framework: options.framework,
    sources,
    reuse: reusableModules(options.previous, sources),
    onSite(value, file, line, name, rebound) {
      if (typeof value !== 'function') return;
      const ctor = value as ClassRef;
      const key = siteKey(file, name, line);
      const previous = latest.get(key);
      const site = previous && sites.get(previous.ctor);
      if (rebound && previous && site) {
        // `User = __decorate([...], User)` may return a new class: it replaces the old one.
        sites.set(ctor, site);
        classes[previous.index] = ctor;
        latest.set(key, { index: previous.index, ctor });
        return;
      }
      sites.set(ctor, { file, name, line });
      latest.set(key, { index: classes.push(ctor) - 1, ctor });
    },
  });

  // Phase order keeps errors deterministic: syntax, then imports, then evaluation.
  for (const file of paths) {
    const source = sources.get(file)!;
    const cached = readCached(file, source);
    if (cached) {
      declarations.set(file, cached.declarations);
      registry.provide(file, cached.transpiled);
      continue;
    }
    // Issue 27: read with oxc-parser, so a cold load needs no TypeScript to read declarations.
    const declared = oxcReadDeclarations(file, source);
    declarations.set(file, declared);
    writeCached(file, source, { transpiled: registry.prepare(file), declarations: declared });
  }
  // Only after a load that wrote entries: a warm start lists no folder.
  trimCache();
  for (const file of paths) checkReferences(file, declarations.get(file)!);
  try {
    evaluateWithTimeout(() => {
      for (const file of paths) registry.load(file);
    }, options.evaluationTimeoutMs ?? DEFAULT_EVALUATION_TIMEOUT_MS);
  } catch (error) {
    if (!(error instanceof EvaluationTimeout)) throw error;
    throw timeoutError(registry, root, error.timeoutMs);
  }

  const files: ProjectFile[] = paths.map((file) => ({
    path: file,
    relative: path.relative(root, file).split(path.sep).join('/'),
    source: sources.get(file)!,
    // Parsed on demand: a load served from the transpile cache has no tree yet.
    get ast() {
      return astOf(file)!;
    },
    classes: linkClassTypes(file, declarations),
    imports: declarations.get(file)!.imports,
  }));

  const linked = new Map(files.map((f) => [f.path, f.classes]));
  const siteOf = (ctor: object): ClassSite | undefined => {
    const site = sites.get(ctor);
    if (!site) return undefined;
    if (!linked.has(site.file) && declarationsOf(site.file)) {
      linked.set(site.file, linkClassTypes(site.file, declarations));
    }
    const declaration = linked
      .get(site.file)
      ?.find((c) => c.name === site.name && c.line === site.line);
    return { ...site, declaration };
  };

  const absolute = (file: string) => path.resolve(root, file);
  const exportsOf = (file: string): Readonly<Record<string, unknown>> | undefined => {
    const value = registry.exportsOf(absolute(file));
    const isRecord = (typeof value === 'object' && value !== null) || typeof value === 'function';
    return isRecord ? (value as Readonly<Record<string, unknown>>) : undefined;
  };
  const application = findApplication({
    root,
    framework: options.framework,
    files: paths,
    exportsOf: (file) => registry.exportsOf(file),
    lineOf: (ctor) => sites.get(ctor)?.line,
  });

  const loaded: LoadedProject = {
    root,
    files,
    classes,
    siteOf,
    resolveTypeName: (file, name) =>
      resolveTypeName(
        {
          declarationsOf,
          classAt: (f, n, line) => latest.get(siteKey(f, n, line))?.ctor,
          exportsOf: (f) => registry.exportsOf(f),
          requireFrom: (f, specifier) => registry.requireFrom(f, specifier),
        },
        absolute(file),
        name,
      ),
    application,
    exportsOf,
    mapStack: (stack) => registry.sourceMaps.mapStack(stack),
    evaluated: registry.evaluatedFiles(),
  };
  const modules = new Map<string, EvaluatedModule>();
  for (const file of paths) {
    const module = registry.evaluated(file);
    if (module) modules.set(file, module);
  }
  records.set(loaded, { sources, modules });
  return loaded;
}

/**
 * Issue 18: the watchdog leaves no stack, so the line comes from the loop marks the transpiler
 * adds (`loop-transformer.ts`): the last loop to begin an iteration is the one spinning.
 */
function timeoutError(registry: ModuleRegistry, root: string, timeoutMs: number): LoadError {
  const evaluating = registry.evaluatingFile ?? root;
  const loop = loopSite(registry.loops);
  if (!loop) {
    const reason = `the file's top-level code did not finish within ${timeoutMs} ms (an endless loop at import time?)`;
    return new LoadError(LOAD_ERROR_CODES.MODULE_TIMEOUT, { file: evaluating }, reason);
  }
  const within = `the import did not finish within ${timeoutMs} ms`;
  const importing =
    loop.file === evaluating
      ? ''
      : ` (called while ${path.relative(root, evaluating)} was imported)`;
  return new LoadError(
    LOAD_ERROR_CODES.MODULE_TIMEOUT,
    loop,
    `${within}: the loop at this line never ended${importing}`,
  );
}
