/**
 * What a project file declares, read from its syntax tree: classes with their fields and
 * declared types, and the names it imports. DESIGN "Known traps": `design:type` metadata is
 * unreliable, so field types come from here.
 */
import type { ClassDeclaration, PropertyDeclaration } from '../../model/declarations.js';
import ts from '../typescript.js';
import { classNodeOf } from './class-nodes.js';
import {
  type LocalTypeDeclaration,
  type LocalTypes,
  readType,
  type TypeExpr,
} from './read-type.js';
import { readTopLevelNames, type TopLevelNames } from './top-level-names.js';

export type { ClassDeclaration, PropertyDeclaration, TypeExpr } from '../../model/declarations.js';

/** What a local name is imported as. `importedName` is `default`, or `*` for a namespace. */
export interface ImportBinding {
  readonly specifier: string;
  readonly importedName: string;
}

/** A module specifier written in the file, with where it is written (1-based). */
export interface ModuleReference {
  readonly specifier: string;
  readonly line: number;
  readonly column: number;
}

export interface FileDeclarations {
  readonly classes: readonly ClassDeclaration[];
  readonly imports: ReadonlyMap<string, ImportBinding>;
  /**
   * Top-level type aliases, enums and interfaces, read as field types
   * (`type Priority = 'low' | 'high'`, `interface Category { id: number }`).
   */
  readonly types: ReadonlyMap<string, TypeExpr>;
  /** Every `import`/`export … from`/`import x = require()` specifier, for an early check. */
  readonly references: readonly ModuleReference[];
  /** Top-level class bindings and aliases, for type-name resolution. */
  readonly topLevel: TopLevelNames;
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

function location(sourceFile: ts.SourceFile, node: ts.Node): { line: number; column: number } {
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
  return { line: line + 1, column: character + 1 };
}

/** `a.b.c` for an identifier/property-access chain; undefined for anything else. */
function expressionName(expression: ts.Expression): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.name)) {
    const left = expressionName(expression.expression);
    return left === undefined ? undefined : `${left}.${expression.name.text}`;
  }
  return undefined;
}

function decoratorNames(node: ts.Node, sourceFile: ts.SourceFile): string[] {
  const decorators = ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [];
  return decorators.map((d) => {
    // `@BelongTo` and `@BelongTo(() => User)` both name `BelongTo`.
    const callee = ts.isCallExpression(d.expression) ? d.expression.expression : d.expression;
    return expressionName(callee) ?? callee.getText(sourceFile);
  });
}

function propertyName(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name)) {
    return name.text;
  }
  if (ts.isComputedPropertyName(name) && ts.isStringLiteralLike(name.expression)) {
    return name.expression.text;
  }
  return undefined; // `#private` and computed names are not fields
}

function readProperty(
  member: ts.PropertyDeclaration,
  sourceFile: ts.SourceFile,
  localTypes: LocalTypes,
): PropertyDeclaration | undefined {
  if (hasModifier(member, ts.SyntaxKind.StaticKeyword)) return undefined;
  const name = propertyName(member.name);
  if (name === undefined) return undefined;
  // Plain JS models may declare field types in JSDoc (`/** @type {string} */ name;`).
  const typeNode = member.type ?? ts.getJSDocType(member);
  return {
    name,
    optional: member.questionToken !== undefined,
    definite: member.exclamationToken !== undefined,
    type: readType(typeNode, sourceFile, localTypes),
    typeText: typeNode?.getText(sourceFile) ?? '',
    ...location(sourceFile, member.name),
    decorators: decoratorNames(member, sourceFile),
  };
}

function extendsNameOf(node: ts.ClassLikeDeclaration): string | undefined {
  const clause = node.heritageClauses?.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword);
  const base = clause?.types[0]?.expression;
  return base ? expressionName(base) : undefined;
}

function readClasses(
  sourceFile: ts.SourceFile,
  file: string,
  localTypes: LocalTypes,
): ClassDeclaration[] {
  const classes: ClassDeclaration[] = [];
  const visit = (node: ts.Node): void => {
    const site = classNodeOf(node, sourceFile);
    if (site) {
      const properties = site.node.members
        .filter(ts.isPropertyDeclaration)
        .map((m) => readProperty(m, sourceFile, localTypes))
        .filter((p): p is PropertyDeclaration => p !== undefined);
      const extendsName = extendsNameOf(site.node);
      classes.push({
        name: site.name,
        file,
        line: site.line,
        column: site.column,
        isAbstract: hasModifier(site.node, ts.SyntaxKind.AbstractKeyword),
        ...(extendsName === undefined ? {} : { extendsName }),
        properties,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return classes;
}

function readImports(sourceFile: ts.SourceFile): Map<string, ImportBinding> {
  const imports = new Map<string, ImportBinding>();
  for (const statement of sourceFile.statements) {
    if (ts.isImportEqualsDeclaration(statement)) {
      const reference = statement.moduleReference;
      if (ts.isExternalModuleReference(reference) && ts.isStringLiteral(reference.expression)) {
        imports.set(statement.name.text, {
          specifier: reference.expression.text,
          importedName: '*',
        });
      }
      continue;
    }
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue;
    const specifier = statement.moduleSpecifier.text;
    const clause = statement.importClause;
    if (clause?.name) imports.set(clause.name.text, { specifier, importedName: 'default' });
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) {
      imports.set(bindings.name.text, { specifier, importedName: '*' });
    } else if (bindings) {
      for (const element of bindings.elements) {
        const importedName = (element.propertyName ?? element.name).text;
        imports.set(element.name.text, { specifier, importedName });
      }
    }
  }
  return imports;
}

function readReferences(sourceFile: ts.SourceFile): ModuleReference[] {
  const references: ModuleReference[] = [];
  for (const statement of sourceFile.statements) {
    let literal: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) {
      literal = statement.moduleSpecifier;
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      ts.isExternalModuleReference(statement.moduleReference)
    ) {
      literal = statement.moduleReference.expression;
    }
    if (literal && ts.isStringLiteral(literal)) {
      references.push({ specifier: literal.text, ...location(sourceFile, literal) });
    }
  }
  return references;
}

function localTypesOf(sourceFile: ts.SourceFile): Map<string, LocalTypeDeclaration> {
  const types = new Map<string, LocalTypeDeclaration>();
  for (const statement of sourceFile.statements) {
    if (
      ts.isTypeAliasDeclaration(statement) ||
      ts.isEnumDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement)
    ) {
      types.set(statement.name.text, statement);
    }
  }
  return types;
}

/**
 * Reads the classes, imports, type aliases and module references of a parsed file. Parse with
 * `setParentNodes: true`.
 *
 * @example
 * ```ts
 * const ast = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true);
 * const { classes, imports } = readDeclarations(ast, file);
 * ```
 */
export function readDeclarations(
  sourceFile: ts.SourceFile,
  file = sourceFile.fileName,
): FileDeclarations {
  const localTypes = localTypesOf(sourceFile);
  const types = new Map<string, TypeExpr>();
  for (const [name, declaration] of localTypes) {
    if (!ts.isEnumDeclaration(declaration) && declaration.typeParameters) continue;
    const reference = ts.factory.createTypeReferenceNode(name);
    // Reading a reference to the alias expands it exactly as a field using it would be.
    types.set(name, readType(reference, sourceFile, localTypes));
  }
  return {
    classes: readClasses(sourceFile, file, localTypes),
    imports: readImports(sourceFile),
    types,
    references: readReferences(sourceFile),
    topLevel: readTopLevelNames(sourceFile),
  };
}
