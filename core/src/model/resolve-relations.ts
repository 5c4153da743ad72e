/**
 * Second pass of schema building: links `@BelongTo` / `@HasMany` fields to the models they
 * name, once every model is known (CONTRACT §3). Errors name `Model.field`, file and line.
 */
import { LOAD_ERROR_CODES as CODES, LoadError } from '../errors.js';
import type { AnyClass, RelationMetadata } from '../metadata/types.js';
import type { DeclarationSource } from './declaration-source.js';
import type { DeclaredType } from './declared-type.js';
import type { BelongToSchema, HasManySchema, ModelSchema, RelationSchema } from './schema.js';

/** A relation field seen in the first pass, waiting for its target. */
export interface PendingRelation {
  readonly model: string;
  readonly ctor: AnyClass;
  readonly property: {
    readonly name: string;
    readonly file: string;
    readonly line: number;
    readonly declaration: { readonly optional: boolean } | undefined;
  };
  readonly relation: RelationMetadata;
  readonly declared: DeclaredType;
}

function where(p: PendingRelation): { file: string; line: number } {
  return { file: p.property.file, line: p.property.line };
}

function targetClass(p: PendingRelation, source: DeclarationSource): unknown {
  if (p.relation.target) return p.relation.target();
  if (p.declared.kind === 'reference')
    return source.resolveTypeName(p.property.file, p.declared.name);
  return undefined;
}

function targetModel(
  p: PendingRelation,
  models: readonly ModelSchema[],
  source: DeclarationSource,
): ModelSchema {
  const target = targetClass(p, source);
  const model = models.find((m) => m.ctor === target);
  if (model) return model;
  const shown =
    typeof target === 'function'
      ? `${target.name} is not a @Rest model`
      : p.declared.kind === 'reference'
        ? `${p.declared.name} is not a @Rest model of this project`
        : 'the target model is unknown: declare the field with a model type or use the thunk form, e.g. @BelongTo(() => User)';
  throw new LoadError(
    CODES.UNKNOWN_RELATION_TARGET,
    where(p),
    `${p.model}.${p.property.name}: ${shown}`,
  );
}

/** Returns the models with their relations filled in. */
export function resolveRelations(
  models: readonly ModelSchema[],
  pending: readonly PendingRelation[],
  source: DeclarationSource,
): ModelSchema[] {
  const relations = new Map<string, RelationSchema[]>(models.map((m) => [m.name, []]));
  const belongs: { p: PendingRelation; schema: BelongToSchema }[] = [];
  for (const p of pending.filter((x) => x.relation.kind === 'belongTo')) {
    const target = targetModel(p, models, source);
    const optional = p.property.declaration?.optional ?? true;
    const schema: BelongToSchema = {
      kind: 'belongTo',
      field: p.property.name,
      target: target.name,
      optional,
    };
    relations.get(p.model)!.push(schema);
    belongs.push({ p, schema });
  }
  for (const p of pending.filter((x) => x.relation.kind === 'hasMany')) {
    const child = targetModel(p, models, source);
    const inverse = belongs.find((b) => b.p.model === child.name && b.schema.target === p.model);
    if (!inverse) {
      throw new LoadError(
        CODES.MISSING_INVERSE_RELATION,
        where(p),
        `${p.model}.${p.property.name}: @HasMany needs a @BelongTo field of type ${p.model} on ${child.name}`,
      );
    }
    const schema: HasManySchema = {
      kind: 'hasMany',
      field: p.property.name,
      target: child.name,
      inverse: inverse.schema.field,
      onDelete: p.relation.onDelete,
    };
    relations.get(p.model)!.push(schema);
  }
  return models.map((m) => ({ ...m, relations: relations.get(m.name) ?? [] }));
}
