/**
 * The control API's wire contract (CONTRACT §8): what the studio's control server sends and
 * takes, shared by the server, the browser-safe client and the renderer. Types and constants
 * only: no `node:*`, no runtime imports, so the renderer's bundle can include it (STYLE
 * "Module boundaries", like Mockoon's `commons` package).
 */

import type { ImportPreview, ImportProjectBody, ImportSourceBody } from './import-api.js';
import type { OutgoingRequest, OutgoingResponse } from './outgoing-api.js';
import type {
  ConsoleSession,
  DuplicateRequestBody,
  EnvironmentEntry,
  EnvironmentNameBody,
  EnvironmentSecrets,
  ImportRequestsBody,
  ImportRequestsResult,
  ProjectFileEntry,
  PutProjectFileBody,
  RequestCollection,
  RequestEntry,
  RequestPathBody,
  SaveEnvironmentBody,
  SaveRequestBody,
} from './requests-api.js';
import type { RulePreview, RulePreviewBody, RulesFile, RulesState } from './rules-api.js';
import type { FieldRules, FieldRulesEdit, JsonValue } from './values.js';

/** Every control route lives under this prefix; everything else on the port is the UI. */
export const CONTROL_PREFIX = '/api';

/** The header and scheme every control call carries (CONTRACT §8). */
export const AUTH_SCHEME = 'Bearer';

/**
 * Bytes of each body kept per exchange for the traffic view, each way (issue 12); a larger body
 * is kept as its first bytes with its size (issue 24 §3: 64 KiB each way of 1,000 exchanges,
 * escaped again in JSON, were over 100 MB of history).
 */
export const TRAFFIC_BODY_LIMIT = 16 * 1024;

/** Exchanges a reconnecting event client can catch up on (issue 12). */
export const TRAFFIC_HISTORY = 1000;

export type * from './import-api.js';
export type * from './outgoing-api.js';
export type * from './requests-api.js';
export type * from './rules-api.js';
export { RULE_BODY_LIMIT, RULES_FILE } from './rules-api.js';
export {
  OUTGOING_BODY_LIMIT,
  OUTGOING_TIMEOUT_MAX_MS,
  OUTGOING_TIMEOUT_MS,
} from './outgoing-api.js';
export type { FieldRules, FieldRulesEdit, JsonValue } from './values.js';

/** One stored record: `id` plus the model's fields; `@BelongTo` fields hold the parent id. */
export type JsonRecord = { id: RecordKey } & Record<string, JsonValue>;

export type RecordKey = number | string;

/** An RFC 9457 problem, as both the mock API and the control API answer errors. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  message: string;
  instance: string;
  /**
   * Field-level findings; for an import, `field` is `[index].field` (`[3].email`); for response
   * rules a JSON pointer, with a body template's `offset` (0-based) where it applies.
   */
  errors?: { field: string; message: string; offset?: number }[];
}

// ---------------------------------------------------------------- project

/** Why a project does not load: enough to point an editor at the line. */
export interface LoadFailure {
  /** One of the core's load-error codes (`SYNTAX_ERROR`, `MODULE_THREW`, …). */
  code: string;
  /** `file:line:column: reason`, as the CLI prints it. */
  message: string;
  reason: string;
  /** Absolute path of the file at fault. */
  file: string;
  line?: number;
  column?: number;
  /** A few source lines around `line`, the failing one marked with `>`, as in a compiler. */
  frame?: string;
}

export interface ProjectStatus {
  /** Absolute path of the project folder. */
  root: string;
  /** The folder's name. */
  name: string;
  /**
   * `loaded`: the current files serve. `failed`: the last load failed; when `serving` is true
   * the last good version still answers (a broken save), otherwise nothing loaded yet.
   */
  state: 'loaded' | 'failed';
  serving: boolean;
  error?: LoadFailure;
  /** Non-fatal findings of the last good load (a torn datafile line that was skipped, …). */
  warnings: string[];
  /** Epoch ms of the last successful load. */
  loadedAt?: number;
  /**
   * Whether the folder has a `seed/` folder for "reset to seed" (issue 16), as it is when this
   * status was made: it is not watched, so ask again after changing it by hand.
   */
  hasSeed: boolean;
  /**
   * Where the default datasource's records live, while a version serves (issue 26, shown in
   * the server bar): a PostgreSQL database (`user@host:port/db`, never the password), or the
   * data folder (relative to the project folder, `data/`, when inside it).
   */
  storage?: { kind: 'postgres'; database: string } | { kind: 'files'; dataDir: string };
  /** Most recently opened project folders, newest first (kept in the user's config folder). */
  recent: string[];
}

