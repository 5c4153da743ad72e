/**
 * What `decorest init --from <file>` (and the studio's "New project from…") will write, before it
 * writes anything (issue 28). Each source reader (a json-server db.json, an OpenAPI document, a
 * Mockoon environment) turns its file into one of these; one writer turns a plan into model
 * files, `seed/` and manual routes, so the three sources end in the same house style and the
 * preview shows exactly what will be written.
 */
import type {
  ImportNote,
  ImportSourceKind,
  PlannedField,
  PlannedRelation,
  PlannedRoute,
} from '../contract/import-api.js';
import type { ResponseRule } from '../contract/rules-api.js';
import type { JsonValue } from '../contract/values.js';

export type {
  DocumentedAnswer,
  ImportNote,
  ImportSourceKind,
  PlannedField,
  PlannedRelation,
  PlannedRoute,
} from '../contract/import-api.js';

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
  /**
   * `@Rest({ open: true })`: fields the model does not declare are kept, as the source (a
   * json-server db.json, a Mockoon bucket) kept any body (issue 42).
   */
  open?: boolean;
  /** Records for `seed/<path>.json`, keyed as on the wire. */
  seed: Record<string, JsonValue>[];
}

export interface ImportPlan {
  source: { kind: ImportSourceKind; file: string };
  /**
   * The path every route is served under (`/v2`: Mockoon's `endpointPrefix`, `/api/v3`: an
   * OpenAPI document's first server), written as the
   * application's `@WebServlet('/v2/*')`; planned routes' paths already start with it.
   */
  basePath?: string;
  models: PlannedModel[];
  routes: PlannedRoute[];
  /** Response rules for `mock-rules.json` (checked: they load as written). */
  rules?: ResponseRule[];
  notes: ImportNote[];
}

/** Defined with every other error in the one table (errors.ts); exported here for the readers. */
export { ImportError } from '../errors.js';
