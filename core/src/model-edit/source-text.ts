/**
 * Reading a model file's syntax and splicing text into it. Every edit is a list of
 * replacements of exact character ranges, so everything outside them stays byte-identical.
 */
import { createHash } from 'node:crypto';

import type * as TS from 'typescript';

import { ModelEditError } from '../errors.js';
import ts from '../loader/typescript.js';

export { ModelEditError };

export interface Splice {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function parse(text: string, fileName = 'model.ts'): TS.SourceFile {
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** Applies non-overlapping splices (any order). */
export function applySplices(text: string, splices: readonly Splice[]): string {
  const sorted = [...splices].sort((a, b) => b.start - a.start);
  let out = text;
  for (const s of sorted) out = out.slice(0, s.start) + s.text + out.slice(s.end);
  return out;
}

export function findClass(source: TS.SourceFile, name: string): TS.ClassDeclaration {
  for (const statement of source.statements)
    if (ts.isClassDeclaration(statement) && statement.name?.text === name) return statement;
  throw new ModelEditError(`no class ${name} in ${source.fileName}`);
}

export function memberName(member: TS.ClassElement): string | undefined {
  const name = member.name;
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
}

export function findField(cls: TS.ClassDeclaration, field: string): TS.PropertyDeclaration {
  for (const member of cls.members)
    if (ts.isPropertyDeclaration(member) && memberName(member) === field) return member;
  throw new ModelEditError(`${cls.name?.text ?? 'the class'} declares no field ${field}`);
}

export function hasMember(cls: TS.ClassDeclaration, name: string): boolean {
  return cls.members.some((m) => memberName(m) === name);
}

export function decoratorName(decorator: TS.Decorator): string | undefined {
  const e = decorator.expression;
  const callee = ts.isCallExpression(e) ? e.expression : e;
  return ts.isIdentifier(callee) ? callee.text : undefined;
}

export function decoratorsOf(node: TS.Node): readonly TS.Decorator[] {
  return ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [];
}

export function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

/** The index just after the line's `\n` (or the text's end). */
export function lineEnd(text: string, at: number): number {
  const nl = text.indexOf('\n', at);
  return nl === -1 ? text.length : nl + 1;
}

/** The whitespace a line starts with. */
export function indentAt(text: string, at: number): string {
  const start = lineStart(text, at);
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** Only whitespace between the line's start and `at`. */
export function startsLine(text: string, at: number): boolean {
  return text.slice(lineStart(text, at), at).trim() === '';
}

/** Only whitespace (or a comment) between `at` and the line's end. */
export function endsLine(text: string, at: number): boolean {
  const rest = text.slice(at, lineEnd(text, at)).trim();
  return rest === '' || rest.startsWith('//');
}

/** The line a new line goes before the class's closing brace with, when it has no members. */
export function closingBrace(cls: TS.ClassDeclaration): number {
  return cls.getEnd() - 1;
}
