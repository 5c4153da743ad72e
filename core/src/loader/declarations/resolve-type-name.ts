/**
 * From a type name as written in a file (`User`, `models.User`, an alias `type Owner = User`)
 * to the runtime value it names, following the file's imports. This is how a bare
 * `@BelongTo user?: User` finds its target class without `design:type` (DESIGN "Known traps").
 */
import { isRelativeSpecifier, resolveRelative } from '../evaluation/module-resolver.js';
import type { FileDeclarations } from './read-declarations.js';

/** What the resolution needs from a load. */
export interface TypeNameContext {
  declarationsOf(file: string): FileDeclarations | undefined;
  /** The class a top-level site of `file` defined under `name` at `line`. */
  classAt(file: string, name: string, line: number): unknown;
  exportsOf(file: string): unknown;
  /** What a non-relative specifier evaluates to from `file` (`decorest`, a package). */
  requireFrom(file: string, specifier: string): unknown;
}

const MAX_DEPTH = 16;

function isObjectLike(value: unknown): value is object {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

/** `import x from` semantics under esModuleInterop: `default` of an ES module, else the module. */
function pick(exports: unknown, importedName: string): unknown {
  if (importedName === '*') return exports;
  if (!isObjectLike(exports)) return undefined;
  if (importedName === 'default' && Reflect.get(exports, '__esModule') !== true) return exports;
  return Reflect.get(exports, importedName);
}

function resolveHead(context: TypeNameContext, file: string, head: string, depth: number): unknown {
  const declarations = context.declarationsOf(file);
  // 1. A class the file itself defines at top level (nested classes are not in type scope).
  const line = declarations?.topLevel.classLines.get(head);
  if (line !== undefined) {
    const defined = context.classAt(file, head, line);
    if (defined !== undefined) return defined;
  }
  // 2. An import, default and namespace imports included.
  const binding = declarations?.imports.get(head);
  if (binding) {
    if (!isRelativeSpecifier(binding.specifier)) {
      try {
        return pick(context.requireFrom(file, binding.specifier), binding.importedName);
      } catch {
        return undefined; // a package that does not load names nothing here
      }
    }
    const target = resolveRelative(file, binding.specifier);
    return target ? pick(context.exportsOf(target), binding.importedName) : undefined;
  }
  // 3. A local alias of another name: `type Owner = User`.
  const aliased = declarations?.topLevel.aliases.get(head);
  if (aliased !== undefined) return resolve(context, file, aliased, depth + 1);
  // 4. A value the file exports under that name (`export const User = defineModel(...)`).
  const own = context.exportsOf(file);
  return isObjectLike(own) && Object.hasOwn(own, head) ? Reflect.get(own, head) : undefined;
}

function resolve(context: TypeNameContext, file: string, name: string, depth: number): unknown {
  if (depth > MAX_DEPTH) return undefined;
  const [head, ...members] = name.split('.');
  let value = resolveHead(context, file, head!, depth);
  for (const member of members) {
    value = isObjectLike(value) ? Reflect.get(value, member) : undefined;
  }
  return value;
}

/**
 * The runtime value `name` denotes in `file`, or undefined when it names nothing loaded.
 *
 * @example
 * ```ts
 * resolveTypeName(context, '/p/todo.ts', 'User'); // the User class imported by todo.ts
 * ```
 */
export function resolveTypeName(context: TypeNameContext, file: string, name: string): unknown {
  return resolve(context, file, name, 0);
}
