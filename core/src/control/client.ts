/**
 * The typed client of the control API (CONTRACT §8), safe in a browser: it imports the wire
 * contract and the `eventsource` package only, never `node:*`. Every call carries the launch
 * token as `Authorization: Bearer …`; an error answer is thrown as a {@link ControlError}
 * holding the server's RFC 9457 problem. The event stream is server-sent events read through
 * `fetch` (the `eventsource` package's `fetch` option), so the token stays in a header instead
 * of a URL, and a dropped stream reconnects with `Last-Event-ID` to catch up.
 *
 * @example
 * const client = new ControlClient({ baseUrl: 'http://127.0.0.1:4100', token });
 * const models = await client.listModels();
 * const stop = client.subscribe({ onBatch: (batch) => console.log(batch.events.length) });
 */
import { EventSource } from 'eventsource';

import {
  AUTH_SCHEME,
  type ConsoleSession,
  CONTROL_OPERATIONS,
  CONTROL_PREFIX,
  type ControlOperationName,
  type ControlOperations,
  type DeleteImpact,
  type DuplicateRequestBody,
  type EnvironmentEntry,
  type EnvironmentSecrets,
  type EventBatch,
  type FakeRecordsBody,
  type ImportPreview,
  type ImportProjectBody,
  type ImportRequestsBody,
  type ImportRequestsResult,
  type ImportResult,
  type ImportSourceBody,
  type JsonRecord,
  type JsonValue,
  type MockBehaviour,
  type ModelEdit,
  type ModelEditPreview,
  type ModelEditResult,
  type ModelInfo,
  type ModelSource,
  type NewModelSpec,
  type OpenApiDocument,
  type OutgoingRequest,
  type OutgoingResponse,
  type ProjectFileEntry,
  type ProjectStatus,
  type RecordKey,
  type RecordPage,
  type RequestCollection,
  type RequestEntry,
  type RouteInfo,
  type RulePreview,
  type RulePreviewBody,
  type RulesFile,
  type RulesState,
  type SaveEnvironmentBody,
  type SaveRequestBody,
  type SeedResult,
  type ServerStatus,
} from '../contract/control-api.js';
import { PROJECT_FILE_NAME_PARAM } from '../contract/requests-api.js';
import { ControlError, networkProblem, toProblem } from './control-error.js';

export { ControlError } from './control-error.js';

export interface ControlClientOptions {
  /** The control API's origin, e.g. `http://127.0.0.1:4100` (no trailing slash needed). */
  baseUrl: string;
  token: string;
  /** Defaults to the global `fetch`; tests and the desktop shell may pass their own. */
  fetch?: typeof fetch;
}

/** The stream's state, for a "live" / "reconnecting" indicator. */
export type StreamState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface SubscribeOptions {
  onBatch(batch: EventBatch): void;
  onState?(state: StreamState): void;
  /**
   * Start with what the server's history still holds (the last exchanges and other events),
   * as a reconnecting client would: a reloaded page gets its traffic log back.
   */
  replayHistory?: boolean;
}

/**
 * A record list query: the mock API's collection controls (CONTRACT §2). A repeated filter
 * (`id: [2, 5]`) means any of those values, as on the mock API.
 */
export type RecordQuery = Record<
  string,
  string | number | readonly (string | number)[] | undefined
>;

type Answer<K extends ControlOperationName> = ControlOperations[K]['answer'];

/** What one call fills in: the path's `:name` parts, the query, the body. */
interface OperationCall {
  readonly params?: Readonly<Record<string, RecordKey>>;
  readonly query?: RecordQuery;
  readonly body?: unknown;
  readonly signal?: AbortSignal | undefined;
  /** Let the call outlive the page that made it (a write as the page goes away). */
  readonly keepalive?: boolean;
}

export class ControlClient {
  readonly baseUrl: string;
  readonly #token: string;
  readonly #fetch: typeof fetch;

