/**
 * Issue 47: what a `decorest run` reports, whichever reporter writes it: one case per request
 * (one per request file that does not read, too), each with its tests. A value the request
 * saves (`set`) counts as a test: a chain whose first link breaks fails there, by name.
 */
import { describeAssertion, expectedOf } from '../../contract/assertions.js';
import { describeCapture } from '../../contract/captures.js';
import type { RequestOutcome } from '../../contract/request-run.js';
import type { RequestEntry, RequestFileProblem } from '../../contract/requests-api.js';

/** One test of a request: what it checks, whether it passed, expected and actual in words. */
export interface TestLine {
  name: string;
  pass: boolean;
  expected: string;
  actual: string;
}

export interface RunCase {
  /** Relative to `requests/` (`todos/Create todo.json`). */
  path: string;
  /** Its folder relative to `requests/` (`""` at the top). */
  folder: string;
  /** The request's name; a file that does not read: its file name. */
  name: string;
  /** `""` for a file that does not read. */
  method: string;
  /** As saved, `{{variables}}` unfilled: a report never shows a secret. */
  url: string;
  /**
   * `sent`: answered, with no tests; `skipped`: not run (`--bail` stopped the run before it).
   * A file that does not read is `failed` with its `error`.
   */
  state: 'passed' | 'failed' | 'sent' | 'skipped';
  status?: number;
  timeMs?: number;
  tests: TestLine[];
  /** Why it has no answer, or why its file does not read. */
  error?: string;
  /** The variables its answer gave the requests after it. */
  saved: string[];
}

export interface RunReport {
  /** `requests/`, `requests/todos/`, `requests/todos/List.json`. */
  target: string;
  environment: string | null;
  /** Where paths went (`--serve`'s mock API, or the environment's `baseUrl`). */
  baseUrl: string | null;
  /** Whether `--serve` started the mock API for the run. */
  served: boolean;
  /** ISO time the run started. */
  startedAt: string;
  timeMs: number;
  cases: RunCase[];
}

export interface RunSummary {
  requests: number;
  passed: number;
  failed: number;
  /** Answered, without tests. */
  sent: number;
  skipped: number;
  tests: number;
  testsFailed: number;
}

export function summaryOf(report: RunReport): RunSummary {
  const count = (state: RunCase['state']) => report.cases.filter((c) => c.state === state).length;
  const tests = report.cases.flatMap((c) => c.tests);
  return {
    requests: report.cases.length,
    passed: count('passed'),
    failed: count('failed'),
    sent: count('sent'),
    skipped: count('skipped'),
    tests: tests.length,
    testsFailed: tests.filter((t) => !t.pass).length,
  };
}

/** CONTRACT §7: 0 when every test passed, 1 when any failed (a run that could not start is 2). */
export const exitCodeOf = (report: RunReport): 0 | 1 =>
  report.cases.some((c) => c.state === 'failed') ? 1 : 0;

/** The case of a request, run (`outcome`) or not (`undefined`: skipped). */
export function caseOf(entry: RequestEntry, outcome: RequestOutcome | undefined): RunCase {
  const r = entry.request;
  const base = {
    path: entry.path,
    folder: entry.folder,
    name: r.name,
    method: r.method,
    url: r.url,
    saved: [] as string[],
  };
  if (outcome === undefined) return { ...base, state: 'skipped', tests: [] };
  const tests: TestLine[] = [
    ...(outcome.results ?? []).map((x) => ({
      name: describeAssertion(x.assertion),
      pass: x.pass,
      expected: expectedOf(x.assertion),
      actual: x.actual,
    })),
    ...(outcome.captures ?? []).map((x) => ({
      name: describeCapture(x.name, x.source),
      pass: x.pass,
      expected: 'a value',
      actual: x.actual,
    })),
  ];
  return {
    ...base,
    state: outcome.state,
    ...(outcome.status === undefined ? {} : { status: outcome.status }),
    ...(outcome.timeMs === undefined ? {} : { timeMs: outcome.timeMs }),
    tests,
    ...(outcome.error === undefined ? {} : { error: outcome.error }),
    saved: (outcome.captures ?? []).filter((x) => x.pass).map((x) => x.name),
  };
}

/** The case of a request file that does not read: failed, naming where and why. */
export function unreadableCase(problem: RequestFileProblem): RunCase {
  const path = problem.file.replace(/^requests\//, '');
  const cut = path.lastIndexOf('/');
  return {
    path,
    folder: cut < 0 ? '' : path.slice(0, cut),
    name: cut < 0 ? path : path.slice(cut + 1),
    method: '',
    url: '',
    state: 'failed',
    tests: [],
    error: `${problem.file} does not read${problem.at ? ` at ${problem.at}` : ''}: ${problem.message}`,
    saved: [],
  };
}
