/**
 * What `decorest init --from <file>` (and the studio's "New project from…") will write, before it
 * writes anything (issue 28). Each source reader (a json-server db.json, an OpenAPI document, a
 * Mockoon environment) turns its file into one of these; one writer turns a plan into model
 * files, `seed/` and manual routes, so the three sources end in the same house style and the
 * preview shows exactly what will be written.
 */
import type { FieldRulesEdit, JsonValue } from '../contract/control-api.js';

/** Which kind of file a plan was read from. */
export type ImportSourceKind = 'json-server' | 'openapi' | 'mockoon';

/** One field of a planned model. `type` is TypeScript as written in a model file. */
export interface PlannedField {
  /** The name in the model file: a valid identifier. */
  name: string;
  /**
   * The key on the wire and in the seed when it differs from `name` (`first-name`, `2fa`,
   * `class`): the writer keeps it reachable, or the reader reports the field as not imported.
   */
  wireName?: string;
  /** `string`, `number`, `boolean`, `Date`, `'a' | 'b'`, `string[]`, `string | null`, … */
  type: string;
  optional?: boolean;
  rules?: FieldRulesEdit;
}

/** `@BelongTo <field>?: <target>` on this model, with `@HasMany <hasMany>!: <this>[]` on the target. */
export interface PlannedRelation {
  /** The field on this model that holds the parent's id (`postId` for json-server's convention). */
  field: string;
  /** The parent model's class name. */
  target: string;
  /** The `@HasMany` member written on the parent (default: this model's plural, camelCase). */
  hasMany?: string;
}

export interface PlannedModel {
  /** Class name, PascalCase, singular: `Post`. */
  name: string;
  /** The collection path without its slash (`posts`); the route the source served. */
  path: string;
  /** The id's type: json-server keeps string ids as strings. */
  idType: 'number' | 'string';
  /** Every field but `id` and the relation fields. */
  fields: PlannedField[];
  relations: PlannedRelation[];
  /** Records for `seed/<path>.json`, keyed as on the wire. */
  seed: Record<string, JsonValue>[];
}

/**
 * A route the source documents that is not a collection's CRUD: written as a manual route
 * answering the documented example (OpenAPI) or the default response (Mockoon).
 */
export interface PlannedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  /** decorest's path syntax: `/health`, `/users/:id/avatar`. */
  path: string;
  status: number;
  headers?: Record<string, string>;
  /** The body as JSON, or a text body; undefined for none. */
  body?: JsonValue;
  /** Where in the source it came from, for the report (`#/paths/~1health/get`). */
  source: string;
}

/** One line of the report: what was guessed, or what could not be imported, and where. */
export interface ImportNote {
  kind: 'guess' | 'not-imported';
  /** A JSON pointer or `<model>.<field>` naming the place in the source. */
  at: string;
  text: string;
}

export interface ImportPlan {
  source: { kind: ImportSourceKind; file: string };
  models: PlannedModel[];
  routes: PlannedRoute[];
  notes: ImportNote[];
}

/** Defined with every other error in the one table (errors.ts); exported here for the readers. */
export { ImportError } from '../errors.js';
