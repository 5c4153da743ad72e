/**
 * Hears every save of a project's source files (issue 24), whatever the editor does: in place,
 * a temp file renamed over (vim, JetBrains' safe write, `sed -i`, the studio's designer), delete
 * and re-create, a file moved in, a new sub-folder, a burst.
 *
 * @parcel/watcher watches folders (inotify on Linux, FSEvents, ReadDirectoryChangesW) and names
 * each changed path, so a file replaced by a rename is still heard on its next save.
 * `fs.watch(root, { recursive })` went deaf after the first rename-over save on Linux, and
 * chokidar 4, which re-arms a watch per file inode, missed an in-place save made within ~20 ms
 * of a rename-over one (docs/dependencies.md). The folders the loader ignores
 * (`node_modules`, `data`, dot-folders, build output) are ignored here too, so an `npm install`
 * or a checkout inside the project is not this process's work.
 */
import { realpathSync } from 'node:fs';
import { sep } from 'node:path';

import { type AsyncSubscription, subscribe } from '@parcel/watcher';

import { IGNORED_FOLDERS, isIgnoredFolder, isProjectFile } from '../loader/list-project-files.js';
import { isNewFolder, NewFolderWatch } from './new-folder-watch.js';

export interface SourceWatcher {
  /** Resolves once the folder is watched: a save from then on is heard. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/** Globs of what is never watched, at any depth. */
const IGNORE = ['**/.*', ...[...IGNORED_FOLDERS].map((folder) => `**/${folder}`)];

/** Whether `path` is a project source file under `root` (an ignored folder's files are not). */
export function isSourcePath(root: string, path: string): boolean {
  if (!path.startsWith(root + sep)) return false;
  const parts = path.slice(root.length + 1).split(sep);
  return !parts.slice(0, -1).some(isIgnoredFolder) && isProjectFile(parts[parts.length - 1]!);
}

/** Whether `path` is a folder under `root` the loader reads (no ignored folder on its way). */
function isSourceFolder(root: string, path: string): boolean {
  return (
    path.startsWith(root + sep) &&
    !path
      .slice(root.length + 1)
      .split(sep)
      .some(isIgnoredFolder)
  );
}

function realOrSelf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/** Calls `changed` with the source files of each batch of file events under `root`. */
export function watchSources(root: string, changed: (paths: string[]) => void): SourceWatcher {
  let closed = false;
  // Events name real paths (a project reached through a symlinked folder among them).
  const roots = [root, realOrSelf(root)];
  const isOurs = (path: string) => roots.some((r) => isSourcePath(r, path));
  // What is made inside a new folder before its watch is armed (new-folder-watch.ts).
  const newFolders = new NewFolderWatch((path) => {
    if (!closed && isOurs(path)) changed([path]);
  }, isIgnoredFolder);
  const subscription: Promise<AsyncSubscription | undefined> = subscribe(
    root,
    (error, events) => {
      // A folder that cannot be read (permissions) is skipped, not a crash of the server.
      if (error || closed) return;
      const paths = events.map((e) => e.path).filter(isOurs);
      for (const event of events)
        if (isNewFolder(event) && roots.some((r) => isSourceFolder(r, event.path)))
          newFolders.add(event.path);
      // A folder deleted with its files may be reported as the folder alone.
      const folders = events.some((e) => e.type === 'delete' && !/\.[jt]s$/.test(e.path));
      if (paths.length > 0 || folders) changed(paths);
    },
    { ignore: IGNORE },
  ).catch(() => undefined); // a folder that vanished: nothing to watch, "open" starts again
  return {
    ready: subscription.then(() => undefined),
    close: async () => {
      closed = true;
      newFolders.close();
      await (await subscription)?.unsubscribe();
    },
  };
}
