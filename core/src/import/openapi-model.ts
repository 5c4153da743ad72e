/**
 * A collection's object schema as a planned model's fields and links (issue 28). `allOf` parts
 * are merged (the usual way to extend a base schema); `required` makes a field non-optional;
 * a property that `$ref`s another model, or an `xId` whose name or description names one,
 * becomes `@BelongTo`. Keys that are not identifiers keep their key on the wire.
 */
import { fieldKeyProblem } from '../model/field-key.js';
import { identifierFor, isFieldName } from './import-names.js';
import type { ImportNote, PlannedField, PlannedRelation } from './import-plan.js';
import { isObject, resolvePointer } from './openapi-document.js';
import { readProperty, type SchemaScope } from './openapi-schema.js';

/** A model's shape as read from its schema; `linked` maps a `$ref` property to its id field. */
export interface ModelShape {
  idType: 'number' | 'string';
  fields: PlannedField[];
  relations: PlannedRelation[];
  /** Wire key of a property holding an embedded model (`owner`) → the field written (`ownerId`). */
  linked: Map<string, string>;
  /** Every wire key the schema declares, for reading examples. */
  required: ReadonlySet<string>;
  /** The schema declares an `id` property (a record can then be named by it in a body). */
  hasId: boolean;
}

interface ObjectParts {
  properties: Map<string, unknown>;
  required: Set<string>;
}

/** Properties of an object schema with its `allOf` parts merged; every `$ref` followed once. */
function objectParts(
  scope: SchemaScope,
  schema: unknown,
  seen: Set<string>,
  into: ObjectParts,
  depth = 0,
): void {
  // allOf nested this deep is no schema a person wrote; the bound keeps the stack safe.
  if (depth > 32) return;
  let current = schema;
  while (isObject(current) && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) return;
    seen.add(current.$ref);
    current = resolvePointer(scope.root, current.$ref);
  }
  if (!isObject(current)) return;
  if (Array.isArray(current.allOf))
    for (const part of current.allOf) objectParts(scope, part, seen, into, depth + 1);
  if (isObject(current.properties))
    for (const [key, value] of Object.entries(current.properties)) into.properties.set(key, value);
  if (Array.isArray(current.required))
    for (const key of current.required) if (typeof key === 'string') into.required.add(key);
}

/** The model an `xId` names: by its prefix (`ownerId` → Owner) or a model named in its description. */
function targetOfId(
  key: string,
  description: string | undefined,
  models: readonly string[],
): string | undefined {
  const prefix = /^(.+)Id$/.exec(key)?.[1]?.toLowerCase();
  if (prefix === undefined) return undefined;
  const byName = models.find((m) => m.toLowerCase() === prefix);
  if (byName !== undefined || description === undefined) return byName;
  return models.find((m) => new RegExp(`\\b${m}\\b`, 'i').test(description));
}

/**
 * The fields and links of model `name` from its schema; what cannot be imported is a note.
 *
 * @example
 * ```ts
 * const shape = readModelShape(scope, { $ref: '#/components/schemas/Pet' }, 'Pet', notes);
 * shape.fields; // [{ name: 'name', type: 'string' }, { name: 'tag', type: 'string', optional: true }]
 * ```
 */
export function readModelShape(
  scope: SchemaScope,
  schema: unknown,
  name: string,
  notes: ImportNote[],
): ModelShape {
  const parts: ObjectParts = { properties: new Map(), required: new Set() };
  objectParts(scope, schema, new Set(), parts);
  const models = [...new Set(scope.models.values())].filter((m) => m !== name);
  const shape: ModelShape = {
    idType: 'number',
    fields: [],
    relations: [],
    linked: new Map(),
    required: parts.required,
    hasId: parts.properties.has('id'),
  };
  const keys = new Set(parts.properties.keys());
  if (!keys.has('id'))
    notes.push({
      kind: 'guess',
      at: name,
      text: 'has no id property: decorest gives each record a numeric id',
    });
  for (const [key, property] of parts.properties) {
    const at = `${name}.${key}`;
    const problem = fieldKeyProblem(key);
    if (problem) {
      notes.push({ kind: 'not-imported', at, text: problem });
      continue;
    }
    const reading = readProperty(scope, property);
    if (key === 'id') {
      const type = reading.kind === 'field' ? reading.type : '';
      if (type === 'string') shape.idType = 'string';
      else if (type !== 'number')
        notes.push({
          kind: 'guess',
          at,
          text: 'is neither a number nor a string: the id is typed number',
        });
      continue;
    }
    if (reading.kind === 'skip') {
      notes.push({ kind: 'not-imported', at, text: reading.reason });
      continue;
    }
    if (reading.kind === 'link') {
      const field = `${identifierFor(key)}Id`;
      if (keys.has(field) || reading.target === name) {
        notes.push({
          kind: 'not-imported',
          at,
          text: `refers to ${reading.target}, and ${field} cannot hold the link`,
        });
        continue;
      }
      shape.relations.push({ field, target: reading.target });
      shape.linked.set(key, field);
      notes.push({
        kind: 'guess',
        at,
        text: `refers to ${reading.target}: written as @BelongTo ${field}; records carry ${field}, not the embedded ${key}`,
      });
      continue;
    }
    // A link is answered as null while unset: only where the document allows null or requires
    // the key (a non-null optional `petId` stays a number, issue 41).
    const target =
      (/^(number|string)$/.test(reading.type) && parts.required.has(key)) ||
      /^(number|string) \| null$/.test(reading.type)
        ? isFieldName(key)
          ? targetOfId(key, reading.description, models)
          : undefined
        : undefined;
    if (target !== undefined) {
      shape.relations.push({ field: key, target });
      notes.push({ kind: 'guess', at, text: `links to ${target}: written as @BelongTo ${key}` });
      continue;
    }
    for (const guess of reading.guesses) notes.push({ kind: 'guess', at, text: guess });
    const identifier = isFieldName(key);
    if (!identifier)
      notes.push({
        kind: 'guess',
        at,
        text: `is no identifier: declared as the quoted member '${key}', the key stays ${key} on the wire`,
      });
    shape.fields.push({
      name: identifier ? key : identifierFor(key),
      ...(identifier ? {} : { wireName: key }),
      type: reading.type,
      ...(parts.required.has(key) ? {} : { optional: true }),
      ...(Object.keys(reading.rules).length > 0 ? { rules: reading.rules } : {}),
    });
  }
  return shape;
}
