/**
 * The TypeScript compiler API, loaded with `require`. An ESM `import` of this 9 MB CommonJS
 * file makes Node scan all of it for named exports first (cjs-module-lexer), which was about
 * 40 % of the CLI's start-up (issue 6: cold start).
 */
import { createRequire } from 'node:module';

import type * as TypeScript from 'typescript';

const ts: typeof TypeScript = createRequire(import.meta.url)('typescript') as typeof TypeScript;

// The value and, under the same name, the namespace of the types the loader uses (`ts.Node`).
// eslint-disable-next-line @typescript-eslint/no-namespace -- a type namespace merged with the value is the only way to keep `ts.Node` without an ESM import of the package
declare namespace ts {
  export type Block = TypeScript.Block;
  export type CaseClause = TypeScript.CaseClause;
  export type ClassDeclaration = TypeScript.ClassDeclaration;
  export type ClassExpression = TypeScript.ClassExpression;
  export type ClassLikeDeclaration = TypeScript.ClassLikeDeclaration;
  export type CompilerOptions = TypeScript.CompilerOptions;
  export type DefaultClause = TypeScript.DefaultClause;
  export type Diagnostic = TypeScript.Diagnostic;
  export type EntityName = TypeScript.EntityName;
  export type EnumDeclaration = TypeScript.EnumDeclaration;
  export type Expression = TypeScript.Expression;
  export type Identifier = TypeScript.Identifier;
  export type ModuleBlock = TypeScript.ModuleBlock;
  export type Node = TypeScript.Node;
  export type PropertyDeclaration = TypeScript.PropertyDeclaration;
  export type PropertyName = TypeScript.PropertyName;
  export type SourceFile = TypeScript.SourceFile;
  export type Statement = TypeScript.Statement;
  export type SyntaxKind = TypeScript.SyntaxKind;
  export type TypeAliasDeclaration = TypeScript.TypeAliasDeclaration;
  export type TypeNode = TypeScript.TypeNode;
  export type TypeReferenceNode = TypeScript.TypeReferenceNode;
  export type TransformerFactory<T extends TypeScript.Node> = TypeScript.TransformerFactory<T>;
  export type NodeArray<T extends TypeScript.Node> = TypeScript.NodeArray<T>;
}
export default ts;
