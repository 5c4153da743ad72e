/**
 * `decorest serve --watch` (CONTRACT §7): reload when a project file changes. The new version
 * is loaded once beside the serving one (`reloadProject`), so a broken file is reported (file
 * and line) while the last good API keeps serving; a version that loads takes over the open
 * datafiles and the route table is replaced in one assignment.
 */
import { readFile } from 'node:fs/promises';

import type { RouteTable } from '../http/route-table.js';
import { listProjectFiles } from '../loader/list-project-files.js';
import type { ProjectRuntime } from './open-project.js';
import { reloadProject } from './reload-project.js';
import { watchSources } from './source-watcher.js';

/**
 * Quiet time after a file event before reloading. Editors save in bursts (temp file, rename,
 * touch) within a few milliseconds; the rest of the loop is issue 15's save-to-serve budget.
 */
export const RELOAD_QUIET_MS = 75;

export interface WatchEvents {
  /** A new version is serving. */
  reloaded(project: ProjectRuntime): void;
  /** A change did not load; the previous version keeps serving. */
  failed(error: unknown): void;
}

export interface ProjectWatcher {
  /** Resolves once the folder is watched: a save from then on is heard. */
  readonly ready: Promise<void>;
  /** The project serving now. */
  current(): ProjectRuntime;
  /**
   * Reloads at once, without waiting for the save's file event (the studio's model edits);
   * the event that follows finds nothing changed and reloads nothing.
   */
  reloadNow(): Promise<void>;
  /** Stops watching and closes the project. */
  close(): Promise<void>;
}

/** Whether the files on disk are the ones `project` was loaded from (a touch, a no-op save). */
async function sourcesUnchanged(project: ProjectRuntime): Promise<boolean> {
  try {
    const paths = await listProjectFiles(project.root);
    const loaded = new Map(project.loaded.files.map((f) => [f.path, f.source]));
    if (paths.length !== loaded.size) return false;
    for (const path of paths) {
      if (loaded.get(path) !== (await readFile(path, 'utf8'))) return false;
    }
    return true;
  } catch {
    return false; // the reload reports what is wrong
  }
}

export function watchProject(
  first: ProjectRuntime,
  setTable: (table: RouteTable) => void,
  events: WatchEvents,
  options: { debounceMs?: number } = {},
): ProjectWatcher {
  let project = first;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;
  /** The last reload failed: even a save that restores what serves must report recovery. */
  let failing = false;

  const reload = async (): Promise<void> => {
    if (closed) return;
    let next: ProjectRuntime;
    try {
      next = await reloadProject(project);
    } catch (error) {
      failing = true;
      events.failed(error);
      return;
    }
    failing = false;
    setTable(next.table);
    project = next;
    events.reloaded(next);
  };

  const watcher = watchSources(project.root, () => {
    if (closed) return;
    clearTimeout(timer);
    // Editors save in bursts (temp file, rename, touch): one reload per burst.
    timer = setTimeout(() => {
      running = running.then(async () => {
        if (failing || !(await sourcesUnchanged(project))) await reload();
      });
    }, options.debounceMs ?? RELOAD_QUIET_MS);
  });

  return {
    ready: watcher.ready,
    current: () => project,
    reloadNow: () => {
      clearTimeout(timer);
      running = running.then(reload);
      return running;
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await watcher.close();
      await running;
      await project.close();
    },
  };
}
