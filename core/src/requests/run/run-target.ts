/**
 * Issue 47: what `decorest run [dir] [requests-folder-or-file]` runs: the whole `requests/`
 * tree, one folder of it (its subfolders too) or one request file. The path is read from the
 * project folder (as the studio's CI command writes it: `requests/todos`), else from the
 * current folder, else under `requests/` (`todos`); it must lie inside `requests/`.
 */
import { stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

import { REQUESTS_DIR } from '../../contract/requests-api.js';

/** Relative to `requests/` with `/` (`""`: the whole tree). */
export type RunTarget = { kind: 'folder'; folder: string } | { kind: 'file'; path: string };

export type TargetRead = { ok: true; target: RunTarget } | { ok: false; refused: string };

async function kindOf(path: string): Promise<'folder' | 'file' | undefined> {
  const info = await stat(path).catch(() => undefined);
  return info?.isDirectory() ? 'folder' : info?.isFile() ? 'file' : undefined;
}

/** `path` relative to `requests/` with `/`, or undefined when it lies outside it. */
function underRequests(root: string, path: string): string | undefined {
  const rel = relative(join(root, REQUESTS_DIR), path);
  if (rel === '') return '';
  if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/');
}

/** The run target `arg` names in the project at `root` (absolute), or why there is none. */
export async function readRunTarget(
  root: string,
  arg: string | undefined,
  cwd: string = process.cwd(),
): Promise<TargetRead> {
  const requests = join(root, REQUESTS_DIR);
  if ((await kindOf(requests)) !== 'folder')
    return {
      ok: false,
      refused: `${root} has no ${REQUESTS_DIR}/ folder: save requests in the studio's Console first`,
    };
  if (arg === undefined || arg === '') return { ok: true, target: { kind: 'folder', folder: '' } };
  const candidates = [...new Set([resolve(root, arg), resolve(cwd, arg), resolve(requests, arg)])];
  for (const path of candidates) {
    const kind = await kindOf(path);
    if (kind === undefined) continue;
    const rel = underRequests(root, path);
    if (rel === undefined)
      return { ok: false, refused: `${arg} is not inside ${requests}: run saved requests only` };
    if (kind === 'folder') return { ok: true, target: { kind, folder: rel } };
    if (!rel.endsWith('.json'))
      return { ok: false, refused: `${arg} is not a saved request (a .json file under requests/)` };
    return { ok: true, target: { kind: 'file', path: rel } };
  }
  return { ok: false, refused: `no folder or request file ${arg} under ${requests}` };
}

/** How a report names a target: `requests/`, `requests/todos/`, `requests/todos/List.json`. */
export function targetLabel(target: RunTarget): string {
  if (target.kind === 'file') return `${REQUESTS_DIR}/${target.path}`;
  return `${REQUESTS_DIR}/${target.folder ? `${target.folder}/` : ''}`;
}
