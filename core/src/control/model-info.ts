/**
 * The studio's view of a model ({@link ModelInfo}): the schema as the core holds it, plus what
 * the UI needs to say about it (writable or not, datafile, parent class).
 */
import { join } from 'node:path';

import type { ModelRuntime } from '../app/model-runtime.js';
import type {
  FieldInfo,
  FieldTypeInfo,
  JsonValue,
  ModelInfo,
  RelationInfo,
} from '../contract/control-api.js';
import type { FieldSchema, FieldType, ModelSchema } from '../model/schema.js';

function typeInfo(type: FieldType): FieldTypeInfo {
  switch (type.kind) {
    case 'number':
      return { kind: 'number', integer: type.integer };
    case 'enum':
      return { kind: 'enum', values: [...type.values] };
    case 'array':
      return { kind: 'array', element: typeInfo(type.element) };
    case 'object':
      return {
        kind: 'object',
        fields: type.fields.map((m) => ({
          name: m.name,
          type: typeInfo(m.type),
          required: !m.optional,
          nullable: m.nullable,
        })),
      };
    default:
      return { kind: type.kind };
  }
}

/** The type as a user writes it: `'low' | 'high'`, `string[]`, `Date | null`. */
export function typeText(type: FieldType): string {
  switch (type.kind) {
    case 'date':
      return 'Date';
    case 'enum':
      return type.values.map((v) => `'${v}'`).join(' | ');
    case 'array': {
      const inner = typeText(type.element);
      return type.element.kind === 'enum' ? `(${inner})[]` : `${inner}[]`;
    }
    case 'object': {
      // `{ id: number; name?: string | null }`, as a type literal is written.
      const members = type.fields.map(
        (m) =>
          `${m.name}${m.optional ? '?' : ''}: ${typeText(m.type)}${m.nullable ? ' | null' : ''}`,
      );
      return `{ ${members.join('; ')} }`;
    }
    default:
      return type.kind;
  }
}

function fieldInfo(field: FieldSchema): FieldInfo {
  const info: FieldInfo = {
    name: field.name,
    type: typeInfo(field.type),
    typeText: field.nullable ? `${typeText(field.type)} | null` : typeText(field.type),
    required: !field.optional,
    nullable: field.nullable,
    rules: { ...field.constraints },
    declaredIn: field.declaredIn,
  };
  if (field.default !== undefined) info.default = field.default as JsonValue;
  return info;
}

function relationInfo(relation: ModelSchema['relations'][number]): RelationInfo {
  return relation.kind === 'belongTo'
    ? {
        kind: 'belongTo',
        field: relation.field,
        target: relation.target,
        required: !relation.optional,
      }
    : {
        kind: 'hasMany',
        field: relation.field,
        target: relation.target,
        inverse: relation.inverse,
        onDelete: relation.onDelete,
      };
}

/** The class a model extends, when it extends one (annotated or not). */
function parentOf(schema: ModelSchema): string | undefined {
  const parent: unknown = Object.getPrototypeOf(schema.ctor);
  return typeof parent === 'function' && parent !== Function.prototype && parent.name !== ''
    ? parent.name
    : undefined;
}

/** Where a project's records live: its data folder, and the databases of its datasources. */
export interface RecordHomes {
  readonly dataDir: string;
  /** `user@host:port/db` by datasource name; `''` names the default datasource. */
  readonly databases: ReadonlyMap<string, string>;
}

export function modelInfo({ schema, store }: ModelRuntime, homes: RecordHomes): ModelInfo {
  // A user's `Persistence` class may lack writes; a database table (issue 26) has them all.
  const writable = !store.readOnly;
  const database = homes.databases.get(schema.dataSource ?? '');
  const info: ModelInfo = {
    name: schema.name,
    path: schema.path,
    idKind: schema.idKind,
    dataSource: schema.dataSource ?? null,
    writable,
    file: schema.file,
    line: schema.line,
    fields: schema.fields.map(fieldInfo),
    relations: schema.relations.map(relationInfo),
  };
  if (schema.open === true) info.open = true;
  if (!writable) info.readOnlyReason = `served by the named datasource "${schema.dataSource}"`;
  const parent = parentOf(schema);
  if (parent !== undefined) info.parent = parent;
  if (database !== undefined) info.database = database;
  else if (writable) info.datafile = join(homes.dataDir, `${schema.path}.db`);
  return info;
}
