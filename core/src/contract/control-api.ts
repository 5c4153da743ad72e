/**
 * The control API's wire contract (CONTRACT §8): what the studio's control server sends and
 * takes, shared by the server, the browser-safe client and the renderer. Types and constants
 * only: no `node:*`, no runtime imports, so the renderer's bundle can include it (STYLE
 * "Module boundaries", like Mockoon's `commons` package).
 */

import type {
  DeleteImpact,
  FakeRecordsBody,
  ImportResult,
  RecordPage,
  RecordQuery,
  SeedResult,
} from './data-api.js';
import type { EventBatch } from './events-api.js';
import type { ImportPreview, ImportProjectBody, ImportSourceBody } from './import-api.js';
import type {
  ApplyModelEditBody,
  CreateModelBody,
  ModelEdit,
  ModelEditPreview,
  ModelEditResult,
  ModelSource,
} from './model-edit-api.js';
import type { ModelInfo, RouteInfo } from './models-api.js';
import type { CONTROL_OPERATIONS } from './operations.js';
import type { OutgoingRequest, OutgoingResponse } from './outgoing-api.js';
import type { OpenProjectBody, ProjectStatus } from './project-api.js';
import type {
  ImportRecordingBody,
  RecordingPreviewBody,
  RecordingStatus,
} from './recording-api.js';
import type {
  ConsoleSession,
  DeletedRequestFolder,
  DuplicateRequestBody,
  EnvironmentEntry,
  EnvironmentNameBody,
  EnvironmentSecrets,
  ImportRequestsBody,
  ImportRequestsResult,
  ProjectFileEntry,
  ProjectFileQuery,
  RequestCollection,
  RequestEntry,
  RequestFolderBody,
  RequestPathBody,
  SaveEnvironmentBody,
  SaveRequestBody,
} from './requests-api.js';
import type { RulePreview, RulePreviewBody, RulesFile, RulesState } from './rules-api.js';
import type { ChangePortBody, MockBehaviour, ServerStatus } from './server-api.js';
import type { JsonRecord, JsonValue } from './values.js';

/** Every control route lives under this prefix; everything else on the port is the UI. */
export const CONTROL_PREFIX = '/api';

/** The header and scheme every control call carries (CONTRACT §8). */
export const AUTH_SCHEME = 'Bearer';

export type * from './data-api.js';
export type * from './events-api.js';
export { EVENT_ID_HEADER, TRAFFIC_BODY_LIMIT, TRAFFIC_HISTORY } from './events-api.js';
export type * from './import-api.js';
export type * from './model-edit-api.js';
export { FIELD_TYPES } from './model-edit-api.js';
export type * from './models-api.js';
export type * from './outgoing-api.js';
export {
  OUTGOING_BODY_LIMIT,
  OUTGOING_TIMEOUT_MAX_MS,
  OUTGOING_TIMEOUT_MS,
} from './outgoing-api.js';
export type * from './project-api.js';
export type * from './recording-api.js';
export type * from './requests-api.js';
export type * from './rules-api.js';
export { RULE_BODY_LIMIT, RULES_FILE } from './rules-api.js';
export type * from './server-api.js';
export type * from './values.js';
export { COLLECTION_CONTROLS } from './collection-controls.js';
export { CONTROL_OPERATIONS } from './operations.js';

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
// ---------------------------------------------------------------- operations

/**
 * What each control operation takes and answers; its method and path are in
 * {@link CONTROL_OPERATIONS} (./operations.ts), written once for the server and the client.
 * `query` is what the URL's query string carries; `body` is the JSON body (an operation
 * without one sends none); `answer` is the JSON it answers with.
 */
export interface ControlPayloads {
  getProject: { answer: ProjectStatus };
  openProject: { body: OpenProjectBody; answer: ProjectStatus };
  reloadProject: { answer: ProjectStatus };
  listModels: { answer: ModelInfo[] };
  listRoutes: { answer: RouteInfo[] };
  listRecords: { query: RecordQuery; answer: RecordPage };
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
  createRequestFolder: { body: RequestFolderBody; answer: { folder: string } };
  deleteRequestFolder: { body: RequestFolderBody; answer: DeletedRequestFolder };
  importRequests: { body: ImportRequestsBody; answer: ImportRequestsResult };
  saveEnvironment: { body: SaveEnvironmentBody; answer: EnvironmentEntry };
  deleteEnvironment: { body: EnvironmentNameBody; answer: { deleted: string } };
  getEnvironmentSecrets: { body: EnvironmentNameBody; answer: EnvironmentSecrets };
  /** Its body is the file's bytes, not JSON (`ControlClient.putProjectFile`). */
  putProjectFile: { query: ProjectFileQuery; answer: ProjectFileEntry };
  getConsoleSession: { answer: ConsoleSession };
  putConsoleSession: { body: ConsoleSession; answer: ConsoleSession };
  sendOutgoing: { body: OutgoingRequest; answer: OutgoingResponse };
  getRecording: { answer: RecordingStatus };
  startRecording: { answer: RecordingStatus };
  stopRecording: { answer: RecordingStatus };
  discardRecording: { answer: RecordingStatus };
  previewRecording: { body: RecordingPreviewBody; answer: ImportPreview };
  importRecording: { body: ImportRecordingBody; answer: ProjectStatus };
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
