/**
 * A model ready to serve: its schema, compiled validator, store and the lookup tables its
 * handlers need, all built once at load so requests only read them.
 */
import { problems } from '../errors.js';
import type { OnDelete } from '../metadata/types.js';
import type { FieldType, ModelSchema } from '../model/schema.js';
import type { RecordId } from '../model/schema.js';
import type { ModelStore } from '../persistence/model-store.js';
import type { ModelValidator } from '../validation/compile.js';
import { filterTypes } from './query/collection-query.js';
import { RelationLock } from './relations/relation-lock.js';
import { RecordChangeBus } from './write/record-changes.js';

/** A `@BelongTo` of another model that points at this one: what deleting a record affects. */
export interface IncomingRelation {
  readonly child: ModelRuntime;
  readonly field: string;
  readonly onDelete: OnDelete;
}

export interface ModelRuntime {
  readonly schema: ModelSchema;
  readonly validator: ModelValidator;
  readonly store: ModelStore;
  readonly filterTypes: ReadonlyMap<string, FieldType | 'id-number' | 'id-string' | 'relation'>;
  /** Fields `q` searches. */
  readonly stringFields: readonly string[];
  /** The runtime of each `@BelongTo` field's parent, by field. */
  readonly parents: ReadonlyMap<string, ModelRuntime>;
  /** The runtime of each `@HasMany` field's children, by field. */
  readonly children: ReadonlyMap<string, { runtime: ModelRuntime; inverse: string }>;
  /** Relations of other models that point here. */
  readonly incoming: readonly IncomingRelation[];
  /** The project's record-change bus: every write of the write path is published there. */
  readonly changes: RecordChangeBus;
  /** Held shared by writes naming a record of this model as parent, exclusively by deletes. */
  readonly lock: RelationLock;
  /** A path id as the store keys it, or a 400. */
  parseId(raw: string): RecordId;
}

function isStringish(type: FieldType): boolean {
  return (
    type.kind === 'string' ||
    type.kind === 'enum' ||
    (type.kind === 'array' && isStringish(type.element))
  );
}

const NUMERIC_ID = /^\d{1,15}$/;

/** Builds the serving view of every model and links their relations. */
export function createModelRuntimes(
  entries: readonly { schema: ModelSchema; validator: ModelValidator; store: ModelStore }[],
  changes: RecordChangeBus = new RecordChangeBus(),
): ModelRuntime[] {
  const schemas = entries.map((e) => e.schema);
  const idKindOf = (name: string): 'number' | 'string' =>
    schemas.find((m) => m.name === name)?.idKind ?? 'number';
  const runtimes = entries.map(({ schema, validator, store }) => ({
    schema,
    validator,
    store,
    filterTypes: filterTypes(schema, idKindOf),
    stringFields: schema.fields.filter((f) => isStringish(f.type)).map((f) => f.name),
    parents: new Map<string, ModelRuntime>(),
    children: new Map<string, { runtime: ModelRuntime; inverse: string }>(),
    incoming: [] as IncomingRelation[],
    changes,
    lock: new RelationLock(),
    parseId:
      schema.idKind === 'number'
        ? (raw: string): RecordId => {
            if (!NUMERIC_ID.test(raw)) throw problems.malformedId(raw, 'a positive integer');
            return Number(raw);
          }
        : (raw: string): RecordId => raw,
  }));
  const byName = new Map(runtimes.map((r) => [r.schema.name, r]));
  for (const runtime of runtimes) {
    for (const relation of runtime.schema.relations) {
      const other = byName.get(relation.target);
      if (!other) continue;
      if (relation.kind === 'belongTo') {
        runtime.parents.set(relation.field, other);
        // CONTRACT §3: deleting a parent nulls its children unless its @HasMany says otherwise.
        const hasMany = other.schema.relations.find(
          (r) =>
            r.kind === 'hasMany' &&
            r.target === runtime.schema.name &&
            r.inverse === relation.field,
        );
        const onDelete = hasMany?.kind === 'hasMany' ? hasMany.onDelete : 'nullify';
        other.incoming.push({ child: runtime, field: relation.field, onDelete });
      } else {
        runtime.children.set(relation.field, { runtime: other, inverse: relation.inverse });
      }
    }
  }
  return runtimes;
}
