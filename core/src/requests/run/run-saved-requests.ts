/**
 * Issue 47, `decorest run`: saved requests run as a test suite. {@link prepareRun} reads what is
 * asked (the target, the environment, the variables) and refuses, naming every reason, before
 * anything is sent or served (CONTRACT §7: exit 2); {@link executeRun} then runs the requests in
 * the collection's order through the studio's own runner (contract/request-run.ts), over Node.
 *
 * @example
 * const prepared = await prepareRun({ root, configDirs, env: process.env, serve: false });
 * if (prepared.ok) console.log(await executeRun(prepared.plan, { timeoutMs: 30_000 }));
 */
import { drawDynamicValues } from '../../contract/dynamic-variables.js';
import {
  runSequence,
  type UnresolvedVariables,
  unresolvedVariables,
} from '../../contract/request-run.js';
import { hasScheme } from '../../contract/request-url.js';
import type { RequestEntry, RequestFileProblem } from '../../contract/requests-api.js';
import { loadFaker } from '../../model/fake-values.js';
import { CollectionStore } from '../collection-store.js';
import { nodeTransport } from './node-transport.js';
import { caseOf, type RunCase, type RunReport, unreadableCase } from './run-report.js';
import { readRunTarget, type RunTarget, targetLabel } from './run-target.js';
import { runVariables, VARIABLE_ENV_PREFIX } from './run-variables.js';

export interface RunSetup {
  /** The project folder, absolute. */
  root: string;
  /** `[requests-folder-or-file]`; the whole `requests/` tree when absent. */
  target?: string;
  /** `--env <name>`. */
  environment?: string;
  /** Where the studio keeps secrets, first wins (the browser studio's, the desktop app's). */
  configDirs: readonly string[];
  /** The process environment (`DECOREST_VAR_<name>`). */
  env: NodeJS.ProcessEnv;
  /** `--serve`: `baseUrl` will be the mock API started for the run. */
  serve: boolean;
  cwd?: string;
}

/** A run ready to go: nothing about it is unknown. */
export interface RunPlan {
  root: string;
  label: string;
  environment: string | null;
  /** In the collection's order. */
  entries: RequestEntry[];
  /** Request files under the target that do not read. */
  unreadable: RequestFileProblem[];
  variables: Record<string, string>;
}

export type Prepared = { ok: true; plan: RunPlan } | { ok: false; refused: string[] };

const BASE_URL = 'baseUrl';

function inTarget(target: RunTarget, path: string): boolean {
  if (target.kind === 'file') return path === target.path;
  return target.folder === '' || path.startsWith(`${target.folder}/`);
}

/** `requests/a.json, requests/b.json and 3 more`. */
function files(labels: readonly string[]): string {
  const shown = labels.slice(0, 3).join(', ');
  return labels.length > 3 ? `${shown} and ${labels.length - 3} more` : shown;
}

/**
 * One line per variable that cannot be resolved, naming the requests that use it and how to
 * give it a value: an environment's, a secret's (`DECOREST_VAR_<name>`), or `--serve`'s.
 */
function refusalsOf(
  found: readonly UnresolvedVariables[],
  secretsWithoutValue: readonly string[],
  environment: string | undefined,
): string[] {
  const users = new Map<string, string[]>();
  const cycles = new Map<string, string[]>();
  for (const f of found) {
    const [map, keys] = f.kind === 'cycle' ? [cycles, [f.cycle.join(' → ')]] : [users, f.names];
    for (const key of keys) map.set(key, [...(map.get(key) ?? []), f.request]);
  }
  const lines = [...cycles].map(
    ([cycle, by]) => `variable cycle ${cycle} (used by ${files(by)}): no value can be given`,
  );
  for (const [name, by] of users) {
    const env = `${VARIABLE_ENV_PREFIX}${name}`;
    if (secretsWithoutValue.includes(name))
      lines.push(
        `the secret {{${name}}} of environment ${JSON.stringify(environment)} has no value here (the studio keeps secrets in its user config folder): set ${env} (used by ${files(by)})`,
      );
    else if (name === BASE_URL)
      lines.push(
        `{{baseUrl}} has no value, and ${files(by)} ${by.length === 1 ? 'has a path URL' : 'have path URLs'} on the mock API: pass --serve, or define baseUrl (in the environment, or ${env})`,
      );
    else
      lines.push(
        `unknown variable {{${name}}} (used by ${files(by)}): ${environment === undefined ? 'no --env given' : `environment ${JSON.stringify(environment)} does not define it`}, nor ${env}, nor the "set" of a request before it`,
      );
  }
  return lines;
}

