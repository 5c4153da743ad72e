/**
 * Issue 48: the Saved tab's requests as one WAI-ARIA tree view, folders open and closed as in
 * Bruno's and VS Code's trees. The whole tree is a single Tab stop (a roving tabindex): the
 * arrows, Home, End and a first letter move; ArrowRight/ArrowLeft open and close a folder;
 * Enter or Space opens a request in a tab or toggles a folder; Shift+F10, the context-menu key
 * or a right-click opens the row's actions; F2 renames and Delete asks to delete.
 *
 * Folders nest as their paths do (saved-tree-model.ts): `Bruno Todos/todos` is folder "todos"
 * inside "Bruno Todos", a level deeper, in the collection's order. Which folders are closed is
 * kept per project across a reload (closed-folders.ts).
 *
 * A folder's item is its head row and owns its group (`aria-owns`) rather than wrapping it, so
 * the folder is named by its own words only (axe: label-content-name-mismatch).
 */
import { useId, useMemo, useRef, useState } from 'react';

import type { RequestEntry } from '../../api';
import { useCollectionStore } from '../../stores/collection/collection-store';
import { useProjectStore } from '../../stores/project/project-store';
import { MethodBadge } from '../../ui/badges';
import { type TreeAction, useRovingTree } from '../../ui/use-roving-tree';
import { useClosedFolders } from './closed-folders';
import { RowMenuButton, type RowMenuItem, RowMenuList } from './row-menu';
import {
  allFolders,
  folderKey,
  folderTitle,
  isEmptyFolder,
  itemsByKey,
  requestKey,
  type SavedFolder,
  savedTree,
  visibleRows,
} from './saved-tree-model';

/** A dialog the Saved tab has open over it. */
export type SavedDialog =
  | { kind: 'import' }
  | { kind: 'rename'; entry: RequestEntry }
  | { kind: 'move'; entry: RequestEntry }
  | { kind: 'rename-folder'; folder: string }
  | { kind: 'new-folder'; parent: string }
  | { kind: 'delete-folder'; folder: string }
  | { kind: 'delete'; entry: RequestEntry };

