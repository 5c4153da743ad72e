/**
 * Issue 30: a file chosen for a multipart field, copied into the project's `files/` folder so
 * the saved request names it by a path that travels with the project (`files/photo.png`).
 * The name is made safe as a request's is; a name taken by other bytes gets ` 2`, ` 3`… before
 * its extension, and the same bytes reuse the file. Written to a dot-name temp file renamed
 * into place, one upload at a time per process, and never through a symlink leading outside
 * (project/inside-project.ts, checked before the folder is made).
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { PROJECT_FILES_DIR } from '../contract/requests-api.js';
import { HttpProblem, problems } from '../errors.js';
import { insideProject } from '../persistence/inside-project.js';
import { safeName } from './safe-names.js';
import { copySpooled, sameFileBytes, type SpooledFile } from './spooled-upload.js';

/** Names tried before giving up (`photo 999.png`). */
const MAX_COPIES = 999;

// An extension kept apart from the name, so a long name is cut before it, not through it.
const EXTENSION = /\.[A-Za-z0-9]{1,16}$/;

/**
 * The file name an upload called `name` gets, before any ` 2`: its last path part, made safe,
 * its extension kept. Never empty, never `.`/`..`, never a device name.
 *
 * @example
 * uploadName('C:\\fakepath\\My photo.PNG'); // { base: 'My photo', ext: '.PNG' }
 * uploadName('../../etc/passwd'); // { base: 'passwd', ext: '' }
 */
export function uploadName(name: string): { base: string; ext: string } {
  const last = name.split(/[/\\]/).pop() ?? '';
  const ext = EXTENSION.exec(last)?.[0] ?? '';
  return { base: safeName(last.slice(0, last.length - ext.length), 'file'), ext };
}

/** What is put: bytes at hand, or a file received to disk (issue 40: an upload is streamed). */
export type FileBytes = Buffer | SpooledFile;

async function sameBytes(path: string, bytes: FileBytes): Promise<boolean> {
  if (!Buffer.isBuffer(bytes)) return sameFileBytes(path, bytes.path);
  const existing = await readFile(path);
  return existing.equals(bytes);
}

/** What a name holds: nothing, a regular file of `size` bytes, or something else. */
async function occupant(path: string): Promise<'free' | 'other' | number> {
  try {
    const stats = await lstat(path);
    return stats.isFile() ? stats.size : 'other';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'free';
    throw error;
  }
}

/** `files/` under `root` (its real place), created, refused (403) when it leads outside. */
async function filesFolder(root: string): Promise<string> {
  const dir = await insideProject(root, join(root, PROJECT_FILES_DIR));
  await mkdir(dir, { recursive: true });
  return dir;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Puts `bytes` into `root`'s `files/` folder as `name` (made safe; ` 2`… when another file has
 * the name) and answers the path relative to `root`, with `/`. One at a time, so two uploads of
 * one name never take the same file.
 */
export function putProjectFile(root: string, name: string, bytes: FileBytes): Promise<string> {
  const run = queue.then(() => put(root, name, bytes));
  queue = run.catch(() => {});
  return run;
}

async function put(root: string, name: string, bytes: FileBytes): Promise<string> {
  let dir: string;
  try {
    dir = await filesFolder(root);
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    throw problems.storageFailed(
      `could not create ${PROJECT_FILES_DIR}/: ${(error as Error).message}`,
      error,
    );
  }
  const { base, ext } = uploadName(name);
  for (let n = 1; n <= MAX_COPIES; n++) {
    const file = n === 1 ? `${base}${ext}` : `${base} ${n}${ext}`;
    const target = join(dir, file);
    const there = await occupant(target);
    if (there === 'other') continue;
    if (typeof there === 'number') {
      if (there === bytes.length && (await sameBytes(target, bytes)))
        return `${PROJECT_FILES_DIR}/${file}`;
      continue;
    }
    // A dot-name temp file: the collection and source watchers ignore it.
    const temp = join(dir, `.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await (Buffer.isBuffer(bytes) ? writeFile(temp, bytes) : copySpooled(bytes, temp));
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw problems.storageFailed(
        `could not write ${PROJECT_FILES_DIR}/${file}: ${(error as Error).message}`,
        error,
      );
    }
    return `${PROJECT_FILES_DIR}/${file}`;
  }
  throw problems.conflict(
    `${PROJECT_FILES_DIR}/ already holds ${MAX_COPIES} files named ${base}${ext}`,
  );
}
