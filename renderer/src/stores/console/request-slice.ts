/**
 * The Console's request as the user edits it. Query parameters are editable rows kept in step
 * with the URL; `:name` segments are path params; a method that sends no body sets its body
 * aside (`switchMethod`).
 */
import { client } from '../../api';
import { type Row, startPath, switchMethod } from './console-method';
import type { ConsoleSlice, RequestSlice } from './console-state';
import { joinUrl, jsonError, pathParamsOf, splitUrl } from './request-text';

export const createRequestSlice: ConsoleSlice<RequestSlice> = (set, get) => ({
  method: 'GET',
  // The project's first route, once its routes are read (`startAt`).
  url: '',
  query: [],
  pathParams: [],
  headers: [{ name: 'Accept', value: 'application/json', enabled: true }],
  body: '',
  parked: null,
  startedAt: null,
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
});