export interface OpenProjectBody {
  dir: string;
}

// ---------------------------------------------------------------- models and routes

/** A field's type as the studio shows and edits it. */
export type FieldTypeInfo =
  | { kind: 'string' }
  | { kind: 'number'; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'date' }
  | { kind: 'enum'; values: string[] }
  | { kind: 'array'; element: FieldTypeInfo };

/**
 * A field's rules (CONTRACT §1): what the model schema holds, the studio shows and a model
 * edit writes. The one rules type of the core (issue 25); `@Field`'s options add to it.
 */

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
  /** Where a manual route was mapped. */
  file?: string;
  line?: number;
}

// ---------------------------------------------------------------- records

export { COLLECTION_CONTROLS } from './collection-controls.js';
import type { CONTROL_OPERATIONS } from './operations.js';
export { CONTROL_OPERATIONS } from './operations.js';

/**
 * `GET /api/models/:model/records` takes the mock API's collection query (CONTRACT §2):
 * `offset`, `limit`, `sort=a,-b`, `q`, `field=value`, `field_like`, … and answers a page.
 */
export interface RecordPage {
  items: JsonRecord[];
  /** Matching records before offset and limit. */
  total: number;
  offset: number;
  limit: number;
}

export interface ImportResult {
  /** Records written (all of them: an import is all or nothing). */
  imported: number;
  ids: RecordKey[];
}

// ---------------------------------------------------------------- mock server

export interface ServerStatus {
  state: 'running' | 'stopped';
  host: string;
  /** The port the mock API listens on, or will listen on when started. */
  port: number;
  /** `http://127.0.0.1:3000` while running. */
  url: string | null;
  /** Set when the requested port was busy and another one was chosen at launch. */
  note?: string;
  /**
   * Issue 16: the latency, failure and proxy rules in force, when any is (a `server` event
   * follows every change, so every studio window shows them).
   */
  behaviour?: MockBehaviour;
}

export interface ChangePortBody {
  port: number;
}

// ---------------------------------------------------------------- data: seed, reset, fake (issue 16)

/** One model's part of a seed save or a reset. */
export interface SeedCount {
  /** Class name. */
  model: string;
  /** `seed/<path>.json`, relative to the project folder. */
  file: string;
  /** Records saved to the file, or put back from it. */
  count: number;
}

/** `POST /api/data/reset` and `POST /api/data/seed`: every default-datasource model. */
export interface SeedResult {
  models: SeedCount[];
}

export interface FakeRecordsBody {
  /** How many records, 1 to 100,000. */
  count: number;
  /** The same seed with the same data gives the same records. */
  seed?: number;
}

// ---------------------------------------------------------------- previews for the studio (issue 23)

/** One relation's share of a delete: how many of the child model's records its rule reaches. */
export interface DeleteEffect {
  /** The child model's class name. */
  model: string;
  /** The child's `@BelongTo` field naming the parent. */
  field: string;
  /** The parent's class name: the deleted record's model, or one a cascade reached. */
  parent: string;
  /** `cascade`: deleted too; `nullify`: `field` set to null; `restrict`: they refuse the delete. */
  rule: 'nullify' | 'cascade' | 'restrict';
  count: number;
}

/**
 * `GET /api/models/Todo/records/1/delete-impact`: what deleting the record would do, through
 * every level of cascades, counted now; nothing written. Any `restrict` effect means the delete
 * answers 409.
 */
export interface DeleteImpact {
  effects: DeleteEffect[];
}

// ---------------------------------------------------------------- mock behaviours (issue 16)

/** A delay in ms: fixed (`minMs === maxMs`) or uniform in `[minMs, maxMs]`. */
export interface DelayRule {
  minMs: number;
  maxMs: number;
}

