/**
 * One schema per model: the single source for validation, routes, OpenAPI and the studio's
 * forms and grid (issue 4). Types only.
 */
import type { FieldRules } from '../contract/control-api.js';
import type { AnyClass, OnDelete } from '../metadata/types.js';

/** CONTRACT §1: `id` is declared `number` (server assigns 1, 2, 3 …) or `string` (random). */
export type IdKind = 'number' | 'string';

/** A record's id, as stored and on the wire (CONTRACT §1). */
export type RecordId = number | string;

/** A field's value type on the wire (JSON). */
export type FieldType =
  | { readonly kind: 'string' }
  | { readonly kind: 'number'; readonly integer: boolean }
  | { readonly kind: 'boolean' }
  /** ISO-8601 date-time string on the wire (CONTRACT §1). */
  | { readonly kind: 'date' }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'array'; readonly element: FieldType }
  /**
   * A JSON object with fields of its own (`category?: { id: number; name: string }`, an
   * interface, or a class without `@Rest`): stored inside the record, never a relation.
   */
  | { readonly kind: 'object'; readonly fields: readonly ObjectMember[] };

/** A field of an `object` field: the same type vocabulary, no rules or defaults of its own. */
export interface ObjectMember {
  readonly name: string;
  readonly type: FieldType;
  readonly optional: boolean;
  readonly nullable: boolean;
}

/** How deep object fields may nest (`a.b.c…`): past this a model is refused at load. */
export const MAX_OBJECT_DEPTH = 8;

export interface FieldSchema {
  readonly name: string;
  readonly type: FieldType;
  /** `name?: T`: may be absent on create and replace. */
  readonly optional: boolean;
  /** `T | null`. */
  readonly nullable: boolean;
  readonly constraints: Readonly<FieldRules>;
  /** Stored on create when the field is absent (`@Field({ default })`). */
  readonly default?: unknown;
  /**
   * `@Field({ index: false })`: a database keeps no index for it (issue 44), so writes of a
   * write-heavy table stay cheaper; sorts, filters and `q` on it then read the whole table.
   * Absent: indexed (every scalar field is, by default).
   */
  readonly index?: false;
  /** The class whose declaration holds the field (a base class for inherited fields). */
  readonly declaredIn: string;
}

/** A `@BelongTo` field: stored as the parent's id (CONTRACT §3). */
export interface BelongToSchema {
  readonly kind: 'belongTo';
  readonly field: string;
  /** The parent model's class name. */
  readonly target: string;
  readonly optional: boolean;
}

/** A `@HasMany` field: never stored, served by `/<parents>/:id/<children>` (CONTRACT §3). */
export interface HasManySchema {
  readonly kind: 'hasMany';
  readonly field: string;
  /** The child model's class name. */
  readonly target: string;
  /** The child's `@BelongTo` field pointing back here. */
  readonly inverse: string;
  readonly onDelete: OnDelete;
}

export type RelationSchema = BelongToSchema | HasManySchema;

export interface ModelSchema {
  /** The class name, e.g. `Todo`. */
  readonly name: string;
  readonly ctor: AnyClass;
  /** The path segment, e.g. `todos`. */
  readonly path: string;
  readonly idKind: IdKind;
  /** Stored fields other than `id`, in declaration order (base classes first). */
  readonly fields: readonly FieldSchema[];
  readonly relations: readonly RelationSchema[];
  /**
   * `@Rest({ open: true })`: writes may carry undeclared fields, stored and answered as sent
   * (issue 42). Absent or `false`: closed, an undeclared field is a 422.
   */
  readonly open?: boolean;
  /** `undefined` is the default datasource (the file database). */
  readonly dataSource: string | undefined;
  readonly file: string;
  readonly line: number;
}
