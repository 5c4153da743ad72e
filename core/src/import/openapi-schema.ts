/**
 * One property's JSON Schema as a decorest field (issue 28): the type as a model file writes it
 * and the keywords `@Field` checks (`minLength`, `maxLength`, `pattern`, `minimum`, `maximum`,
 * `format`). A `$ref` to a model is a link, not a field; a nested object (inline, or a `$ref` to
 * a schema no collection serves) is an object field; what a field cannot hold (a union of
 * types, a free-form object) is a reason to report. `$ref`s are followed with the set of those
 * being followed, so a circular schema ends in a reason instead of an endless walk.
 */
import type { FieldRulesEdit, JsonValue } from '../contract/control-api.js';
import { checkFieldType } from '../model-edit/field-edits.js';
import { isObject, type JsonObject, resolvePointer } from './openapi-document.js';

/** What a property becomes. `guesses` are notes to report beside a field that is written. */
export type PropertyReading =
  | { kind: 'field'; type: string; rules: FieldRulesEdit; guesses: string[]; description?: string }
  | { kind: 'link'; target: string }
  | { kind: 'skip'; reason: string };

export interface SchemaScope {
  root: JsonObject;
  /** Component `$ref`s that are models, with their class names. */
  models: ReadonlyMap<string, string>;
}

/** A scalar's reading before `| null`, arrays and defaults. */
interface Scalar {
  type: string;
  rules: FieldRulesEdit;
  guesses: string[];
  nullable: boolean;
}

type Step = Scalar | { link: string } | { skip: string };

const FORMATS: ReadonlySet<string> = new Set(['email', 'uri', 'date-time']);
/** Formats any string satisfies as far as decorest knows; no note needed. */
const PLAIN_FORMATS: ReadonlySet<string> = new Set(['binary', 'byte', 'password']);

const quote = (s: string): string => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** Follows `$ref`s that are not models; a ref met twice is a cycle. */
function deref(
  scope: SchemaScope,
  schema: unknown,
  seen: ReadonlySet<string>,
): { schema: unknown; seen: ReadonlySet<string> } | { link: string } | { skip: string } {
  let current = schema;
  const followed = new Set(seen);
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    const model = scope.models.get(ref);
    if (model !== undefined) return { link: model };
    if (followed.has(ref)) return { skip: `refers to itself through ${ref} (a circular schema)` };
    followed.add(ref);
    current = resolvePointer(scope.root, ref);
  }
  return { schema: current, seen: followed };
}

/** Deeper schemas are no field type (the writer refuses types nested deeper), nor worth the stack. */
const MAX_DEPTH = 32;

function readStep(scope: SchemaScope, input: unknown, seen: ReadonlySet<string>, depth = 0): Step {
  if (depth > MAX_DEPTH) return { skip: `is nested deeper than ${MAX_DEPTH} levels` };
  const found = deref(scope, input, seen);
  if (!('schema' in found)) return found;
  const schema = found.schema;
  if (!isObject(schema)) return { skip: 'has no schema' };
  let nullable = schema.nullable === true;
  // `allOf: [{ $ref }]` is how 3.0 documents add `nullable` or a description to a reference.
  if (Array.isArray(schema.allOf)) {
    if (schema.allOf.length !== 1) return { skip: 'is an allOf of several schemas' };
    return withNull(readStep(scope, schema.allOf[0], found.seen, depth + 1), nullable);
  }
  const union = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(union)) {
    const others = union.filter((s) => !(isObject(s) && s.type === 'null'));
    if (others.length === 1)
      return withNull(readStep(scope, others[0], found.seen, depth + 1), true);
    return {
      skip: `is a ${schema.oneOf ? 'oneOf' : 'anyOf'} union, which a decorest field cannot hold`,
    };
  }
  let type = schema.type;
  if (Array.isArray(type)) {
    nullable ||= type.includes('null');
    const rest = type.filter((t) => t !== 'null');
    if (rest.length !== 1) return { skip: `has several types (${type.join(', ')})` };
    type = rest[0];
  }
  if (Array.isArray(schema.enum) || schema.const !== undefined) return readEnum(schema, nullable);
  switch (type) {
    case 'string':
      return { ...stringRules(schema), nullable };
    case 'integer':
    case 'number':
      return { ...numberRules(schema, type), nullable };
    case 'boolean':
      return { type: 'boolean', rules: {}, guesses: [], nullable };
    case 'array':
      return readArray(scope, schema, found.seen, nullable, depth);
    case 'null':
      return {
        type: 'string',
        rules: {},
        guesses: ['is always null: typed string | null'],
        nullable: true,
      };
    default:
      if (isObject(schema.properties) || type === 'object')
        return readObject(scope, schema, found.seen, nullable, depth);
      return { skip: 'has no type' };
  }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * A nested object (inline, or a `$ref` to a schema no collection serves) as an object type:
 * its properties typed, the `required` ones without `?`. A member that links to a model, or
 * that no field type holds, keeps the whole object out (a partial type would refuse the
 * documented bodies that carry it).
 */
