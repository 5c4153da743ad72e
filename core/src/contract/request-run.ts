/**
 * Issue 47: a run of saved requests, the same in the studio (Run folder, Run collection) and in
 * `decorest run`: each request filled with the variables (the environment's, then the values
 * the requests before it saved), sent by the caller's transport, its tests checked and its
 * `set` values saved for the requests after it. Pure: how a request goes out (the page's fetch,
 * the studio's, Node's with a timeout) is the caller's {@link RunTransport}.
 *
 * @example
 * const outcomes = await runSequence(requests, { baseUrl: 'http://127.0.0.1:3000' }, {
 *   send: (request, signal) => myTransport(request, signal),
 *   bail: true,
 * });
 */
import {
  type AnswerForAssertions,
  type AssertionResult,
  checkAssertions,
  readAnswer,
} from './assertions.js';
import { type CaptureResult, captureValues } from './captures.js';
import { isDynamicVariable } from './dynamic-variables.js';
import {
  dynamicNamesOf,
  fillRequest,
  type RequestTemplate,
  templateOfSaved,
  variablesUsed,
} from './request-fill.js';
import type { OutgoingParts } from './request-plan.js';
import { pathParameterOf } from './request-url.js';
import type { SavedRequest } from './requests-api.js';
import { resolveVariables } from './variables.js';

/** A request ready to go: variables filled in; the URL may still be a path on the mock API. */
export interface SendableRequest extends OutgoingParts {
  url: string;
}

/**
 * Sends one request; rejects with an Error in words (`No answer from … within 30 s`). `saved` is
 * the request as saved, for a transport that picks its way by what the tests read (the studio's
 * page sends through the core when a test or a saved value reads a header).
 */
export type RunTransport = (
  request: SendableRequest,
  signal: AbortSignal | undefined,
  saved: SavedRequest,
) => Promise<AnswerForAssertions>;

export interface RequestOutcome {
  /** `sent`: answered, and the request has neither tests nor values to save. */
  state: 'passed' | 'failed' | 'sent';
  status?: number;
  timeMs?: number;
  results?: AssertionResult[];
  /** The values its `set` took from the answer (issue 47). */
  captures?: CaptureResult[];
  /** Why there is no answer (an unknown variable, no connection, a timeout). */
  error?: string;
}

export interface RunOptions {
  send: RunTransport;
  /** Fresh values of dynamic variables (`{{$guid}}`); without it they stay unknown. */
  draw?: (names: readonly string[]) => Promise<Record<string, string>>;
  signal?: AbortSignal;
}

/** Who in a run saves a variable: name → the name of the request whose `set` holds it. */
export type SavedBy = ReadonlyMap<string, string>;

/** Why a request cannot go out before it is sent, in words; undefined when it can. */
function refusal(filled: ReturnType<typeof fillRequest>, savedBy: SavedBy): string | undefined {
  if (filled.ok)
    return pathParameterOf(filled.url) === undefined
      ? undefined
      : 'Its URL has a :path parameter: put a value or a {{variable}} there.';
  const unsaved = (filled.unknown ?? []).find((name) => savedBy.has(name));
  // The value was to come from an earlier answer that did not hold it: say which request.
  if (unsaved !== undefined)
    return `{{${unsaved}}} has no value: "${savedBy.get(unsaved)}" was to save it from its answer, and did not`;
  return filled.error;
}

/**
 * Fills, sends and checks one saved request. Resolves with its outcome and the values it
 * saved; never rejects (a failure to send is the outcome's `error`).
 */
export async function runSavedRequest(
  request: SavedRequest,
  variables: Readonly<Record<string, string>>,
  options: RunOptions,
  savedBy: SavedBy = new Map(),
): Promise<{ outcome: RequestOutcome; values: Record<string, string> }> {
  const none = {};
  try {
    const template = templateOfSaved(request);
    const dynamic = dynamicNamesOf(template, variables);
    const vars =
      dynamic.length > 0 && options.draw
        ? { ...variables, ...(await options.draw(dynamic)) }
        : variables;
    const filled = fillRequest(template, vars);
    const refused = refusal(filled, savedBy);
    if (refused !== undefined || !filled.ok)
      return { outcome: { state: 'failed', error: refused ?? 'cannot be sent' }, values: none };
    const answer = await options.send(
      {
        method: request.method,
        url: filled.url,
        headers: filled.headers,
        bodyKind: request.body.kind,
        body: filled.body,
        formFields: filled.formFields ?? [],
        multipartFields: filled.multipartFields ?? [],
        auth: filled.auth ?? { kind: 'none' },
      },
      options.signal,
      request,
    );
    // One parse of the body for the tests and the saved values.
    const reader = readAnswer(answer);
    const results = checkAssertions(request.assertions ?? [], answer, reader);
    const saved = captureValues(request.set ?? {}, answer, reader);
    const checks = [...results, ...saved.results];
    return {
      outcome: {
        state: checks.length === 0 ? 'sent' : checks.every((c) => c.pass) ? 'passed' : 'failed',
        status: answer.status,
        timeMs: answer.timeMs,
        results,
        captures: saved.results,
      },
      values: saved.values,
    };
  } catch (error) {
    return {
      outcome: { state: 'failed', error: error instanceof Error ? error.message : String(error) },
      values: none,
    };
  }
}

