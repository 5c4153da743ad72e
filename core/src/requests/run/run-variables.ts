/**
 * Issue 47: the variables of a `decorest run`, later sources winning: the chosen environment's
 * plain values, its secrets as the studio stored them in the user's config folder, then
 * `DECOREST_VAR_<name>` from the process environment (a CI job's secrets; any variable, in an
 * environment or not). `--serve` then sets `baseUrl`, and the run adds what requests save.
 */
import type { Environment } from '../../contract/requests-api.js';
import { SecretStore } from '../secret-store.js';

/** The prefix of a process environment variable that gives a run's variable its value. */
export const VARIABLE_ENV_PREFIX = 'DECOREST_VAR_';

export interface RunVariables {
  values: Record<string, string>;
  /** Secret variables of the environment that no source gave a value (named if used). */
  secretsWithoutValue: string[];
}

/** Name → value of every `DECOREST_VAR_<name>` of `env` (an empty one counts: it was set). */
export function variablesFromEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(env))
    if (
      key.startsWith(VARIABLE_ENV_PREFIX) &&
      key.length > VARIABLE_ENV_PREFIX.length &&
      value !== undefined
    )
      out[key.slice(VARIABLE_ENV_PREFIX.length)] = value;
  return out;
}

/**
 * The run's variables from `environment` (none: only the process environment's), its secrets
 * read from each config folder in turn (the first that holds a value wins).
 */
export async function runVariables(
  root: string,
  environment: Environment | undefined,
  configDirs: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<RunVariables> {
  const values = Object.create(null) as Record<string, string>;
  const fromEnv = variablesFromEnv(env);
  const secretsWithoutValue: string[] = [];
  const secret = (environment?.variables ?? []).filter((v) => v.secret && v.enabled !== false);
  const stored = Object.create(null) as Record<string, string>;
  if (environment && secret.length > 0)
    // The config folders in reverse, so the first one's value is written last and wins.
    for (const dir of [...configDirs].reverse())
      Object.assign(stored, await new SecretStore(dir, root).read(environment.name));
  for (const v of environment?.variables ?? []) {
    if (v.enabled === false) continue;
    if (!v.secret) values[v.name] = v.value;
    else if (Object.hasOwn(stored, v.name)) values[v.name] = stored[v.name]!;
    else if (!Object.hasOwn(fromEnv, v.name)) secretsWithoutValue.push(v.name);
  }
  Object.assign(values, fromEnv);
  return { values, secretsWithoutValue };
}
