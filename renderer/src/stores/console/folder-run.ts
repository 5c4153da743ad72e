/**
 * Issue 30: "Run folder": each saved request of a folder (its subfolders' too, in the order
 * the collection lists them) sent one after the other with the chosen environment, its tests
 * checked; a pass/fail list. A request that cannot be sent (an unknown variable, the mock API
 * stopped) fails with why, and the run goes on.
 */
import { create } from 'zustand';

import { type AssertionResult, checkAssertions, type RequestEntry } from '../../api';
import { deliver, planRequest } from './deliver';
import { splitUrl } from './request-text';
import { fillRequest, withDynamicValues } from './request-variables';

export interface RunItem {
  path: string;
  name: string;
  method: string;
  state: 'waiting' | 'running' | 'passed' | 'failed' | 'sent';
  status?: number;
  timeMs?: number;
  results?: AssertionResult[];
  error?: string;
}

interface FolderRunState {
  folder: string | null;
  running: boolean;
  items: RunItem[];
  controller: AbortController | null;
  run(
    folder: string,
    entries: readonly RequestEntry[],
    variables: Readonly<Record<string, string>>,
    mockUrl: string | null,
  ): Promise<void>;
  stop(): void;
  dismiss(): void;
}

/** The requests of `folder` and its subfolders, in the collection's order. */
export function requestsOfFolder(entries: readonly RequestEntry[], folder: string): RequestEntry[] {
  return entries.filter(
    (e) => folder === '' || e.folder === folder || e.folder.startsWith(`${folder}/`),
  );
}

/** Sends one saved request; what the run list shows of it. */
export async function runOne(
  entry: RequestEntry,
  variables: Readonly<Record<string, string>>,
  mockUrl: string | null,
  signal: AbortSignal,
): Promise<RunItem> {
  const r = entry.request;
  const base: RunItem = { path: entry.path, name: r.name, method: r.method, state: 'failed' };
  const b = r.body;
  const template = {
    url: r.url,
    headers: r.headers,
    body: b.kind === 'json' || b.kind === 'text' ? b.text : '',
    formFields: b.kind === 'form-urlencoded' ? b.fields : [],
    multipartFields: b.kind === 'multipart' ? b.fields : [],
    auth: r.auth,
  };
  const filled = fillRequest(template, await withDynamicValues(template, variables));
  if (!filled.ok) return { ...base, error: filled.error };
  // A saved request's path params are in its URL already ({{variables}} fill them).
  if (/\/:[A-Za-z_]/.test(splitUrl(filled.url).base))
    return {
      ...base,
      error: 'Its URL has a :path parameter: put a value or a {{variable}} there.',
    };
  try {
    const plan = planRequest(
      {
        method: r.method,
        url: filled.url,
        pathParams: [],
        headers: filled.headers,
        bodyKind: b.kind,
        body: filled.body,
        formFields: filled.formFields ?? [],
        multipartFields: filled.multipartFields ?? [],
        auth: filled.auth ?? { kind: 'none' },
        assertions: r.assertions ?? [],
      },
      mockUrl,
    );
    const answer = await deliver(plan, signal, mockUrl);
    const results = checkAssertions(r.assertions ?? [], answer);
    return {
      ...base,
      status: answer.status,
      timeMs: answer.timeMs,
      results,
      state: results.length === 0 ? 'sent' : results.every((x) => x.pass) ? 'passed' : 'failed',
    };
  } catch (error) {
    return { ...base, error: error instanceof Error ? error.message : String(error) };
  }
}

export const useFolderRunStore = create<FolderRunState>()((set, get) => ({
  folder: null,
  running: false,
  items: [],
  controller: null,
  async run(folder, entries, variables, mockUrl) {
    get().controller?.abort();
    const controller = new AbortController();
    const list = requestsOfFolder(entries, folder);
    set({
      folder,
      running: true,
      controller,
      items: list.map((e) => ({
        path: e.path,
        name: e.request.name,
        method: e.request.method,
        state: 'waiting',
      })),
    });
    for (const [i, entry] of list.entries()) {
      if (controller.signal.aborted) break;
      const mark = (item: RunItem) =>
        set((s) => ({ items: s.items.map((x, j) => (j === i ? item : x)) }));
      mark({ ...get().items[i]!, state: 'running' });
      const item = await runOne(entry, variables, mockUrl, controller.signal);
      if (controller.signal.aborted) {
        mark({ ...item, state: 'failed', error: 'Stopped.' });
        break;
      }
      mark(item);
    }
    if (get().controller === controller) set({ running: false, controller: null });
  },
  stop: () => get().controller?.abort(),
  dismiss() {
    get().controller?.abort();
    set({ folder: null, running: false, items: [], controller: null });
  },
}));
