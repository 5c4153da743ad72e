/**
 * Issue 48: which Saved folders the user closed, per project, kept in the page's storage so a
 * reload keeps them (VS Code's explorer and Bruno's sidebar remember theirs too). The key
 * holds the project root: two projects' `todos` folders are not the same folder. The page's
 * storage is per origin, so a studio that comes back on another port starts with every folder
 * open, which costs nothing.
 */
import { useState } from 'react';

const PREFIX = 'decorest.studio.closedFolders:';

/** Where a project's closed folders are kept. */
export const closedFoldersKey = (root: string) => `${PREFIX}${root}`;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const pageStorage = (): Store | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage denied (a locked-down browser): folders open each time.
    return undefined;
  }
};

/** The closed folder paths kept for `root`; none when nothing reads. */
export function readClosedFolders(store: Store | undefined, root: string | undefined): Set<string> {
  if (!store || !root) return new Set();
  try {
    const kept: unknown = JSON.parse(store.getItem(closedFoldersKey(root)) ?? '[]');
    return new Set(Array.isArray(kept) ? kept.filter((p) => typeof p === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Keeps `closed` for `root`; an empty set leaves no key behind. */
export function writeClosedFolders(
  store: Store | undefined,
  root: string | undefined,
  closed: ReadonlySet<string>,
): void {
  if (!store || !root) return;
  try {
    if (closed.size === 0) store.removeItem(closedFoldersKey(root));
    else store.setItem(closedFoldersKey(root), JSON.stringify([...closed]));
  } catch {
    // Storage full or denied: the choice still holds while the page lives.
  }
}

/**
 * The open project's closed folders and the way to open or close one. `known` is every folder
 * path the tree has now: a folder renamed or emptied away is forgotten at the next change
 * rather than kept for ever.
 */
export function useClosedFolders(
  root: string | undefined,
): [ReadonlySet<string>, (path: string, open: boolean, known: readonly string[]) => void] {
  const [kept, setKept] = useState(() => ({
    root,
    closed: readClosedFolders(pageStorage(), root) as ReadonlySet<string>,
  }));
  // Another project (or the root known at last): its own folders, read as this render runs.
  let current = kept;
  if (kept.root !== root) {
    current = { root, closed: readClosedFolders(pageStorage(), root) };
    setKept(current);
  }
  const setFolderOpen = (path: string, open: boolean, known: readonly string[]) => {
    const next = new Set([...current.closed].filter((p) => known.includes(p)));
    if (open) next.delete(path);
    else next.add(path);
    writeClosedFolders(pageStorage(), root, next);
    setKept({ root, closed: next });
  };
  return [current.closed, setFolderOpen];
}
