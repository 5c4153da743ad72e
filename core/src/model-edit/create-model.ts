/**
 * A new model file and the `@HasMany`/`@BelongTo` pair between two models, written in the
 * project's style so they read like the user's own code.
 */
import type { OnDelete } from '../metadata/types.js';
import { MODEL_PATH_PATTERN } from '../model/naming.js';
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
import { literal, quoted, type SourceStyle } from './style.js';

/**
 * A field of a new model. With `wireName` the member is declared by that quoted name
 * (`'first-name'!: string`): the loader reads a quoted member as the field of that name, so a
 * key that is no identifier stays the key on the wire (issue 28, json-server's `first-name`).
 */
export interface NewFieldSpec extends FieldSpec {
  wireName?: string;
}

export interface NewModelSpec {
  /** Class name, PascalCase: `Invoice`. */
  name: string;
  /** Besides `id!: number` (or `id!: string` with `idType`), which every new model gets. */
  fields: NewFieldSpec[];
  /** The id's type; `number` unless said (json-server keeps string ids as strings). */
  idType?: 'number' | 'string';
  /** Written as `@Rest({ path })`: only when it differs from the path decorest derives. */
  path?: string;
  /** Written as `@Rest({ open: true })`: the model keeps fields it does not declare (issue 42). */
  open?: boolean;
}

/** Longer wire names are typos or attacks; the same bound as a field name's. */
const MAX_WIRE_NAME_LENGTH = 64;

/** A quoted member name the loader reads back as written, and no object member (`__proto__`). */
function checkWireName(name: string): void {
  if (typeof name !== 'string' || name === '' || name.length > MAX_WIRE_NAME_LENGTH)
    throw new ModelEditError(`a field's key has 1 to ${MAX_WIRE_NAME_LENGTH} characters`);
  if (/[\p{Cc}'"\\`]/u.test(name))
    throw new ModelEditError(
      `${JSON.stringify(name)} cannot be a field's key: no quotes or control characters`,
    );
  if (name in Object.prototype || name === 'prototype')
    throw new ModelEditError(
      `${JSON.stringify(name)} cannot be a field's key: every JavaScript object has a member of that name`,
    );
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
  'DocumentedBodyKey',
  'DocumentedCreateOptions',
  'DocumentedFill',
  'DocumentedListOptions',
  'DocumentedReadOptions',
  'DocumentedRecordKey',
  'DocumentedRemoveOptions',
  'DocumentedUpdateOptions',
  'Field',
  'FieldError',
  'FieldOptions',
  'FieldRules',
  'FormFields',
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
  'MultipartBody',
  'OnDelete',
  'Persistence',
  'PostgresDataSource',
  'ProblemDocument',
  'RecordId',
  'Request',
  'Response',
  'Rest',
  'RestOptions',
  'UploadedFile',
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
  // Checked, not trusted: the studio's control API hands a client's spec straight here.
  if (spec.idType !== undefined && spec.idType !== 'number' && spec.idType !== 'string')
    throw new ModelEditError('an id is a number or a string');
  if (
    spec.path !== undefined &&
    (typeof spec.path !== 'string' || !MODEL_PATH_PATTERN.test(spec.path))
  )
    throw new ModelEditError(
      `${JSON.stringify(spec.path)} cannot be a path: letters, digits, _ and -, one segment`,
    );
  if (spec.open !== undefined && typeof spec.open !== 'boolean')
    throw new ModelEditError('open is true or false');
  const seen = new Set<string>(['id']);
  const body: string[] = [`id!: ${spec.idType ?? 'number'}${style.semi ? ';' : ''}`];
  let needsField = false;
  for (const field of spec.fields) {
    if (field.wireName === undefined) checkIdentifier(field.name);
    else checkWireName(field.wireName);
    checkFieldType(field.type);
    const key = field.wireName ?? field.name;
    if (key === 'id')
      throw new ModelEditError('id is declared for you: every model gets `id!: number`');
    if (seen.has(key)) throw new ModelEditError(`field ${key} is declared twice`);
    seen.add(key);
    const rules = field.rules ? rulesText(field.rules, style) : undefined;
    if (rules) {
      needsField = true;
      body.push(rules);
    }
    const member = field.wireName === undefined ? field.name : quoted(field.wireName, style);
    body.push(fieldLine({ ...field, name: member }, style));
  }
  const names = needsField ? 'Field, FromDataSource, Rest' : 'FromDataSource, Rest';
  const semi = style.semi ? ';' : '';
  const text = [
    `import { ${names} } from ${quoted('decorest', style)}${semi}`,
    '',
    spec.path === undefined && spec.open !== true
      ? decoratorText('Rest', style.decorators)
      : `@Rest(${literal({ path: spec.path, open: spec.open === true ? true : undefined }, style)})`,
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
  /** The `@HasMany` delete rule, written only when it is not the default `nullify`. */
  onDelete?: OnDelete;
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
    pair.onDelete === undefined || pair.onDelete === 'nullify'
      ? undefined
      : { onDelete: pair.onDelete },
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
