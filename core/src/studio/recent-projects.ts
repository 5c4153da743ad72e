/**
 * Recently opened project folders, newest first, kept in the user's config folder:
 * `$DECOREST_STUDIO_CONFIG_DIR`, else `$XDG_CONFIG_HOME/decorest-studio`, else
 * `~/.config/decorest-studio` (the XDG base directory default).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Folders kept; older ones fall off. */
export const RECENT_LIMIT = 10;

export function studioConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  const own = env['DECOREST_STUDIO_CONFIG_DIR'];
  if (own) return own;
  const xdg = env['XDG_CONFIG_HOME'];
  return join(xdg ? xdg : join(homedir(), '.config'), 'decorest-studio');
}

export class RecentProjects {
  readonly #file: string;
  #list: string[] | undefined;
  #writing: Promise<void> = Promise.resolve();

  constructor(configDir: string = studioConfigDir()) {
    this.#file = join(configDir, 'recent-projects.json');
  }

  /** The list; a missing or unreadable file is an empty list, never a failure. */
  async list(): Promise<string[]> {
    if (this.#list === undefined) {
      let read: string[];
      try {
        const parsed: unknown = JSON.parse(await readFile(this.#file, 'utf8'));
        read = Array.isArray(parsed)
          ? parsed.filter((p): p is string => typeof p === 'string').slice(0, RECENT_LIMIT)
          : [];
      } catch {
        read = [];
      }
      // An `add` that finished while this read was out holds the newer list: keep it.
      this.#list ??= read;
    }
    return [...this.#list];
  }

  /** Puts `dir` first. Saving is best effort: a read-only home must not stop the studio. */
  async add(dir: string): Promise<string[]> {
    const list = [dir, ...(await this.list()).filter((d) => d !== dir)].slice(0, RECENT_LIMIT);
    this.#list = list;
    this.#writing = this.#writing.then(async () => {
      try {
        await mkdir(join(this.#file, '..'), { recursive: true });
        // Write then rename: a crash mid-write leaves the old list, not half a file.
        const temp = `${this.#file}.${process.pid}.tmp`;
        await writeFile(temp, `${JSON.stringify(list, null, 2)}\n`);
        await rename(temp, this.#file);
      } catch {
        // best effort (see above)
      }
    });
    await this.#writing;
    return [...list];
  }
}
