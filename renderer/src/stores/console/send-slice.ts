/**
 * Sending the Console's request. Requests go from the page straight to the mock API (it
 * answers CORS for any origin, CONTRACT §7); a URL starting with `/` is a path on the mock
 * API. Every request sent is kept in the history (localStorage, newest first, bounded).
 */
import { HISTORY_LIMIT, type HistoryEntry, readHistory, writeHistory } from './console-history';
import { takesBody } from './console-method';
import type { ConsoleResponse, ConsoleSlice, SendSlice } from './console-state';
import { jsonError, mockPathOf, resolveUrl, unreachable } from './request-text';
import { fillRequest } from './request-variables';

const storage = typeof localStorage === 'undefined' ? undefined : localStorage;

export const createSendSlice: ConsoleSlice<SendSlice> = (set, get) => ({
  sending: false,
  response: null,
  error: null,
  history: readHistory(storage),
  controller: null,
  variables: {},
  setVariables: (variables) => set({ variables }),
  async sendRequest(mockUrl) {
    const template = get();
    // Issue 30: the environment's `{{variables}}`, filled in before anything is sent; an
    // unknown one or a cycle refuses the send, named (the request line marks them before).
    const filled = fillRequest(template, template.variables);
    if (!filled.ok) {
      set({ error: filled.error, response: null });
      return;
    }
    const { method, pathParams } = template;
    const { url, headers, body } = filled;
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
    const sendsBody = takesBody(method) && body.trim() !== '';
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
      // As typed, variables and all: the history replays it under whichever environment.
      url: template.url,
      headers: sentHeaders,
      body: takesBody(method) ? body : '',
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
});
