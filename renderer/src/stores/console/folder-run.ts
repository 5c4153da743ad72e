/**
 * Issue 30: "Run folder": each saved request of a folder (its subfolders' too, in the order
 * the collection lists them) sent one after the other with the chosen environment, its tests
 * checked; a pass/fail list. A request that cannot be sent (an unknown variable, the mock API
 * stopped) fails with why, and the run goes on. Issue 47: "Run collection" is the same run over
 * the whole `requests/` tree; a request file that does not read is a failed entry of it. The
 * run itself is the contract's (`runSequence`, the one `decorest run` runs): the values a
 * request saves (`set`) fill the requests after it; only the way out is the Console's.
 */
import { create } from 'zustand';

import {
  type AnswerForAssertions,
  type AssertionResult,
  type CaptureResult,
  type RequestCollection,
  type RequestEntry,
  type RequestFileProblem,
  type RequestOutcome,
  runSequence,
  type RunTransport,
} from '../../api';
import { useConsoleStore } from './console-store';
import { deliver, planRequest } from './deliver';
import { drawDynamic } from './request-variables';

export interface RunItem {
  path: string;
  name: string;
  /** `""` for a file that does not read (it has no request to send). */
  method: string;
  state: 'waiting' | 'running' | 'passed' | 'failed' | 'sent';
  status?: number;
  timeMs?: number;
  results?: AssertionResult[];
  /** Issue 47: the values its `set` took from the answer for the requests after it. */
  captures?: CaptureResult[];
  error?: string;
  /** A request file that does not read: failed before the run starts, never sent. */
  unreadable?: boolean;
  /** What came back, to open in the results as Bruno's runner shows each response. */
  answer?: RunAnswer;
}

/** An answer a run keeps: its headers and its body's first {@link ANSWER_KEPT} characters. */
export interface RunAnswer {
  headers: readonly (readonly [string, string])[];
  body: string;
  /** The body was longer: its full length, in characters. */
  cutFrom?: number;
}

/** How much of each body a run keeps to show (a run of many large answers stays small). */
export const ANSWER_KEPT = 200_000;

function keptAnswer(answer: AnswerForAssertions): RunAnswer {
  const { headers, body } = answer;
  return body.length > ANSWER_KEPT
    ? { headers, body: body.slice(0, ANSWER_KEPT), cutFrom: body.length }
    : { headers, body };
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

/**
 * The Console's way out for a run: the page's fetch, or the studio's (deliver.ts); each answer
 * handed to `keep` too (the run is one request at a time, so it is the running one's).
 */
function consoleTransport(mockUrl: string | null, keep: (answer: RunAnswer) => void): RunTransport {
  return async (request, signal, saved) => {
    const answer = await deliver(
      planRequest(
        { ...request, pathParams: [], assertions: saved.assertions ?? [], set: saved.set ?? {} },
        mockUrl,
      ),
      signal ?? new AbortController().signal,
      mockUrl,
    );
    keep(keptAnswer(answer));
    return answer;
  };
}

/** What the run list shows of a request's outcome. */
function itemOf(entry: RequestEntry, outcome: RequestOutcome): RunItem {
  const r = entry.request;
  return {
    path: entry.path,
    name: r.name,
    method: r.method,
    state: outcome.state,
    ...(outcome.status === undefined ? {} : { status: outcome.status }),
    ...(outcome.timeMs === undefined ? {} : { timeMs: outcome.timeMs }),
    ...(outcome.results ? { results: outcome.results } : {}),
    ...(outcome.captures && outcome.captures.length > 0 ? { captures: outcome.captures } : {}),
    ...(outcome.error === undefined ? {} : { error: outcome.error }),
  };
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
    const mark = (i: number, item: RunItem) =>
      set((s) => ({ items: s.items.map((x, j) => (j === i ? item : x)) }));
    let answer: RunAnswer | undefined;
    await runSequence(
      send.map((e) => e.request),
      variables,
      {
        send: consoleTransport(mockUrl, (kept) => (answer = kept)),
        draw: drawDynamic,
        signal: controller.signal,
        onStart: (i) => {
          answer = undefined;
          mark(i, { ...get().items[i]!, state: 'running' });
        },
        onDone: (i, outcome) =>
          mark(i, { ...itemOf(send[i]!, outcome), ...(answer ? { answer } : {}) }),
        // Kept after the run, as Bruno keeps runtime variables: the Console's next Send of
        // "Get the new todo" finds the {{todoId}} the run's "Create todo" saved.
        onSaved: (values) =>
          useConsoleStore.setState((s) => ({ savedValues: { ...s.savedValues, ...values } })),
      },
    );
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
