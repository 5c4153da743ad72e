/**
 * `readDeclarations` over oxc-parser's syntax tree (issue 27): the classes, imports, type aliases
 * and module references of a file, read without loading the TypeScript compiler. It produces the
 * same `FileDeclarations` as the TypeScript reader; the corpus test runs both and expects equal.
 *
 * Positions: oxc-parser reports `start`/`end` as UTF-16 offsets into the JavaScript string (the
 * offsets TypeScript uses), so lines and columns come from one table of line starts, with the line
 * breaks TypeScript counts (`\n`, `\r\n`, `\r`, U+2028, U+2029); columns count UTF-16 units.
 */
import {
  type Class,
  type Comment,
  type Decorator,
  type Expression,
  type ParserOptions,
  parseSync,
  type Program,
  type PropertyKey,
  type TSType,
} from 'oxc-parser';

import type { ClassDeclaration, PropertyDeclaration } from '../../model/declarations.js';
import {
  type AnyNode,
  Lines,
  localTypesOf,
  readImports,
  readReferences,
  readTopLevel,
  type Span,
} from './oxc-read-module.js';
import {
  type OxcLocalTypes,
  oxcReadLocalType,
  oxcReadType,
  stringLiteralValue,
} from './oxc-read-type.js';
import type { FileDeclarations } from './read-declarations.js';
import type { TypeExpr } from './read-type.js';

interface Reader {
  readonly file: string;
  readonly text: string;
  readonly lines: Lines;
  readonly comments: readonly Comment[];
  readonly localTypes: OxcLocalTypes;
}

function languageOf(file: string): NonNullable<ParserOptions['lang']> {
  if (/\.d\.[cm]?ts$/.test(file)) return 'dts';
  if (/\.[cm]?js$/.test(file)) return 'js';
  if (file.endsWith('.jsx')) return 'jsx';
  if (file.endsWith('.tsx')) return 'tsx';
  return 'ts';
}

/**
 * The file's program. TypeScript reads type syntax in `.js` files too (its checker, not its
 * parser, rejects it), so a `.js` file that does not parse as JavaScript is read as TypeScript.
 */
function parseProgram(file: string, text: string): { program: Program; comments: Comment[] } {
  const lang = languageOf(file);
  const first = parseSync(file, text, { lang, astType: 'ts', preserveParens: true });
  if (first.errors.length === 0 || (lang !== 'js' && lang !== 'jsx')) return first;
  const retry = parseSync(file, text, { lang: 'ts', astType: 'ts', preserveParens: true });
  return retry.errors.length < first.errors.length ? retry : first;
}

/** `a.b.c` for an identifier/member chain; undefined for anything else. */
function expressionName(expression: Expression): string | undefined {
  if (expression.type === 'Identifier') return expression.name;
  if (expression.type === 'ChainExpression') return expressionName(expression.expression);
  if (
    expression.type === 'MemberExpression' &&
    !expression.computed &&
    expression.property.type === 'Identifier'
  ) {
    const left = expressionName(expression.object);
    return left === undefined ? undefined : `${left}.${expression.property.name}`;
  }
  return undefined;
}

function decoratorNames(decorators: readonly Decorator[], reader: Reader): string[] {
  return decorators.map((d) => {
    // `@BelongTo` and `@BelongTo(() => User)` both name `BelongTo`.
    const callee = d.expression.type === 'CallExpression' ? d.expression.callee : d.expression;
    return expressionName(callee) ?? reader.text.slice(callee.start, callee.end);
  });
}

/** TypeScript's text of a numeric literal name: integers as written, others normalised. */
function numericText(raw: string | null, value: number): string {
  return raw !== null && /^\d+$/.test(raw) ? raw : String(value);
}

function propertyName(key: PropertyKey, computed: boolean): string | undefined {
  if (!computed) {
    if (key.type === 'Identifier') return key.name;
    if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
    if (key.type === 'Literal' && typeof key.value === 'number') {
      return numericText(key.raw, key.value);
    }
    return undefined; // `#private`
  }
  return stringLiteralValue(key);
}

interface FieldNode extends Span {
  readonly type: string;
  readonly decorators: readonly Decorator[];
  readonly key: PropertyKey;
  readonly computed: boolean;
  readonly static: boolean;
  readonly optional?: boolean;
  readonly definite?: boolean;
  readonly typeAnnotation?: { readonly typeAnnotation: TSType } | null;
}

const FIELD_TYPES = new Set([
  'PropertyDefinition',
  'TSAbstractPropertyDefinition',
  'AccessorProperty',
  'TSAbstractAccessorProperty',
]);

