/**
 * A field's declared TypeScript type as the closed set of shapes a model field can have
 * (CONTRACT §1 "Supported field types"). Everything else is kept as `unsupported` with its text,
 * so the schema builder can say exactly what it could not use.
 */
import type { ObjectPropertyExpr, TypeExpr } from '../../model/declarations.js';
import ts from '../typescript.js';

/** Type aliases and enums declared at the top of a file: expanded where a field uses them. */
export type { TypeExpr };

/** A top-level declaration a field type may name: an alias, an enum or an interface. */
export type LocalTypeDeclaration =
  ts.TypeAliasDeclaration | ts.EnumDeclaration | ts.InterfaceDeclaration;

export type LocalTypes = ReadonlyMap<string, LocalTypeDeclaration>;

interface Context {
  readonly sourceFile: ts.SourceFile;
  readonly localTypes: LocalTypes;
  /** Aliases being expanded, against `type A = B; type B = A`. */
  readonly expanding: ReadonlySet<string>;
}

const WRAPPER_TYPES: Readonly<Record<string, TypeExpr>> = {
  Date: { kind: 'date' },
  // The boxed names mean the same field type on the wire.
  String: { kind: 'string' },
  Number: { kind: 'number' },
  Boolean: { kind: 'boolean' },
};

/** `A.B.C` for a (possibly qualified) type name. */
export function entityNameText(name: ts.EntityName): string {
  return ts.isIdentifier(name) ? name.text : `${entityNameText(name.left)}.${name.right.text}`;
}

function unsupported(node: ts.Node, context: Context): TypeExpr {
  return { kind: 'unsupported', text: node.getText(context.sourceFile) };
}

function isNullLiteral(node: ts.TypeNode): boolean {
  return ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword;
}

function isBooleanLiteral(node: ts.TypeNode): boolean {
  return (
    ts.isLiteralTypeNode(node) &&
    (node.literal.kind === ts.SyntaxKind.TrueKeyword ||
      node.literal.kind === ts.SyntaxKind.FalseKeyword)
  );
}

function flattenUnion(node: ts.TypeNode): ts.TypeNode[] {
  if (ts.isParenthesizedTypeNode(node)) return flattenUnion(node.type);
  return ts.isUnionTypeNode(node) ? node.types.flatMap(flattenUnion) : [node];
}

function readEnum(declaration: ts.EnumDeclaration, context: Context): TypeExpr {
  const values: string[] = [];
  for (const member of declaration.members) {
    const init = member.initializer;
    // Only string enums are field types; numeric members have no stable wire value.
    if (!init || !ts.isStringLiteralLike(init)) {
      return { kind: 'unsupported', text: declaration.name.getText(context.sourceFile) };
    }
    values.push(init.text);
  }
  return { kind: 'enum', values };
}

function readReference(node: ts.TypeReferenceNode, context: Context): TypeExpr {
  const name = entityNameText(node.typeName);
  const args = node.typeArguments ?? [];
  if ((name === 'Array' || name === 'ReadonlyArray') && args.length === 1) {
    return { kind: 'array', element: read(args[0]!, context) };
  }
  if (args.length > 0) return unsupported(node, context);
  return readNamedType(name, context);
}

/** A reference by name, with no type arguments: wrappers, local types, or a name. */
function readNamedType(name: string, context: Context): TypeExpr {
  const wrapper = WRAPPER_TYPES[name];
  if (wrapper) return wrapper;
  const local = context.localTypes.get(name);
  if (local && !context.expanding.has(name)) {
    if (ts.isEnumDeclaration(local)) return readEnum(local, context);
    if (!local.typeParameters) {
      const expanding = new Set(context.expanding).add(name);
      const inner = { ...context, expanding };
      const type = ts.isInterfaceDeclaration(local)
        ? readInterface(local, inner)
        : read(local.type, inner);
      return named(type, name);
    }
  }
  return { kind: 'reference', name };
}

/** An object type read through an alias or interface carries its name, for load errors. */
function named(type: TypeExpr, name: string): TypeExpr {
  return type.kind === 'object' && type.name === undefined ? { ...type, name } : type;
}

function memberName(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  if (ts.isNumericLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name) && ts.isStringLiteralLike(name.expression)) {
    return name.expression.text;
  }
  return undefined;
}

/**
 * The properties of a type literal or interface body; `undefined` when a member is anything
 * but a named, typed property (a method or an index signature has no JSON shape).
 */
