/**
 * What a key pressed on a tree item does, as the WAI-ARIA APG tree view pattern says
 * (https://www.w3.org/WAI/ARIA/apg/patterns/treeview/) and as VS Code's and Bruno's trees do:
 * a pure function of the visible rows, so the rules are tested without a browser. Folders nest
 * to any depth: each row names its parent, so ArrowLeft climbs one level at a time and
 * ArrowRight goes one level down, into a request or a subfolder alike.
 */

/** One visible row of a tree, in the order shown (a closed folder's children are not rows). */
export interface TreeRow {
  key: string;
  /** The parent row's key; none at the top level. */
  parent?: string;
  /** A folder's state: open or closed; `undefined` for a leaf. */
  expanded?: boolean;
  /** What type-ahead matches: the row's name (a request's, not its method). */
  label: string;
}

/** What the tree does next; every one of them names the row it concerns. */
export type TreeMove =
  | { kind: 'focus'; key: string }
  | { kind: 'expand'; key: string }
  | { kind: 'collapse'; key: string }
  /** Enter or Space on a leaf: open it (a saved request opens in a tab). */
  | { kind: 'activate'; key: string }
  /** Shift+F10 or the context-menu key: the row's actions menu. */
  | { kind: 'menu'; key: string }
  /** F2, as in VS Code and Windows Explorer. */
  | { kind: 'rename'; key: string }
  /** Delete (asks before deleting anything). */
  | { kind: 'delete'; key: string };

/** The parts of a keyboard event the rules read (a React or DOM `KeyboardEvent` fits). */
export interface TreeKey {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/**
 * The move `key` makes from the row `at`; `null` when the key is not the tree's (Tab, a
 * shortcut with Ctrl), so the browser keeps its default.
 *
 * @example
 * treeKeyMove(rows, 'f:todos', { key: 'ArrowRight' }); // { kind: 'expand', key: 'f:todos' }
 */
export function treeKeyMove(rows: readonly TreeRow[], at: string, key: TreeKey): TreeMove | null {
  const i = rows.findIndex((r) => r.key === at);
  const row = rows[i];
  if (!row) return null;
  const focus = (r: TreeRow | undefined): TreeMove | null =>
    r ? { kind: 'focus', key: r.key } : null;
  const modified = key.ctrlKey || key.altKey || key.metaKey;
  if ((key.key === 'F10' && key.shiftKey && !modified) || key.key === 'ContextMenu')
    return { kind: 'menu', key: at };
  if (modified) return null;
  // Shift+letter is a capital: type-ahead; Shift with an arrow or Enter is no tree key.
  if (key.shiftKey) return typeAhead(rows, i, key.key);
  switch (key.key) {
    case 'ArrowDown':
      return focus(rows[i + 1]);
    case 'ArrowUp':
      return focus(rows[i - 1]);
    case 'Home':
      return focus(rows[0]);
    case 'End':
      return focus(rows[rows.length - 1]);
    case 'ArrowRight':
      // A closed folder opens; an open one hands focus to its first child; a leaf stays.
      if (row.expanded === false) return { kind: 'expand', key: at };
      if (row.expanded === true && rows[i + 1]?.parent === at) return focus(rows[i + 1]);
      return null;
    case 'ArrowLeft':
      if (row.expanded === true) return { kind: 'collapse', key: at };
      return row.parent === undefined ? null : focus(rows.find((r) => r.key === row.parent));
    case 'Enter':
    case ' ':
      if (row.expanded === undefined) return { kind: 'activate', key: at };
      return { kind: row.expanded ? 'collapse' : 'expand', key: at };
    case 'F2':
      return { kind: 'rename', key: at };
    case 'Delete':
      return { kind: 'delete', key: at };
    default:
      return typeAhead(rows, i, key.key);
  }
}

/** A printable character: the next row (after `i`, wrapping) whose label starts with it. */
function typeAhead(rows: readonly TreeRow[], i: number, char: string): TreeMove | null {
  if ([...char].length !== 1 || char.trim() === '') return null;
  const lower = char.toLocaleLowerCase();
  for (let step = 1; step <= rows.length; step++) {
    const row = rows[(i + step) % rows.length]!;
    if (row.label.toLocaleLowerCase().startsWith(lower)) return { kind: 'focus', key: row.key };
  }
  return null;
}
