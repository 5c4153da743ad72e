/**
 * @parcel/watcher (2.6, inotify) misses what is made inside a folder just made (`mkdir models &&
 * cp x.ts models/`, `mkdir -p requests/a/b`, a pull bringing a new tree): it adds its watch on
 * the new folder after the files or sub-folders exist and never reads the folder again, so those
 * files, and later saves in the sub-folders, are never heard (8 of 10 tries on Linux, and the
 * source watcher's test timed out on a busy machine for the same reason).
 *
 * Each folder that appears gets a plain `fs.watch` of its own, on it and every folder in it, and
 * is read once after the watch is armed: what was written before is told as well as what is
 * written after. Both the source watcher and the collection watcher use it beside
 * @parcel/watcher.
 */
import { type FSWatcher, lstatSync, readdirSync, watch } from 'node:fs';
import { basename, join } from 'node:path';

/** Folders watched beside @parcel/watcher, at most this many (a project has a few dozen). */
const NEW_FOLDER_WATCH_LIMIT = 500;

export class NewFolderWatch {
  readonly #watchers = new Map<string, FSWatcher>();

  /**
   * @param heard called with each path created or changed in a watched folder (files and
   *   folders; the caller filters).
   * @param skipFolder a folder name never watched (the loader's ignored folders, dot-folders).
   */
  constructor(
    private readonly heard: (path: string) => void,
    private readonly skipFolder: (name: string) => boolean,
  ) {}

  /** Watches `folder` and the folders in it, and tells what they already hold. */
  add(folder: string): void {
    if (this.#watchers.has(folder) || this.#watchers.size >= NEW_FOLDER_WATCH_LIMIT) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, (_type, name) => {
        if (name === null) return;
        const path = join(folder, name);
        this.heard(path);
        this.#addIfFolder(path);
      });
    } catch {
      return; // gone again, or not readable: the main watcher still hears its parent
    }
    watcher.on('error', () => this.#drop(folder));
    this.#watchers.set(folder, watcher);
    let entries: { name: string; folder: boolean }[];
    try {
      entries = readdirSync(folder, { withFileTypes: true }).map((e) => ({
        name: e.name,
        folder: e.isDirectory(),
      }));
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!entry.folder) this.heard(join(folder, entry.name));
      else if (!this.skipFolder(entry.name)) this.add(join(folder, entry.name));
    }
  }

  #addIfFolder(path: string): void {
    try {
      if (lstatSync(path).isDirectory() && !this.skipFolder(basename(path))) this.add(path);
    } catch {
      this.#drop(path); // removed: its watcher (if any) goes too
    }
  }

  #drop(folder: string): void {
    this.#watchers.get(folder)?.close();
    this.#watchers.delete(folder);
  }

  close(): void {
    for (const watcher of this.#watchers.values()) watcher.close();
    this.#watchers.clear();
  }
}

/** Whether a watcher event names a folder that was just created. */
export function isNewFolder(event: { type: string; path: string }): boolean {
  if (event.type !== 'create') return false;
  try {
    return lstatSync(event.path).isDirectory();
  } catch {
    return false; // gone again already
  }
}