/** Reads and checks everything a run needs; refuses with every reason at once. */
export async function prepareRun(setup: RunSetup): Promise<Prepared> {
  const read = await readRunTarget(setup.root, setup.target, setup.cwd);
  if (!read.ok) return { ok: false, refused: [read.refused] };
  const label = targetLabel(read.target);
  const collection = await new CollectionStore(setup.root).list();
  const entries = collection.requests.filter((e) => inTarget(read.target, e.path));
  const unreadable = collection.problems.filter(
    (p) =>
      p.file.startsWith('requests/') && inTarget(read.target, p.file.slice('requests/'.length)),
  );
  const refused: string[] = [];
  if (entries.length === 0 && unreadable.length === 0)
    refused.push(`no saved requests under ${label}`);

  let environment;
  if (setup.environment !== undefined) {
    environment = collection.environments.find((e) => e.environment.name === setup.environment);
    if (!environment) {
      const names = collection.environments.map((e) => JSON.stringify(e.environment.name));
      const broken = collection.problems.filter((p) => p.file.startsWith('environments/'));
      refused.push(
        `no environment named ${JSON.stringify(setup.environment)} (${names.length > 0 ? `environments/ has ${names.join(', ')}` : 'environments/ has none'})` +
          broken
            .map((p) => `; ${p.file} does not read${p.at ? ` at ${p.at}` : ''}: ${p.message}`)
            .join(''),
      );
    }
  }
  // Without its environment, which variables are unknown cannot be told.
  if (refused.length > 0) return { ok: false, refused };
  const { values, secretsWithoutValue } = await runVariables(
    setup.root,
    environment?.environment,
    setup.configDirs,
    setup.env,
  );
  // `--serve` gives baseUrl its value once the mock API listens: known already.
  const known = setup.serve ? { ...values, [BASE_URL]: 'http://127.0.0.1' } : values;
  const needsBase = (_r: unknown, t: { url: string }) =>
    hasScheme(t.url) || t.url.trim().startsWith('{{') ? [] : [BASE_URL];
  const found = unresolvedVariables(
    entries.map((e) => ({ label: `requests/${e.path}`, request: e.request })),
    known,
    needsBase,
  );
  refused.push(...refusalsOf(found, secretsWithoutValue, environment?.environment.name));
  if (refused.length > 0) return { ok: false, refused };
  return {
    ok: true,
    plan: {
      root: setup.root,
      label,
      environment: environment?.environment.name ?? null,
      entries,
      unreadable,
      variables: values,
    },
  };
}

export interface ExecuteOptions {
  /** `--serve`'s mock API; else `{{baseUrl}}` from the variables, if any. */
  servedUrl?: string;
  timeoutMs: number;
  bail?: boolean;
  /** Told each case as it ends (a live list), in the report's order. */
  onCase?(c: RunCase): void;
}

/** Runs a prepared plan; resolves with the report (it never rejects for a failed request). */
export async function executeRun(plan: RunPlan, options: ExecuteOptions): Promise<RunReport> {
  const startedAt = new Date();
  const started = performance.now();
  const variables = options.servedUrl
    ? { ...plan.variables, [BASE_URL]: options.servedUrl }
    : plan.variables;
  const baseUrl = Object.hasOwn(variables, BASE_URL) ? variables[BASE_URL] : undefined;
  // Under --bail a file that does not read is the first failure: nothing is sent.
  const bailNow = options.bail === true && plan.unreadable.length > 0;
  const outcomes = bailNow
    ? []
    : await runSequence(
        plan.entries.map((e) => e.request),
        variables,
        {
          send: nodeTransport({ projectDir: plan.root, baseUrl, timeoutMs: options.timeoutMs }),
          draw: async (names) => drawDynamicValues(names, await loadFaker()),
          bail: options.bail ?? false,
          onDone: (i, outcome) => options.onCase?.(caseOf(plan.entries[i]!, outcome)),
        },
      );
  const skipped = plan.entries.slice(outcomes.length).map((e) => caseOf(e, undefined));
  const unreadable = plan.unreadable.map(unreadableCase);
  for (const c of [...skipped, ...unreadable]) options.onCase?.(c);
  return {
    target: plan.label,
    environment: plan.environment,
    baseUrl: baseUrl ?? null,
    served: options.servedUrl !== undefined,
    startedAt: startedAt.toISOString(),
    timeMs: Math.round(performance.now() - started),
    cases: [...outcomes.map((o, i) => caseOf(plan.entries[i]!, o)), ...skipped, ...unreadable],
  };
}
