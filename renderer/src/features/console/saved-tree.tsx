/**
 * Issue 48: the Saved tab's requests as one WAI-ARIA tree view, folders open and closed as in
 * Bruno's and VS Code's trees. The whole tree is a single Tab stop (a roving tabindex): the
 * arrows, Home, End and a first letter move; ArrowRight/ArrowLeft open and close a folder;
 * Enter or Space opens a request in a tab or toggles a folder; Shift+F10, the context-menu key
 * or a right-click opens the row's actions; F2 renames and Delete asks to delete.
 *
 * A folder's item is its head row and owns its requests' group (`aria-owns`) rather than
 * wrapping it, so the folder is named by its own words only (axe: label-content-name-mismatch).
 */
import { useId, useMemo, useRef, useState } from 'react';

import type { RequestEntry } from '../../api';
import { useCollectionStore } from '../../stores/collection/collection-store';
import { MethodBadge } from '../../ui/badges';
import type { TreeRow } from '../../ui/tree-keys';
import { type TreeAction, useRovingTree } from '../../ui/use-roving-tree';
import { RowMenuButton, type RowMenuItem, RowMenuList } from './row-menu';

/** A dialog the Saved tab has open over it. */
export type SavedDialog =
  | { kind: 'import' }
  | { kind: 'rename'; entry: RequestEntry }
  | { kind: 'move'; entry: RequestEntry }
  | { kind: 'rename-folder'; folder: string }
  | { kind: 'delete'; entry: RequestEntry };

/** A folder (`""`: the top of `requests/`) and its requests, in the collection's order. */
export type SavedGroup = readonly [folder: string, entries: readonly RequestEntry[]];

const folderKey = (folder: string) => `folder:${folder}`;
const requestKey = (path: string) => `request:${path}`;
// The top of requests/ is no folder of the user's: say it in words.
const folderName = (folder: string) => folder || 'Not in a folder';

// Closed folders stay closed while the page lives (as the left tab's choice does).
let closedFolders: ReadonlySet<string> = new Set();

