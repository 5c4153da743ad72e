/**
 * The request console. Requests go from the page straight to the mock API (it answers CORS
 * for any origin, CONTRACT §7); a URL starting with `/` is a path on the mock API. Query
 * parameters are editable rows kept in step with the URL; `:name` segments are path params.
 */
import { create } from 'zustand';

import { client, type RouteInfo } from '../../api';
import { HISTORY_LIMIT, type HistoryEntry, readHistory, writeHistory } from './console-history';
import { type Parked, type Row, startPath, switchMethod, takesBody } from './console-method';
import {
  joinUrl,
  jsonError,
  mockPathOf,
  pathParamsOf,
  resolveUrl,
  splitUrl,
  unreachable,
} from './request-text';

export type { Row } from './console-method';
export { jsonError, resolveUrl } from './request-text';

export interface ConsoleResponse {
  /** The request, to find its exchange in Traffic (which has every response header). */
  method: string;
  /** Path and query as sent, when the request went to the mock API; else null. */
  mockPath: string | null;
  /** Epoch ms when the request was sent. */
  sentAt: number;
  status: number;
  statusText: string;
  timeMs: number;
  size: number;
  headers: [string, string][];
  body: string;
  contentType: string;
}

export interface ConsoleRequest {
  method: string;
  url: string;
  headers?: [string, string][];
  body?: string;
}

interface ConsoleState {
  method: string;
  url: string;
  query: Row[];
  pathParams: Row[];
  headers: Row[];
  body: string;
  sending: boolean;
  response: ConsoleResponse | null;
  error: string | null;
  history: HistoryEntry[];
  /** The body and Content-Type a bodiless method set aside (see `switchMethod`). */
  parked: Parked | null;
  /**
   * The URL the Console started on by itself (the project's first route), while the request
   * is still that untouched start: another project's routes then move it.
   */
  startedAt: string | null;
  /** Aborts the request on its way, if any (Cancel, or a new Send). */
  controller: AbortController | null;
  setMethod(method: string): void;
  setUrl(url: string): void;
  setQueryRows(rows: Row[]): void;
  setPathParams(rows: Row[]): void;
  setHeaders(rows: Row[]): void;
  setBody(body: string): void;
  formatBody(): void;
  loadRequest(request: ConsoleRequest): void;
  /** Starts an untouched Console on the open project's first route. */
  startAt(routes: readonly RouteInfo[]): void;
  /**
   * Replaces a body the user has not touched since `loadRequest` with a record the project's
   * fake-data generator makes up for `model` (the control API's sample), keeping every key.
   */
  sampleBodyOf(model: string): Promise<void>;
  sendRequest(mockUrl: string | null): Promise<void>;
  cancelRequest(): void;
  clearHistory(): void;
}

const storage = typeof localStorage === 'undefined' ? undefined : localStorage;

const withBody = takesBody;

