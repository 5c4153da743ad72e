/**
 * Issue 47: the command line that runs in CI what the studio's Run collection or Run folder
 * just ran (CONTRACT §7: `decorest run [dir] [requests-folder-or-file] [--env <name>] [--serve]`),
 * run from the project folder. Pure: the run dialog shows it to copy.
 */
import { type Environment, type RequestEntry, urlOfSaved } from '../../api';

/** A shell word: bare when it is plain, else single-quoted (POSIX shells, Git Bash). */
function shellWord(text: string): string {
  return /^[\w./@%+=:,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Whether the request goes to the mock API: a path (`/todos`), as the Console sends it, or
 * `{{baseUrl}}/…` when the environment gives no `baseUrl` (the Console then fills in the mock
 * API, and `--serve` does the same in CI). Another `{{variable}}` goes where the environment
 * says, so it asks for nothing.
 */
const onTheMockApi = (entry: RequestEntry, environmentBaseUrl: boolean): boolean => {
  const url = urlOfSaved(entry.request).trim();
  if (url.startsWith('{{baseUrl}}')) return !environmentBaseUrl;
  return !/^[a-z][a-z\d+.-]*:/i.test(url) && !url.startsWith('{{');
};

export interface CiRun {
  /** The folder run, relative to `requests/` (`""`: the whole collection). */
  folder: string;
  /** The chosen environment's name (`""`: none). */
  environment: string;
  /** The requests the run sends. */
  requests: readonly RequestEntry[];
  /** Whether the chosen environment defines `baseUrl` (else it is the mock API). */
  environmentBaseUrl?: boolean;
}

/**
 * `npx decorest run . requests/todos --env Local --serve`. The project folder is named (`.`)
 * so the requests folder cannot be read as it; `--serve` when a request goes to the mock API,
 * which in CI nobody else starts.
 */
export function ciCommand(run: CiRun): string {
  const words = [
    'npx',
    'decorest',
    'run',
    '.',
    shellWord(`requests${run.folder ? `/${run.folder}` : ''}`),
  ];
  if (run.environment) words.push('--env', shellWord(run.environment));
  if (run.requests.some((r) => onTheMockApi(r, run.environmentBaseUrl ?? false)))
    words.push('--serve');
  return words.join(' ');
}

/**
 * The CI variables that hold the environment's secrets (`DECOREST_VAR_<name>`): they are kept
 * in the user's config folder, never in the project a CI job checks out.
 */
export function ciSecretVariables(environment: Environment | undefined): string[] {
  return (environment?.variables ?? [])
    .filter((v) => v.secret && v.enabled !== false && v.name)
    .map((v) => `DECOREST_VAR_${v.name}`);
}