  constructor(options: ControlClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#token = options.token;
    // Bound: a bare `fetch` reference called as a method throws "Illegal invocation" in browsers.
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  getProject(): Promise<ProjectStatus> {
    return this.#op('getProject');
  }
  openProject(dir: string): Promise<ProjectStatus> {
    return this.#op('openProject', { body: { dir } });
  }
  reloadProject(): Promise<ProjectStatus> {
    return this.#op('reloadProject');
  }
  listModels(): Promise<ModelInfo[]> {
    return this.#op('listModels');
  }
  listRoutes(): Promise<RouteInfo[]> {
    return this.#op('listRoutes');
  }
  listRecords(model: string, query: RecordQuery = {}, signal?: AbortSignal): Promise<RecordPage> {
    return this.#op('listRecords', { params: { model }, query, signal });
  }
  getRecord(model: string, id: RecordKey): Promise<JsonRecord> {
    return this.#op('getRecord', { params: { model, id } });
  }
  createRecord(model: string, body: unknown): Promise<JsonRecord> {
    return this.#op('createRecord', { params: { model }, body });
  }
  replaceRecord(model: string, id: RecordKey, body: unknown): Promise<JsonRecord> {
    return this.#op('replaceRecord', { params: { model, id }, body });
  }
  patchRecord(model: string, id: RecordKey, body: unknown): Promise<JsonRecord> {
    return this.#op('patchRecord', { params: { model, id }, body });
  }
  deleteRecord(model: string, id: RecordKey): Promise<JsonRecord> {
    return this.#op('deleteRecord', { params: { model, id } });
  }
  /** Issue 23: what deleting the record would do to the records that belong to it, counted. */
  deleteImpact(model: string, id: RecordKey): Promise<DeleteImpact> {
    return this.#op('deleteImpact', { params: { model, id } });
  }
  /**
   * Issue 23: one made-up record of the model (the fake-data generator's values, parents drawn
   * from the records that exist, no id), for a request body; nothing is written.
   */
  sampleRecord(model: string): Promise<Record<string, JsonValue>> {
    return this.#op('sampleRecord', { params: { model } });
  }
  importRecords(model: string, rows: unknown[]): Promise<ImportResult> {
    return this.#op('importRecords', { params: { model }, body: rows });
  }
  exportRecords(model: string): Promise<JsonRecord[]> {
    return this.#op('exportRecords', { params: { model } });
  }
  /** Issue 16: `count` valid made-up records, reproducible with `seed`. */
  fakeRecords(model: string, body: FakeRecordsBody): Promise<ImportResult> {
    return this.#op('fakeRecords', { params: { model }, body });
  }
  /** Puts every default-datasource model back to the project's `seed/` folder, atomically. */
  resetData(): Promise<SeedResult> {
    return this.#op('resetData');
  }
  /** Snapshots the current records into `seed/`. */
  saveSeed(): Promise<SeedResult> {
    return this.#op('saveSeed');
  }
  getBehaviour(): Promise<MockBehaviour> {
    return this.#op('getBehaviour');
  }
  /** Replaces the mock API's latency, failure and proxy rules; applies to the next request. */
  setBehaviour(behaviour: MockBehaviour): Promise<MockBehaviour> {
    return this.#op('setBehaviour', { body: behaviour });
  }
  /** Issue 17: a model's file as it is on disk, its hash and decorator ranges. */
  readModelSource(model: string): Promise<ModelSource> {
    return this.#op('readModelSource', { params: { model } });
  }
  /** The diff `edit` would make; nothing is written. */
  previewModelEdit(edit: ModelEdit): Promise<ModelEditPreview> {
    return this.#op('previewModelEdit', { body: { edit } });
  }
  /** Writes `edit` if every file still has the previewed hash (409 otherwise). */
  applyModelEdit(edit: ModelEdit, hashes: Record<string, string | null>): Promise<ModelEditResult> {
    return this.#op('applyModelEdit', { body: { edit, hashes } });
  }
  createModel(
    model: NewModelSpec,
    hashes: Record<string, string | null>,
  ): Promise<ModelEditResult> {
    return this.#op('createModel', { body: { model, hashes } });
  }
  /**
   * Issue 28: what a json-server db.json, OpenAPI document or Mockoon environment would become
   * (models, fields, relations, record counts, guesses); with `dir`, which files exist there.
   * Nothing is written.
   */
  previewImport(source: ImportSourceBody): Promise<ImportPreview> {
    return this.#op('previewImport', { body: source });
  }
  /** Writes the import into `dir` (a 409 names files in the way, unless `force`) and opens it. */
  importProject(body: ImportProjectBody): Promise<ProjectStatus> {
    return this.#op('importProject', { body });
  }
  /** Issue 29: the OpenAPI document of the serving project (what `/openapi.json` answers). */
  getOpenApi(): Promise<OpenApiDocument> {
    return this.#op('getOpenApi');
  }
  /** Issue 29: the project's response rules, which are orphaned, and a hand edit's problems. */
  getRules(): Promise<RulesState> {
    return this.#op('getRules');
  }
  /** Replaces every rule (written to `mock-rules.json`, applied at once); 422 names a mistake. */
  putRules(file: RulesFile): Promise<RulesState> {
    return this.#op('putRules', { body: file });
  }
  /** A body template filled in for a made-up request, for the rule editor's preview. */
  previewRuleTemplate(body: RulePreviewBody): Promise<RulePreview> {
    return this.#op('previewRuleTemplate', { body });
  }
  /**
   * Issue 30: the saved requests, folders and environments as the project's files hold them now,
   * with the files that do not read; secret values are left out (see getEnvironmentSecrets).
   */
  listRequests(): Promise<RequestCollection> {
    return this.#op('listRequests');
  }
  /** Creates a request, or replaces the one at `path` (a rename or move when the place differs). */
  saveRequest(body: SaveRequestBody): Promise<RequestEntry> {
    return this.#op('saveRequest', { body });
  }
  duplicateRequest(body: DuplicateRequestBody): Promise<RequestEntry> {
    return this.#op('duplicateRequest', { body });
  }
  deleteRequest(path: string): Promise<{ deleted: string }> {
    return this.#op('deleteRequest', { body: { path } });
  }
  /** Imports a Postman collection, a .http file or a Bruno folder's files into the collection. */
  importRequests(body: ImportRequestsBody): Promise<ImportRequestsResult> {
    return this.#op('importRequests', { body });
  }
  /**
   * Issue 30: copies a file chosen for a multipart field into the project's `files/` folder;
   * answers its path there (`files/photo.png`). Over `UPLOAD_LIMIT` is a 413.
   */
  /** Issue 30/40: copies `file` into the project's `files/` as `name`; its bytes are the body. */
  putProjectFile(name: string, file: Blob): Promise<ProjectFileEntry> {
    return this.#op('putProjectFile', {
      query: { [PROJECT_FILE_NAME_PARAM]: name },
      body: file,
    });
  }
  /** Issue 30: the Console's open tabs kept for the open project (`null`: none). */
  getConsoleSession(): Promise<ConsoleSession> {
    return this.#op('getConsoleSession');
  }
  /** `keepalive`: the last write as the page goes away (a reload, a closed window). */
  putConsoleSession(
    body: ConsoleSession,
    options: { keepalive?: boolean } = {},
  ): Promise<ConsoleSession> {
    return this.#op('putConsoleSession', { body, keepalive: options.keepalive === true });
  }
  /** Saves an environment; secret values go to the user's config folder, never the project. */
  saveEnvironment(body: SaveEnvironmentBody): Promise<EnvironmentEntry> {
    return this.#op('saveEnvironment', { body });
  }
  deleteEnvironment(name: string): Promise<{ deleted: string }> {
    return this.#op('deleteEnvironment', { body: { name } });
  }
  /** The secret values of one environment: the only answer that carries them. */
  getEnvironmentSecrets(name: string): Promise<EnvironmentSecrets> {
    return this.#op('getEnvironmentSecrets', { body: { name } });
  }
  /**
   * Issue 30: sends `request` from the core process (any http(s) host, CORS or not; multipart
   * file parts read from the project). Aborting `signal` closes this call, and the core then
   * aborts the outgoing request. Failures are a {@link ControlError}: 502 no connection, 504
   * no answer in time, 400/413/422 a request that cannot be sent.
   */
  sendOutgoing(request: OutgoingRequest, signal?: AbortSignal): Promise<OutgoingResponse> {
    return this.#op('sendOutgoing', { body: request, signal });
  }
  getServer(): Promise<ServerStatus> {
    return this.#op('getServer');
  }
  startServer(): Promise<ServerStatus> {
    return this.#op('startServer');
  }
  stopServer(): Promise<ServerStatus> {
    return this.#op('stopServer');
  }
  changePort(port: number): Promise<ServerStatus> {
    return this.#op('changePort', { body: { port } });
  }

  /**
   * Reads the event stream until the returned function is called. Reconnects on its own
   * (SSE semantics) and sends `Last-Event-ID`, so the server replays what was missed; a batch
   * with `gap: true` says the history did not reach back far enough.
   */
  subscribe(options: SubscribeOptions): () => void {
    const token = this.#token;
    const doFetch = this.#fetch;
    const source = new EventSource(`${this.baseUrl}${CONTROL_PREFIX}/events`, {
      fetch: (url, init) => {
        const headers: Record<string, string> = {
          ...init.headers,
          Authorization: `${AUTH_SCHEME} ${token}`,
        };
        // The first connection has no Last-Event-ID; 0 asks for the whole history.
        const resuming = Object.keys(headers).some((k) => k.toLowerCase() === 'last-event-id');
        if (options.replayHistory && !resuming) headers['Last-Event-ID'] = '0';
        return doFetch(url, { ...init, headers });
      },
    });
    let closed = false;
    options.onState?.('connecting');
    source.addEventListener('open', () => options.onState?.('open'));
    source.addEventListener('error', () => {
      if (closed) return;
      options.onState?.(source.readyState === source.CLOSED ? 'closed' : 'reconnecting');
    });
    source.addEventListener('message', (event) => {
      let batch: EventBatch;
      try {
        batch = JSON.parse(String(event.data)) as EventBatch;
      } catch {
        return; // not a batch (a comment or keep-alive someone sent as data): nothing to apply
      }
      if (Array.isArray(batch.events)) options.onBatch(batch);
    });
    return () => {
      closed = true;
      source.close();
      options.onState?.('closed');
    };
  }

  /** Calls `name` as {@link CONTROL_OPERATIONS} says: its method, its path filled in. */
  #op<K extends ControlOperationName>(name: K, call: OperationCall = {}): Promise<Answer<K>> {
    const { method, path } = CONTROL_OPERATIONS[name];
    const filled = path.replace(/:(\w+)/g, (_m, key: string) => {
      const value = call.params?.[key];
      if (value === undefined) throw new Error(`${name} needs :${key}`);
      return enc(String(value));
    });
    return this.#call<K>(
      method,
      `${filled}${toSearch(call.query ?? {})}`,
      call.body,
      call.signal,
      call.keepalive,
    );
  }

  async #call<K extends ControlOperationName>(
    method: string,
    path: string,
    body?: unknown,
    signal?: AbortSignal,
    keepalive?: boolean,
  ): Promise<Answer<K>> {
    const headers: Record<string, string> = {
      Authorization: `${AUTH_SCHEME} ${this.#token}`,
      Accept: 'application/json',
    };
    const init: RequestInit = { method, headers };
    if (signal) init.signal = signal;
    if (keepalive) init.keepalive = true;
    if (body instanceof Blob) {
      // A file's bytes as they are (putProjectFile), not JSON.
      headers['Content-Type'] = 'application/octet-stream';
      init.body = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const url = `${this.baseUrl}${CONTROL_PREFIX}${path}`;
    let response: Response;
    try {
      response = await this.#fetch(url, init);
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ControlError(networkProblem(path, cause), { cause });
    }
    const text = await response.text();
    if (!response.ok) throw new ControlError(toProblem(response.status, path, text));
    return (text === '' ? undefined : JSON.parse(text)) as Answer<K>;
  }
}

function enc(part: string): string {
  return encodeURIComponent(part);
}

function toSearch(query: RecordQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? (value as readonly (string | number)[]) : [value];
    for (const one of values) {
      if (one !== undefined && one !== '') params.append(key, String(one));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
