/** Model schemas for the PostgreSQL tests, written as build-schema would give them. */
import type { FieldSchema, FieldType, ModelSchema, RelationSchema } from '../../model/schema.js';

export function field(
  name: string,
  type: FieldType,
  options: { optional?: boolean; nullable?: boolean } = {},
): FieldSchema {
  return {
    name,
    type,
    optional: options.optional ?? false,
    nullable: options.nullable ?? false,
    constraints: {},
    declaredIn: 'Test',
  };
}

export function model(
  name: string,
  path: string,
  fields: readonly FieldSchema[],
  relations: readonly RelationSchema[] = [],
  idKind: 'number' | 'string' = 'number',
): ModelSchema {
  return {
    name,
    ctor: class {},
    path,
    idKind,
    fields,
    relations,
    dataSource: undefined,
    file: 'models.ts',
    line: 1,
  };
}

export const STRING: FieldType = { kind: 'string' };
export const INTEGER: FieldType = { kind: 'number', integer: true };
export const NUMBER: FieldType = { kind: 'number', integer: false };
export const BOOLEAN: FieldType = { kind: 'boolean' };
export const DATE: FieldType = { kind: 'date' };

/**
 * The conformance suite's record shape (model-store.case.ts): `title`, an optional `tags`
 * list and an optional `user` relation, plus a parent model so `user` is a real foreign key.
 */
export function conformanceModels(suffix: string): { item: ModelSchema; user: ModelSchema } {
  const user = model(
    `User${suffix}`,
    `users${suffix}`,
    [field('name', STRING, { optional: true })],
    [
      {
        kind: 'hasMany',
        field: 'items',
        target: `Item${suffix}`,
        inverse: 'user',
        onDelete: 'nullify',
      },
    ],
  );
  const item = model(
    `Item${suffix}`,
    `items${suffix}`,
    [field('title', STRING), field('tags', { kind: 'array', element: STRING }, { optional: true })],
    [{ kind: 'belongTo', field: 'user', target: user.name, optional: true }],
  );
  return { item, user };
}
