/**
 * Issue 30: hears the project's saved requests and environments change on disk (a `git pull`,
 * a hand edit, another tool), so the studio's Console re-lists them. One call per burst of
 * changes under `requests/` or `environments/`, after {@link COLLECTION_QUIET_MS} of quiet.
 *
 * It watches as the project's source watcher does (core/src/project/source-watcher.ts, whose
 * header says why): @parcel/watcher on the whole project folder, so a save by rename-over
 * (vim, JetBrains, `sed -i`, the studio's own temp-and-rename writes) is heard on every later
 * save too, and `requests/` or `environments/` created after the start are heard without
 * re-arming anything. The same folders are ignored (`node_modules`, `data`, dot-folders, build
 * output), with the same globs, so both subscriptions can share one native watcher.
 */
import { realpathSync } from 'node:fs';
import { sep } from 'node:path';

import { type AsyncSubscription, subscribe } from '@parcel/watcher';

import { ENVIRONMENTS_DIR, REQUESTS_DIR } from '../contract/requests-api.js';
import { IGNORED_FOLDERS } from '../loader/list-project-files.js';
import { isNewFolder, NewFolderWatch } from '../project/new-folder-watch.js';

/** Quiet time after a file event before telling: an editor's save, a pull, is one burst. */
export const COLLECTION_QUIET_MS = 100;

export interface CollectionWatcher {
  /** Resolves once the folder is watched: a change from then on is heard. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/** Globs of what is never watched, at any depth (those of source-watcher.ts). */
const IGNORE = ['**/.*', ...[...IGNORED_FOLDERS].map((folder) => `**/${folder}`)];

const FOLDERS = [REQUESTS_DIR, ENVIRONMENTS_DIR];

/** Whether `path` is `requests/`, `environments/` or anything under them, in `root`. */
export function inCollectionFolders(root: string, path: string): boolean {
  if (!path.startsWith(root + sep)) return false;
  const top = path.slice(root.length + 1).split(sep)[0]!;
  return FOLDERS.includes(top);
}

function realOrSelf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/**
 * Calls `changed` once per burst of changes to the collection's files or folders under
 * `root` (a folder created, deleted or renamed counts: the list changes with it).
 */
export function watchCollection(
  root: string,
  changed: () => void,
  options: { debounceMs?: number } = {},
): CollectionWatcher {
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  // Events name real paths (a project reached through a symlinked folder among them).
  const roots = [root, realOrSelf(root)];
  const tell = (): void => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!closed) changed();
    }, options.debounceMs ?? COLLECTION_QUIET_MS);
  };
  const newFolders = new NewFolderWatch(tell, (name) => name.startsWith('.'));
  const subscription: Promise<AsyncSubscription | undefined> = subscribe(
    root,
    (error, events) => {
      // A folder that cannot be read (permissions) is skipped, not a crash of the studio.
      if (error || closed) return;
      const ours = events.filter((e) => roots.some((r) => inCollectionFolders(r, e.path)));
      if (ours.length === 0) return;
      for (const event of ours) if (isNewFolder(event)) newFolders.add(event.path);
      tell();
    },
    { ignore: IGNORE },
  ).catch(() => undefined); // a folder that vanished: nothing to watch
  return {
    ready: subscription.then(() => undefined),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      newFolders.close();
      await (await subscription)?.unsubscribe();
    },
  };
}
