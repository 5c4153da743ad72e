/**
 * Where an `import`/`require` specifier of a project file points (CONTRACT §7): `decorest` is
 * the framework, relative specifiers are project files, anything else is a package resolved
 * from the project first and from Decorest's own dependencies second.
 */
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The specifier model and application files import the framework under. */
export const FRAMEWORK_SPECIFIER = 'decorest';

/** What one specifier resolved to. */
export type Resolution =
  | { readonly kind: 'framework' }
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'package'; readonly id: string; readonly load: () => unknown }
  | { readonly kind: 'missing'; readonly tried: readonly string[] };

/** Extensions the loader evaluates as code; anything else that exists is tried as code too. */
export const CODE_EXTENSIONS = ['.ts', '.js'] as const;

export function isRelativeSpecifier(specifier: string): boolean {
  return (
    specifier === '.' ||
    specifier === '..' ||
    specifier.startsWith('./') ||
    specifier.startsWith('../') ||
    path.isAbsolute(specifier)
  );
}

function isFile(candidate: string): boolean {
  try {
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
}

/** The paths tried for a relative specifier, in order. */
export function candidatePaths(fromFile: string, specifier: string): string[] {
  const base = path.resolve(path.dirname(fromFile), specifier);
  // NodeNext style: `import './user.js'` names `user.ts`. TypeScript prefers the `.ts` file
  // when both exist, and so do we.
  if (/\.[cm]?js$/.test(base)) {
    const stem = base.replace(/\.([cm]?)js$/, '.$1ts');
    return [stem, base];
  }
  return [
    base,
    ...CODE_EXTENSIONS.map((ext) => base + ext),
    ...CODE_EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
}

/** The project file a relative specifier names, or undefined when none exists. */
export function resolveRelative(fromFile: string, specifier: string): string | undefined {
  return candidatePaths(fromFile, specifier).find(isFile);
}

/** Why a specifier did not resolve, in words for a LoadError. */
export function notFoundReason(
  fromFile: string,
  specifier: string,
  tried: readonly string[],
): string {
  if (!isRelativeSpecifier(specifier)) {
    return `cannot find package '${specifier}'; install it in the project`;
  }
  const names = tried.map((p) => path.relative(path.dirname(fromFile), p) || p);
  return `cannot find module '${specifier}' (tried ${names.join(', ')})`;
}

/** Resolves specifiers for one project root. Holds no module state: loads stay independent. */
export class ModuleResolver {
  readonly #projectRequire: NodeJS.Require;
  readonly #hostRequire: NodeJS.Require;

  constructor(root: string) {
    // The file need not exist: it only anchors the `node_modules` lookup at the project.
    this.#projectRequire = createRequire(path.join(root, 'package.json'));
    this.#hostRequire = createRequire(import.meta.url);
  }

  resolve(fromFile: string, specifier: string): Resolution {
    if (specifier === FRAMEWORK_SPECIFIER) return { kind: 'framework' };
    if (isRelativeSpecifier(specifier)) {
      const found = resolveRelative(fromFile, specifier);
      return found
        ? { kind: 'file', path: found }
        : { kind: 'missing', tried: candidatePaths(fromFile, specifier) };
    }
    // A package the project installed wins; then Decorest's own (so `reflect-metadata` works
    // in a project without a node_modules of its own).
    for (const req of [this.#projectRequire, this.#hostRequire]) {
      let id: string;
      try {
        id = req.resolve(specifier);
      } catch {
        continue;
      }
      return { kind: 'package', id, load: () => req(specifier) };
    }
    return { kind: 'missing', tried: [specifier] };
  }
}
