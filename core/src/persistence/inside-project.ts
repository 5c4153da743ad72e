/**
 * Issue 40 §2: the one rule for every file the studio reads or writes for a user (saved
 * requests, environments, `files/`, `mock-rules.json`, `seed/`, models). Where a path really
 * is — symlinks followed, and for a path not there yet its deepest existing ancestor's real
 * place plus the rest — must lie inside the project's real folder. A link inside the project to
 * another place inside it is fine; one leading out (a cloned repository can plant it) is a 403
 * naming the path as the user gave it, never where it leads nor what is there.
 *
 * Callers act on the place answered here, not on the path they were given: a `mkdir -p` of a
 * real place creates only folders that did not exist when checked, so it never walks through a
 * link; a read opens the real file with O_NOFOLLOW, so a file swapped for a link after the check
 * is refused rather than followed. (A folder swapped for a link in that window is not defended
 * against: that needs an attacker already writing in the project.)
 */
import { constants } from 'node:fs';
import { type FileHandle, open, readlink, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

import { problems } from '../errors.js';
import { replaceFile } from './replace-file.js';

/** Links followed before giving up, as the kernel's own bound (Linux: 40). */
const MAX_LINKS = 40;

// Windows has no O_NOFOLLOW (and symlinks there need privileges): the check alone applies.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code;

/**
 * Where `path` really is: every symlink followed, a dangling one to where it would create its
 * target, and the part that does not exist yet kept as named. `undefined` past
 * {@link MAX_LINKS} dangling links in a row (a chain no write could end).
 *
 * @example
 * // requests/link -> /elsewhere, requests/link/new does not exist
 * await realPlace('/p/requests/link/new/a.json'); // '/elsewhere/new/a.json'
 */
export async function realPlace(path: string, links = 0): Promise<string | undefined> {
  const absolute = resolve(path);
  try {
    return await realpath(absolute);
  } catch (error) {
    if (codeOf(error) !== 'ENOENT' && codeOf(error) !== 'ENOTDIR') throw error;
  }
  const parent = dirname(absolute);
  if (parent === absolute) return absolute;
  const realParent = await realPlace(parent, links);
  if (realParent === undefined) return undefined;
  const place = join(realParent, basename(absolute));
  let target: string;
  try {
    target = await readlink(place);
  } catch {
    return place; // not there: created where it is named
  }
  // A dangling link: a write through it would create its target, so that is where it is.
  if (links >= MAX_LINKS) return undefined;
  return realPlace(resolve(realParent, target), links + 1);
}

const within = (place: string, folder: string): boolean =>
  place === folder || place.startsWith(folder.endsWith(sep) ? folder : folder + sep);

/** The path as the user sees it: relative to the project, with `/`. */
function shownPath(root: string, path: string): string {
  const shown = relative(resolve(root), resolve(path));
  return shown === '' || shown.startsWith('..') || isAbsolute(shown)
    ? path
    : shown.split(sep).join('/');
}

async function checked(
  root: string,
  path: string,
  place: () => Promise<string | undefined>,
): Promise<string> {
  let real: string | undefined;
  let realRoot: string;
  try {
    [real, realRoot] = await Promise.all([place(), realpath(root)]);
  } catch (error) {
    // A loop of links leads nowhere inside the project either.
    if (codeOf(error) === 'ELOOP') throw problems.outsideProject(shownPath(root, path));
    throw error;
  }
  if (real === undefined || !within(real, realRoot))
    throw problems.outsideProject(shownPath(root, path));
  return real;
}

/**
 * The real place of `path`, refused (403) unless it lies inside the project `root`. Read,
 * write or create (`mkdir` with `recursive`) at the answer, not at `path`.
 */
export function insideProject(root: string, path: string): Promise<string> {
  return checked(root, path, () => realPlace(path));
}

/**
 * The real place of the entry `path` itself: its folder's links followed, its own name not. For
 * a delete or a rename over it: a link there is removed or replaced, never the file it names.
 */
export function entryInsideProject(root: string, path: string): Promise<string> {
  const absolute = resolve(path);
  return checked(root, path, async () => {
    const folder = await realPlace(dirname(absolute));
    return folder === undefined ? undefined : join(folder, basename(absolute));
  });
}

/** Opens `path` for reading once {@link insideProject} allows it (ENOENT when it is not there). */
export async function openInsideProject(root: string, path: string): Promise<FileHandle> {
  const real = await insideProject(root, path);
  return open(real, constants.O_RDONLY | NO_FOLLOW);
}

/** The text of `path`, read once {@link insideProject} allows it. */
export async function readProjectFile(root: string, path: string): Promise<string> {
  const handle = await openInsideProject(root, path);
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Replaces `file` durably ({@link replaceFile}: a link inside the project is written through)
 * once {@link insideProject} allows it; a missing folder on the way is not made.
 */
export async function replaceProjectFile(root: string, file: string, text: string): Promise<void> {
  await replaceFile(await insideProject(root, file), text);
}
