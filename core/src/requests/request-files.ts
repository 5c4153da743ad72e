/**
 * Issue 30: the text of a request or environment file and back (format: the header of
 * contract/requests-api.ts). Writing is deterministic (keys in the contract's order, 2 spaces,
 * a trailing newline) so a save that changes one header changes one line of a diff; reading
 * names where a file is wrong, as a JSON pointer or `line:column`.
 */
import {
  type Environment,
  REQUEST_FILE_VERSION,
  type SavedRequest,
} from '../contract/requests-api.js';
import { locateJsonSyntaxError } from '../http/json-syntax.js';
import { type Checked, checkEnvironment, checkRequest } from './check-request.js';

/** A file that does not read: where (pointer or `line:column`) and why. */
export interface FileFault {
  at?: string;
  message: string;
}

const text = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** A request's file text; `request` must come from {@link checkRequest} (its key order). */
export function requestFileText(request: SavedRequest): string {
  return text({ version: REQUEST_FILE_VERSION, ...request });
}

/** An environment's file text: a secret keeps its name and flag, never its value. */
export function environmentFileText(environment: Environment): string {
  const variables = environment.variables.map((v) => ({
    name: v.name,
    ...(v.secret ? { secret: true } : { value: v.value }),
    ...(v.enabled === false ? { enabled: false } : {}),
  }));
  return text({ version: REQUEST_FILE_VERSION, name: environment.name, variables });
}

/**
 * JSON.parse, a failure named by `line:column` and what was wrong there (issue 47: V8 names a
 * position for some faults only, and quotes the text around it over several lines; the tolerant
 * re-scan of http/json-syntax.ts finds every one).
 */
export function parseJson(
  source: string,
): { ok: true; value: unknown } | { ok: false; fault: FileFault } {
  try {
    return { ok: true, value: JSON.parse(source) };
  } catch (error) {
    const fault = locateJsonSyntaxError(source);
    if (fault !== undefined)
      return {
        ok: false,
        fault: { at: `${fault.line}:${fault.column}`, message: `is not JSON: ${fault.what}` },
      };
    const message = (error as Error).message.split('\n')[0]!;
    return { ok: false, fault: { message: `is not JSON: ${message}` } };
  }
}

export type FileRead<T> = { ok: true; value: T } | { ok: false; fault: FileFault };

function readVersioned<T>(source: string, check: (v: unknown) => Checked<T>): FileRead<T> {
  const parsed = parseJson(source);
  if (!parsed.ok) return parsed;
  const version = (parsed.value as { version?: unknown } | null)?.version;
  if (version !== undefined && version !== REQUEST_FILE_VERSION)
    return {
      ok: false,
      fault: {
        at: '/version',
        message: `is ${JSON.stringify(version)}; this studio reads version ${REQUEST_FILE_VERSION}`,
      },
    };
  const checked = check(parsed.value);
  if (checked.ok) return checked;
  const first = checked.findings[0]!;
  const more = checked.findings.length - 1;
  const message = `${first.message}${more > 0 ? ` (and ${more} more)` : ''}`;
  return { ok: false, fault: { at: first.pointer, message } };
}

export function readRequestFile(source: string): FileRead<SavedRequest> {
  return readVersioned(source, checkRequest);
}

export function readEnvironmentFile(source: string): FileRead<Environment> {
  return readVersioned(source, checkEnvironment);
}