/** A share of requests (0 to 1) answered with `status` (400-599) as a simulated problem. */
export interface FailRule {
  rate: number;
  status: number;
}

/** Rules for one route, named as `GET /routes` lists it; they replace the global ones there. */
export interface RouteBehaviour {
  method: RouteInfo['method'];
  path: string;
  delay?: DelayRule;
  fail?: FailRule;
}

/**
 * `GET`/`PUT /api/behaviour`: the mock API's simulated latency and failures and its proxy,
 * applied live to the next request. A PUT replaces everything: send `{ "routes": [] }` to clear.
 */
export interface MockBehaviour {
  delay?: DelayRule;
  fail?: FailRule;
  routes: RouteBehaviour[];
  /** `http://host:port`: requests no route matches are forwarded there. */
  proxy?: string;
  /** Default 30,000: a forwarded request not answered by then gets a 504 problem. */
  proxyTimeoutMs?: number;
}

// ---------------------------------------------------------------- model edits (issue 17)

/** A field to write: `type` as TypeScript (`string`, `Date`, `'low' | 'high'`, `number[]`). */
export interface FieldSpecInfo {
  name: string;
  type: string;
  optional?: boolean;
  rules?: FieldRulesEdit;
}

export interface NewModelSpec {
  /** PascalCase class name; the file is its kebab-case name (`QuoteBook` → `quote-book.ts`). */
  name: string;
  /** Besides `id!: number`, which every new model gets. */
  fields: FieldSpecInfo[];
  /** Existing models the new one belongs to: `@BelongTo` here, `@HasMany` there. */
  belongTo?: { target: string; field?: string; hasMany?: string }[];
}

/**
 * One change of the project's model files. `migrate` (rename, remove) rewrites the datafile
 * too, in one atomic batch; without it the records keep the old key. `default` fills a new
 * field in the existing records (required when a required field is added to a non-empty model).
 */
/**
 * The field types the studio offers, and the ones a type change can convert stored values to
 * (`changeField` with `convert`).
 */
export const FIELD_TYPES = ['string', 'number', 'boolean', 'Date', 'string[]', 'number[]'] as const;
export type FieldTypeText = (typeof FIELD_TYPES)[number];

export type ModelEdit =
  | { kind: 'createModel'; model: NewModelSpec }
  | { kind: 'addField'; model: string; field: FieldSpecInfo; default?: JsonValue }
  | { kind: 'renameField'; model: string; field: string; to: string; migrate?: boolean }
  | { kind: 'removeField'; model: string; field: string; migrate?: boolean }
  | {
      kind: 'changeField';
      model: string;
      field: string;
      type: string;
      optional: boolean;
      /** Convert the stored values to the new type (all or nothing; see `DataMigration`). */
      convert?: boolean;
    }
  | {
      kind: 'setRules';
      model: string;
      field: string;
      rules: FieldRulesEdit;
      /**
       * Move the stored values (and the seed's) that break the new rules inside them: numbers
       * to the nearest bound, texts cut to `maxLength`; all or nothing (see `BreakingRecords`).
       */
      fit?: boolean;
    }
  | { kind: 'link'; parent: string; child: string; hasMany?: string; belongTo?: string };

/** A decorator's place in a model file, for highlighting (offsets into `text`). */
export interface DecoratorRange {
  name: string;
  from: number;
  to: number;
  /** 1-based. */
  line: number;
}

export interface ModelSource {
  model: string;
  /** Absolute path. */
  file: string;
  text: string;
  /** SHA-256 hex of `text`: pass it back so a file changed on disk since is refused (409). */
  hash: string;
  decorators: DecoratorRange[];
}

export interface ModelFileChange {
  /** Absolute path. */
  file: string;
  /** Relative to the project folder, as the diff names it. */
  relative: string;
  /** Hash of the file as it is now; `null` for a file the edit creates. */
  hash: string | null;
  created: boolean;
  /** Unified diff (`--- a/x.ts` / `+++ b/x.ts`). */
  diff: string;
}

