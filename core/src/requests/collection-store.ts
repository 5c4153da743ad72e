/**
 * Issue 30: the project's saved requests and environments on disk (format: the header of
 * contract/requests-api.ts). Every list reads the disk again, so a hand edit or a `git pull`
 * shows at once; every write goes to a temp file renamed over the target, and a rename or move
 * deletes the old file only once the new one is in place, so a failure leaves the old.
 * Every path is built from safe names under `requests/` or `environments/`, and every read,
 * write, new folder and delete goes through project/inside-project.ts first (issue 40: nothing
 * outside the project, whatever symlink the folder holds).
 */
import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import {
  lstat,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  stat,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';

import {
  type DeletedRequestFolder,
  type EnvironmentEntry,
  ENVIRONMENTS_DIR,
  REQUEST_FILE_LIMIT,
  type RequestCollection,
  type RequestEntry,
  type RequestFileProblem,
  REQUESTS_DIR,
  type SavedRequest,
} from '../contract/requests-api.js';
import { HttpProblem, problems } from '../errors.js';
import {
  entryInsideProject,
  insideProject,
  openInsideProject,
} from '../persistence/inside-project.js';
import {
  type FileRead,
  readEnvironmentFile,
  readRequestFile,
  requestFileText,
} from './request-files.js';
import { inCollectionOrder } from './request-order.js';
import { FOLDER_DEPTH_LIMIT, safeName } from './safe-names.js';

/** Where a file of the collection is: its folder (`/`-joined, `""` at the top) and file name. */
export interface Place {
  folder: string;
  file: string;
}

export const placePath = (p: Place): string => (p.folder ? `${p.folder}/${p.file}` : p.file);

export function placeOf(path: string): Place {
  const cut = path.lastIndexOf('/');
  return cut === -1
    ? { folder: '', file: path }
    : { folder: path.slice(0, cut), file: path.slice(cut + 1) };
}

async function sameFile(a: string, b: string): Promise<boolean> {
  try {
    const [x, y] = await Promise.all([stat(a), stat(b)]);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * A file the collection lists as a request: a `.json` of the request format, under the limit.
 * One that cannot be read is not known to be one: it is kept.
 */
async function isSavedRequest(path: string): Promise<boolean> {
  try {
    if (!path.endsWith('.json') || (await stat(path)).size > REQUEST_FILE_LIMIT) return false;
    return readRequestFile(await readFile(path, 'utf8')).ok;
  } catch {
    return false;
  }
}

export class CollectionStore {
  readonly root: string;
  readonly requestsDir: string;
  readonly environmentsDir: string;

  constructor(root: string) {
    this.root = root;
    this.requestsDir = join(root, REQUESTS_DIR);
    this.environmentsDir = join(root, ENVIRONMENTS_DIR);
  }

  /** The collection as the disk holds it now; a file that does not read is a problem, skipped. */
  async list(): Promise<RequestCollection> {
    const folders: string[] = [];
    const requests: RequestEntry[] = [];
    const found: RequestFileProblem[] = [];
    const walk = async (folder: string, depth: number): Promise<void> => {
      for (const entry of await this.#entries(join(this.requestsDir, ...folder.split('/')))) {
        const path = folder ? `${folder}/${entry.name}` : entry.name;
        // Symlinks are not followed: a link could lead a save outside the project.
        if (entry.isDirectory() && depth < FOLDER_DEPTH_LIMIT) {
          folders.push(path);
          await walk(path, depth + 1);
        } else if (entry.isFile() && entry.name.endsWith('.json')) {
          const read = await this.#read(`${REQUESTS_DIR}/${path}`, readRequestFile, found);
          if (read) requests.push({ path, folder, request: read });
        }
      }
    };
    // The walk follows no link below these two; a link in their place is refused here.
    if (await this.#listable(REQUESTS_DIR, found)) await walk('', 0);
    const environments: EnvironmentEntry[] = [];
    const listable = await this.#listable(ENVIRONMENTS_DIR, found);
    for (const entry of listable ? await this.#entries(this.environmentsDir) : []) {
      if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
      const read = await this.#read(
        `${ENVIRONMENTS_DIR}/${entry.name}`,
        readEnvironmentFile,
        found,
      );
      if (read) environments.push({ path: entry.name, environment: read });
    }
    const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : 1);
    return {
      ...inCollectionOrder(requests, folders),
      environments: environments.sort(byPath),
      problems: found,
    };
  }

  /** One request by its path, or `undefined` when no file is there. */
  async readRequest(path: string): Promise<SavedRequest | undefined> {
    const found: RequestFileProblem[] = [];
    const read = await this.#read(`${REQUESTS_DIR}/${path}`, readRequestFile, found);
    if (found.length > 0) {
      const p = found[0]!;
      throw problems.conflict(
        `${p.file}${p.at ? ` at ${p.at}` : ''} ${p.message}; fix the file first`,
      );
    }
    return read;
  }

  /**
   * Writes `request` to `folder` under its safe name, replacing `from` (a rename or move when it
   * is another place). Another request already at the target is a 409, not overwritten.
   */
  async saveRequest(folder: string, request: SavedRequest, from?: string): Promise<RequestEntry> {
    const target: Place = { folder, file: `${safeName(request.name, 'request')}.json` };
    const path = placePath(target);
    const absolute = this.#absolute(this.requestsDir, path);
    const old = from === undefined ? undefined : this.#absolute(this.requestsDir, from);
    // Both places before anything is looked at (an existence is an answer too) or written: the
    // old file is deleted only after the write.
    await insideProject(this.root, absolute);
    if (old !== undefined) await entryInsideProject(this.root, old);
    if (from !== undefined && !(await this.#exists(old!)))
      throw problems.notFound(`no saved request at ${REQUESTS_DIR}/${from}`);
    if (
      path !== from &&
      (await this.#exists(absolute)) &&
      !(old && (await sameFile(old, absolute)))
    )
      throw problems.conflict(
        `${REQUESTS_DIR}/${path} exists already: choose another name (or folder) for "${request.name}"`,
      );
    await this.#write(this.requestsDir, path, requestFileText(request));
    // Only now, with the new file in place; a case-only rename on macOS is one file: keep it.
    if (old !== undefined && path !== from && !(await sameFile(old, absolute))) {
      // Checked again on the place removed: the window for a folder swapped for a link is
      // as narrow as it gets.
      await rm(await entryInsideProject(this.root, old), { force: true });
      // A move that emptied its folder (a folder renamed one request at a time) takes the
      // folder along: the old name would stay in the list, empty.
      await this.#dropEmptyFolders(dirname(old));
    }
    return { path, folder, request };
  }

  /** Removes `dir` and its parents up to `requests/` while they are empty. */
  async #dropEmptyFolders(dir: string): Promise<void> {
    for (let at = dir; at.startsWith(`${this.requestsDir}${sep}`); at = dirname(at)) {
      try {
        // Fails on a folder that still holds anything: then the parents do too.
        await rmdir(at);
      } catch {
        return;
      }
    }
  }

  /** A free file name in `folder` for a copy named after `name` (`x copy`, `x copy 2`, …). */
  async freeName(folder: string, name: string): Promise<string> {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? name : `${name} ${n}`;
      const path = placePath({ folder, file: `${safeName(candidate, 'request')}.json` });
      if (!(await this.#exists(this.#absolute(this.requestsDir, path)))) return candidate;
    }
  }

  async deleteRequest(path: string): Promise<void> {
    const absolute = this.#absolute(this.requestsDir, path);
    if (!(await this.#exists(absolute)))
      throw problems.notFound(`no saved request at ${REQUESTS_DIR}/${path}`);
    // The entry itself: a link there is removed, never the file it names.
    await rm(await entryInsideProject(this.root, absolute));
  }

  /** Whether `folder` (safe parts, `/`-joined) is a folder of `requests/`. */
  async folderExists(folder: string): Promise<boolean> {
    return isFolder(await insideProject(this.root, this.#absolute(this.requestsDir, folder)));
  }

  /** `folder` if free, else the first of `folder 2`, `folder 3`… that is. */
  async freeFolder(folder: string): Promise<string> {
    for (let n = 2, name = folder; ; name = `${folder} ${n++}`)
      if (!(await this.folderExists(name))) return name;
  }

  /** Makes the empty folder `folder` (safe parts, `/`-joined); 409 when it is there already. */
  async createFolder(folder: string): Promise<void> {
    const real = await insideProject(this.root, this.#absolute(this.requestsDir, folder));
    // A folder, a file or a link of that name: taken either way.
    if (
      await lstat(real).then(
        () => true,
        () => false,
      )
    )
      throw problems.conflict(`${REQUESTS_DIR}/${folder} exists already`);
    try {
      await mkdir(real, { recursive: true });
    } catch (error) {
      throw problems.storageFailed(
        `could not make ${REQUESTS_DIR}/${folder}: ${(error as Error).message}`,
        error,
      );
    }
  }

  /**
   * Deletes `folder` with the saved requests in it and its subfolders (as deep as the list
   * shows them). What is not a saved request (a note, a file that does not read, a link, a
   * folder deeper than the list goes) is not ours: it stays, and so do the folders that hold
   * it, named in `kept`. Links are never followed. `emptyOnly` removes only the folders that
   * hold nothing, every request kept: what a folder rename leaves behind.
   */
  async deleteFolder(
    folder: string,
    { emptyOnly = false }: { emptyOnly?: boolean } = {},
  ): Promise<DeletedRequestFolder> {
    const absolute = this.#absolute(this.requestsDir, folder);
    await insideProject(this.root, absolute);
    // The entry itself must be a folder: a link in its place is no folder of the collection.
    if (
      !(await lstat(absolute).then(
        (s) => s.isDirectory(),
        () => false,
      ))
    )
      throw problems.notFound(`no folder ${REQUESTS_DIR}/${folder}`);
    const kept: string[] = [];
    let requests = 0;
    const clear = async (dir: string, path: string, depth: number): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const at = `${path}/${entry.name}`;
        const place = join(dir, entry.name);
        if (entry.isDirectory() && depth < FOLDER_DEPTH_LIMIT) await clear(place, at, depth + 1);
        else if (!emptyOnly && entry.isFile() && (await isSavedRequest(place))) {
          await rm(place);
          requests++;
        } else kept.push(at);
      }
      // Fails on a folder that still holds what was kept: it stays, as its contents do.
      await rmdir(dir).catch(() => undefined);
    };
    await clear(absolute, folder, folder.split('/').length);
    return { deleted: folder, requests, kept };
  }

  /** Writes an environment file (its text already without secret values). */
  async writeEnvironment(file: string, text: string): Promise<void> {
    await this.#write(this.environmentsDir, file, text);
  }

  /** An environment file's text, or `undefined` when there is none (or it cannot be read). */
  async environmentText(file: string): Promise<string | undefined> {
    const absolute = this.#absolute(this.environmentsDir, file);
    await insideProject(this.root, absolute);
    return readFile(absolute, 'utf8').catch(() => undefined);
  }

  async environmentExists(file: string): Promise<boolean> {
    const absolute = this.#absolute(this.environmentsDir, file);
    await insideProject(this.root, absolute);
    return this.#exists(absolute);
  }

  async deleteEnvironment(file: string): Promise<void> {
    const absolute = this.#absolute(this.environmentsDir, file);
    await rm(await entryInsideProject(this.root, absolute), { force: true });
  }

  // ----------------------------------------------------------------------------------------

  #absolute(base: string, path: string): string {
    return join(base, ...path.split('/'));
  }

  async #exists(path: string): Promise<boolean> {
    try {
      return (await stat(path)).isFile();
    } catch {
      return false;
    }
  }

  /** Whether `folder` (`requests`, `environments`) can be listed; a link out is a problem. */
  async #listable(folder: string, found: RequestFileProblem[]): Promise<boolean> {
    try {
      await insideProject(this.root, join(this.root, folder));
      return true;
    } catch (error) {
      if (!(error instanceof HttpProblem)) return false;
      found.push({ file: folder, message: 'leads outside the project: not read' });
      return false;
    }
  }

  async #write(base: string, path: string, text: string): Promise<void> {
    // Before any folder is made: the missing ones are made at the real place, never through
    // a link; an in-project link to the file is written through, as an editor's save does.
    const target = await insideProject(this.root, this.#absolute(base, path));
    // A dot-name temp file: a list running meanwhile skips it.
    const temp = join(dirname(target), `.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await mkdir(dirname(target), { recursive: true });
      await writeFile(temp, text, { flag: 'wx' });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw problems.storageFailed(`could not write ${path}: ${(error as Error).message}`, error);
    }
  }

  async #entries(dir: string): Promise<Dirent[]> {
    try {
      const entries = await readdir(dir, { withFileTypes: true });
      return entries
        .filter((e) => !e.name.startsWith('.'))
        .sort((a, b) => (a.name < b.name ? -1 : 1));
    } catch {
      return [];
    }
  }

  async #read<T>(
    file: string,
    read: (source: string) => FileRead<T>,
    found: RequestFileProblem[],
  ): Promise<T | undefined> {
    let source: string;
    try {
      const handle = await openInsideProject(this.root, join(this.root, ...file.split('/')));
      try {
        if ((await handle.stat()).size > REQUEST_FILE_LIMIT) {
          found.push({ file, message: `is larger than ${REQUEST_FILE_LIMIT} bytes` });
          return undefined;
        }
        source = await handle.readFile('utf8');
      } finally {
        await handle.close();
      }
    } catch (error) {
      if (error instanceof HttpProblem) throw error;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      found.push({ file, message: `cannot be read: ${(error as Error).message}` });
      return undefined;
    }
    const result = read(source);
    if (result.ok) return result.value;
    found.push({
      file,
      ...(result.fault.at ? { at: result.fault.at } : {}),
      message: result.fault.message,
    });
    return undefined;
  }
}
