/**
 * The project's models and routes as the studio lists them (`GET /api/models`, `GET
 * /api/routes`): fields, their types and rules, relations, and where each route comes from.
 * Types only (the renderer imports them).
 */
import type { FieldRules, JsonValue } from './values.js';

/** A field's type as the studio shows and edits it. */
export type FieldTypeInfo =
  | { kind: 'string' }
  | { kind: 'number'; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'date' }
  | { kind: 'enum'; values: string[] }
  | { kind: 'array'; element: FieldTypeInfo }
  /** A JSON object stored in the record, with fields of its own (shown and edited as JSON). */
  | { kind: 'object'; fields: ObjectMemberInfo[] };

/** One field of an object field. */
export interface ObjectMemberInfo {
  name: string;
  type: FieldTypeInfo;
  required: boolean;
  nullable: boolean;
}

export interface FieldInfo {
  name: string;
  type: FieldTypeInfo;
  /** The type as a user would write it (`'low' | 'high'`, `string[] | null`). */
  typeText: string;
  /** Must be present on create and replace (not `name?:`). */
  required: boolean;
  nullable: boolean;
  rules: FieldRules;
  /** `@Field({ default })`, when set. */
  default?: JsonValue;
  /** The class whose declaration holds the field (a base class for inherited fields). */
  declaredIn: string;
}

export type RelationInfo =
  | { kind: 'belongTo'; field: string; target: string; required: boolean }
  | {
      kind: 'hasMany';
      field: string;
      target: string;
      inverse: string;
      onDelete: 'nullify' | 'cascade' | 'restrict';
    };

export interface ModelInfo {
  /** Class name, e.g. `Todo`; control routes name models by it. */
  name: string;
  /** Path segment on the mock API, e.g. `todos`. */
  path: string;
  idKind: 'number' | 'string';
  /** `null` is the default datasource (the NeDB-format file database). */
  dataSource: string | null;
  /**
   * Records can be written through the control API: the default datasource's, and a named
   * PostgreSQL datasource's; not a user's `Persistence` class's.
   */
  writable: boolean;
  /** Why not, when not writable (`served by the named datasource "memory"`). */
  readOnlyReason?: string;
  /** The class it extends, when it extends one. */
  parent?: string;
  file: string;
  line: number;
  /** Datafile of a default-datasource model kept in files. */
  datafile?: string;
  /** The PostgreSQL database (`user@host:port/db`, no password) holding its table, if one. */
  database?: string;
  fields: FieldInfo[];
  relations: RelationInfo[];
  /**
   * `@Rest({ open: true })` (issue 42): records may hold fields the model does not declare,
   * which the grid shows beside the declared ones. Absent when closed.
   */
  open?: true;
}

export type RouteKind = 'generated' | 'relation' | 'manual';

export interface RouteInfo {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  /** As mounted (`/todos/:id`, `/api/todos` under `@WebServlet('/api/*')`). */
  path: string;
  kind: RouteKind;
  /** The model a generated or relation route serves. */
  model?: string;
  /** `list`, `get`, `create`, `replace`, `patch`, `delete`, `relation`, … */
  operation?: string;
  /**
   * A generated write its named datasource's class cannot take: the 405 it answers to a valid
   * request (`datasource "quotes" has no save() method`).
   */
  refused?: string;
  /** Where a manual route was mapped. */
  file?: string;
  line?: number;
}