function readMembers(
  members: readonly ts.TypeElement[],
  context: Context,
): ObjectPropertyExpr[] | undefined {
  const properties: ObjectPropertyExpr[] = [];
  for (const member of members) {
    if (!ts.isPropertySignature(member) || !member.type) return undefined;
    const name = memberName(member.name);
    if (name === undefined) return undefined;
    properties.push({
      name,
      optional: member.questionToken !== undefined,
      type: read(member.type, context),
    });
  }
  return properties;
}

function readInterface(declaration: ts.InterfaceDeclaration, context: Context): TypeExpr {
  const inherited: ObjectPropertyExpr[] = [];
  for (const clause of declaration.heritageClauses ?? []) {
    for (const base of clause.types) {
      // Only a local interface or alias of an object type, named plainly, is followed.
      const baseType =
        ts.isIdentifier(base.expression) && !base.typeArguments
          ? readNamedType(base.expression.text, context)
          : undefined;
      if (baseType?.kind !== 'object') return unsupported(declaration.name, context);
      inherited.push(...baseType.properties);
    }
  }
  const own = readMembers(declaration.members, context);
  if (own === undefined) return unsupported(declaration.name, context);
  const properties = [...inherited.filter((p) => !own.some((o) => o.name === p.name)), ...own];
  if (properties.length === 0) return unsupported(declaration.name, context);
  return { kind: 'object', properties };
}

function readTypeLiteral(node: ts.TypeLiteralNode, context: Context): TypeExpr {
  const properties = readMembers(node.members, context);
  // `{}` is "anything but null": no shape to store.
  if (properties === undefined || properties.length === 0) return unsupported(node, context);
  return { kind: 'object', properties };
}

function readUnion(node: ts.TypeNode, context: Context): TypeExpr {
  const members = flattenUnion(node);
  const nullable = members.some(isNullLiteral);
  // `T | undefined` says the same as an optional field; the `?` decides requiredness.
  const rest = members.filter(
    (m) => !isNullLiteral(m) && m.kind !== ts.SyntaxKind.UndefinedKeyword,
  );
  let inner: TypeExpr;
  if (rest.length === 0) {
    return unsupported(node, context);
  } else if (rest.length === 1) {
    inner = read(rest[0]!, context);
  } else if (rest.every((m) => isBooleanLiteral(m) || m.kind === ts.SyntaxKind.BooleanKeyword)) {
    inner = { kind: 'boolean' };
  } else {
    // A union of string literals and of aliases/enums that are themselves string unions.
    const parts = rest.map((m) => read(m, context));
    const values = parts.flatMap((p) => (p.kind === 'enum' ? p.values : []));
    if (!parts.every((p) => p.kind === 'enum')) return unsupported(node, context);
    inner = { kind: 'enum', values: [...new Set(values)] };
  }
  if (!nullable || inner.kind === 'nullable') return inner;
  return { kind: 'nullable', inner };
}

function read(node: ts.TypeNode, context: Context): TypeExpr {
  switch (node.kind) {
    case ts.SyntaxKind.StringKeyword:
      return { kind: 'string' };
    case ts.SyntaxKind.NumberKeyword:
      return { kind: 'number' };
    case ts.SyntaxKind.BooleanKeyword:
      return { kind: 'boolean' };
  }
  if (ts.isParenthesizedTypeNode(node)) return read(node.type, context);
  if (ts.isUnionTypeNode(node)) return readUnion(node, context);
  if (ts.isArrayTypeNode(node)) return { kind: 'array', element: read(node.elementType, context) };
  if (ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.ReadonlyKeyword) {
    return read(node.type, context);
  }
  if (ts.isTypeReferenceNode(node)) return readReference(node, context);
  if (ts.isTypeLiteralNode(node)) return readTypeLiteral(node, context);
  if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal)) {
    return { kind: 'enum', values: [node.literal.text] };
  }
  return unsupported(node, context);
}

/**
 * Reads a declared type. `localTypes` are the file's own aliases and enums, expanded in place
 * (`type Priority = 'low' | 'high'` makes `priority!: Priority` an enum).
 *
 * @example
 * ```ts
 * readType(property.type, sourceFile, new Map()); // `string | null` → nullable string
 * ```
 */
export function readType(
  node: ts.TypeNode | undefined,
  sourceFile: ts.SourceFile,
  localTypes: LocalTypes,
): TypeExpr {
  if (!node) return { kind: 'none' };
  return read(node, { sourceFile, localTypes, expanding: new Set() });
}
