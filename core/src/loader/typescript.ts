/**
 * The TypeScript compiler API, loaded with `require` on first use (issue 6: cold start).
 * An ESM `import` of this 9 MB CommonJS file makes Node scan all of it for named exports
 * first (about 40 % of the CLI's start-up); and a load served from the transpile cache needs
 * no TypeScript at all, so it is not loaded until something asks for it.
 */
import { createRequire } from 'node:module';

import type * as TypeScript from 'typescript';

let loaded: typeof TypeScript | undefined;
const load = (): typeof TypeScript =>
  (loaded ??= createRequire(import.meta.url)('typescript') as typeof TypeScript);

const ts: typeof TypeScript = new Proxy({} as typeof TypeScript, {
  get: (_target, key) => Reflect.get(load(), key) as unknown,
});

/** Whether anything has needed the compiler yet in this process. */
export function isTypeScriptLoaded(): boolean {
  return loaded !== undefined;
}

/** The compiler's version, read from its package.json without loading the compiler. */
export function typeScriptVersion(): string {
  const require = createRequire(import.meta.url);
  const manifest = require('typescript/package.json') as { version: string };
  return manifest.version;
}

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
  export type InterfaceDeclaration = TypeScript.InterfaceDeclaration;
  export type ModuleBlock = TypeScript.ModuleBlock;
  export type Node = TypeScript.Node;
  export type PropertyDeclaration = TypeScript.PropertyDeclaration;
  export type PropertyName = TypeScript.PropertyName;
  export type SourceFile = TypeScript.SourceFile;
  export type Statement = TypeScript.Statement;
  export type SyntaxKind = TypeScript.SyntaxKind;
  export type TypeAliasDeclaration = TypeScript.TypeAliasDeclaration;
  export type TypeElement = TypeScript.TypeElement;
  export type TypeLiteralNode = TypeScript.TypeLiteralNode;
  export type TypeNode = TypeScript.TypeNode;
  export type TypeReferenceNode = TypeScript.TypeReferenceNode;
  export type TransformerFactory<T extends TypeScript.Node> = TypeScript.TransformerFactory<T>;
  export type NodeArray<T extends TypeScript.Node> = TypeScript.NodeArray<T>;
}
export default ts;
