import path from 'node:path';

import { readJsonFile, writeJsonFile } from './json-file.js';

/** Entries the Open Recent menu keeps. */
export const RECENT_LIMIT = 10;

/**
 * The list with `dir` moved to the front, without duplicates, at most `limit` long. Folders are
 * compared after `path.resolve`, so `a/b/` and `a/b` are one entry.
 */
export function addRecent(list: readonly string[], dir: string, limit = RECENT_LIMIT): string[] {
  const entry = path.resolve(dir);
  return [entry, ...list.filter((item) => path.resolve(item) !== entry)].slice(0, limit);
}

/** The list without `dir` (a folder that no longer opens). */
export function removeRecent(list: readonly string[], dir: string): string[] {
  const entry = path.resolve(dir);
  return list.filter((item) => path.resolve(item) !== entry);
}

/**
 * Keeps only absolute folder paths from whatever the file held; anything else gives `[]`. The
 * file is a JSON array, the format the core's studio keeps (core/src/studio/recent-projects.ts):
 * the main process points the core at the same user-data folder, so the menu's Open Recent and
 * the UI's recent list are one list.
 */
export function parseRecent(data: unknown): string[] {
  if (!Array.isArray(data)) return [];
  const dirs = data.filter(
    (item): item is string =>
      typeof item === 'string' && path.isAbsolute(item) && !item.includes('\0'),
  );
  return [...new Set(dirs)].slice(0, RECENT_LIMIT);
}

/** `recent-projects.json` in the user-data folder, shared with the core's studio. */
export class RecentProjects {
  #list: string[] = [];

  constructor(private readonly file: string) {}

  /** Reads the file again: the core writes it too, when the UI opens a project. */
  async load(): Promise<readonly string[]> {
    this.#list = parseRecent(await readJsonFile(this.file));
    return this.#list;
  }

  get list(): readonly string[] {
    return this.#list;
  }

  async add(dir: string): Promise<readonly string[]> {
    // Read, then write: the core may have added a folder the UI opened since the last read.
    this.#list = addRecent(parseRecent(await readJsonFile(this.file)), dir);
    await writeJsonFile(this.file, this.#list);
    return this.#list;
  }

  async remove(dir: string): Promise<readonly string[]> {
    this.#list = removeRecent(parseRecent(await readJsonFile(this.file)), dir);
    await writeJsonFile(this.file, this.#list);
    return this.#list;
  }
}
