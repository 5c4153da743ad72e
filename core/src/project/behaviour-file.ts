/**
 * The project's mock behaviour on disk: `mock-behaviour.json` beside `mock-rules.json`, the
 * control API's `PUT /api/behaviour` body as it is (delays, failures, the proxy), as Mockoon
 * keeps route latency and its proxy in the environment file. The studio writes it on every
 * change and removes it when nothing is set; the studio and `serve` apply it when a project
 * opens, unless `--delay`, `--fail` or `--proxy` says otherwise for that run. Read and written
 * inside the project only (issue 40).
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';

import { CONTROL_BODIES } from '../contract/control-bodies.js';
import { HttpProblem } from '../errors.js';
import { type BehaviourSettings, checkSettings } from '../http/behaviour.js';
import { behaviourOf, behaviourWire } from '../http/behaviour-wire.js';
import { locateJsonSyntaxError } from '../http/json-syntax.js';
import {
  entryInsideProject,
  insideProject,
  openInsideProject,
} from '../persistence/inside-project.js';
import { replaceFile } from '../persistence/replace-file.js';
import { checkBody } from '../validation/body-check.js';

export const BEHAVIOUR_FILE = 'mock-behaviour.json';

/** The file's settings (none: no file), or why it does not read (`mock-behaviour.json:3:7: …`). */
export type BehaviourRead = (
  { ok: true; settings: BehaviourSettings | undefined } | { ok: false; why: string }
) & {
  /** The file's text as read (`null`: none), to tell a change made on disk since. */
  text: string | null;
};

const LIMIT = 1024 * 1024;

export async function readBehaviourFile(root: string): Promise<BehaviourRead> {
  let text: string;
  try {
    const handle = await openInsideProject(root, join(root, BEHAVIOUR_FILE));
    try {
      if ((await handle.stat()).size > LIMIT)
        return { ok: false, why: `${BEHAVIOUR_FILE} is larger than 1 MiB`, text: null };
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { ok: true, settings: undefined, text: null };
    const why =
      error instanceof HttpProblem
        ? error.detail
        : `${BEHAVIOUR_FILE}: ${(error as Error).message}`;
    return { ok: false, why, text: null };
  }
  return { ...parseBehaviour(text), text };
}

function parseBehaviour(
  text: string,
): { ok: true; settings: BehaviourSettings } | { ok: false; why: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const fault = locateJsonSyntaxError(text);
    const at = fault ? `:${fault.line}:${fault.column}` : '';
    return {
      ok: false,
      why: `${BEHAVIOUR_FILE}${at}: is not JSON${fault ? `: ${fault.what}` : ''}`,
    };
  }
  const findings = checkBody(CONTROL_BODIES.setBehaviour.schema, value);
  if (findings.length > 0) {
    const first = findings[0]!;
    return { ok: false, why: `${BEHAVIOUR_FILE} at ${first.pointer || '/'}: ${first.message}` };
  }
  const settings = behaviourOf(value);
  try {
    checkSettings(settings);
  } catch (error) {
    if (error instanceof HttpProblem)
      return { ok: false, why: `${BEHAVIOUR_FILE}: ${error.detail}` };
    throw error;
  }
  return { ok: true, settings };
}

const isEmpty = (s: BehaviourSettings): boolean =>
  s.routes.length === 0 && !s.delay && !s.fail && s.proxy === undefined;

/**
 * Keeps `settings` as the project's (pretty JSON, a trailing newline); none removes the file.
 * Answers the text written (`null`: no file).
 */
export async function writeBehaviourFile(
  root: string,
  settings: BehaviourSettings,
): Promise<string | null> {
  const path = join(root, BEHAVIOUR_FILE);
  if (isEmpty(settings)) {
    await rm(await entryInsideProject(root, path), { force: true });
    return null;
  }
  const text = `${JSON.stringify(behaviourWire(settings), null, 2)}\n`;
  await replaceFile(await insideProject(root, path), text);
  return text;
}
