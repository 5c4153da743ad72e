/**
 * `decorest serve --watch` (CONTRACT §7): reload when a project file changes. The new version
 * is first loaded without touching `data/`, so a broken file is reported (file and line) while
 * the last good API keeps serving. Only a version that loads is swapped in: the datafiles are
 * flushed and reopened, and the route table is replaced in one assignment.
 */
import { type FSWatcher, watch } from 'node:fs';
import { relative, sep } from 'node:path';

import type { RouteTable } from '../http/route-table.js';
import { openProject, type OpenProjectOptions, type ProjectRuntime } from './open-project.js';

export interface WatchEvents {
  /** A new version is serving. */
  reloaded(project: ProjectRuntime): void;
  /** A change did not load; the previous version keeps serving. */
  failed(error: unknown): void;
}

export interface ProjectWatcher {
  /** The project serving now. */
  current(): ProjectRuntime;
  /** Stops watching and closes the project. */
  close(): Promise<void>;
}

/** Paths the loader ignores (CONTRACT §7) are not worth a reload either. */
function isProjectSource(root: string, file: string): boolean {
  const parts = relative(root, file).split(sep);
  if (parts.some((p) => p === 'node_modules' || p === 'data' || p.startsWith('.'))) return false;
  return /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts');
}

export function watchProject(
  first: ProjectRuntime,
  setTable: (table: RouteTable) => void,
  events: WatchEvents,
  options: OpenProjectOptions & { debounceMs?: number } = {},
): ProjectWatcher {
  let project = first;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const reload = async (): Promise<void> => {
    // 1. Does the new version load at all? No files are opened or locked for this.
    try {
      const probe = await openProject(project.root, { ...options, data: false });
      await probe.close();
    } catch (error) {
      events.failed(error);
      return;
    }
    // 2. Swap: flush and release the datafiles, open them for the new version, serve it.
    // Writes that arrive in between answer 503 (the collection is closed); reads go on.
    await project.close();
    try {
      const next = await openProject(project.root, { ...options, changes: project.changes });
      setTable(next.table);
      project = next;
      events.reloaded(next);
    } catch (error) {
      events.failed(error);
    }
  };

  const watcher: FSWatcher = watch(project.root, { recursive: true }, (_event, name) => {
    if (closed || name === null || !isProjectSource(project.root, `${project.root}${sep}${name}`))
      return;
    clearTimeout(timer);
    // Editors save in bursts (temp file, rename, touch): one reload per burst.
    timer = setTimeout(() => {
      running = running.then(reload);
    }, options.debounceMs ?? 150);
  });

  return {
    current: () => project,
    close: async () => {
      closed = true;
      clearTimeout(timer);
      watcher.close();
      await running;
      await project.close();
    },
  };
}
