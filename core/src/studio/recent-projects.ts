/**
 * Recently opened project folders, newest first, in `recent-projects.json` in the user's config
 * folder: `$DECOREST_STUDIO_CONFIG_DIR`, else `$XDG_CONFIG_HOME/decorest-studio`, else
 * `~/.config/decorest-studio` (the XDG base directory default). One list for both homes of the
 * studio (issue 43 §5): the core writes it when the UI opens a project, and the desktop shell,
 * which points the core at its own user-data folder, reads it for File › Open Recent and writes
 * it when the menu opens one.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** Folders kept; older ones fall off. */
export const RECENT_LIMIT = 10;

export function studioConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  const own = env['DECOREST_STUDIO_CONFIG_DIR'];
  if (own) return own;
  const xdg = env['XDG_CONFIG_HOME'];
  return join(xdg ? xdg : join(homedir(), '.config'), 'decorest-studio');
}

/**
 * The list with `dir` moved to the front, without duplicates, at most `limit` long. Folders are
 * compared after `path.resolve`, so `a/b/` and `a/b` are one entry.
 */
export function addRecent(list: readonly string[], dir: string, limit = RECENT_LIMIT): string[] {
  const entry = resolve(dir);
  return [entry, ...list.filter((item) => resolve(item) !== entry)].slice(0, limit);
}

/**
 * Keeps only absolute folder paths from whatever the file held, once each; anything else
 * (a hand edit, another shape) gives `[]`.
 */
export function parseRecent(data: unknown): string[] {
  if (!Array.isArray(data)) return [];
  const dirs = data.filter(
    (item): item is string => typeof item === 'string' && isAbsolute(item) && !item.includes('\0'),
  );
  return [...new Set(dirs)].slice(0, RECENT_LIMIT);
}

/**
 * The list in one config folder. Every read goes to the file, since the core and the desktop
 * shell both write it, and reads and writes take turns, so a read still out never hands back
 * a list older than a write that finished.
 *
 * @example
 * ```ts
 * const recent = new RecentProjects(studioConfigDir());
 * await recent.add('/home/me/shop'); // ['/home/me/shop', …]
 * ```
 */
export class RecentProjects {
  readonly #file: string;
  #list: readonly string[] = [];
  #turn: Promise<unknown> = Promise.resolve();

  constructor(configDir: string = studioConfigDir()) {
    this.#file = join(configDir, 'recent-projects.json');
  }

  /** The list as last read or written (empty before the first `load`). */
  get list(): readonly string[] {
    return this.#list;
  }

  /** Reads the file again; a missing or unreadable file is an empty list, never a failure. */
  load(): Promise<readonly string[]> {
    return this.#inTurn(async () => (this.#list = await this.#read()));
  }

  /** Puts `dir` first. Saving is best effort: a read-only home must not stop the studio. */
  add(dir: string): Promise<readonly string[]> {
    return this.#inTurn(async () => {
      // Read first: the other home may have added a folder since this one last looked.
      this.#list = addRecent(await this.#read(), dir);
      await this.#write(this.#list).catch(() => undefined);
      return this.#list;
    });
  }

  /** Takes `dir` off the list (its folder is gone); the list as it is then. */
  remove(dir: string): Promise<readonly string[]> {
    const entry = resolve(dir);
    return this.#inTurn(async () => {
      const list = await this.#read();
      this.#list = list.filter((item) => resolve(item) !== entry);
      if (this.#list.length !== list.length) await this.#write(this.#list).catch(() => undefined);
      return this.#list;
    });
  }

  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    const done = this.#turn.then(work);
    this.#turn = done.catch(() => undefined);
    return done;
  }

  async #read(): Promise<string[]> {
    try {
      return parseRecent(JSON.parse(await readFile(this.#file, 'utf8')));
    } catch {
      return [];
    }
  }

  /** Write then rename: a crash mid-write leaves the old list, not half a file. */
  async #write(list: readonly string[]): Promise<void> {
    await mkdir(dirname(this.#file), { recursive: true });
    const temp = `${this.#file}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temp, `${JSON.stringify(list, null, 2)}\n`);
    await rename(temp, this.#file);
  }
}