export function SavedTree({
  requests,
  folders,
  onRunFolder,
  onDialog,
  onDuplicate,
}: {
  /** The saved requests, in the collection's order (as the core lists them). */
  requests: readonly RequestEntry[];
  /** Every folder, empty ones included (New folder…), as the core lists them. */
  folders: readonly string[];
  onRunFolder?(folder: string): void;
  onDialog(dialog: SavedDialog): void;
  onDuplicate(entry: RequestEntry): void;
}) {
  const openPath = useCollectionStore((s) => s.open?.entry.path);
  const [closed, setOpen] = useClosedFolders(useProjectStore((s) => s.status?.root));
  // The one open menu: whose row, and how far down the tree it shows (below that row).
  const [menu, setMenu] = useState<{ key: string; top: number } | null>(null);
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const tree = useMemo(() => savedTree(requests, folders), [requests, folders]);
  const byKey = useMemo(() => itemsByKey(tree), [tree]);
  // Each folder's group id, of its own words: a folder's name may hold spaces, and aria-owns
  // splits at them.
  const groupIds = useMemo(
    () => new Map(allFolders(tree).map((f, i) => [f.path, `${id}-group-${i}`])),
    [tree, id],
  );
  const rows = useMemo(() => visibleRows(tree, closed), [tree, closed]);
  const setFolderOpen = (folder: string, open: boolean) =>
    setOpen(folder, open, [...groupIds.keys()]);
  /** A row's menu: its label and items (none for the top folder with nothing to run). */
  const menuOf = (key: string): { label: string; items: RowMenuItem[] } | null => {
    const row = byKey.get(key);
    if (!row) return null;
    const { entry } = row;
    const folder = row.folder.path;
    if (entry)
      return {
        label: `Actions for ${entry.request.name}`,
        items: [
          { label: 'Rename…', run: () => onDialog({ kind: 'rename', entry }) },
          { label: 'Move to folder…', run: () => onDialog({ kind: 'move', entry }) },
          { label: 'Duplicate', run: () => onDuplicate(entry) },
          { label: 'Delete…', danger: true, run: () => onDialog({ kind: 'delete', entry }) },
        ],
      };
    // The folder head's ▶ and ✎ buttons, as a menu the keyboard reaches.
    const items: RowMenuItem[] = [];
    // The requests not in a folder have no run of their own: `decorest run` of `requests/`
    // runs everything, which is Run collection above the tree.
    if (onRunFolder && folder && !isEmptyFolder(row.folder))
      items.push({ label: 'Run folder', run: () => onRunFolder(folder) });
    if (folder)
      items.push(
        { label: 'New folder…', run: () => onDialog({ kind: 'new-folder', parent: folder }) },
        { label: 'Rename folder…', run: () => onDialog({ kind: 'rename-folder', folder }) },
        {
          label: 'Delete folder…',
          danger: true,
          run: () => onDialog({ kind: 'delete-folder', folder }),
        },
      );
    return items.length ? { label: `Actions for folder ${folderTitle(folder)}`, items } : null;
  };
  const act = ({ kind, key }: TreeAction) => {
    const row = byKey.get(key);
    if (!row) return;
    const { entry } = row;
    const folder = row.folder.path;
    if (kind === 'menu') openMenu(key);
    else if (!entry) {
      if (kind === 'expand' || kind === 'collapse') setFolderOpen(folder, kind === 'expand');
      else if (kind === 'rename' && folder) onDialog({ kind: 'rename-folder', folder });
      else if (kind === 'delete' && folder) onDialog({ kind: 'delete-folder', folder });
    } else if (kind === 'activate') useCollectionStore.getState().openRequest(entry);
    else if (kind === 'rename') onDialog({ kind: 'rename', entry });
    else if (kind === 'delete') onDialog({ kind: 'delete', entry });
  };
  const roving = useRovingTree(rows, openPath && requestKey(openPath), act);
  function openMenu(key: string) {
    const row = roving.item(key)?.getBoundingClientRect();
    const top = box.current?.getBoundingClientRect().top;
    if (row && top !== undefined && menuOf(key)) setMenu({ key, top: row.bottom - top + 2 });
  }
  const closeMenu = (refocus: boolean) => {
    if (refocus && menu) roving.item(menu.key)?.focus();
    setMenu(null);
  };
  const shownMenu = menu && menuOf(menu.key);
  const menuButton = (key: string, label: string) => (
    <RowMenuButton
      label={label}
      menuId={id}
      open={menu?.key === key}
      onOpen={(open) => (open ? openMenu(key) : setMenu(null))}
    />
  );
  const requestItem = (entry: RequestEntry, level: number) => {
    const { method, name, url } = entry.request;
    const key = requestKey(entry.path);
    return (
      <li
        key={key}
        role="treeitem"
        aria-level={level}
        aria-selected={entry.path === openPath}
        aria-label={`${method} ${name}`}
        aria-haspopup="menu"
        className="saved-request"
        {...roving.itemProps(key)}
      >
        <div className="history-row">
          <span
            className="history-item"
            title={`${method} ${url}`}
            onClick={() => useCollectionStore.getState().openRequest(entry)}
          >
            {/* The space: "GET List todos" read as three words, not "GETList". */}
            <MethodBadge method={method} /> <span>{name}</span>
          </span>
          {menuButton(key, `Actions for ${name}`)}
        </div>
      </li>
    );
  };
  // A folder: its head row (named by its own last segment), then, open, its requests and its
  // subfolders, a level deeper, in a group named by its whole path (two "todos" stay apart).
  const folderItem = (folder: SavedFolder) => {
    const { path } = folder;
    const key = folderKey(path);
    const open = !closed.has(path);
    const group = groupIds.get(path);
    return (
      <li key={key} role="none" className="saved-folder">
        <div
          role="treeitem"
          aria-level={folder.level}
          aria-expanded={open}
          aria-owns={open ? group : undefined}
          aria-label={folder.name}
          aria-haspopup={menuOf(key) ? 'menu' : undefined}
          className="saved-folder-head"
          {...roving.itemProps(key)}
        >
          <span className="saved-folder-toggle" onClick={() => setFolderOpen(path, !open)}>
            <span className="tree-twisty" aria-hidden="true">
              {open ? '▾' : '▸'}
            </span>
            <span className="nav-heading" title={folderTitle(path)}>
              {folder.name}
            </span>
          </span>
          {onRunFolder && path && !isEmptyFolder(folder) && (
            <button
              type="button"
              className="btn small ghost"
              tabIndex={-1}
              aria-label={`Run folder ${path}`}
              title="Run folder"
              onClick={() => onRunFolder(path)}
            >
              ▶
            </button>
          )}
          {path && (
            <button
              type="button"
              className="btn small ghost"
              tabIndex={-1}
              aria-label={`Rename folder ${path}…`}
              title="Rename folder…"
              onClick={() => onDialog({ kind: 'rename-folder', folder: path })}
            >
              ✎
            </button>
          )}
        </div>
        {open && (
          <ul id={group} role="group" aria-label={folderTitle(path)} className="nav-list">
            {folder.requests.map((entry) => requestItem(entry, folder.level + 1))}
            {folder.folders.map(folderItem)}
            {folder.requests.length === 0 && folder.folders.length === 0 && (
              <li role="none" className="faint saved-folder-empty">
                Empty: save or move a request here
              </li>
            )}
          </ul>
        )}
      </li>
    );
  };
  return (
    <div className="saved-tree-box" ref={box}>
      <ul
        role="tree"
        aria-label="Saved requests"
        className="saved-tree"
        {...roving.treeProps}
        onContextMenu={(e) => {
          const key = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]')?.dataset
            .treeKey;
          if (key === undefined || !menuOf(key)) return;
          e.preventDefault();
          openMenu(key);
        }}
      >
        {tree.map(folderItem)}
      </ul>
      {menu && shownMenu && (
        <RowMenuList
          key={menu.key}
          id={id}
          label={shownMenu.label}
          items={shownMenu.items}
          top={menu.top}
          onClose={closeMenu}
        />
      )}
    </div>
  );
}
