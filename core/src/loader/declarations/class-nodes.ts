/**
 * Which syntax defines a class binding at runtime. The site transformer (what the loader learns
 * while evaluating) and `readDeclarations` (what it reads from the source) both ask this one
 * function, so a runtime class and its declaration always meet on the same name and line.
 */
import ts from '../typescript.js';

/** A class the project defines, as found in the syntax tree. */
export interface ClassNode {
  /** The class itself: a declaration, or a class expression bound to a variable. */
  readonly node: ts.ClassDeclaration | ts.ClassExpression;
  /** The binding: class name, variable name, or `default` for `export default class {}`. */
  readonly name: string;
  /** The identifier the binding is known by at runtime; absent for an anonymous default class. */
  readonly binding: ts.Identifier | undefined;
  /** 1-based line and column of the name (or of the `class` keyword when there is none). */
  readonly line: number;
  readonly column: number;
}

function hasDeclare(node: ts.Node): boolean {
  return (
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)
  );
}

/** `declare class X {}`, or any class inside `declare namespace`: no runtime value. */
function isAmbient(node: ts.Node): boolean {
  for (let current: ts.Node | undefined = node; current; current = current.parent) {
    if (hasDeclare(current)) return true;
  }
  return node.getSourceFile()?.isDeclarationFile ?? false;
}

function skipWrappers(expression: ts.Expression): ts.Expression {
  let current = expression;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isNonNullExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

function position(sourceFile: ts.SourceFile, at: ts.Node): { line: number; column: number } {
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(at.getStart(sourceFile));
  return { line: line + 1, column: character + 1 };
}

function classKeyword(node: ts.ClassLikeDeclaration, sourceFile: ts.SourceFile): ts.Node {
  return node.getChildren(sourceFile).find((c) => c.kind === ts.SyntaxKind.ClassKeyword) ?? node;
}

/**
 * The class a statement-level node defines, if any: a (non-ambient) class declaration, or a
 * variable declaration whose initializer is a class expression. The second form is how tsc and
 * other compilers emit decorated classes (`let User = class User {}; User = __decorate(...)`),
 * so compiled `.js` models are seen too.
 */
export function classNodeOf(node: ts.Node, sourceFile: ts.SourceFile): ClassNode | undefined {
  if (ts.isClassDeclaration(node)) {
    if (isAmbient(node)) return undefined;
    const at = node.name ?? classKeyword(node, sourceFile);
    return {
      node,
      name: node.name?.text ?? 'default',
      binding: node.name,
      ...position(sourceFile, at),
    };
  }
  if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
    const initializer = skipWrappers(node.initializer);
    if (!ts.isClassExpression(initializer) || isAmbient(node)) return undefined;
    return {
      node: initializer,
      name: node.name.text,
      binding: node.name,
      ...position(sourceFile, initializer.name ?? node.name),
    };
  }
  return undefined;
}
