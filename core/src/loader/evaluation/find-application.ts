/**
 * The project's application (CONTRACT §7): the default export that is a class extending the
 * framework's `Application`. Without one, the caller runs the generated application.
 */
import path from 'node:path';

import { LOAD_ERROR_CODES, LoadError } from '../../errors.js';

/** Any class, abstract ones included, as a public type without `Function`. */
export type ClassRef = abstract new (...args: never[]) => unknown;

export interface FoundApplication {
  readonly ctor: ClassRef;
  /** Absolute path of the file whose default export it is. */
  readonly file: string;
}

export interface ApplicationSearch {
  readonly root: string;
  readonly framework: object;
  /** Project files in load order. */
  readonly files: readonly string[];
  exportsOf(file: string): unknown;
  /** Where a class was defined, to point the error at it. */
  lineOf(ctor: ClassRef): number | undefined;
}

/** The default export under esModuleInterop: `exports.default` of an ES module, else the module. */
export function defaultExport(exports: unknown): unknown {
  if ((typeof exports !== 'object' && typeof exports !== 'function') || exports === null) {
    return exports;
  }
  return Reflect.get(exports, '__esModule') === true ? Reflect.get(exports, 'default') : exports;
}

/** True when `value` is a class whose prototype chain reaches `base` (and is not `base`). */
export function extendsClass(value: unknown, base: unknown): value is ClassRef {
  if (typeof value !== 'function' || typeof base !== 'function' || value === base) return false;
  for (
    let parent: unknown = Object.getPrototypeOf(value);
    parent;
    parent = Object.getPrototypeOf(parent)
  ) {
    if (parent === base) return true;
  }
  return false;
}

/**
 * @throws LoadError `BAD_APPLICATION` when two files default-export different applications.
 */
export function findApplication(search: ApplicationSearch): FoundApplication | undefined {
  const base = Reflect.get(search.framework, 'Application');
  let found: FoundApplication | undefined;
  for (const file of search.files) {
    const candidate = defaultExport(search.exportsOf(file));
    if (!extendsClass(candidate, base)) continue;
    // `export { default } from './app.js'` re-exports the same class: still one application.
    if (!found || found.ctor === candidate) {
      found ??= { ctor: candidate, file };
      continue;
    }
    const name = (f: string) => path.relative(search.root, f);
    throw new LoadError(
      LOAD_ERROR_CODES.BAD_APPLICATION,
      { file, line: search.lineOf(candidate) },
      `a project has one application, but ${name(found.file)} (${found.ctor.name}) and ` +
        `${name(file)} (${candidate.name}) both default-export a class extending Application; ` +
        'keep one default export and make the other a plain export',
    );
  }
  return found;
}
