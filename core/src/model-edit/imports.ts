/**
 * Named imports an edit needs (`Field`, `HasMany` from 'decorest'; the other model of a
 * relation), added to the existing import in its own layout, or as a new import line.
 */
import type * as TS from 'typescript';

import ts from '../loader/typescript.js';
import { applySplices, indentAt, lineEnd, lineStart, parse, type Splice } from './source-text.js';
import { quoted, type SourceStyle } from './style.js';

function importOf(source: TS.SourceFile, module: string): TS.ImportDeclaration | undefined {
  for (const s of source.statements) {
    if (
      ts.isImportDeclaration(s) &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      s.moduleSpecifier.text === module &&
      !s.importClause?.isTypeOnly &&
      s.importClause?.namedBindings &&
      ts.isNamedImports(s.importClause.namedBindings)
    )
      return s;
  }
  return undefined;
}

/** Names bound by any import of the file (`import { A as B }` binds B). */
function importedNames(source: TS.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const s of source.statements) {
    if (!ts.isImportDeclaration(s) || !s.importClause) continue;
    if (s.importClause.name) names.add(s.importClause.name.text);
    const bindings = s.importClause.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const e of bindings.elements) names.add(e.name.text);
  }
  return names;
}

function addToImport(text: string, decl: TS.ImportDeclaration, name: string): Splice {
  const named = decl.importClause!.namedBindings as TS.NamedImports;
  const elements = named.elements;
  const multiline = text.slice(named.getStart(), named.getEnd()).includes('\n');
  const before = elements.find((e) => e.name.text.toLowerCase() > name.toLowerCase());
  if (elements.length === 0)
    return { start: named.getStart() + 1, end: named.getEnd() - 1, text: ` ${name} ` };
  if (multiline) {
    const indent = indentAt(text, elements[0]!.getStart());
    if (before)
      return { start: before.getStart(), end: before.getStart(), text: `${name},\n${indent}` };
    const last = elements[elements.length - 1]!;
    return elements.hasTrailingComma
      ? {
          start: text.indexOf(',', last.getEnd()) + 1,
          end: text.indexOf(',', last.getEnd()) + 1,
          text: `\n${indent}${name},`,
        }
      : { start: last.getEnd(), end: last.getEnd(), text: `,\n${indent}${name}` };
  }
  if (before) return { start: before.getStart(), end: before.getStart(), text: `${name}, ` };
  const last = elements[elements.length - 1]!;
  return { start: last.getEnd(), end: last.getEnd(), text: `, ${name}` };
}

/** `text` with `names` importable from `module` (nothing changes for names already bound). */
export function ensureImports(
  text: string,
  module: string,
  names: readonly string[],
  style: SourceStyle,
): string {
  let out = text;
  for (const name of names) {
    const source = parse(out);
    if (importedNames(source).has(name)) continue;
    const decl = importOf(source, module);
    if (decl) {
      out = applySplices(out, [addToImport(out, decl, name)]);
      continue;
    }
    const line = `import { ${name} } from ${quoted(module, style)}${style.semi ? ';' : ''}\n`;
    const imports = source.statements.filter(ts.isImportDeclaration);
    const moduleOf = (d: TS.ImportDeclaration) => (d.moduleSpecifier as TS.StringLiteral).text;
    // Its group (relative or package imports), in the group's sorted place.
    const group = imports.filter((d) => moduleOf(d).startsWith('.') === module.startsWith('.'));
    const after = group.find((d) => moduleOf(d).toLowerCase() > module.toLowerCase());
    const last = group[group.length - 1] ?? imports[imports.length - 1];
    if (after) {
      const at = lineStart(out, after.getStart());
      out = out.slice(0, at) + line + out.slice(at);
    } else if (last) {
      const at = lineEnd(out, last.getEnd());
      // A first relative import after package imports starts its own group, as in the examples.
      const blank = group.length === 0 && module.startsWith('.');
      out = out.slice(0, at) + (blank ? '\n' : '') + line + out.slice(at);
    } else {
      out = line + '\n' + out;
    }
  }
  return out;
}
