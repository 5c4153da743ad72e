/**
 * The request console. Requests go from the page straight to the mock API (it answers CORS
 * for any origin, CONTRACT §7); a URL starting with `/` is a path on the mock API. Query
 * parameters are editable rows kept in step with the URL; `:name` segments are path params.
 */
import { create } from 'zustand';

import { HISTORY_LIMIT, type HistoryEntry, readHistory, writeHistory } from './console-history';

export interface Row {
  name: string;
  value: string;
  enabled: boolean;
}

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
  setMethod(method: string): void;
  setUrl(url: string): void;
  setQueryRows(rows: Row[]): void;
  setPathParams(rows: Row[]): void;
  setHeaders(rows: Row[]): void;
  setBody(body: string): void;
  formatBody(): void;
  loadRequest(request: ConsoleRequest): void;
  sendRequest(mockUrl: string | null): Promise<void>;
  cancelRequest(): void;
  clearHistory(): void;
}

const storage = typeof localStorage === 'undefined' ? undefined : localStorage;
let controller: AbortController | null = null;

function splitUrl(url: string): { base: string; query: Row[] } {
  const q = url.indexOf('?');
  if (q < 0) return { base: url, query: [] };
  const rows = [...new URLSearchParams(url.slice(q + 1))].map(([name, value]) => ({
    name,
    value,
    enabled: true,
  }));
  return { base: url.slice(0, q), query: rows };
}

function joinUrl(base: string, rows: Row[]): string {
  const params = new URLSearchParams();
  for (const r of rows) if (r.enabled && r.name) params.append(r.name, r.value);
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}

function pathParamsOf(base: string, previous: Row[]): Row[] {
  const names = [...base.matchAll(/\/:([A-Za-z_]\w*)/g)].map((m) => m[1]!);
  return names.map(
    (name) => previous.find((r) => r.name === name) ?? { name, value: '', enabled: true },
  );
}

/**
 * The URL as sent: path params filled in, a path (`/todos`, or `todos` as typed) on the mock
 * API. A path param left empty is refused: `/todos/:id` sent as is would be a 400, and a
 * guessed id would write to a record nobody chose.
 */
export function resolveUrl(url: string, pathParams: Row[], mockUrl: string | null): string {
  const empty: string[] = [];
  let resolved = url.trim().replace(/\/:([A-Za-z_]\w*)/g, (_whole, name: string) => {
    const row = pathParams.find((r) => r.name === name);
    if (!row?.value) empty.push(name);
    return `/${encodeURIComponent(row?.value ?? '')}`;
  });
  if (empty.length > 0)
    throw new Error(
      `Fill the path ${empty.length === 1 ? 'parameter' : 'parameters'} ${empty.map((n) => `:${n}`).join(', ')} under Path params: which record is it for?`,
    );
  if (!/^[a-z][a-z\d+.-]*:/i.test(resolved) && !resolved.startsWith('/')) resolved = `/${resolved}`;
  if (resolved.startsWith('/')) {
    if (!mockUrl)
      throw new Error(
        'The mock API is stopped: start it from the server bar to send requests to a path.',
      );
    resolved = `${mockUrl}${resolved}`;
  }
  return resolved;
}

/** Path and query of `target` when it is on the mock API (as Traffic logs it), else null. */
function mockPathOf(target: string, mockUrl: string | null): string | null {
  try {
    const to = new URL(target);
    return mockUrl !== null && to.origin === new URL(mockUrl).origin
      ? `${to.pathname}${to.search}`
      : null;
  } catch {
    return null;
  }
}

/** Why `fetch` failed, in words: it says only "Failed to fetch". */
function unreachable(target: string, mockUrl: string | null): string {
  if (mockPathOf(target, mockUrl) !== null)
    return `The mock API did not answer at ${mockUrl}: is it running? The server bar starts it.`;
  let origin = target;
  try {
    origin = new URL(target).origin;
  } catch {
    return `${target} is not a URL the page can send to.`;
  }
  return `No answer from ${origin} that the page may read: the server is down, or it does not answer CORS for the studio (the browser hides which). The mock API answers CORS for any origin; another server must allow this page's.`;
}

export function jsonError(body: string): string | null {
  if (body.trim() === '') return null;
  try {
    JSON.parse(body);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const withBody = (method: string) => !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);

export const useConsoleStore = create<ConsoleState>()((set, get) => ({
  method: 'GET',
  url: '/todos',
  query: [],
  pathParams: [],
  headers: [{ name: 'Accept', value: 'application/json', enabled: true }],
  body: '',
  sending: false,
  response: null,
  error: null,
  history: readHistory(storage),
  setMethod: (method) => set({ method }),
  setUrl(url) {
    const { base, query } = splitUrl(url);
    set((s) => ({ url, query, pathParams: pathParamsOf(base, s.pathParams) }));
  },
  setQueryRows(rows) {
    const { base } = splitUrl(get().url);
    set({ query: rows, url: joinUrl(base, rows) });
  },
  setPathParams: (pathParams) => set({ pathParams }),
  setHeaders: (headers) => set({ headers }),
  setBody: (body) => set({ body }),
  formatBody() {
    const { body } = get();
    if (jsonError(body) === null && body.trim())
      set({ body: JSON.stringify(JSON.parse(body), null, 2) });
  },
  loadRequest(request) {
    const headers: Row[] = (request.headers ?? [['Accept', 'application/json']]).map(
      ([name, value]) => ({ name, value, enabled: true }),
    );
    if (request.body && !headers.some((h) => h.name.toLowerCase() === 'content-type')) {
      headers.push({ name: 'Content-Type', value: 'application/json', enabled: true });
    }
    set({
      method: request.method.toUpperCase(),
      headers,
      body: request.body ?? '',
      response: null,
      error: null,
      // A loaded request is a new one: no path param value carries over from the last.
      pathParams: [],
    });
    get().setUrl(request.url);
  },
  async sendRequest(mockUrl) {
    const { method, url, pathParams, headers, body } = get();
    controller?.abort();
    controller = new AbortController();
    const own = controller;
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
      if (controller === own) controller = null;
    }
    const history = [entry, ...get().history].slice(0, HISTORY_LIMIT);
    writeHistory(storage, history);
    set({ history });
  },
  cancelRequest: () => controller?.abort(),
  clearHistory() {
    writeHistory(storage, []);
    set({ history: [] });
  },
}));

export const consoleSelectors = {
  bodyError: (s: ConsoleState) => jsonError(s.body),
  sendsBody: (s: ConsoleState) => withBody(s.method),
};