/** Where the name starts: the `[` of a computed name, as TypeScript places it. */
function nameOffset(member: FieldNode, reader: Reader): number {
  if (!member.computed) return member.key.start;
  const from = member.decorators.at(-1)?.end ?? member.start;
  const bracket = reader.text.lastIndexOf('[', member.key.start);
  return bracket >= from ? bracket : member.key.start;
}

/** An `@type` tag: at the start of the comment, or after whitespace or a line's `*`. */
const JSDOC_TYPE_TAG = /(?<=^|[\s*])@type(?![\w$])/;

/** The end of the `{…}` opened at `open` (balanced), or the text's end. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length;
}

/** A declared type read from a JSDoc comment: the node, and the text its offsets index. */
interface JsDocType {
  readonly node: TSType | undefined;
  readonly text: string;
  /** The type as written, for `typeText` and an unparsed type. */
  readonly written: string;
}

const WRAPPER = 'type T = ';

/**
 * Parses a JSDoc type as TypeScript does in a comment: continuation lines' `*` are trivia and
 * `Array.<T>` is `Array<T>`. Both are blanked out at the same length, so the offsets of the
 * parsed nodes index the text as written.
 */
function parseJsDocType(written: string): JsDocType {
  if (written === '') return { node: undefined, text: '', written };
  const clean = written
    .replace(/([\r\n\u2028\u2029][ \t]*)\*/g, (_m, lead: string) => `${lead} `)
    .replace(/\.</g, ' <');
  const parsed = parseSync('jsdoc.ts', `${WRAPPER}${clean};`, { lang: 'ts', preserveParens: true });
  const [statement] = parsed.program.body;
  const node =
    parsed.errors.length === 0 &&
    parsed.program.body.length === 1 &&
    statement?.type === 'TSTypeAliasDeclaration'
      ? statement.typeAnnotation
      : undefined;
  return { node, text: `${WRAPPER}${written};`, written };
}

/**
 * `ts.getJSDocType`: the first `@type` tag of the last JSDoc comment written just before the
 * member (plain JS models: `/** @type {string} *\/ name;`), its braces optional.
 */
function jsDocType(member: FieldNode, previousEnd: number, reader: Reader): JsDocType | undefined {
  const comment = reader.comments.findLast(
    (c) =>
      c.start >= previousEnd &&
      c.end <= member.start &&
      c.type === 'Block' &&
      c.value.startsWith('*'),
  );
  if (!comment) return undefined;
  const { value } = comment;
  const tag = JSDOC_TYPE_TAG.exec(value);
  if (!tag) return undefined;
  let at = tag.index + '@type'.length;
  while (at < value.length && /[\s*]/.test(value[at]!)) at++;
  if (value[at] === '{') {
    return parseJsDocType(value.slice(at + 1, closingBrace(value, at)).trim());
  }
  if (!/[\w$'"([]/.test(value[at] ?? '')) return parseJsDocType('');
  // Without braces the type runs to the end of its line, or is its first word.
  const line = /^[^\r\n]*/.exec(value.slice(at))![0].trim();
  const whole = parseJsDocType(line);
  return whole.node ? whole : parseJsDocType(/^\S*/.exec(line)![0]);
}

function readProperty(
  member: FieldNode,
  previousEnd: number,
  reader: Reader,
): PropertyDeclaration | undefined {
  if (member.static) return undefined;
  const name = propertyName(member.key, member.computed);
  if (name === undefined) return undefined;
  const annotation = member.typeAnnotation?.typeAnnotation;
  let type: TypeExpr;
  let typeText: string;
  if (annotation) {
    type = oxcReadType(annotation, reader.text, reader.text, reader.localTypes);
    typeText = reader.text.slice(annotation.start, annotation.end);
  } else {
    const jsDoc = jsDocType(member, previousEnd, reader);
    if (jsDoc?.node) {
      type = oxcReadType(jsDoc.node, jsDoc.text, reader.text, reader.localTypes);
      typeText = jsDoc.text.slice(jsDoc.node.start, jsDoc.node.end);
    } else if (jsDoc?.written === '') {
      // TypeScript reads a missing type as a reference to an empty name.
      type = { kind: 'reference', name: '' };
      typeText = '';
    } else if (jsDoc) {
      type = { kind: 'unsupported', text: jsDoc.written };
      typeText = jsDoc.written;
    } else {
      type = { kind: 'none' };
      typeText = '';
    }
  }
  return {
    name,
    optional: member.optional === true,
    definite: member.definite === true,
    type,
    typeText,
    ...reader.lines.at(nameOffset(member, reader)),
    decorators: decoratorNames(member.decorators, reader),
  };
}

/** Past whitespace, comments and modifiers to the `class` keyword of an anonymous class. */
function classKeywordOffset(node: Class, text: string): number {
  let i = node.decorators.at(-1)?.end ?? node.start;
  while (i < text.length) {
    const rest = text.slice(i, i + 2);
    if (/\s/.test(text[i]!)) i++;
    else if (rest === '//') i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
    else if (rest === '/*') i = text.indexOf('*/', i + 2) + 2;
    else {
      const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(i, i + 16))?.[0];
      if (word === undefined || word === 'class') return i;
      i += word.length;
    }
  }
  return node.start;
}

function skipWrappers(expression: Expression): Expression {
  let current = expression;
  while (
    current.type === 'ParenthesizedExpression' ||
    current.type === 'TSAsExpression' ||
    current.type === 'TSSatisfiesExpression' ||
    current.type === 'TSNonNullExpression'
  ) {
    current = current.expression;
  }
  return current;
}

interface Site {
  readonly node: Class;
  readonly name: string;
  readonly at: number;
}

/** `classNodeOf` over oxc's tree: a class declaration, or a class expression bound to a name. */
function siteOf(node: AnyNode, ambient: boolean, text: string): Site | undefined {
  if (ambient) return undefined;
  if (node.type === 'ClassDeclaration') {
    const declaration = node as unknown as Class;
    const { id } = declaration;
    return id
      ? { node: declaration, name: id.name, at: id.start }
      : { node: declaration, name: 'default', at: classKeywordOffset(declaration, text) };
  }
  if (node.type === 'VariableDeclarator') {
    const id = node['id'] as AnyNode;
    const init = node['init'] as Expression | null;
    if (id.type !== 'Identifier' || !init) return undefined;
    const initializer = skipWrappers(init);
    if (initializer.type !== 'ClassExpression') return undefined;
    return {
      node: initializer,
      name: id['name'] as string,
      at: initializer.id?.start ?? id.start,
    };
  }
  return undefined;
}

function childrenOf(node: AnyNode): AnyNode[] {
  const children: AnyNode[] = [];
  for (const key in node) {
    if (key === 'parent') continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) {
        if (isNode(item)) children.push(item);
      }
    } else if (isNode(value)) {
      children.push(value);
    }
  }
  return children.sort((a, b) => a.start - b.start);
}

