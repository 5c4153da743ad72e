/**
 * The Console's request as the user edits it. Query parameters are editable rows kept in step
 * with the URL; `:name` segments are path params; a method that sends no body sets its body
 * aside (`switchMethod`).
 */
import {
  client,
  joinUrl,
  type MultipartField,
  type SavedRequest,
  splitUrl,
  urlOfSaved,
} from '../../api';
import { type Row, startPath, switchMethod } from './console-method';
import type { ConsoleSlice, RequestSlice } from './console-state';
import { jsonError, pathParamsOf } from './request-text';
import { rowsOfSet, tabSnapshot } from './saved-request';
import { freshTab } from './tabs-slice';

const rowsOf = (rows: readonly { name: string; value: string; enabled: boolean }[]): Row[] =>
  rows.map((r) => ({ name: r.name, value: r.value, enabled: r.enabled }));

/**
 * The kind of a loaded body (curl, history, Traffic), from its Content-Type: a form becomes
 * form rows, another non-JSON type text; JSON, or none said, stays JSON (a broken one shows why).
 */
function bodyKindOf(
  body: string,
  headers: readonly Row[],
): Pick<RequestSlice, 'bodyKind' | 'formFields'> {
  const type =
    headers.find((h) => h.name.toLowerCase() === 'content-type')?.value.toLowerCase() ?? '';
  if (type.startsWith('application/x-www-form-urlencoded'))
    return {
      bodyKind: 'form-urlencoded',
      formFields: [...new URLSearchParams(body)].map(([name, value]) => ({
        name,
        value,
        enabled: true,
      })),
    };
  if (type !== '' && !type.includes('json') && body !== '')
    return { bodyKind: 'text', formFields: [] };
  return { bodyKind: 'json', formFields: [] };
}

export const createRequestSlice: ConsoleSlice<RequestSlice> = (set, get) => ({
  // The project's first route, once its routes are read (`startAt`).
  ...freshTab(),
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
  setBodyKind: (bodyKind) => set({ bodyKind, startedAt: null }),
  setFormFields: (formFields) => set({ formFields, startedAt: null }),
  setMultipartFields: (multipartFields) => set({ multipartFields, startedAt: null }),
  setAuth: (auth) => set({ auth, startedAt: null }),
  setAssertions: (assertions) => set({ assertions }),
  setSaves: (saves) => set({ saves }),
  formatBody() {
    const { body } = get();
    if (get().bodyKind === 'json' && jsonError(body) === null && body.trim())
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
      ...freshTab(),
      ...switchMethod({ method: 'POST', body, headers, parked: null }, method),
      ...bodyKindOf(body, headers),
      ...(request.form
        ? {
            bodyKind: 'multipart' as const,
            multipartFields: request.form.map((f): MultipartField =>
              f.file
                ? { kind: 'file', name: f.name, path: f.value, enabled: true }
                : { kind: 'text', name: f.name, value: f.value, enabled: true },
            ),
          }
        : {}),
      ...(request.basic ? { auth: { kind: 'basic' as const, ...request.basic } } : {}),
    });
    get().setUrl(request.url);
    set({ baseline: tabSnapshot(get()) });
  },
  loadSavedRequest(request: SavedRequest) {
    const b = request.body;
    set({
      ...freshTab(),
      method: request.method.toUpperCase(),
      headers: rowsOf(request.headers),
      bodyKind: b.kind,
      body: b.kind === 'json' || b.kind === 'text' ? b.text : '',
      formFields: b.kind === 'form-urlencoded' ? rowsOf(b.fields) : [],
      multipartFields: b.kind === 'multipart' ? b.fields.map((f) => ({ ...f })) : [],
      auth: { ...request.auth },
      assertions: (request.assertions ?? []).map((a) => ({ ...a })),
      saves: rowsOfSet(request.set),
    });
    get().setUrl(urlOfSaved(request));
    set({ baseline: tabSnapshot(get()) });
  },
  startAt(routes) {
    const s = get();
    // A tab opened for something else (a saved request) is not a start to move.
    const untouched =
      (s.url === '' && s.tabs.length === 1) ||
      (s.startedAt === s.url && s.method === 'GET' && s.body === '');
    const path = startPath(routes);
    if (!untouched || path === null || path === s.url) return;
    get().setUrl(path);
    set({ startedAt: path });
  },
  async sampleBodyOf(model) {
    const before = get();
    let sample: Record<string, unknown>;
    try {
      sample = await client().call('sampleRecord', { params: { model } });
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
    // The generator's values fill in what the tab was opened with: not an edit of the user's.
    const unedited = now.baseline !== null && now.baseline === tabSnapshot(now);
    set({ body: JSON.stringify({ ...current, ...sample }, null, 2) });
    if (unedited) set({ baseline: tabSnapshot(get()) });
  },
});
