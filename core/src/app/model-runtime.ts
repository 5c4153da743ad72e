/**
 * A model ready to serve: its schema, compiled validator, collection and the lookup tables
 * its handlers need, all built once at load so requests only read them.
 */
import { problems } from '../errors.js';
import type { FieldType, ModelSchema } from '../model/schema.js';
import type { Collection, RecordId } from '../persistence/collection.js';
import type { ModelValidator } from '../validation/compile.js';
import { filterTypes } from './collection-query.js';

export interface ModelRuntime {
  readonly schema: ModelSchema;
  readonly validator: ModelValidator;
  readonly collection: Collection;
  readonly filterTypes: ReadonlyMap<string, FieldType | 'id-number' | 'id-string' | 'relation'>;
  /** Fields `q` searches. */
  readonly stringFields: readonly string[];
  /** Fields with a secondary index (relations). */
  readonly indexed: ReadonlySet<string>;
  /** A path id as the collection keys it, or a 400. */
  parseId(raw: string): RecordId;
}

function isStringish(type: FieldType): boolean {
  return type.kind === 'string' || type.kind === 'enum' || (type.kind === 'array' && isStringish(type.element));
}

const NUMERIC_ID = /^\d{1,15}$/;

/** Builds the serving view of a model. */
export function createModelRuntime(
  schema: ModelSchema,
  validator: ModelValidator,
  collection: Collection,
  models: readonly ModelSchema[],
): ModelRuntime {
  const idKindOf = (name: string): 'number' | 'string' => models.find((m) => m.name === name)?.idKind ?? 'number';
  return {
    schema,
    validator,
    collection,
    filterTypes: filterTypes(schema, idKindOf),
    stringFields: schema.fields.filter((f) => isStringish(f.type)).map((f) => f.name),
    indexed: new Set(schema.relations.filter((r) => r.kind === 'belongTo').map((r) => r.field)),
    parseId:
      schema.idKind === 'number'
        ? (raw) => {
            if (!NUMERIC_ID.test(raw)) throw problems.malformedId(raw, 'a positive integer');
            return Number(raw);
          }
        : (raw) => raw,
  };
}
