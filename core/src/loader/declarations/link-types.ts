/**
 * Expands field types that name a type alias, string enum or interface imported from another
 * project file (`import type { Priority } from './priority.js'`), so `priority!: Priority` reads
 * as the enum it is. Names that stay `reference` are classes (or unknown), for the schema builder.
 */
import { isRelativeSpecifier, resolveRelative } from '../evaluation/module-resolver.js';
import type {
  ClassDeclaration,
  FileDeclarations,
  PropertyDeclaration,
} from './read-declarations.js';
import type { TypeExpr } from './read-type.js';

/** Declarations of the project's files, by absolute path. */
export type DeclarationsByFile = ReadonlyMap<string, FileDeclarations>;

// Each hop follows one import; a chain longer than this is a cycle.
const MAX_HOPS = 16;

/** The `file#name`s being expanded: an interface met again inside itself stays a reference. */
type Chain = ReadonlySet<string>;

function importedType(
  file: string,
  name: string,
  files: DeclarationsByFile,
  chain: Chain,
): TypeExpr | undefined {
  if (chain.size > MAX_HOPS) return undefined;
  const declarations = files.get(file);
  if (!declarations) return undefined;
  const [head, ...rest] = name.split('.');
  const binding = declarations.imports.get(head!);
  if (!binding || !isRelativeSpecifier(binding.specifier)) return undefined;
  const target = resolveRelative(file, binding.specifier);
  if (!target) return undefined;
  // `import * as t from './types.js'` then `t.Priority`.
  const targetName = binding.importedName === '*' ? rest.join('.') : binding.importedName;
  if (binding.importedName !== '*' && rest.length > 0) return undefined;
  if (!targetName || targetName === 'default') return undefined;
  const key = `${target}#${targetName}`;
  if (chain.has(key)) return { kind: 'reference', name: targetName };
  const next = new Set(chain).add(key);
  const local = files.get(target)?.types.get(targetName);
  if (local) return link(local, target, files, next);
  // The target may itself import and re-use the name.
  return importedType(target, targetName, files, next);
}

function link(type: TypeExpr, file: string, files: DeclarationsByFile, chain: Chain): TypeExpr {
  switch (type.kind) {
    case 'array':
      return { kind: 'array', element: link(type.element, file, files, chain) };
    case 'nullable': {
      const inner = link(type.inner, file, files, chain);
      return inner.kind === 'nullable' ? inner : { kind: 'nullable', inner };
    }
    case 'reference':
      return importedType(file, type.name, files, chain) ?? type;
    case 'object':
      // An interface's members may themselves name imported types (`category: Category`).
      return {
        ...type,
        properties: type.properties.map((p) => ({ ...p, type: link(p.type, file, files, chain) })),
      };
    default:
      return type;
  }
}

function linkProperty(
  property: PropertyDeclaration,
  file: string,
  files: DeclarationsByFile,
): PropertyDeclaration {
  const type = link(property.type, file, files, new Set());
  return type === property.type ? property : { ...property, type };
}

/** The classes of `file` with imported aliases and enums expanded in their field types. */
export function linkClassTypes(file: string, files: DeclarationsByFile): ClassDeclaration[] {
  const declarations = files.get(file);
  if (!declarations) return [];
  return declarations.classes.map((c) => ({
    ...c,
    properties: c.properties.map((p) => linkProperty(p, file, files)),
  }));
}
