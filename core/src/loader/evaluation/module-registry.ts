/**
 * Evaluates project files with CommonJS semantics in the host realm, one registry per load:
 * a fresh module cache means fresh class objects. Issue 15: a reload may hand over the modules
 * of files that did not change (nor anything they import); those are not run again, and the
 * classes they defined are announced again as if they had been.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inspect, types } from 'node:util';
import vm from 'node:vm';

import { DecorestError, LOAD_ERROR_CODES, LoadError } from '../../errors.js';
import { LOOP_MARKER, type LoopMarker, placeFile } from './loop-transformer.js';
import { ModuleResolver, notFoundReason } from './module-resolver.js';
import { SITE_FUNCTION, type SiteRecorder } from './site-transformer.js';
import { SourceMaps } from './source-maps.js';
import { transpile, type TranspiledModule } from './transpile.js';

/** Called for every `__decorestSite` a file runs: a class it defined, at a 1-based line. */
export type SiteListener = (
  value: unknown,
  file: string,
  line: number,
  name: string,
  rebound: boolean,
) => void;

export interface ModuleRegistryOptions {
  readonly root: string;
  /** What `import … from 'decorest'` evaluates to. */
  readonly framework: object;
  readonly onSite: SiteListener;
  /** Sources already read, by absolute path; other files are read from disk. */
  readonly sources?: ReadonlyMap<string, string>;
  /** Modules of a previous load to use instead of running these files again. */
  readonly reuse?: ReadonlyMap<string, EvaluatedModule>;
}

/** The `module` object a CommonJS file sees. */
interface CjsModule {
  id: string;
  filename: string;
  exports: unknown;
  loaded: boolean;
}

/** What evaluating one file did: enough to stand in for running it again. */
export interface EvaluatedModule {
  readonly module: CjsModule;
  /** Project files it required, in the order it first required them. */
  readonly requires: ReadonlySet<string>;
  /** The `onSite` calls its code made, in order. */
  readonly sites: readonly Parameters<SiteRecorder>[];
}

const PARAMETERS = [
  'exports',
  'require',
  'module',
  '__filename',
  '__dirname',
  SITE_FUNCTION,
  LOOP_MARKER,
];

// Enough frames to reach the user's line under a few decorator and require layers.
const STACK_FRAMES_WHILE_LOADING = 64;

function describeThrown(thrown: unknown): string {
  if (thrown instanceof DecorestError) return thrown.message; // already says what to fix
  if (types.isNativeError(thrown)) return `threw ${thrown.name}: ${thrown.message}`;
  return `threw ${inspect(thrown, { depth: 1, breakLength: Infinity })}`;
}

export class ModuleRegistry {
  readonly sourceMaps = new SourceMaps();
  readonly #options: ModuleRegistryOptions;
  readonly #resolver: ModuleResolver;
  readonly #modules = new Map<string, CjsModule>();
  readonly #requires = new Map<string, Set<string>>();
  readonly #sites = new Map<string, Parameters<SiteRecorder>[]>();
  readonly #evaluated: string[] = [];
  readonly #transpiled = new Map<string, TranspiledModule>();
  #depth = 0;
  readonly #evaluating: string[] = [];
  /** Where the last loop iteration of any project file began (issue 18). */
  readonly loops: LoopMarker = { at: '' };

  constructor(options: ModuleRegistryOptions) {
    this.#options = options;
    this.#resolver = new ModuleResolver(options.root);
  }

