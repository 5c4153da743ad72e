/**
 * What a file says at its top level, over oxc-parser's syntax tree (oxc-read-declarations.ts reads
 * its classes): imports, module references with their positions, local type declarations and the
 * names declared at the top. Also the {@link Lines} table both use for positions.
 */
import type { Program, Statement } from 'oxc-parser';

import { oxcEntityNameText, type OxcLocalTypeDeclaration } from './oxc-read-type.js';
import type { FileDeclarations, ImportBinding, ModuleReference } from './read-declarations.js';

export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Any node, for the walk that finds classes wherever they are. */
export interface AnyNode extends Span {
  readonly type: string;
  readonly [key: string]: unknown;
}

/** 1-based lines and columns from UTF-16 offsets, with TypeScript's line breaks. */
export class Lines {
  readonly #starts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.#starts.push(i + 1);
      } else if (ch === 10 || ch === 0x2028 || ch === 0x2029) {
        this.#starts.push(i + 1);
      }
    }
  }

  at(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.#starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.#starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.#starts[low]! + 1 };
  }
}

/** `export …` declarations read as the statement they export, as TypeScript's tree has them. */
function unwrapExport(statement: Statement | Program['body'][number]): AnyNode {
  if (
    (statement.type === 'ExportNamedDeclaration' ||
      statement.type === 'ExportDefaultDeclaration') &&
    statement.declaration
  ) {
    return statement.declaration as unknown as AnyNode;
  }
  return statement as unknown as AnyNode;
}

export function readImports(program: Program): Map<string, ImportBinding> {
  const imports = new Map<string, ImportBinding>();
  for (const statement of program.body) {
    const node = unwrapExport(statement);
    if (node.type === 'TSImportEqualsDeclaration') {
      const reference = node['moduleReference'] as AnyNode;
      if (reference.type === 'TSExternalModuleReference') {
        const { value: specifier } = reference['expression'] as { value: string };
        imports.set((node['id'] as { name: string }).name, { specifier, importedName: '*' });
      }
      continue;
    }
    if (statement.type !== 'ImportDeclaration') continue;
    const specifier = statement.source.value;
    for (const binding of statement.specifiers) {
      if (binding.type === 'ImportDefaultSpecifier') {
        imports.set(binding.local.name, { specifier, importedName: 'default' });
      } else if (binding.type === 'ImportNamespaceSpecifier') {
        imports.set(binding.local.name, { specifier, importedName: '*' });
      } else {
        const { imported } = binding;
        const importedName = imported.type === 'Identifier' ? imported.name : imported.value;
        imports.set(binding.local.name, { specifier, importedName });
      }
    }
  }
  return imports;
}

export function readReferences(program: Program, lines: Lines): ModuleReference[] {
  const references: ModuleReference[] = [];
  for (const statement of program.body) {
    let literal: { value: string; start: number } | null | undefined;
    if (
      statement.type === 'ImportDeclaration' ||
      statement.type === 'ExportNamedDeclaration' ||
      statement.type === 'ExportAllDeclaration'
    ) {
      literal = statement.source;
    }
    const node = unwrapExport(statement);
    if (node.type === 'TSImportEqualsDeclaration') {
      const reference = node['moduleReference'] as AnyNode;
      if (reference.type === 'TSExternalModuleReference') {
        literal = reference['expression'] as { value: string; start: number };
      }
    }
    if (literal) references.push({ specifier: literal.value, ...lines.at(literal.start) });
  }
  return references;
}

export function localTypesOf(program: Program): Map<string, OxcLocalTypeDeclaration> {
  const types = new Map<string, OxcLocalTypeDeclaration>();
  for (const statement of program.body) {
    if (statement.type === 'ExportDefaultDeclaration') continue;
    const node = unwrapExport(statement) as unknown as Statement;
    if (
      node.type === 'TSTypeAliasDeclaration' ||
      node.type === 'TSEnumDeclaration' ||
      node.type === 'TSInterfaceDeclaration'
    ) {
      types.set(node.id.name, node);
    }
  }
  return types;
}

export function readTopLevel(program: Program, lines: Lines): FileDeclarations['topLevel'] {
  const classLines = new Map<string, number>();
  const aliases = new Map<string, string>();
  for (const statement of program.body) {
    const node = unwrapExport(statement) as unknown as Statement;
    if (node.type === 'TSTypeAliasDeclaration') {
      const type = node.typeAnnotation;
      if (type.type === 'TSTypeReference' && !type.typeArguments && !aliases.has(node.id.name)) {
        aliases.set(node.id.name, oxcEntityNameText(type.typeName));
      }
      continue;
    }
    const names: { name: string; start: number }[] = [];
    if (node.type === 'ClassDeclaration' && node.id) names.push(node.id);
    if (node.type === 'VariableDeclaration') {
      for (const declarator of node.declarations) {
        if (declarator.id.type === 'Identifier') names.push(declarator.id);
      }
    }
    for (const named of names) {
      if (!classLines.has(named.name)) classLines.set(named.name, lines.at(named.start).line);
    }
  }
  return { classLines, aliases };
}
