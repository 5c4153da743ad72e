/**
 * Edits of one model class's fields. Each returns the new text; only the lines (or, inside a
 * line, the characters) the edit is about change.
 */
import type * as TS from 'typescript';

import type { FieldRulesEdit } from '../contract/control-api.js';
import { readType } from '../loader/declarations/read-type.js';
import ts from '../loader/typescript.js';
import { fromTypeExpr } from '../model/declared-type.js';
import type { FieldType } from '../model/schema.js';
import { decoratorText, inlineDecorator } from './decorator-style.js';
import { ensureImports } from './imports.js';
import {
  applySplices,
  decoratorName,
  decoratorsOf,
  endsLine,
  findClass,
  findField,
  hasMember,
  indentAt,
  lineEnd,
  lineStart,
  ModelEditError,
  parse,
  type Splice,
  startsLine,
} from './source-text.js';
import { literal, type SourceStyle } from './style.js';

export interface FieldSpec {
  name: string;
  /** The type as written: `string`, `number`, `Date`, `'low' | 'high'`, `string[] | null`. */
  type: string;
  optional?: boolean;
  rules?: FieldRulesEdit;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Longer names are typos or attacks, and a model's becomes its file's name (255 bytes at most). */
export const MAX_NAME_LENGTH = 64;

/**
 * Members every JavaScript object has (and a class's `prototype`): a field of that name is a
 * class element TypeScript refuses (`constructor`), or a record key that shadows what the code
 * reading records relies on (`__proto__`, `hasOwnProperty`).
 */
const OBJECT_MEMBERS: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype',
]);

/** A name as a message shows it: never the whole of a huge one. */
export function shownName(name: string): string {
  return JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);
}

export function checkIdentifier(name: string, what = 'field name'): void {
  if (typeof name !== 'string') throw new ModelEditError(`a ${what} must be a string`);
  if (name.length > MAX_NAME_LENGTH)
    throw new ModelEditError(
      `${shownName(name)} is not a valid ${what}: at most ${MAX_NAME_LENGTH} characters, this one has ${name.length}`,
    );
  if (!IDENTIFIER.test(name))
    throw new ModelEditError(
      `${shownName(name)} is not a valid ${what}: letters, digits, _ and $, not starting with a digit`,
    );
  if (OBJECT_MEMBERS.has(name))
    throw new ModelEditError(
      `${shownName(name)} cannot be a ${what}: every JavaScript object has a member of that name`,
    );
}

/** Deeper type texts are not field types, and the TypeScript parser recurses on each level. */
const MAX_TYPE_LENGTH = 4_096;
const MAX_TYPE_DEPTH = 32;

/** `(` `[` `<` `{` nesting, read before parsing so a hostile text cannot exhaust the stack. */
function nestingOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (const c of text) {
    if ('([<{'.includes(c)) deepest = Math.max(deepest, ++depth);
    else if (')]>}'.includes(c)) depth--;
  }
  return deepest;
}

/** `id: number`, `'first-name'?: string`: a plain property of an object type, nothing else. */
function isPlainMember(member: TS.TypeElement): boolean {
  if (!ts.isPropertySignature(member) || member.type === undefined) return false;
  if (!ts.isIdentifier(member.name) && !ts.isStringLiteral(member.name)) return false;
  const modifiers = member.modifiers ?? [];
  return (
    modifiers.every((m) => m.kind === ts.SyntaxKind.ReadonlyKeyword) && isStudioType(member.type)
  );
}

/**
 * Only what the studio offers and the loader serves: `string`, `number`, `boolean`, `Date`,
 * string-literal unions, `| null`, object types of these (`{ id: number; name?: string }`, as
 * an import writes a nested object) and arrays of these. Anything else (`typeof process`, an
 * import type, a method) would be written into the file for the loader to refuse.
 */
