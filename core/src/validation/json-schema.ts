/**
 * JSON Schema (2020-12 vocabulary, as OpenAPI 3.1 uses) of a model, in the three shapes a
 * write takes. The same objects feed Ajv and the OpenAPI document, so the two cannot drift.
 */
import type { FieldRules } from '../contract/control-api.js';
import { withArticle } from '../model/naming.js';
import type { FieldSchema, FieldType, ModelSchema, ObjectMember } from '../model/schema.js';

export type JsonSchema = { [keyword: string]: unknown };

/** The members of an object field carry no rules of their own. */
const NO_RULES: Readonly<FieldRules> = {};

/** `schema` accepting `null` as well. */
function orNull(s: JsonSchema): JsonSchema {
  const nullable: JsonSchema = { ...s, type: [s.type as string, 'null'] };
  if (Array.isArray(s.enum)) nullable.enum = [...(s.enum as unknown[]), null];
  return nullable;
}

/**
 * An object field: its members typed, the required ones required, and no other key (an
 * unknown inner key is refused as an unknown field is).
 */
function objectSchema(members: readonly ObjectMember[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const member of members) {
    const s = typeSchema(member.type, NO_RULES);
    properties[member.name] = member.nullable ? orNull(s) : s;
    if (!member.optional) required.push(member.name);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

/**
 * An object field in a PATCH (RFC 7396): a merge patch of it, so nothing inside is required and
 * `null` removes an optional member; the merged record is validated whole afterwards.
 */
function objectPatchSchema(members: readonly ObjectMember[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const member of members) {
    const s =
      member.type.kind === 'object'
        ? objectPatchSchema(member.type.fields)
        : typeSchema(member.type, NO_RULES);
    properties[member.name] = member.nullable || member.optional ? orNull(s) : s;
  }
  return { type: 'object', properties, additionalProperties: false };
}

function typeSchema(type: FieldType, c: Readonly<FieldRules>): JsonSchema {
  switch (type.kind) {
    case 'string': {
      const s: JsonSchema = { type: 'string' };
      if (c.minLength !== undefined) s.minLength = c.minLength;
      if (c.maxLength !== undefined) s.maxLength = c.maxLength;
      if (c.pattern !== undefined) s.pattern = c.pattern;
      if (c.format !== undefined) s.format = c.format;
      return s;
    }
    case 'number': {
      const s: JsonSchema = { type: type.integer ? 'integer' : 'number' };
      if (c.min !== undefined) s.minimum = c.min;
      if (c.max !== undefined) s.maximum = c.max;
      return s;
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    case 'enum':
      return { type: 'string', enum: [...type.values] };
    case 'array':
      // Rules on an array field constrain its elements (`@Field({ maxLength: 20 }) tags!: string[]`).
      return { type: 'array', items: typeSchema(type.element, c) };
    case 'object':
      return objectSchema(type.fields);
  }
}

/** One field's schema, `null` allowed when the field is nullable (or `allowNull` says so). */
export function fieldJsonSchema(field: FieldSchema, allowNull = field.nullable): JsonSchema {
  const s = typeSchema(field.type, field.constraints);
  return allowNull ? orNull(s) : s;
}

/** A field's schema in a PATCH body: an object field takes a merge patch of itself. */
function patchFieldSchema(field: FieldSchema, allowNull: boolean): JsonSchema {
  if (field.type.kind !== 'object') return fieldJsonSchema(field, allowNull);
  const s = objectPatchSchema(field.type.fields);
  return allowNull ? orNull(s) : s;
}

/** The id's schema: a positive integer, or a non-empty string. */
export function idJsonSchema(model: ModelSchema): JsonSchema {
  return model.idKind === 'number'
    ? { type: 'integer', minimum: 1 }
    : { type: 'string', minLength: 1, maxLength: 200 };
}

/** A `@BelongTo` value on input: the parent's id or `{ "id": … }` (CONTRACT §3). */
function belongToInput(target: string, idSchema: JsonSchema, optional: boolean): JsonSchema {
  const options: JsonSchema[] = [
    idSchema,
    { type: 'object', properties: { id: idSchema }, required: ['id'] },
  ];
  if (optional) options.push({ type: 'null' });
  // Said once here for every reader of the document (the studio's inspector shows it).
  return { anyOf: options, description: `${withArticle(target)} id, or an object with its id` };
}

export type WriteShape = 'create' | 'replace' | 'patch';

/**
 * The schema of a write body. `create` may carry an `id`; `replace` and `patch` take the id
 * from the path. `patch` requires nothing: it is validated again after merging. An open model
 * takes undeclared fields of any JSON value (whose keys the validator checks).
 */
export function writeJsonSchema(
  model: ModelSchema,
  shape: WriteShape,
  idsOf: (model: string) => JsonSchema,
): JsonSchema {
  const properties: Record<string, JsonSchema> = { id: idJsonSchema(model) };
  const required: string[] = [];
  for (const field of model.fields) {
    // RFC 7396 (CONTRACT §2): in a PATCH, `null` on an optional field removes it.
    const removable = shape === 'patch' && field.optional && !field.nullable;
    properties[field.name] =
      shape !== 'patch'
        ? fieldJsonSchema(field)
        : removable
          ? { ...patchFieldSchema(field, true), description: 'null removes the field (RFC 7396)' }
          : patchFieldSchema(field, field.nullable);
    if (
      shape !== 'patch' &&
      !field.optional &&
      !(shape === 'create' && field.default !== undefined)
    ) {
      required.push(field.name);
    }
  }
  for (const relation of model.relations) {
    if (relation.kind !== 'belongTo') continue;
    properties[relation.field] = belongToInput(
      relation.target,
      idsOf(relation.target),
      relation.optional,
    );
    if (shape !== 'patch' && !relation.optional) required.push(relation.field);
  }
  return { type: 'object', properties, required, additionalProperties: model.open === true };
}

/** The schema of a record as the API sends it. */
export function recordJsonSchema(
  model: ModelSchema,
  idsOf: (model: string) => JsonSchema,
): JsonSchema {
  const properties: Record<string, JsonSchema> = { id: idJsonSchema(model) };
  const required = ['id'];
  for (const field of model.fields) {
    properties[field.name] = fieldJsonSchema(field);
    if (!field.optional) required.push(field.name);
  }
  for (const relation of model.relations) {
    if (relation.kind === 'belongTo') {
      const id = idsOf(relation.target);
      properties[relation.field] = {
        type: [id.type as string, 'null'],
        description: `the ${relation.target}'s id; ?embed=${relation.field} sends the ${relation.target} itself`,
      };
      // An open model stores a link left out of a write as absent, as json-server does.
      if (model.open !== true) required.push(relation.field);
    } else {
      properties[relation.field] = {
        type: 'array',
        description: `only with ?embed=${relation.field}`,
        items: { type: 'object' },
      };
    }
  }
  // An open model answers the undeclared fields its records were written with.
  return model.open === true
    ? { type: 'object', properties, required, additionalProperties: true }
    : { type: 'object', properties, required };
}
