/**
 * `read-type.ts` over oxc-parser's syntax tree (issue 27: no TypeScript compiler on the path to
 * the first answer). The same closed set of shapes, read by the same rules; the corpus test
 * (`oxc-read-declarations.test.ts`) runs both readers and expects equal results.
 */
import type {
  TSEnumDeclaration,
  TSType,
  TSTypeAliasDeclaration,
  TSTypeName,
  TSTypeReference,
} from 'oxc-parser';

import type { TypeExpr } from '../../model/declarations.js';

/** Top-level type aliases and enums of a file, by name; their spans index the file's text. */
export type OxcLocalTypes = ReadonlyMap<string, TSTypeAliasDeclaration | TSEnumDeclaration>;

interface Context {
  /** The text the node being read indexes: the file, or a JSDoc type read on its own. */
  readonly text: string;
  /** The file's text, which the local aliases and enums index. */
  readonly fileText: string;
  readonly localTypes: OxcLocalTypes;
  /** Aliases being expanded, against `type A = B; type B = A`. */
  readonly expanding: ReadonlySet<string>;
}

const WRAPPER_TYPES: Readonly<Record<string, TypeExpr>> = {
  Date: { kind: 'date' },
  String: { kind: 'string' },
  Number: { kind: 'number' },
  Boolean: { kind: 'boolean' },
};

/** `A.B.C` for a (possibly qualified) type name. */
export function oxcEntityNameText(name: TSTypeName): string {
  if (name.type === 'Identifier') return name.name;
  if (name.type === 'ThisExpression') return 'this';
  return `${oxcEntityNameText(name.left)}.${name.right.name}`;
}

function unsupported(node: { start: number; end: number }, context: Context): TypeExpr {
  return { kind: 'unsupported', text: context.text.slice(node.start, node.end) };
}

function isNullLiteral(node: TSType): boolean {
  return node.type === 'TSNullKeyword';
}

function isBooleanLiteral(node: TSType): boolean {
  return (
    node.type === 'TSLiteralType' &&
    node.literal.type === 'Literal' &&
    typeof node.literal.value === 'boolean'
  );
}

function flattenUnion(node: TSType): TSType[] {
  if (node.type === 'TSParenthesizedType') return flattenUnion(node.typeAnnotation);
  return node.type === 'TSUnionType' ? node.types.flatMap(flattenUnion) : [node];
}

/** The value of a string literal or a template literal without substitutions. */
export function stringLiteralValue(node: {
  type: string;
  value?: unknown;
  expressions?: readonly unknown[];
  quasis?: readonly { value: { cooked: string | null } }[];
}): string | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions?.length === 0) {
    return node.quasis?.[0]?.value.cooked ?? undefined;
  }
  return undefined;
}

function readEnum(declaration: TSEnumDeclaration, context: Context): TypeExpr {
  const values: string[] = [];
  for (const member of declaration.body.members) {
    const value = member.initializer ? stringLiteralValue(member.initializer) : undefined;
    // Only string enums are field types; numeric members have no stable wire value.
    if (value === undefined) {
      const { id } = declaration;
      return { kind: 'unsupported', text: context.fileText.slice(id.start, id.end) };
    }
    values.push(value);
  }
  return { kind: 'enum', values };
}

/** A reference by name, with no type arguments: wrappers, local aliases and enums, or a name. */
function readNamed(name: string, context: Context): TypeExpr {
  const wrapper = WRAPPER_TYPES[name];
  if (wrapper) return wrapper;
  const local = context.localTypes.get(name);
  if (local && !context.expanding.has(name)) {
    const inFile = { ...context, text: context.fileText };
    if (local.type === 'TSEnumDeclaration') return readEnum(local, inFile);
    if (!local.typeParameters) {
      const expanding = new Set(context.expanding).add(name);
      return read(local.typeAnnotation, { ...inFile, expanding });
    }
  }
  return { kind: 'reference', name };
}

function readReference(node: TSTypeReference, context: Context): TypeExpr {
  const name = oxcEntityNameText(node.typeName);
  const args = node.typeArguments?.params ?? [];
  if ((name === 'Array' || name === 'ReadonlyArray') && args.length === 1) {
    return { kind: 'array', element: read(args[0]!, context) };
  }
  if (args.length > 0) return unsupported(node, context);
  return readNamed(name, context);
}

function readUnion(node: TSType, context: Context): TypeExpr {
  const members = flattenUnion(node);
  const nullable = members.some(isNullLiteral);
  // `T | undefined` says the same as an optional field; the `?` decides requiredness.
  const rest = members.filter((m) => !isNullLiteral(m) && m.type !== 'TSUndefinedKeyword');
  let inner: TypeExpr;
  if (rest.length === 0) {
    return unsupported(node, context);
  } else if (rest.length === 1) {
    inner = read(rest[0]!, context);
  } else if (rest.every((m) => isBooleanLiteral(m) || m.type === 'TSBooleanKeyword')) {
    inner = { kind: 'boolean' };
  } else {
    const parts = rest.map((m) => read(m, context));
    const values = parts.flatMap((p) => (p.kind === 'enum' ? p.values : []));
    if (!parts.every((p) => p.kind === 'enum')) return unsupported(node, context);
    inner = { kind: 'enum', values: [...new Set(values)] };
  }
  if (!nullable || inner.kind === 'nullable') return inner;
  return { kind: 'nullable', inner };
}

function read(node: TSType, context: Context): TypeExpr {
  switch (node.type) {
    case 'TSStringKeyword':
      return { kind: 'string' };
    case 'TSNumberKeyword':
      return { kind: 'number' };
    case 'TSBooleanKeyword':
      return { kind: 'boolean' };
    case 'TSParenthesizedType':
      return read(node.typeAnnotation, context);
    case 'TSUnionType':
      return readUnion(node, context);
    case 'TSArrayType':
      return { kind: 'array', element: read(node.elementType, context) };
    case 'TSTypeOperator':
      return node.operator === 'readonly'
        ? read(node.typeAnnotation, context)
        : unsupported(node, context);
    case 'TSTypeReference':
      return readReference(node, context);
    case 'TSLiteralType':
      if (node.literal.type === 'Literal' && typeof node.literal.value === 'string') {
        return { kind: 'enum', values: [node.literal.value] };
      }
      return unsupported(node, context);
    default:
      return unsupported(node, context);
  }
}

/**
 * Reads a declared type. `text` is what the node's offsets index (the file, unless the type was
 * read from a JSDoc comment on its own); `fileText` is the file, for its aliases and enums.
 *
 * @example
 * ```ts
 * oxcReadType(property.typeAnnotation?.typeAnnotation, source, source, new Map());
 * ```
 */
export function oxcReadType(
  node: TSType | undefined,
  text: string,
  fileText: string,
  localTypes: OxcLocalTypes,
): TypeExpr {
  if (!node) return { kind: 'none' };
  return read(node, { text, fileText, localTypes, expanding: new Set() });
}

/** What a reference to the local alias or enum `name` reads as: a field typed `name`. */
export function oxcReadLocalType(
  name: string,
  fileText: string,
  localTypes: OxcLocalTypes,
): TypeExpr {
  return readNamed(name, { text: fileText, fileText, localTypes, expanding: new Set() });
}
