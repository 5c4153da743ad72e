/**
 * Issue 48: the Saved tree's shape. The core lists saved requests flat, in the collection's
 * order (core `request-order.ts`: a folder's requests by `seq`, then name, then its
 * subfolders, sibling folders by their first place); this nests them by folder path (a Bruno
 * collection's `Bruno Todos/todos` is folder "todos" inside "Bruno Todos") and keeps that
 * order, so the tree reads top to bottom in the order Run folder and `decorest run` send them.
 * Pure: the tree view and its keys read it, and it is tested without a browser.
 */
import type { RequestEntry } from '../../api';
import type { TreeRow } from '../../ui/tree-keys';

/** A folder of the tree and what it holds, in the collection's order. */
export interface SavedFolder {
  /** Relative to `requests/`, `/`-separated; `""` is the top of `requests/` ("Not in a folder"). */
  path: string;
  /** What its item says: its own last segment (`todos` for `Bruno Todos/todos`). */
  name: string;
  /** Its depth, as `aria-level` says it: 1 at the top. */
  level: number;
  /** Its own requests, shown before its subfolders as the collection orders them. */
  requests: RequestEntry[];
  folders: SavedFolder[];
}

// The top of requests/ is no folder of the user's: say it in words.
const TOP_NAME = 'Not in a folder';

/** A folder's item key and a request's: apart, so a folder and a file never share one. */
export const folderKey = (path: string) => `folder:${path}`;
export const requestKey = (path: string) => `request:${path}`;

/** How the tree names a folder path in full (its group, its buttons, its menu). */
export const folderTitle = (path: string) => path || TOP_NAME;

/**
 * The requests as nested folders, each folder where its first request (or its first
 * subfolder's) comes in `requests`, so the core's order stands; `folders` adds the empty ones. The top's own requests sit in
 * a folder of their own, "Not in a folder", beside the top-level folders.
 *
 * @example
 * savedTree(list); // [{ name: 'Bruno Todos', requests: [Login], folders: [{ name: 'todos', … }] }]
 */
export function savedTree(
  requests: readonly RequestEntry[],
  folders: readonly string[] = [],
): SavedFolder[] {
  const top: SavedFolder[] = [];
  const byPath = new Map<string, SavedFolder>();
  const folderAt = (path: string): SavedFolder => {
    const known = byPath.get(path);
    if (known) return known;
    const parts = path === '' ? [] : path.split('/');
    const folder: SavedFolder = {
      path,
      name: parts.at(-1) ?? TOP_NAME,
      level: Math.max(parts.length, 1),
      requests: [],
      folders: [],
    };
    byPath.set(path, folder);
    // A parent first, so it stands before its subfolder even when it holds no request itself.
    if (parts.length <= 1) top.push(folder);
    else folderAt(parts.slice(0, -1).join('/')).folders.push(folder);
    return folder;
  };
  for (const entry of requests) folderAt(entry.folder).requests.push(entry);
  // A folder holding no request yet (New folder…) after those that do, as the core lists it.
  for (const path of folders) folderAt(path);
  return top;
}

/** Whether a folder holds no saved request, in itself or any subfolder (nothing to run). */
export const isEmptyFolder = (folder: SavedFolder): boolean =>
  folder.requests.length === 0 && folder.folders.every(isEmptyFolder);

/** Every folder of the tree, each before its subfolders (the order the tree shows them in). */
export function allFolders(tree: readonly SavedFolder[]): SavedFolder[] {
  return tree.flatMap((f) => [f, ...allFolders(f.folders)]);
}

/**
 * The rows the keyboard walks (tree-keys.ts): every folder, and what an open folder holds,
 * its requests then its subfolders. A closed folder's contents are no rows, however deep.
 */
export function visibleRows(
  tree: readonly SavedFolder[],
  closed: ReadonlySet<string>,
  parent?: string,
): TreeRow[] {
  return tree.flatMap((folder) => {
    const key = folderKey(folder.path);
    const open = !closed.has(folder.path);
    const row: TreeRow = { key, expanded: open, label: folder.name };
    if (parent !== undefined) row.parent = parent;
    if (!open) return [row];
    return [
      row,
      ...folder.requests.map((e) => ({
        key: requestKey(e.path),
        parent: key,
        label: e.request.name,
      })),
      ...visibleRows(folder.folders, closed, key),
    ];
  });
}

/** What each item key stands for: its folder, and the request when it is one. */
export function itemsByKey(
  tree: readonly SavedFolder[],
): Map<string, { folder: SavedFolder; entry?: RequestEntry }> {
  const found = new Map<string, { folder: SavedFolder; entry?: RequestEntry }>();
  for (const folder of allFolders(tree)) {
    found.set(folderKey(folder.path), { folder });
    for (const entry of folder.requests) found.set(requestKey(entry.path), { folder, entry });
  }
  return found;
}