  /** Transpiles a file once (memoized); throws its SYNTAX_ERROR. */
  prepare(file: string): TranspiledModule {
    let transpiled = this.#transpiled.get(file);
    if (!transpiled) {
      transpiled = transpile(this.#source(file), file);
      this.#transpiled.set(file, transpiled);
      this.sourceMaps.add(file, transpiled.sourceMap);
    }
    return transpiled;
  }

  /** Uses an already transpiled form of `file` (from the transpile cache). */
  provide(file: string, transpiled: TranspiledModule): void {
    this.#transpiled.set(file, transpiled);
    this.sourceMaps.add(file, transpiled.sourceMap);
  }

  /** Evaluates `file` (once) and returns its `module.exports`. */
  load(file: string): unknown {
    const cached = this.#modules.get(file);
    if (cached) return cached.exports;
    if (file.endsWith('.json')) return this.#loadJson(file);
    const reused = this.#options.reuse?.get(file);
    if (reused) return this.#adopt(file, reused);

    const run = this.#compile(file, this.prepare(file));
    const module: CjsModule = { id: file, filename: file, exports: {}, loaded: false };
    // Registered before it runs, as Node does: a circular import sees the partial exports.
    this.#modules.set(file, module);
    this.#evaluated.push(file);
    const sites: Parameters<SiteRecorder>[] = [];
    this.#sites.set(file, sites);
    const site: SiteRecorder = (...args) => {
      sites.push(args);
      const [value, line, name, rebound] = args;
      this.#options.onSite(value, file, line, String(name), rebound === true);
    };

    const previousLimit = Error.stackTraceLimit;
    if (this.#depth === 0) {
      Error.stackTraceLimit = Math.max(previousLimit, STACK_FRAMES_WHILE_LOADING);
    }
    this.#depth += 1;
    this.#evaluating.push(file);
    try {
      run.call(
        module.exports,
        module.exports,
        this.#requireFor(file),
        module,
        file,
        path.dirname(file),
        site,
        this.loops,
      );
    } catch (thrown) {
      // A LoadError from a nested import already names the file it happened in.
      if (thrown instanceof LoadError) throw thrown;
      const stack = types.isNativeError(thrown) ? thrown.stack : undefined;
      const where = this.sourceMaps.locate(stack) ?? { file };
      throw new LoadError(LOAD_ERROR_CODES.MODULE_THREW, where, describeThrown(thrown), {
        cause: thrown,
      });
    } finally {
      this.#depth -= 1;
      this.#evaluating.pop();
      if (this.#depth === 0) Error.stackTraceLimit = previousLimit;
    }
    module.loaded = true;
    return module.exports;
  }

  /**
   * A previous load's module stands in for `file`: what it requires is loaded first (reused or
   * run), then the classes it defined are announced in their original order.
   */
  #adopt(file: string, reused: EvaluatedModule): unknown {
    this.#modules.set(file, reused.module);
    this.#requires.set(file, new Set(reused.requires));
    this.#sites.set(file, [...reused.sites]);
    for (const dependency of reused.requires) this.load(dependency);
    for (const [value, line, name, rebound] of reused.sites)
      this.#options.onSite(value, file, line, String(name), rebound === true);
    return reused.module.exports;
  }

  /** Files whose code ran in this load (the others were handed over by a previous load). */
  evaluatedFiles(): readonly string[] {
    return this.#evaluated;
  }

  /** What evaluating `file` did, for a later load to reuse; undefined if it never ran. */
  evaluated(file: string): EvaluatedModule | undefined {
    const module = this.#modules.get(file);
    const sites = this.#sites.get(file);
    if (!module?.loaded || !sites) return undefined;
    return { module, requires: this.#requires.get(file) ?? new Set(), sites };
  }

  /**
   * The innermost file whose evaluation is running. After a watchdog terminated evaluation
   * (no `finally` runs then), it still names the file that was running.
   */
  get evaluatingFile(): string | undefined {
    return this.#evaluating.at(-1);
  }

  /** `module.exports` of an evaluated file, or undefined if it was never loaded. */
  exportsOf(file: string): unknown {
    return this.#modules.get(file)?.exports;
  }

  /** Every file evaluated so far, in the order evaluation started. */
  loadedFiles(): string[] {
    return [...this.#modules.keys()];
  }

  /** What `specifier` evaluates to when `fromFile` imports it, loading it if needed. */
  requireFrom(fromFile: string, specifier: string): unknown {
    return this.#requireFor(fromFile)(specifier);
  }

  #requireFor(fromFile: string): (specifier: string) => unknown {
    return (specifier: string) => {
      const resolution = this.#resolver.resolve(fromFile, String(specifier));
      switch (resolution.kind) {
        case 'framework':
          return this.#options.framework;
        case 'file': {
          let requires = this.#requires.get(fromFile);
          if (!requires) this.#requires.set(fromFile, (requires = new Set()));
          requires.add(resolution.path);
          return this.load(resolution.path);
        }
        case 'package':
          return resolution.load();
        case 'missing': {
          // The importing line is the innermost frame of the importer on this stack.
          const where = this.sourceMaps.locate(new Error().stack, fromFile) ?? { file: fromFile };
          const reason = notFoundReason(fromFile, specifier, resolution.tried);
          throw new LoadError(LOAD_ERROR_CODES.MODULE_NOT_FOUND, where, reason);
        }
      }
    };
  }

  #compile(file: string, transpiled: TranspiledModule): Function {
    try {
      return vm.compileFunction(placeFile(transpiled.code, file), PARAMETERS, { filename: file });
    } catch (thrown) {
      // What TypeScript's syntactic pass lets through but V8 rejects (e.g. top-level await
      // in a CommonJS module). V8 puts `file:line` on the first line of the stack.
      const stack = types.isNativeError(thrown) ? (thrown.stack ?? '') : '';
      const generated = stack.startsWith(`${file}:`)
        ? Number(/:(\d+)$/.exec(stack.split('\n')[0]!)?.[1])
        : NaN;
      const line = Number.isFinite(generated)
        ? this.sourceMaps.original(file, generated, 1)?.line
        : undefined;
      const reason = types.isNativeError(thrown) ? thrown.message : String(thrown);
      throw new LoadError(LOAD_ERROR_CODES.SYNTAX_ERROR, { file, line }, reason, {
        cause: thrown,
      });
    }
  }

  #loadJson(file: string): unknown {
    const module: CjsModule = { id: file, filename: file, exports: undefined, loaded: false };
    try {
      module.exports = JSON.parse(this.#source(file)) as unknown;
    } catch (thrown) {
      const reason = types.isNativeError(thrown) ? thrown.message : String(thrown);
      throw new LoadError(LOAD_ERROR_CODES.SYNTAX_ERROR, { file }, reason, { cause: thrown });
    }
    module.loaded = true;
    this.#modules.set(file, module);
    return module.exports;
  }

  /** The source text of a project file, as evaluated. */
  source(file: string): string {
    return this.#source(file);
  }

  #source(file: string): string {
    return this.#options.sources?.get(file) ?? readFileSync(file, 'utf8');
  }
}