export interface DataMigration {
  model: string;
  /**
   * `convert`: each stored value of `field` becomes the type `to`; `fit`: each value is moved
   * inside the new rules (a 422 names any that cannot).
   */
  action: 'rename' | 'drop' | 'default' | 'convert' | 'fit';
  field: string;
  to?: string;
  value?: JsonValue;
  /** Records the migration changes. */
  records: number;
  /** Rows of the model's seed file (`seed/<path>.json`) it changes the same way. */
  seedRecords: number;
}

/**
 * Stored records and seed rows the edited model will refuse (a tightened rule, a new required
 * field the seed does not hold): they keep their values, and every write of one of them, or a
 * Reset to seed, is a 422 until it is fixed.
 */
export interface BreakingRecords {
  field: string;
  records: number;
  seedRecords: number;
  /** The first few, each with its problem (`record 3: must be >= 10, got 0`). */
  examples: string[];
  /** `setRules` with `fit` can move every one of them inside the new rules. */
  fittable: boolean;
}

export interface ModelEditPreview {
  files: ModelFileChange[];
  /** What `applyModelEdit` would do to the records, when asked to migrate or fill a default. */
  migration?: DataMigration;
  /** Records the edited model holds now (a required new field needs a default when > 0). */
  records: number;
  breaking?: BreakingRecords;
}

export interface ApplyModelEditBody {
  edit: ModelEdit;
  /** Each file's hash as previewed (`null`: must not exist yet); a mismatch is a 409. */
  hashes: Record<string, string | null>;
}

export interface CreateModelBody {
  model: NewModelSpec;
  hashes: Record<string, string | null>;
}

export interface ModelEditResult {
  /** Files written (absolute). */
  files: string[];
  /** Records the data migration changed. */
  migrated: number;
  /** Seed rows it changed. */
  seedMigrated: number;
  /** The project after the reload the write caused. */
  project: ProjectStatus;
}

// ---------------------------------------------------------------- events

/** One request the mock API answered, as the traffic view shows it. */
export interface TrafficExchange {
  /** Increases by one per exchange within a studio's life. */
  seq: number;
  /** Epoch ms when the request arrived. */
  time: number;
  method: string;
  /** Path and query as sent. */
  url: string;
  status: number;
  durationMs: number;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  /** UTF-8 text of the body, at most {@link TRAFFIC_BODY_LIMIT} bytes. */
  requestBody: string;
  responseBody: string;
  requestTruncated: boolean;
  responseTruncated: boolean;
  requestBytes: number;
  responseBytes: number;
  /**
   * Set for answers the studio made up (simulated latency or failure) or forwarded; `outgoing`
   * for a request the core sent for the Console (`POST /api/outgoing`), whose `url` is the full
   * URL and whose status is 502 or 504 when no answer came.
   */
  tag?: 'simulated' | 'proxied' | 'outgoing';
  /** Issue 29: the response rule that answered, when one did. */
  rule?: { id: string; name: string };
}

export type RecordChangeOp = 'create' | 'update' | 'delete' | 'import' | 'reset';

export type StudioEvent =
  | { type: 'traffic'; exchange: TrafficExchange }
  | { type: 'project'; project: ProjectStatus }
  | { type: 'records'; model: string; op: RecordChangeOp; ids: RecordKey[] }
  | { type: 'server'; server: ServerStatus }
  /**
   * Issue 30: files under the open project's `requests/` or `environments/` changed on disk (a
   * hand edit, a `git pull`; the studio's own saves too), one event per burst: re-list them
   * with `GET /api/requests`.
   */
  | { type: 'requests' };

/**
 * One server-sent event of `GET /api/events`: a batch of studio events (at most ~10 batches a
 * second per client). The SSE `id` is `lastId`; a client that reconnects with `Last-Event-ID`
 * gets every event after it that the bounded history still holds.
 */
