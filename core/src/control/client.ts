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
  CONTROL_PREFIX,
  type ControlOperations,
  type DeleteImpact,
  type EventBatch,
  type FakeRecordsBody,
  type ImportResult,
  type JsonRecord,
  type JsonValue,
  type MockBehaviour,
  type ModelEdit,
  type ModelEditPreview,
  type ModelEditResult,
  type ModelInfo,
  type ModelSource,
  type NewModelSpec,
  type Problem,
  type ProjectStatus,
  type RecordKey,
  type RecordPage,
  type RouteInfo,
  type SeedResult,
  type ServerStatus,
} from './contract.js';

/** A control call that failed: the server's problem, or one made up for a network failure. */
export class ControlError extends Error {
  readonly problem: Problem;
  constructor(problem: Problem, options?: { cause?: unknown }) {
    super(problem.detail || problem.title, options);
    this.name = 'ControlError';
    this.problem = problem;
  }
  get status(): number {
    return this.problem.status;
  }
}

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

type Answer<K extends keyof ControlOperations> = ControlOperations[K]['answer'];

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
    return this.#call<'getProject'>('GET', '/project');
  }
  openProject(dir: string): Promise<ProjectStatus> {
    return this.#call<'openProject'>('POST', '/project/open', { dir });
  }
  reloadProject(): Promise<ProjectStatus> {
    return this.#call<'reloadProject'>('POST', '/project/reload');
  }
  listModels(): Promise<ModelInfo[]> {
    return this.#call<'listModels'>('GET', '/models');
  }
  listRoutes(): Promise<RouteInfo[]> {
    return this.#call<'listRoutes'>('GET', '/routes');
  }
  listRecords(model: string, query: RecordQuery = {}, signal?: AbortSignal): Promise<RecordPage> {
    const path = `${records(model)}${toSearch(query)}`;
    return this.#call<'listRecords'>('GET', path, undefined, signal);
  }
  getRecord(model: string, id: RecordKey): Promise<JsonRecord> {
    return this.#call<'getRecord'>('GET', record(model, id));
  }
  createRecord(model: string, body: unknown): Promise<JsonRecord> {
    return this.#call<'createRecord'>('POST', records(model), body);
  }
  replaceRecord(model: string, id: RecordKey, body: unknown): Promise<JsonRecord> {
    return this.#call<'replaceRecord'>('PUT', record(model, id), body);
  }
  patchRecord(model: string, id: RecordKey, body: unknown): Promise<JsonRecord> {
    return this.#call<'patchRecord'>('PATCH', record(model, id), body);
  }
  deleteRecord(model: string, id: RecordKey): Promise<JsonRecord> {
    return this.#call<'deleteRecord'>('DELETE', record(model, id));
  }
  /** Issue 23: what deleting the record would do to the records that belong to it, counted. */
  deleteImpact(model: string, id: RecordKey): Promise<DeleteImpact> {
    return this.#call<'deleteImpact'>('GET', `${record(model, id)}/delete-impact`);
  }
  /**
   * Issue 23: one made-up record of the model (the fake-data generator's values, parents drawn
   * from the records that exist, no id), for a request body; nothing is written.
   */
  sampleRecord(model: string): Promise<Record<string, JsonValue>> {
    return this.#call<'sampleRecord'>('GET', `/models/${enc(model)}/sample`);
  }
  importRecords(model: string, rows: unknown[]): Promise<ImportResult> {
    return this.#call<'importRecords'>('POST', `/models/${enc(model)}/import`, rows);
  }
  exportRecords(model: string): Promise<JsonRecord[]> {
    return this.#call<'exportRecords'>('GET', `/models/${enc(model)}/export`);
  }
  /** Issue 16: `count` valid made-up records, reproducible with `seed`. */
  fakeRecords(model: string, body: FakeRecordsBody): Promise<ImportResult> {
    return this.#call<'fakeRecords'>('POST', `/models/${enc(model)}/fake`, body);
  }
  /** Puts every default-datasource model back to the project's `seed/` folder, atomically. */
  resetData(): Promise<SeedResult> {
    return this.#call<'resetData'>('POST', '/data/reset');
  }
  /** Snapshots the current records into `seed/`. */
  saveSeed(): Promise<SeedResult> {
    return this.#call<'saveSeed'>('POST', '/data/seed');
  }
  getBehaviour(): Promise<MockBehaviour> {
    return this.#call<'getBehaviour'>('GET', '/behaviour');
  }
  /** Replaces the mock API's latency, failure and proxy rules; applies to the next request. */
  setBehaviour(behaviour: MockBehaviour): Promise<MockBehaviour> {
    return this.#call<'setBehaviour'>('PUT', '/behaviour', behaviour);
  }
  /** Issue 17: a model's file as it is on disk, its hash and decorator ranges. */
  readModelSource(model: string): Promise<ModelSource> {
    return this.#call<'readModelSource'>('GET', `/models/${enc(model)}/source`);
  }
  /** The diff `edit` would make; nothing is written. */
  previewModelEdit(edit: ModelEdit): Promise<ModelEditPreview> {
    return this.#call<'previewModelEdit'>('POST', '/model-edits/preview', { edit });
  }
  /** Writes `edit` if every file still has the previewed hash (409 otherwise). */
  applyModelEdit(edit: ModelEdit, hashes: Record<string, string | null>): Promise<ModelEditResult> {
    return this.#call<'applyModelEdit'>('POST', '/model-edits', { edit, hashes });
  }
  createModel(
    model: NewModelSpec,
    hashes: Record<string, string | null>,
  ): Promise<ModelEditResult> {
    return this.#call<'createModel'>('POST', '/models', { model, hashes });
  }
  getServer(): Promise<ServerStatus> {
    return this.#call<'getServer'>('GET', '/server');
  }
  startServer(): Promise<ServerStatus> {
    return this.#call<'startServer'>('POST', '/server/start');
  }
  stopServer(): Promise<ServerStatus> {
    return this.#call<'stopServer'>('POST', '/server/stop');
  }
  changePort(port: number): Promise<ServerStatus> {
    return this.#call<'changePort'>('PUT', '/server/port', { port });
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

  async #call<K extends keyof ControlOperations>(
    method: string,
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<Answer<K>> {
    const headers: Record<string, string> = {
      Authorization: `${AUTH_SCHEME} ${this.#token}`,
      Accept: 'application/json',
    };
    const init: RequestInit = { method, headers };
    if (signal) init.signal = signal;
    if (body !== undefined) {
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
function records(model: string): string {
  return `/models/${enc(model)}/records`;
}
function record(model: string, id: RecordKey): string {
  return `${records(model)}/${enc(String(id))}`;
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

/** The server's problem document, or one built from the status when the body is not one. */
function toProblem(status: number, path: string, text: string): Problem {
  try {
    const parsed = JSON.parse(text) as Partial<Problem>;
    if (parsed && typeof parsed === 'object' && typeof parsed.title === 'string') {
      const detail = parsed.detail ?? parsed.message ?? parsed.title;
      return {
        type: parsed.type ?? 'about:blank',
        title: parsed.title,
        status: parsed.status ?? status,
        detail,
        message: parsed.message ?? detail,
        instance: parsed.instance ?? path,
        ...(parsed.errors ? { errors: parsed.errors } : {}),
      };
    }
  } catch {
    // not JSON: fall through to a problem named after the status
  }
  const detail = text.trim().slice(0, 200) || `The control API answered ${status}.`;
  return {
    type: 'about:blank',
    title: `HTTP ${status}`,
    status,
    detail,
    message: detail,
    instance: path,
  };
}

function networkProblem(path: string, cause: unknown): Problem {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const detail = `The studio's control API could not be reached (${reason}).`;
  return {
    type: 'network-error',
    title: 'Control API unreachable',
    status: 0,
    detail,
    message: detail,
    instance: path,
  };
}