export interface SequenceOptions extends RunOptions {
  /** Stop after the first request that fails (`--bail`). */
  bail?: boolean;
  onStart?(index: number): void;
  onDone?(index: number, outcome: RequestOutcome): void;
  /** The values a request saved (its `set`), as the requests after it will use them. */
  onSaved?(values: Readonly<Record<string, string>>): void;
}

/**
 * Runs `requests` one after the other, each with the values the ones before it saved (they win
 * over the environment's). Resolves with one outcome per request run: fewer than `requests`
 * when it bailed or `signal` aborted (a request stopped on its way is failed, `Stopped.`).
 */
export async function runSequence(
  requests: readonly SavedRequest[],
  variables: Readonly<Record<string, string>>,
  options: SequenceOptions,
): Promise<RequestOutcome[]> {
  let vars = variables;
  const savedBy = new Map<string, string>();
  for (const r of requests)
    for (const name of Object.keys(r.set ?? {})) if (!savedBy.has(name)) savedBy.set(name, r.name);
  const outcomes: RequestOutcome[] = [];
  for (const [i, request] of requests.entries()) {
    if (options.signal?.aborted) break;
    options.onStart?.(i);
    const ran = await runSavedRequest(request, vars, options, savedBy);
    const outcome: RequestOutcome = options.signal?.aborted
      ? { ...ran.outcome, state: 'failed', error: 'Stopped.' }
      : ran.outcome;
    outcomes.push(outcome);
    options.onDone?.(i, outcome);
    if (options.signal?.aborted || (options.bail && outcome.state === 'failed')) break;
    if (Object.keys(ran.values).length > 0) {
      vars = { ...vars, ...ran.values };
      options.onSaved?.(ran.values);
    }
  }
  return outcomes;
}

/** A variable a run cannot resolve, found before anything is sent. */
export type UnresolvedVariables =
  | { kind: 'unknown'; request: string; names: string[] }
  | { kind: 'cycle'; request: string; cycle: string[] };

/**
 * What `requests` use that neither `variables` nor an earlier request's `set` defines (dynamic
 * ones aside), and the cycles they reach, in run order: `decorest run` refuses to start on any
 * (CONTRACT §7). `needs` adds names a request uses implicitly (`baseUrl` for a path URL).
 */
export function unresolvedVariables(
  requests: readonly { label: string; request: SavedRequest }[],
  variables: Readonly<Record<string, string>>,
  needs: (request: SavedRequest, template: RequestTemplate) => string[] = () => [],
): UnresolvedVariables[] {
  const found: UnresolvedVariables[] = [];
  const saved = new Set<string>();
  let values = resolveVariables(variables);
  for (const { label, request } of requests) {
    const template = templateOfSaved(request);
    const used = [...new Set([...variablesUsed(template), ...needs(request, template)])];
    const unknown: string[] = [];
    for (const name of used) {
      if (saved.has(name) || isDynamicVariable(name)) continue;
      const value = values.get(name);
      if (value?.state === 'cycle')
        found.push({ kind: 'cycle', request: label, cycle: value.cycle });
      // One that refers to undefined ones names those: they are what to define.
      else if (value?.state === 'unknown') unknown.push(...value.missing);
      else if (value === undefined) unknown.push(name);
    }
    if (unknown.length > 0)
      found.push({ kind: 'unknown', request: label, names: [...new Set(unknown)] });
    const fresh = Object.keys(request.set ?? {}).filter((name) => !saved.has(name));
    if (fresh.length > 0) {
      for (const name of fresh) saved.add(name);
      // A saved value replaces the environment's: what referred to it now resolves.
      values = resolveVariables({
        ...variables,
        ...Object.fromEntries([...saved].map((name) => [name, ''])),
      });
    }
  }
  return found;
}