export function SavedTree({
  groups,
  onRunFolder,
  onDialog,
  onDuplicate,
}: {
  groups: readonly SavedGroup[];
  onRunFolder?(folder: string): void;
  onDialog(dialog: SavedDialog): void;
  onDuplicate(entry: RequestEntry): void;
}) {
  const openPath = useCollectionStore((s) => s.open?.entry.path);
  const [closed, setClosed] = useState(closedFolders);
  // The one open menu: whose row, and how far down the tree it shows (below that row).
  const [menu, setMenu] = useState<{ key: string; top: number } | null>(null);
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const setFolderOpen = (folder: string, open: boolean) => {
    const next = new Set(closed);
    if (open) next.delete(folder);
    else next.add(folder);
    closedFolders = next;
    setClosed(next);
  };
  const rows = useMemo(() => {
    const shown: TreeRow[] = [];
    for (const [folder, entries] of groups) {
      const key = folderKey(folder);
      const open = !closed.has(folder);
      shown.push({ key, expanded: open, label: folderName(folder) });
      if (open)
        for (const e of entries)
          shown.push({ key: requestKey(e.path), parent: key, label: e.request.name });
    }
    return shown;
  }, [groups, closed]);
  const byKey = useMemo(() => {
    const found = new Map<string, { folder: string; entry?: RequestEntry }>();
    for (const [folder, entries] of groups) {
      found.set(folderKey(folder), { folder });
      for (const entry of entries) found.set(requestKey(entry.path), { folder, entry });
    }
    return found;
  }, [groups]);
  /** A row's menu: its label and items (none for the top folder with nothing to run). */
  const menuOf = (key: string): { label: string; items: RowMenuItem[] } | null => {
    const row = byKey.get(key);
    if (!row) return null;
    const { folder, entry } = row;
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
    if (onRunFolder) items.push({ label: 'Run folder', run: () => onRunFolder(folder) });
    if (folder)
      items.push({
        label: 'Rename folder…',
        run: () => onDialog({ kind: 'rename-folder', folder }),
      });
    return items.length ? { label: `Actions for folder ${folderName(folder)}`, items } : null;
  };
  const act = ({ kind, key }: TreeAction) => {
    const row = byKey.get(key);
    if (!row) return;
    const { folder, entry } = row;
    if (kind === 'menu') openMenu(key);
    else if (!entry) {
      if (kind === 'expand' || kind === 'collapse') setFolderOpen(folder, kind === 'expand');
      else if (kind === 'rename' && folder) onDialog({ kind: 'rename-folder', folder });
    } else if (kind === 'activate') useCollectionStore.getState().openRequest(entry);
    else if (kind === 'rename') onDialog({ kind: 'rename', entry });
    else if (kind === 'delete') onDialog({ kind: 'delete', entry });
  };
  const tree = useRovingTree(rows, openPath && requestKey(openPath), act);
  function openMenu(key: string) {
    const row = tree.item(key)?.getBoundingClientRect();
    const top = box.current?.getBoundingClientRect().top;
    if (row && top !== undefined && menuOf(key)) setMenu({ key, top: row.bottom - top + 2 });
  }
  const closeMenu = (refocus: boolean) => {
    if (refocus && menu) tree.item(menu.key)?.focus();
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
  return (
    <div className="saved-tree-box" ref={box}>
      <ul
        role="tree"
        aria-label="Saved requests"
        className="saved-tree"
        {...tree.treeProps}
        onContextMenu={(e) => {
          const key = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]')?.dataset
            .treeKey;
          if (key === undefined || !menuOf(key)) return;
          e.preventDefault();
          openMenu(key);
        }}
      >
        {groups.map(([folder, entries], index) => {
          const key = folderKey(folder);
          const open = !closed.has(folder);
          // An id of its own words: a folder's name may hold spaces, and aria-owns splits at them.
          const group = `${id}-group-${index}`;
          return (
            <li key={key} role="none" className="saved-folder">
              <div
                role="treeitem"
                aria-level={1}
                aria-expanded={open}
                aria-owns={open ? group : undefined}
                aria-label={folderName(folder)}
                aria-haspopup={menuOf(key) ? 'menu' : undefined}
                className="saved-folder-head"
                {...tree.itemProps(key)}
              >
                <span className="saved-folder-toggle" onClick={() => setFolderOpen(folder, !open)}>
                  <span className="tree-twisty" aria-hidden="true">
                    {open ? '▾' : '▸'}
                  </span>
                  <span className="nav-heading">{folderName(folder)}</span>
                </span>
                {onRunFolder && (
                  <button
                    type="button"
                    className="btn small ghost"
                    tabIndex={-1}
                    aria-label={
                      folder ? `Run folder ${folder}` : 'Run the requests not in a folder'
                    }
                    title="Run folder"
                    onClick={() => onRunFolder(folder)}
                  >
                    ▶
                  </button>
                )}
                {folder && (
                  <button
                    type="button"
                    className="btn small ghost"
                    tabIndex={-1}
                    aria-label={`Rename folder ${folder}…`}
                    title="Rename folder…"
                    onClick={() => onDialog({ kind: 'rename-folder', folder })}
                  >
                    ✎
                  </button>
                )}
              </div>
              {open && (
                <ul id={group} role="group" aria-label={folderName(folder)} className="nav-list">
                  {entries.map((entry) => {
                    const { method, name, url } = entry.request;
                    const rowKey = requestKey(entry.path);
                    return (
                      <li
                        key={rowKey}
                        role="treeitem"
                        aria-level={2}
                        aria-selected={entry.path === openPath}
                        aria-label={`${method} ${name}`}
                        aria-haspopup="menu"
                        className="saved-request"
                        {...tree.itemProps(rowKey)}
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
                          {menuButton(rowKey, `Actions for ${name}`)}
                        </div>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
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