function isNode(value: unknown): value is AnyNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string'
  );
}

function readClasses(program: Program, reader: Reader): ClassDeclaration[] {
  const classes: ClassDeclaration[] = [];
  // `declare class X {}` and anything inside `declare namespace` or a `.d.ts` has no runtime value.
  const visit = (node: AnyNode, outerAmbient: boolean): void => {
    const ambient = outerAmbient || node['declare'] === true;
    const site = siteOf(node, ambient, reader.text);
    if (site) {
      const properties: PropertyDeclaration[] = [];
      let previousEnd = site.node.body.start + 1;
      for (const member of site.node.body.body) {
        if (FIELD_TYPES.has(member.type)) {
          const property = readProperty(member as unknown as FieldNode, previousEnd, reader);
          if (property) properties.push(property);
        }
        previousEnd = member.end;
      }
      const base = site.node.superClass;
      const extendsName = base ? expressionName(base) : undefined;
      classes.push({
        name: site.name,
        file: reader.file,
        ...reader.lines.at(site.at),
        isAbstract: site.node.abstract === true,
        ...(extendsName === undefined ? {} : { extendsName }),
        properties,
      });
    }
    for (const child of childrenOf(node)) visit(child, ambient);
  };
  visit(program as unknown as AnyNode, languageOf(reader.file) === 'dts');
  return classes;
}

/**
 * Reads the classes, imports, type aliases and module references of a file's source.
 *
 * @example
 * ```ts
 * const { classes, imports } = oxcReadDeclarations('/p/todo.ts', source);
 * ```
 */
export function oxcReadDeclarations(file: string, text: string): FileDeclarations {
  const { program, comments } = parseProgram(file, text);
  const lines = new Lines(text);
  const localTypes = localTypesOf(program);
  const reader: Reader = { file, text, lines, comments, localTypes };
  const types = new Map<string, TypeExpr>();
  for (const [name, declaration] of localTypes) {
    if (declaration.type !== 'TSEnumDeclaration' && declaration.typeParameters) continue;
    types.set(name, oxcReadLocalType(name, text, localTypes));
  }
  return {
    classes: readClasses(program, reader),
    imports: readImports(program),
    types,
    references: readReferences(program, lines),
    topLevel: readTopLevel(program, lines),
  };
}