function readObject(
  scope: SchemaScope,
  schema: JsonObject,
  seen: ReadonlySet<string>,
  nullable: boolean,
  depth: number,
): Step {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const names = Object.keys(properties);
  if (names.length === 0)
    return { skip: 'is a free-form object (no properties): an object field needs its members' };
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const members: string[] = [];
  const guesses: string[] = [];
  for (const name of names) {
    const member = readStep(scope, properties[name], seen, depth + 1);
    if ('link' in member)
      return {
        skip: `holds ${name}, a link to the ${member.link} model: an object field holds values, not links`,
      };
    if ('skip' in member) return { skip: `is an object whose ${name} ${member.skip}` };
    const key = IDENTIFIER.test(name) ? name : quote(name);
    const type = member.nullable ? `${member.type} | null` : member.type;
    members.push(`${key}${required.has(name) ? '' : '?'}: ${type}`);
    guesses.push(...member.guesses.map((g) => `${name} ${g}`));
    if (Object.keys(member.rules).length > 0)
      guesses.push(`the rules on ${name} are not checked (an object's members carry no rules)`);
  }
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false)
    guesses.push('additionalProperties is not kept: members other than those listed are refused');
  return { type: `{ ${members.join('; ')} }`, rules: {}, guesses, nullable };
}

function withNull(step: Step, nullable: boolean): Step {
  return 'type' in step ? { ...step, nullable: step.nullable || nullable } : step;
}

function readEnum(schema: JsonObject, nullable: boolean): Step {
  const values = Array.isArray(schema.enum) ? schema.enum : [schema.const];
  const kept = values.filter((v) => v !== null);
  const orNull = nullable || kept.length < values.length;
  if (kept.length > 0 && kept.every((v) => typeof v === 'string'))
    return { type: kept.map(quote).join(' | '), rules: {}, guesses: [], nullable: orNull };
  const kinds = new Set(kept.map((v) => typeof v));
  if (kinds.size === 1 && (kinds.has('number') || kinds.has('boolean')))
    return {
      type: [...kinds][0]!,
      rules: {},
      guesses: [
        `is one of ${JSON.stringify(kept)}: typed ${[...kinds][0]}, the values are not checked`,
      ],
      nullable: orNull,
    };
  return { skip: 'is an enum of mixed values, which a decorest field cannot hold' };
}

function stringRules(schema: JsonObject): Omit<Scalar, 'nullable'> {
  const rules: FieldRulesEdit = {};
  const guesses: string[] = [];
  if (typeof schema.minLength === 'number') rules.minLength = schema.minLength;
  if (typeof schema.maxLength === 'number') rules.maxLength = schema.maxLength;
  if (typeof schema.pattern === 'string') {
    // ajv compiles patterns with the `u` flag; one it refuses would stop the model loading.
    try {
      new RegExp(schema.pattern, 'u');
      rules.pattern = schema.pattern;
    } catch {
      guesses.push(
        `pattern ${JSON.stringify(schema.pattern)} is no JavaScript pattern: not checked`,
      );
    }
  }
  const format = schema.format;
  if (typeof format === 'string') {
    if (FORMATS.has(format)) rules.format = format as NonNullable<FieldRulesEdit['format']>;
    else if (!PLAIN_FORMATS.has(format))
      guesses.push(`format ${format} is not checked (decorest checks email, uri and date-time)`);
  }
  return { type: 'string', rules, guesses };
}

