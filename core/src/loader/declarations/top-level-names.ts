/**
 * Names a file binds at top level that type-name resolution needs without the syntax tree:
 * the line of each class binding (`class User`, `let User = class …`) and plain aliases of
 * other names (`type Owner = User`). Read once with the declarations, so a cached load can
 * resolve `@BelongTo user?: User` without loading TypeScript (issue 6: cold start).
 */
import ts from '../typescript.js';
import { entityNameText } from './read-type.js';

export interface TopLevelNames {
  /** Class bindings by name: the 1-based line of the name. */
  readonly classLines: ReadonlyMap<string, number>;
  /** `type A = B` (no type arguments) by alias name: `B`. */
  readonly aliases: ReadonlyMap<string, string>;
}

export function readTopLevelNames(ast: ts.SourceFile): TopLevelNames {
  const classLines = new Map<string, number>();
  const aliases = new Map<string, string>();
  for (const statement of ast.statements) {
    if (ts.isTypeAliasDeclaration(statement)) {
      const type = statement.type;
      if (
        ts.isTypeReferenceNode(type) &&
        !type.typeArguments &&
        !aliases.has(statement.name.text)
      ) {
        aliases.set(statement.name.text, entityNameText(type.typeName));
      }
      continue;
    }
    const candidates = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations
      : [statement];
    for (const node of candidates) {
      const named =
        ts.isClassDeclaration(node) || ts.isVariableDeclaration(node) ? node.name : undefined;
      if (!named || !ts.isIdentifier(named) || classLines.has(named.text)) continue;
      const { line } = ast.getLineAndCharacterOfPosition(named.getStart(ast));
      classLines.set(named.text, line + 1);
    }
  }
  return { classLines, aliases };
}
