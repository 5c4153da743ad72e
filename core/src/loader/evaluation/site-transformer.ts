/**
 * A `before` transformer that reports every class the project defines, exported or not: after
 * each class-defining statement it adds `__decorestSite(Name, line, 'Name')`.
 *
 * Custom `before` transformers run ahead of TypeScript's legacy-decorator transform, which
 * replaces `@Rest class User {}` in place by `let User = class User {}; User = __decorate(...)`.
 * Our call is a separate following statement, so it lands after that rewrite and sees the
 * final (decorated) binding.
 */
import { classNodeOf } from '../declarations/class-nodes.js';
import ts from '../typescript.js';

/** The parameter name every evaluated file receives the site recorder under. */
export const SITE_FUNCTION = '__decorestSite';

/**
 * What the loader receives per site: the class, the 1-based line and the binding name (the
 * class's own `name` may differ, e.g. `default_1`). `rebound` is true when the same binding was
 * reassigned later in the same statement list (`User = __decorate([...], User)` in compiled code).
 */
export type SiteRecorder = (value: unknown, line: number, name: string, rebound?: boolean) => void;

type StatementContainer =
  ts.SourceFile | ts.Block | ts.ModuleBlock | ts.CaseClause | ts.DefaultClause;

function isContainer(node: ts.Node): node is StatementContainer {
  return (
    ts.isSourceFile(node) ||
    ts.isBlock(node) ||
    ts.isModuleBlock(node) ||
    ts.isCaseClause(node) ||
    ts.isDefaultClause(node)
  );
}

/** The identifier a statement assigns, looking through chains like `exports.X = X = f(X)`. */
function assignedName(
  statement: ts.Statement,
  names: ReadonlyMap<string, number>,
): ts.Identifier | undefined {
  if (!ts.isExpressionStatement(statement)) return undefined;
  let expression: ts.Expression = statement.expression;
  while (
    ts.isBinaryExpression(expression) &&
    expression.operatorToken.kind === ts.SyntaxKind.EqualsToken
  ) {
    if (ts.isIdentifier(expression.left) && names.has(expression.left.text)) return expression.left;
    expression = expression.right;
  }
  return undefined;
}

/** Builds the transformer; `sourceFile` lines are those of the original source. */
export function siteTransformer(): ts.TransformerFactory<ts.SourceFile> {
  return (context) => (sourceFile) => {
    const f = context.factory;

    const siteCall = (
      target: ts.Expression,
      line: number,
      name: string,
      rebound: boolean,
    ): ts.Statement => {
      const args = [target, f.createNumericLiteral(line), f.createStringLiteral(name)];
      if (rebound) args.push(f.createTrue());
      return f.createExpressionStatement(
        f.createCallExpression(f.createIdentifier(SITE_FUNCTION), undefined, args),
      );
    };

    // A reference to a binding that the module transform still rewrites (`X` → `exports.X`
    // for `export let X = class {}`): it needs the source identifier as its original node.
    const reference = (name: ts.Identifier): ts.Identifier =>
      ts.setOriginalNode(f.createIdentifier(name.text), name);

    const addSites = (statements: ts.NodeArray<ts.Statement>): ts.Statement[] => {
      const out: ts.Statement[] = [];
      const variableClasses = new Map<string, number>();
      for (const statement of statements) {
        out.push(statement);
        const original = ts.getOriginalNode(statement);
        if (original.pos < 0) continue; // synthesized by an earlier transformer: no source line
        if (ts.isClassDeclaration(original)) {
          const site = classNodeOf(original, sourceFile);
          if (!site) continue;
          // Anonymous `export default class {}`: TypeScript names it with a generated name
          // keyed to this node (`default_1`); asking for the same generated name reaches it.
          const target = site.binding
            ? f.createIdentifier(site.binding.text)
            : f.getGeneratedNameForNode(original);
          out.push(siteCall(target, site.line, site.name, false));
        } else if (ts.isVariableStatement(original)) {
          for (const declaration of original.declarationList.declarations) {
            const site = classNodeOf(declaration, sourceFile);
            if (!site?.binding) continue;
            variableClasses.set(site.name, site.line);
            out.push(siteCall(reference(site.binding), site.line, site.name, false));
          }
        } else if (variableClasses.size > 0) {
          const name = assignedName(original as ts.Statement, variableClasses);
          if (name) {
            const line = variableClasses.get(name.text) ?? 0;
            out.push(siteCall(reference(name), line, name.text, true));
          }
        }
      }
      return out;
    };

    const visit = (node: ts.Node): ts.Node => {
      const visited = ts.visitEachChild(node, visit, context);
      if (!isContainer(visited)) return visited;
      if (ts.isSourceFile(visited))
        return f.updateSourceFile(visited, addSites(visited.statements));
      if (ts.isBlock(visited)) return f.updateBlock(visited, addSites(visited.statements));
      if (ts.isModuleBlock(visited))
        return f.updateModuleBlock(visited, addSites(visited.statements));
      if (ts.isCaseClause(visited)) {
        return f.updateCaseClause(visited, visited.expression, addSites(visited.statements));
      }
      return f.updateDefaultClause(visited, addSites(visited.statements));
    };

    return ts.visitNode(sourceFile, visit, ts.isSourceFile);
  };
}