export interface EventBatch {
  lastId: number;
  events: (StudioEvent & { id: number })[];
  /** True when the history no longer held everything after the client's `Last-Event-ID`. */
  gap?: boolean;
  /**
   * Exchanges of the mock API left out of this client's stream since its last batch: it fell
   * too far behind (the API answered faster than a client can be sent them, or the client
   * stopped reading). Only traffic is left out this way; the exchanges are still counted in
   * `seq`.
   */
  dropped?: number;
  /**
   * This client fell more than its byte budget behind (it stopped reading, or read slower than
   * the studio produced): instead of what it missed it is sent the newest events the history
   * holds, and `dropped` (and `gap` for other events) says what it skipped (issue 24 §3).
   */
  resync?: boolean;
}

// ---------------------------------------------------------------- operations

/**
 * What each control operation takes and answers; its method and path are in
 * {@link CONTROL_OPERATIONS} (./operations.ts), written once for the server and the client.
 */
export interface ControlPayloads {
  getProject: { answer: ProjectStatus };
  openProject: { body: OpenProjectBody; answer: ProjectStatus };
  reloadProject: { answer: ProjectStatus };
  listModels: { answer: ModelInfo[] };
  listRoutes: { answer: RouteInfo[] };
  listRecords: { answer: RecordPage };
  getRecord: { answer: JsonRecord };
  createRecord: { body: unknown; answer: JsonRecord };
  replaceRecord: { body: unknown; answer: JsonRecord };
  patchRecord: { body: unknown; answer: JsonRecord };
  deleteRecord: { answer: JsonRecord };
  deleteImpact: { answer: DeleteImpact };
  sampleRecord: { answer: Record<string, JsonValue> };
  importRecords: { body: unknown[]; answer: ImportResult };
  exportRecords: { answer: JsonRecord[] };
  fakeRecords: { body: FakeRecordsBody; answer: ImportResult };
  resetData: { answer: SeedResult };
  saveSeed: { answer: SeedResult };
  getBehaviour: { answer: MockBehaviour };
  setBehaviour: { body: MockBehaviour; answer: MockBehaviour };
  getServer: { answer: ServerStatus };
  startServer: { answer: ServerStatus };
  stopServer: { answer: ServerStatus };
  changePort: { body: ChangePortBody; answer: ServerStatus };
  events: { answer: EventBatch };
  readModelSource: { answer: ModelSource };
  previewModelEdit: { body: { edit: ModelEdit }; answer: ModelEditPreview };
  applyModelEdit: { body: ApplyModelEditBody; answer: ModelEditResult };
  createModel: { body: CreateModelBody; answer: ModelEditResult };
  previewImport: { body: ImportSourceBody; answer: ImportPreview };
  importProject: { body: ImportProjectBody; answer: ProjectStatus };
  getOpenApi: { answer: OpenApiDocument };
  getRules: { answer: RulesState };
  putRules: { body: RulesFile; answer: RulesState };
  previewRuleTemplate: { body: RulePreviewBody; answer: RulePreview };
  listRequests: { answer: RequestCollection };
  saveRequest: { body: SaveRequestBody; answer: RequestEntry };
  duplicateRequest: { body: DuplicateRequestBody; answer: RequestEntry };
  deleteRequest: { body: RequestPathBody; answer: { deleted: string } };
  importRequests: { body: ImportRequestsBody; answer: ImportRequestsResult };
  saveEnvironment: { body: SaveEnvironmentBody; answer: EnvironmentEntry };
  deleteEnvironment: { body: EnvironmentNameBody; answer: { deleted: string } };
  getEnvironmentSecrets: { body: EnvironmentNameBody; answer: EnvironmentSecrets };
  putProjectFile: { body: PutProjectFileBody; answer: ProjectFileEntry };
  getConsoleSession: { answer: ConsoleSession };
  putConsoleSession: { body: ConsoleSession; answer: ConsoleSession };
  sendOutgoing: { body: OutgoingRequest; answer: OutgoingResponse };
}

/** Issue 29: the OpenAPI 3.1 document the mock API serves at `/openapi.json`, as JSON. */
export type OpenApiDocument = { openapi: string; paths: Record<string, unknown> } & Record<
  string,
  unknown
>;

/** Every control operation: its line of the table joined with its payloads. */
export type ControlOperations = {
  [K in keyof typeof CONTROL_OPERATIONS]: (typeof CONTROL_OPERATIONS)[K] & ControlPayloads[K];
};

export type { ControlOperationName } from './operations.js';