function isStudioType(node: TS.TypeNode): boolean {
  switch (node.kind) {
    case ts.SyntaxKind.StringKeyword:
    case ts.SyntaxKind.NumberKeyword:
    case ts.SyntaxKind.BooleanKeyword:
      return true;
  }
  if (ts.isParenthesizedTypeNode(node)) return isStudioType(node.type);
  if (ts.isArrayTypeNode(node)) return isStudioType(node.elementType);
  if (ts.isUnionTypeNode(node)) return node.types.every(isStudioType);
  if (ts.isTypeReferenceNode(node))
    return ts.isIdentifier(node.typeName) && node.typeName.text === 'Date' && !node.typeArguments;
  if (ts.isLiteralTypeNode(node))
    return ts.isStringLiteral(node.literal) || node.literal.kind === ts.SyntaxKind.NullKeyword;
  if (ts.isTypeLiteralNode(node))
    return node.members.length > 0 && node.members.every(isPlainMember);
  return false;
}

/** A type as the loader reads it (`'a' | 'b' | null` → a nullable enum), or a 422's reason. */
export function fieldTypeOf(type: string): { type: FieldType; nullable: boolean } {
  const shown = typeof type === 'string' ? shownName(type) : String(type);
  const bad = (why = '') => new ModelEditError(`${shown} is not a field type${why}`);
  // `;`, `{` and `}` only as an object type writes them: the parse below must read the whole
  // text as one type, or it is refused.
  if (typeof type !== 'string' || /[\n\r=`]/.test(type) || type.trim() === '') throw bad();
  if (type.length > MAX_TYPE_LENGTH)
    throw bad(`: at most ${MAX_TYPE_LENGTH} characters, this one has ${type.length}`);
  if (nestingOf(type) > MAX_TYPE_DEPTH) throw bad(`: nested deeper than ${MAX_TYPE_DEPTH} levels`);
  const source = parse(`let x: ${type};`);
  const statement = source.statements[0];
  const parsed = source as unknown as { parseDiagnostics?: unknown[] };
  if (
    source.statements.length !== 1 ||
    statement === undefined ||
    !ts.isVariableStatement(statement) ||
    parsed.parseDiagnostics?.length !== 0
  )
    throw bad();
  // The type must be the whole text: nothing after it (`string, y = f()`) becomes code.
  const decl = statement.declarationList.declarations;
  const node = decl.length === 1 && !decl[0]!.initializer ? decl[0]!.type : undefined;
  if (node === undefined || node.getText(source) !== type.trim()) throw bad();
  const offered =
    '; use string, number, boolean, Date, a union of string literals, an object type of these, T | null or an array of these';
  if (!isStudioType(node)) throw bad(offered);
  // What the loader makes of it: a union of `string` and a literal is no type it serves.
  const read = fromTypeExpr(readType(node, source, new Map()));
  if (read.kind !== 'value') throw bad(offered);
  return { type: read.type, nullable: read.nullable };
}

/** Only the types a model field may have (README "Field types"), so a typo is a clear error. */
export function checkFieldType(type: string): void {
  fieldTypeOf(type);
}

export function rulesText(rules: FieldRulesEdit, style: SourceStyle): string | undefined {
  const entries = Object.entries(rules).filter(([, v]) => v !== undefined && v !== '');
  return entries.length === 0
    ? undefined
    : `@Field(${literal(Object.fromEntries(entries), style)})`;
}

export function fieldLine(spec: FieldSpec, style: SourceStyle): string {
  return `${spec.name}${spec.optional ? '?' : '!'}: ${spec.type}${style.semi ? ';' : ''}`;
}

function classOf(text: string, model: string): TS.ClassDeclaration {
  return findClass(parse(text), model);
}

const RELATION_DECORATORS = new Set(['HasMany', 'BelongTo']);

function isRelation(member: TS.PropertyDeclaration): boolean {
  return decoratorsOf(member).some((d) => RELATION_DECORATORS.has(decoratorName(d) ?? ''));
}

/**
 * Where new member lines go: `'plain'` after the class's last plain field, before its relation
 * members (the order the examples keep: fields, then relations); `'relation'` after its last
 * field of any kind.
 */
export type MemberPlace = 'plain' | 'relation';

/** Inserts member lines at `place` (first in a class without fields). */
export function insertMember(
  text: string,
  model: string,
  name: string,
  lines: readonly string[],
  style: SourceStyle,
  place: MemberPlace = 'relation',
): string {
  const cls = classOf(text, model);
  if (hasMember(cls, name)) throw new ModelEditError(`${model} already has a member ${name}`);
  const fields = cls.members.filter(ts.isPropertyDeclaration);
  const first = fields[0];
  const plain = fields.filter((f) => !isRelation(f));
  if (place === 'plain' && plain.length === 0 && first && startsLine(text, first.getStart())) {
    // Only relations so far: a plain field goes above them (and their doc comments).
    const at = lineStart(text, leadingCommentStart(text, first));
    const indent = indentAt(text, first.getStart());
    return text.slice(0, at) + lines.map((l) => `${indent}${l}\n`).join('') + text.slice(at);
  }
  const candidates = place === 'plain' && plain.length > 0 ? plain : fields;
  const anchor = candidates[candidates.length - 1];
  if (anchor) {
    const indent = indentAt(text, anchor.getStart());
    const at = lineEnd(text, anchor.getEnd());
    const block = lines.map((l) => (l === '' ? '\n' : `${indent}${l}\n`)).join('');
    return (
      text.slice(0, at) +
      (at === text.length && !text.endsWith('\n') ? '\n' : '') +
      block +
      text.slice(at)
    );
  }
  const open = text.indexOf('{', cls.name ? cls.name.getEnd() : cls.getStart());
  const close = cls.getEnd() - 1;
  const outer = indentAt(text, cls.getStart());
  const block = lines.map((l) => (l === '' ? '\n' : `${outer}${style.indent}${l}\n`)).join('');
  const inner = text.slice(open + 1, close);
  if (!inner.includes('\n'))
    return `${text.slice(0, open + 1)}\n${block}${outer}${text.slice(close)}`;
  return `${text.slice(0, open + 1)}\n${block}${inner.replace(/^[ \t]*\n/, '')}${text.slice(close)}`;
}

/**
 * A decorated member's lines as the file writes its decorators: `@HasMany books!: Book[]` or
 * `@HasMany` above `books!: Book[]`, bare or called (`@HasMany()`).
 */
export function decoratedLines(
  text: string,
  name: string,
  decorator: string,
  member: string,
  style: SourceStyle,
): string[] {
  return inlineDecorator(name, style.decorators, text)
    ? [`${decorator} ${member}`]
    : [decorator, member];
}

/**
 * Adds a relation member (`@HasMany books!: Book[]`) after the class's last member field, with
 * a blank line between it and the plain fields when its decorator takes a line of its own.
 */
export function addRelationMember(
  text: string,
  model: string,
  name: string,
  decorator: 'HasMany' | 'BelongTo',
  declaration: string,
  style: SourceStyle,
  /** The decorator's options (`{ onDelete: 'cascade' }`), written as its argument. */
  options?: Readonly<Record<string, string>>,
): string {
  const fields = classOf(text, model).members.filter(ts.isPropertyDeclaration);
  const last = fields[fields.length - 1];
  const lines = decoratedLines(
    text,
    decorator,
    options === undefined
      ? decoratorText(decorator, style.decorators, text)
      : `@${decorator}(${literal(options, style)})`,
    declaration,
    style,
  );
  const blank = last !== undefined && !isRelation(last) && lines.length > 1;
  return insertMember(text, model, name, blank ? ['', ...lines] : lines, style, 'relation');
}

/** Adds `spec` after the class's last plain field, before its relations. */
export function addField(text: string, model: string, spec: FieldSpec, style: SourceStyle): string {
  checkIdentifier(spec.name);
  checkFieldType(spec.type);
  const rules = spec.rules ? rulesText(spec.rules, style) : undefined;
  const lines = rules
    ? decoratedLines(text, 'Field', rules, fieldLine(spec, style), style)
    : [fieldLine(spec, style)];
  const out = insertMember(text, model, spec.name, lines, style, 'plain');
  return rules ? ensureImports(out, 'decorest', ['Field'], style) : out;
}

export function renameField(text: string, model: string, field: string, to: string): string {
  checkIdentifier(to);
  const cls = classOf(text, model);
  const member = findField(cls, field);
  if (hasMember(cls, to)) throw new ModelEditError(`${model} already has a member ${to}`);
  return applySplices(text, [
    { start: member.name.getStart(), end: member.name.getEnd(), text: to },
  ]);
}

/** The comment lines right above a member (its doc comment), without a blank line between. */
function leadingCommentStart(text: string, member: TS.Node): number {
  let start = member.getStart();
  const ranges = ts.getLeadingCommentRanges(text, member.getFullStart()) ?? [];
  for (const range of [...ranges].reverse()) {
    const between = text.slice(range.end, start);
    if ((between.match(/\n/g) ?? []).length > 1 || !startsLine(text, range.pos)) break;
    start = range.pos;
  }
  return start;
}

export function removeField(text: string, model: string, field: string): string {
  const member = findField(classOf(text, model), field);
  const start = leadingCommentStart(text, member);
  if (startsLine(text, start) && endsLine(text, member.getEnd()))
    return text.slice(0, lineStart(text, start)) + text.slice(lineEnd(text, member.getEnd()));
  // Shares its line with other code: remove just the member and the spaces after it.
  let end = member.getEnd();
  while (text[end] === ' ') end++;
  return text.slice(0, start) + text.slice(end);
}

/** A new type and `?`/`!`, in place; the rest of the declaration stays as written. */
export function changeFieldType(
  text: string,
  model: string,
  field: string,
  type: string,
  optional: boolean,
): string {
  checkFieldType(type);
  const member = findField(classOf(text, model), field);
  const token = member.questionToken ?? member.exclamationToken;
  const wanted = optional ? '?' : member.initializer ? '' : '!';
  const nameEnd = member.name.getEnd();
  if (!member.type)
    return applySplices(text, [
      { start: nameEnd, end: token ? token.getEnd() : nameEnd, text: `${wanted}: ${type}` },
    ]);
  const splices: Splice[] = [
    { start: member.type.getStart(), end: member.type.getEnd(), text: type },
  ];
  if (token) splices.push({ start: token.getStart(), end: token.getEnd(), text: wanted });
  else if (wanted !== '') splices.push({ start: nameEnd, end: nameEnd, text: wanted });
  return applySplices(text, splices);
}

/**
 * The options of a field's `@Field({...})` that are no rule the studio edits but say how it is
 * stored (`index: false`, issue 44): a rules edit keeps them.
 */
function storageOptions(decorator: TS.Decorator | undefined): Record<string, boolean> {
  const call = decorator?.expression;
  const options = call && ts.isCallExpression(call) ? call.arguments[0] : undefined;
  if (!options || !ts.isObjectLiteralExpression(options)) return {};
  const kept: Record<string, boolean> = {};
  for (const property of options.properties) {
    if (!ts.isPropertyAssignment(property) || property.name.getText() !== 'index') continue;
    const kind = property.initializer.kind;
    if (kind === ts.SyntaxKind.FalseKeyword) kept['index'] = false;
    else if (kind === ts.SyntaxKind.TrueKeyword) kept['index'] = true;
  }
  return kept;
}

/** Sets, replaces or (with no rules) removes the field's `@Field({...})`. */
export function setFieldRules(
  text: string,
  model: string,
  field: string,
  rules: FieldRulesEdit,
  style: SourceStyle,
): string {
  const member = findField(classOf(text, model), field);
  const existing = decoratorsOf(member).find((d) => decoratorName(d) === 'Field');
  const wanted = rulesText({ ...storageOptions(existing), ...rules }, style);
  if (existing) {
    if (wanted)
      return applySplices(text, [
        { start: existing.getStart(), end: existing.getEnd(), text: wanted },
      ]);
    if (startsLine(text, existing.getStart()) && endsLine(text, existing.getEnd()))
      return (
        text.slice(0, lineStart(text, existing.getStart())) +
        text.slice(lineEnd(text, existing.getEnd()))
      );
    let end = existing.getEnd();
    while (text[end] === ' ') end++;
    return text.slice(0, existing.getStart()) + text.slice(end);
  }
  if (!wanted) return text;
  const at = member.getStart();
  const indent = indentAt(text, at);
  const out =
    startsLine(text, at) && !inlineDecorator('Field', style.decorators, text)
      ? text.slice(0, lineStart(text, at)) +
        `${indent}${wanted}\n` +
        text.slice(lineStart(text, at))
      : text.slice(0, at) + `${wanted} ` + text.slice(at);
  return ensureImports(out, 'decorest', ['Field'], style);
}
