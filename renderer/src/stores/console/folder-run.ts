/**
 * Issue 30: "Run folder": each saved request of a folder (its subfolders' too, in the order
 * the collection lists them) sent one after the other with the chosen environment, its tests
 * checked; a pass/fail list. A request that cannot be sent (an unknown variable, the mock API
 * stopped) fails with why, and the run goes on. Issue 47: "Run collection" is the same run over
 * the whole `requests/` tree; a request file that does not read is a failed entry of it.
 */
import { create } from 'zustand';

import {
  type AssertionResult,
  checkAssertions,
  type RequestCollection,
  type RequestEntry,
  type RequestFileProblem,
} from '../../api';
import { deliver, planRequest } from './deliver';
import { splitUrl } from './request-text';
import { fillRequest, withDynamicValues } from './request-variables';
import { urlOfSaved } from './saved-request';

export interface RunItem {
  path: string;
  name: string;
  /** `""` for a file that does not read (it has no request to send). */
  method: string;
  state: 'waiting' | 'running' | 'passed' | 'failed' | 'sent';
  status?: number;
  timeMs?: number;
  results?: AssertionResult[];
  error?: string;
  /** A request file that does not read: failed before the run starts, never sent. */
  unreadable?: boolean;
}

/** What is run: a folder (`""`: the top of `requests/` and everything under it) or the collection. */
export interface RunTarget {
  folder: string;
  /** "Run collection": the whole tree, so named in the results. */
  whole?: boolean;
}

/** The part of the collection a run reads: its requests (in its order) and unreadable files. */
export type RunSource = Pick<RequestCollection, 'requests' | 'problems'>;

interface FolderRunState {
  target: RunTarget | null;
  running: boolean;
  /** The user pressed Stop: the items still `waiting` were not run. */
  stopped: boolean;
  items: RunItem[];
  controller: AbortController | null;
  run(
    target: RunTarget,
    source: RunSource,
    variables: Readonly<Record<string, string>>,
    mockUrl: string | null,
  ): Promise<void>;
  stop(): void;
  dismiss(): void;
}

const inFolder = (folder: string, path: string) =>
  folder === '' || path === folder || path.startsWith(`${folder}/`);

/** The requests of `folder` and its subfolders, in the collection's order. */
export function requestsOfFolder(entries: readonly RequestEntry[], folder: string): RequestEntry[] {
  return entries.filter((e) => inFolder(folder, e.folder));
}

/** The request files under `folder` that do not read, as failed entries naming where and why. */
function unreadableOf(problems: readonly RequestFileProblem[], folder: string): RunItem[] {
  return problems.flatMap((p) => {
    if (!p.file.startsWith('requests/')) return [];
    const name = p.file.slice('requests/'.length);
    const at = name.lastIndexOf('/');
    if (!inFolder(folder, at < 0 ? '' : name.slice(0, at))) return [];
    return [
      {
        path: p.file,
        name,
        method: '',
        state: 'failed' as const,
        unreadable: true,
        error: `The file does not read${p.at ? ` (at ${p.at})` : ''}: ${p.message}`,
      },
    ];
  });
}

/**
 * A run's list before anything is sent: the requests in the collection's order (as the core
 * lists them: folder order, then `seq`; never re-sorted here), then the files that do not read.
 */
export function runPlan(
  source: RunSource,
  folder: string,
): { send: RequestEntry[]; items: RunItem[] } {
  const send = requestsOfFolder(source.requests, folder);
  return {
    send,
    items: [
      ...send.map((e) => ({
        path: e.path,
        name: e.request.name,
        method: e.request.method,
        state: 'waiting' as const,
      })),
      ...unreadableOf(source.problems, folder),
    ],
  };
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
    url: urlOfSaved(r),
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
  target: null,
  running: false,
  stopped: false,
  items: [],
  controller: null,
  async run(target, source, variables, mockUrl) {
    get().controller?.abort();
    const controller = new AbortController();
    const { send, items } = runPlan(source, target.folder);
    set({ target, running: true, stopped: false, controller, items });
    for (const [i, entry] of send.entries()) {
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
  stop() {
    const controller = get().controller;
    if (!controller) return;
    set({ stopped: true });
    controller.abort();
  },
  dismiss() {
    get().controller?.abort();
    set({ target: null, running: false, stopped: false, items: [], controller: null });
  },
}));
