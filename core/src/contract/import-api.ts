/**
 * "New project from…" on the wire (issue 28): the planned models of a json-server db.json, an
 * OpenAPI document or a Mockoon environment, and the two control operations that preview and
 * write them. The same shapes are the plan `decorest init --from` writes (core/src/import), so
 * the studio's preview is exactly what will be written.
 */
import type { FieldRulesEdit, JsonValue } from './values.js';

/** Which kind of file a plan was read from. */
export type ImportSourceKind = 'json-server' | 'openapi' | 'mockoon' | 'har' | 'recording';

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
  /**
   * What deleting the parent does to this model's records (CONTRACT §3; default `nullify`):
   * a json-server import writes `cascade`, as json-server 0.17 deletes a post's comments.
   */
  onDelete?: 'nullify' | 'cascade' | 'restrict';
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
  /**
   * Answered from a model's records instead of a fixed body (issue 41): written as
   * `documented.<call>(<model>, <options>)`; `status` and `body` are then not written.
   */
  answer?: DocumentedAnswer;
}

/** A documented operation a model's records answer (core/src/app/documented-routes.ts). */
export interface DocumentedAnswer {
  call: 'list' | 'read' | 'create' | 'update' | 'remove';
  /** The model's class name. */
  model: string;
  /** The handler's options, as the model file's literal. */
  options: { [key: string]: JsonValue };
}

/** One line of the report: what was guessed, or what could not be imported, and where. */
export interface ImportNote {
  kind: 'guess' | 'not-imported';
  /** A JSON pointer or `<model>.<field>` naming the place in the source. */
  at: string;
  text: string;
}

/** A planned model as the preview shows it: its seed records counted, not sent. */
export interface PreviewModel {
  name: string;
  path: string;
  idType: 'number' | 'string';
  fields: PlannedField[];
  relations: PlannedRelation[];
  records: number;
}

/** One file the import would write, relative to the new project's folder. */
export interface PreviewFile {
  path: string;
  kind: 'model' | 'seed' | 'app' | 'rules' | 'readme';
  model?: string;
  records?: number;
  /** A file of that name is in the folder already: writing needs `force`. */
  exists: boolean;
}

/** A source file as the studio sends it: its name (for messages) and its text. */
export interface ImportSourceBody {
  fileName: string;
  text: string;
  /** The folder it would be written to: the preview then says which files exist there. */
  dir?: string;
}

export interface ImportPreview {
  source: { kind: ImportSourceKind; file: string };
  models: PreviewModel[];
  routes: Pick<PlannedRoute, 'method' | 'path' | 'status' | 'source'>[];
  notes: ImportNote[];
  files: PreviewFile[];
}

export interface ImportProjectBody extends ImportSourceBody {
  dir: string;
  /** Replace files that exist (as `decorest init --force`). */
  force?: boolean;
}
