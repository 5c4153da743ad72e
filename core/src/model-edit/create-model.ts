/**
 * A new model file and the `@HasMany`/`@BelongTo` pair between two models, written in the
 * project's style so they read like the user's own code.
 */
import { decoratorText } from './decorator-style.js';
import {
  addRelationMember,
  checkFieldType,
  checkIdentifier,
  fieldLine,
  type FieldSpec,
  rulesText,
} from './field-edits.js';
import { ensureImports } from './imports.js';
import { ModelEditError } from './source-text.js';
import { quoted, type SourceStyle } from './style.js';

export interface NewModelSpec {
  /** Class name, PascalCase: `Invoice`. */
  name: string;
  /** Besides `id!: number`, which every new model gets. */
  fields: FieldSpec[];
}

/** `QuoteBook` → `quote-book` (the examples' file names). */
export function fileBaseName(model: string): string {
  return model.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** `QuoteBook` → `quoteBook`; with `plural`, the naive English plural (`quoteBooks`, `categories`). */
export function memberNameFor(model: string, plural: boolean): string {
  const base = model.charAt(0).toLowerCase() + model.slice(1);
  if (!plural) return base;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(base)) return `${base}es`;
  return `${base}s`;
}

/**
 * What `decorest` exports: a model of that name clashes with the import its own file (or a
 * file it links to) needs (`import { Rest } from 'decorest'` beside `class Rest`). Kept in step
 * with `src/index.ts` by model-edit-names.test.ts.
 */
export const DECOREST_EXPORTS: readonly string[] = [
  'Application',
  'ApplicationClass',
  'BelongTo',
  'Dao',
  'DataSource',
  'Field',
  'FieldError',
  'FieldOptions',
  'FieldRules',
  'FromDataSource',
  'Handler',
  'HandlerFunction',
  'HasMany',
  'HasManyOptions',
  'HttpMethod',
  'HttpProblem',
  'HttpRequestHandler',
  'IdOf',
  'ModelBody',
  'ModelClass',
  'ModelInput',
  'ModelRecord',
  'ModelReplacement',
  'OnDelete',
  'Persistence',
  'PostgresDataSource',
  'ProblemDocument',
  'RecordId',
  'Request',
  'Response',
  'Rest',
  'RestOptions',
  'ValidationProblem',
  'WebServlet',
];

/**
 * The ECMAScript globals: a class of that name shadows the built-in in its file and in every
 * file importing it, and the compiled decorators use some (`class Object` throws on load,
 * `class Date` turns every `Date` field of a linked model into a relation).
 */
const ES_GLOBALS: readonly string[] = [
  'AggregateError',
  'Array',
  'ArrayBuffer',
  'Atomics',
  'BigInt',
  'BigInt64Array',
  'BigUint64Array',
  'Boolean',
  'DataView',
  'Date',
  'Error',
  'EvalError',
  'FinalizationRegistry',
  'Float16Array',
  'Float32Array',
  'Float64Array',
  'Function',
  'Infinity',
  'Int16Array',
  'Int32Array',
  'Int8Array',
  'Intl',
  'Iterator',
  'JSON',
  'Map',
  'Math',
  'NaN',
  'Number',
  'Object',
  'Promise',
  'Proxy',
  'RangeError',
  'ReferenceError',
  'Reflect',
  'RegExp',
  'Set',
  'SharedArrayBuffer',
  'String',
  'Symbol',
  'SyntaxError',
  'TypeError',
  'URIError',
  'Uint16Array',
  'Uint32Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'WeakMap',
  'WeakRef',
  'WeakSet',
  'WebAssembly',
];

const RESERVED_MODEL_NAMES: ReadonlySet<string> = new Set([...DECOREST_EXPORTS, ...ES_GLOBALS]);

/** A class name the loader will serve: an identifier, capitalised, clashing with nothing. */
export function checkModelName(name: string): void {
  checkIdentifier(name, 'model name');
  if (!/^[A-Z]/.test(name)) throw new ModelEditError('a model name starts with a capital letter');
  if (RESERVED_MODEL_NAMES.has(name))
    throw new ModelEditError(
      DECOREST_EXPORTS.includes(name)
        ? `${name} cannot be a model name: decorest exports a ${name}, which model files import`
        : `${name} cannot be a model name: it would hide JavaScript's own ${name}`,
    );
}

export function createModelFile(
  spec: NewModelSpec,
  style: SourceStyle,
): { fileName: string; text: string } {
  checkModelName(spec.name);
  const seen = new Set<string>(['id']);
  const body: string[] = [`id!: number${style.semi ? ';' : ''}`];
  let needsField = false;
  for (const field of spec.fields) {
    checkIdentifier(field.name);
    checkFieldType(field.type);
    if (field.name === 'id')
      throw new ModelEditError('id is declared for you: every model gets `id!: number`');
    if (seen.has(field.name)) throw new ModelEditError(`field ${field.name} is declared twice`);
    seen.add(field.name);
    const rules = field.rules ? rulesText(field.rules, style) : undefined;
    if (rules) {
      needsField = true;
      body.push(rules);
    }
    body.push(fieldLine(field, style));
  }
  const names = needsField ? 'Field, FromDataSource, Rest' : 'FromDataSource, Rest';
  const semi = style.semi ? ';' : '';
  const text = [
    `import { ${names} } from ${quoted('decorest', style)}${semi}`,
    '',
    decoratorText('Rest', style.decorators),
    decoratorText('FromDataSource', style.decorators),
    `export class ${spec.name} {`,
    ...body.map((l) => `${style.indent}${l}`),
    '}',
    '',
  ].join('\n');
  return { fileName: `${fileBaseName(spec.name)}.ts`, text };
}

export interface RelationPair {
  /** The model that has many, and its file's text. */
  parent: { model: string; text: string; importPath: string };
  child: { model: string; text: string; importPath: string };
  /** `@HasMany` field on the parent; `todos` for Todo by default. */
  hasMany?: string;
  /** `@BelongTo` field on the child; `user` for User by default. */
  belongTo?: string;
}

/**
 * `@HasMany children!: Child[]` on the parent and `@BelongTo parent?: Parent` on the child,
 * each importing the other. For a model that relates to itself both land in one text.
 */
export function addRelationPair(
  pair: RelationPair,
  style: SourceStyle,
): { parent: string; child: string } {
  const hasMany = pair.hasMany ?? memberNameFor(pair.child.model, true);
  const belongTo = pair.belongTo ?? memberNameFor(pair.parent.model, false);
  checkIdentifier(hasMany);
  checkIdentifier(belongTo);
  const semi = style.semi ? ';' : '';
  const same =
    pair.parent.text === pair.child.text && pair.parent.importPath === pair.child.importPath;
  let parent = addRelationMember(
    pair.parent.text,
    pair.parent.model,
    hasMany,
    'HasMany',
    `${hasMany}!: ${pair.child.model}[]${semi}`,
    style,
  );
  parent = ensureImports(parent, 'decorest', ['HasMany'], style);
  let child = same ? parent : pair.child.text;
  child = addRelationMember(
    child,
    pair.child.model,
    belongTo,
    'BelongTo',
    `${belongTo}?: ${pair.parent.model}${semi}`,
    style,
  );
  child = ensureImports(child, 'decorest', ['BelongTo'], style);
  if (same) return { parent: child, child };
  parent = ensureImports(parent, pair.child.importPath, [pair.child.model], style);
  child = ensureImports(child, pair.parent.importPath, [pair.parent.model], style);
  return { parent, child };
}
