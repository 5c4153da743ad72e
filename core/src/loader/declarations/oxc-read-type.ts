/**
 * `read-type.ts` over oxc-parser's syntax tree (issue 27: no TypeScript compiler on the path to
 * the first answer). The same closed set of shapes, read by the same rules; the corpus test
 * (`oxc-read-declarations.test.ts`) runs both readers and expects equal results.
 */
import type {
  PropertyKey,
  TSEnumDeclaration,
  TSInterfaceDeclaration,
  TSSignature,
  TSType,
  TSTypeAliasDeclaration,
  TSTypeLiteral,
  TSTypeName,
  TSTypeReference,
} from 'oxc-parser';

import type { ObjectPropertyExpr, TypeExpr } from '../../model/declarations.js';

/** A top-level declaration a field type may name: an alias, an enum or an interface. */
export type OxcLocalTypeDeclaration =
  TSTypeAliasDeclaration | TSEnumDeclaration | TSInterfaceDeclaration;

/** Top-level type aliases, enums and interfaces of a file, by name; spans index its text. */
export type OxcLocalTypes = ReadonlyMap<string, OxcLocalTypeDeclaration>;

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
      const inner = { ...inFile, expanding };
      const type =
        local.type === 'TSInterfaceDeclaration'
          ? readInterface(local, inner)
          : read(local.typeAnnotation, inner);
      return named(type, name);
    }
  }
  return { kind: 'reference', name };
}

/** An object type read through an alias or interface carries its name, for load errors. */
function named(type: TypeExpr, name: string): TypeExpr {
  return type.kind === 'object' && type.name === undefined ? { ...type, name } : type;
}

/** TypeScript's text of a member name: identifiers, string and numeric literals. */
function memberName(key: PropertyKey, computed: boolean): string | undefined {
  if (!computed) {
    if (key.type === 'Identifier') return key.name;
    if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
    if (key.type === 'Literal' && typeof key.value === 'number') {
      return key.raw !== null && /^\d+$/.test(key.raw) ? key.raw : String(key.value);
    }
    return undefined;
  }
  return stringLiteralValue(key);
}

/**
 * The properties of a type literal or interface body; `undefined` when a member is anything
 * but a named, typed property (a method or an index signature has no JSON shape).
 */
function readMembers(
  members: readonly TSSignature[],
  context: Context,
): ObjectPropertyExpr[] | undefined {
  const properties: ObjectPropertyExpr[] = [];
  for (const member of members) {
    if (member.type !== 'TSPropertySignature' || !member.typeAnnotation) return undefined;
    const name = memberName(member.key, member.computed);
    if (name === undefined) return undefined;
    properties.push({
      name,
      optional: member.optional,
      type: read(member.typeAnnotation.typeAnnotation, context),
    });
  }
  return properties;
}

function readInterface(declaration: TSInterfaceDeclaration, context: Context): TypeExpr {
  const inherited: ObjectPropertyExpr[] = [];
  for (const base of declaration.extends) {
    // Only a local interface or alias of an object type, named plainly, is followed.
    const baseType =
      base.expression.type === 'Identifier' && !base.typeArguments
        ? readNamed(base.expression.name, context)
        : undefined;
    if (baseType?.kind !== 'object') return unsupported(declaration.id, context);
    inherited.push(...baseType.properties);
  }
  const own = readMembers(declaration.body.body, context);
  if (own === undefined) return unsupported(declaration.id, context);
  const properties = [...inherited.filter((p) => !own.some((o) => o.name === p.name)), ...own];
  if (properties.length === 0) return unsupported(declaration.id, context);
  return { kind: 'object', properties };
}

function readTypeLiteral(node: TSTypeLiteral, context: Context): TypeExpr {
  const properties = readMembers(node.members, context);
  // `{}` is "anything but null": no shape to store.
  if (properties === undefined || properties.length === 0) return unsupported(node, context);
  return { kind: 'object', properties };
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
    case 'TSTypeLiteral':
      return readTypeLiteral(node, context);
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