function numberRules(schema: JsonObject, type: string): Omit<Scalar, 'nullable'> {
  const rules: FieldRulesEdit = {};
  const guesses: string[] =
    type === 'integer' ? ['is an integer: typed number, whole numbers not enforced'] : [];
  if (typeof schema.minimum === 'number') rules.min = schema.minimum;
  if (typeof schema.maximum === 'number') rules.max = schema.maximum;
  // 3.1 writes exclusive bounds as numbers, 3.0 as booleans beside minimum/maximum.
  if (typeof schema.exclusiveMinimum === 'number') rules.min = schema.exclusiveMinimum;
  if (typeof schema.exclusiveMaximum === 'number') rules.max = schema.exclusiveMaximum;
  if (schema.exclusiveMinimum !== undefined || schema.exclusiveMaximum !== undefined)
    guesses.push('has an exclusive bound: checked as inclusive');
  if (schema.multipleOf !== undefined) guesses.push('multipleOf is not checked');
  return { type: 'number', rules, guesses };
}

function readArray(
  scope: SchemaScope,
  schema: JsonObject,
  seen: ReadonlySet<string>,
  nullable: boolean,
  depth: number,
): Step {
  const items = readStep(scope, schema.items, seen, depth + 1);
  if ('link' in items)
    return {
      skip: `is a list of ${items.link}: a to-many link is declared on ${items.link} as @BelongTo, not imported`,
    };
  if ('skip' in items) return { skip: `holds items that ${items.skip}` };
  if (items.nullable) return { skip: 'holds null items, which no decorest type allows' };
  const element = items.type.includes('|') ? `(${items.type})` : items.type;
  const guesses = [...items.guesses];
  if (Object.keys(items.rules).length > 0) guesses.push('the rules on its items are not checked');
  if (schema.minItems !== undefined || schema.maxItems !== undefined)
    guesses.push('minItems/maxItems are not checked');
  return { type: `${element}[]`, rules: {}, guesses, nullable };
}

/** Whether a JSON value fits a written type, roughly: the default must not break the model. */
function fitsType(value: unknown, type: string): boolean {
  if (value === null) return type.endsWith('| null');
  if (type.startsWith("'")) return typeof value === 'string' && type.includes(quote(value));
  if (type.endsWith('[]') || type.endsWith('[] | null')) return Array.isArray(value);
  if (type.startsWith('{')) return false; // an object default is not carried: no rule holds one
  return typeof value === type.replace(' | null', '');
}

/**
 * A property's schema as a field, a link to a model, or why it is neither.
 *
 * @example
 * ```ts
 * readProperty(scope, { type: ['string', 'null'], minLength: 2 });
 * // { kind: 'field', type: 'string | null', rules: { minLength: 2 }, guesses: [] }
 * ```
 */
export function readProperty(scope: SchemaScope, schema: unknown): PropertyReading {
  const step = readStep(scope, schema, new Set());
  if ('link' in step) return { kind: 'link', target: step.link };
  if ('skip' in step) return { kind: 'skip', reason: step.skip };
  const type = step.nullable ? `${step.type} | null` : step.type;
  try {
    checkFieldType(type);
  } catch (error) {
    return { kind: 'skip', reason: (error as Error).message };
  }
  const rules = { ...step.rules };
  const own = deref(scope, schema, new Set());
  const source = 'schema' in own && isObject(own.schema) ? own.schema : {};
  if (source.default !== undefined && fitsType(source.default, type))
    rules.default = source.default as JsonValue;
  const description = typeof source.description === 'string' ? source.description : undefined;
  return {
    kind: 'field',
    type,
    rules,
    guesses: step.guesses,
    ...(description === undefined ? {} : { description }),
  };
}
