/**
 * A class without `@Rest` used as a field's type (`category?: Category` where
 * `class Category { id!: number; name!: string }`) is a JSON object, not a relation: its
 * declared properties (inherited ones included) become the object's fields. The readers see
 * only names; which names are such classes is known once the project has run, so this pass
 * replaces those references before the field's type is resolved.
 */
import { classChain, inspector } from '../metadata/inspector.js';
import type { AnyClass } from '../metadata/types.js';
import type { DeclarationSource } from './declaration-source.js';
import type { ObjectPropertyExpr, TypeExpr } from './declarations.js';
import { MAX_OBJECT_DEPTH } from './schema.js';

function plainClass(source: DeclarationSource, file: string, name: string): AnyClass | undefined {
  const value = source.resolveTypeName(file, name);
  if (typeof value !== 'function') return undefined;
  const ctor = value as AnyClass;
  return inspector.rest(ctor) === undefined && source.siteOf(ctor) ? ctor : undefined;
}

function classObject(
  ctor: AnyClass,
  source: DeclarationSource,
  enclosing: readonly AnyClass[],
): TypeExpr | undefined {
  const properties = new Map<string, ObjectPropertyExpr>();
  const inside = [...enclosing, ctor];
  for (const c of classChain(ctor)) {
    const site = source.siteOf(c);
    for (const p of site?.declaration?.properties ?? []) {
      const type = expand(p.type, site!.file, source, inside);
      // A subclass redeclaring a property narrows it; it keeps its place in the order.
      properties.set(p.name, { name: p.name, optional: p.optional, type });
    }
  }
  if (properties.size === 0) return undefined;
  return { kind: 'object', name: ctor.name, properties: [...properties.values()] };
}

function expand(
  type: TypeExpr,
  file: string,
  source: DeclarationSource,
  enclosing: readonly AnyClass[],
): TypeExpr {
  switch (type.kind) {
    case 'array':
      return { kind: 'array', element: expand(type.element, file, source, enclosing) };
    case 'nullable':
      return { kind: 'nullable', inner: expand(type.inner, file, source, enclosing) };
    case 'object':
      return {
        ...type,
        properties: type.properties.map((p) => ({
          ...p,
          type: expand(p.type, file, source, enclosing),
        })),
      };
    case 'reference': {
      const ctor = plainClass(source, file, type.name);
      // A class met again inside itself stays a name: the schema builder names the cycle.
      if (!ctor || enclosing.includes(ctor) || enclosing.length > MAX_OBJECT_DEPTH) return type;
      return classObject(ctor, source, enclosing) ?? type;
    }
    default:
      return type;
  }
}

/**
 * `type` with every name of a project class without `@Rest` replaced by that class's object
 * type; `file` is where the type is written (names resolve from its imports).
 *
 * @example
 * ```ts
 * expandClassTypes({ kind: 'reference', name: 'Category' }, '/p/pet.ts', source);
 * // → { kind: 'object', name: 'Category', properties: [id: number, name: string] }
 * ```
 */
export function expandClassTypes(
  type: TypeExpr,
  file: string,
  source: DeclarationSource,
): TypeExpr {
  return expand(type, file, source, []);
}