export const useConsoleStore = create<ConsoleState>()((set, get) => ({
  method: 'GET',
  // The project's first route, once its routes are read (`startAt`).
  url: '',
  query: [],
  pathParams: [],
  headers: [{ name: 'Accept', value: 'application/json', enabled: true }],
  body: '',
  sending: false,
  response: null,
  error: null,
  history: readHistory(storage),
  parked: null,
  startedAt: null,
  controller: null,
  setMethod(method) {
    const s = get();
    set({ ...switchMethod(s, method), startedAt: null });
  },
  setUrl(url) {
    const { base, query } = splitUrl(url);
    set((s) => ({ url, query, pathParams: pathParamsOf(base, s.pathParams), startedAt: null }));
  },
  setQueryRows(rows) {
    const { base } = splitUrl(get().url);
    set({ query: rows, url: joinUrl(base, rows) });
  },
  setPathParams: (pathParams) => set({ pathParams }),
  setHeaders: (headers) => set({ headers }),
  setBody: (body) => set({ body, startedAt: null }),
  formatBody() {
    const { body } = get();
    if (jsonError(body) === null && body.trim())
      set({ body: JSON.stringify(JSON.parse(body), null, 2) });
  },
  loadRequest(request) {
    const method = request.method.toUpperCase();
    const headers: Row[] = (request.headers ?? [['Accept', 'application/json']]).map(
      ([name, value]) => ({ name, value, enabled: true }),
    );
    const body = request.body ?? '';
    if (body && !headers.some((h) => h.name.toLowerCase() === 'content-type')) {
      headers.push({ name: 'Content-Type', value: 'application/json', enabled: true });
    }
    set({
      // A loaded request is a new one: nothing of the last carries over, not even what its
      // method set aside; a body its own method does not send is set aside the same way.
      ...switchMethod({ method: 'POST', body, headers, parked: null }, method),
      response: null,
      error: null,
      pathParams: [],
    });
    get().setUrl(request.url);
  },
  startAt(routes) {
    const s = get();
    const untouched =
      s.url === '' || (s.startedAt === s.url && s.method === 'GET' && s.body === '');
    const path = startPath(routes);
    if (!untouched || path === null || path === s.url) return;
    get().setUrl(path);
    set({ startedAt: path });
  },
  async sampleBodyOf(model) {
    const before = get();
    let sample: Record<string, unknown>;
    try {
      sample = await client().sampleRecord(model);
    } catch {
      // The schema's sample stays: a body to edit, if a plainer one.
      return;
    }
    const now = get();
    if (now.body !== before.body || now.method !== before.method || now.url !== before.url) return;
    let current: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(now.body);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        current = parsed as Record<string, unknown>;
    } catch {
      // Not an object: the sample alone.
    }
    // The schema's keys first and all of them (the generator leaves optional fields out now
    // and then): the body shows every field the model takes.
    set({ body: JSON.stringify({ ...current, ...sample }, null, 2) });
  },
  async sendRequest(mockUrl) {
    const { method, url, pathParams, headers, body } = get();
    get().controller?.abort();
    const own = new AbortController();
    set({ controller: own });
    let target: string;
    try {
      target = resolveUrl(url, pathParams, mockUrl);
    } catch (error) {
      set({ error: (error as Error).message, response: null });
      return;
    }
    const sentHeaders: [string, string][] = headers
      .filter((h) => h.enabled && h.name)
      .map((h) => [h.name, h.value]);
    const sendsBody = withBody(method) && body.trim() !== '';
    // As Bruno and Postman do: a JSON body goes out as JSON unless a Content-Type is set.
    if (
      sendsBody &&
      jsonError(body) === null &&
      !sentHeaders.some(([name]) => name.toLowerCase() === 'content-type')
    )
      sentHeaders.push(['Content-Type', 'application/json']);
    const init: RequestInit = { method, headers: sentHeaders, signal: own.signal };
    if (sendsBody) init.body = body;
    set({ sending: true, error: null });
    const started = performance.now();
    const sentAt = Date.now();
    const mockPath = mockPathOf(target, mockUrl);
    const entry: HistoryEntry = {
      id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      at: Date.now(),
      method,
      url,
      headers: sentHeaders,
      body: withBody(method) ? body : '',
      status: null,
      timeMs: null,
    };
    try {
      const answer = await fetch(target, init);
      const bytes = new Uint8Array(await answer.arrayBuffer());
      const timeMs = Math.round(performance.now() - started);
      const response: ConsoleResponse = {
        method,
        mockPath,
        sentAt,
        status: answer.status,
        statusText: answer.statusText,
        timeMs,
        size: bytes.byteLength,
        headers: [...answer.headers],
        body: new TextDecoder().decode(bytes),
        contentType: answer.headers.get('content-type') ?? '',
      };
      entry.status = answer.status;
      entry.timeMs = timeMs;
      set({ response, sending: false });
    } catch {
      const aborted = own.signal.aborted;
      set({
        sending: false,
        response: null,
        error: aborted ? 'Request cancelled.' : unreachable(target, mockUrl),
      });
      if (aborted) return;
    } finally {
      if (get().controller === own) set({ controller: null });
    }
    const history = [entry, ...get().history].slice(0, HISTORY_LIMIT);
    writeHistory(storage, history);
    set({ history });
  },
  cancelRequest: () => get().controller?.abort(),
  clearHistory() {
    writeHistory(storage, []);
    set({ history: [] });
  },
}));

export const consoleSelectors = {
  /** Null for a method that sends no body: what it would not send cannot be wrong. */
  bodyError: (s: ConsoleState) => (withBody(s.method) ? jsonError(s.body) : null),
  sendsBody: (s: ConsoleState) => withBody(s.method),
};
