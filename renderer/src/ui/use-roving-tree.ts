/**
 * A tree view's roving tabindex (WAI-ARIA APG, "Keyboard Navigation Inside Components"): the
 * whole tree is one Tab stop, the item last focused (else `preferred`, else the first), and
 * the keys of `tree-keys.ts` move between the items. Keys pressed inside an item's own
 * controls (its "⋯" button, its open menu) stay theirs.
 */
import {
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react';

import { treeKeyMove, type TreeMove, type TreeRow } from './tree-keys';

/** A move the tree's owner carries out (open, close, activate, menu, rename, delete). */
export type TreeAction = Exclude<TreeMove, { kind: 'focus' }>;

export interface RovingTree {
  /** Spread on the `role="tree"` element. */
  treeProps: {
    ref: RefObject<HTMLUListElement | null>;
    onKeyDown(e: KeyboardEvent<HTMLElement>): void;
    onFocus(e: FocusEvent<HTMLElement>): void;
  };
  /** Spread on each `role="treeitem"`: only the tree's Tab stop has tabIndex 0. */
  itemProps(key: string): { tabIndex: 0 | -1; 'data-tree-key': string };
  /** The item element of a row (where a closed menu gives focus back). */
  item(key: string): HTMLElement | null;
}

const keyOf = (el: EventTarget | null) =>
  el instanceof HTMLElement
    ? el.closest<HTMLElement>('[role="treeitem"]')?.dataset.treeKey
    : undefined;

/**
 * @example
 * const tree = useRovingTree(rows, openKey, (move) => move.kind === 'activate' && open(move.key));
 * <ul role="tree" {...tree.treeProps}><li role="treeitem" {...tree.itemProps(key)}>…</li></ul>
 */
export function useRovingTree(
  rows: readonly TreeRow[],
  preferred: string | undefined,
  onAction: (action: TreeAction) => void,
): RovingTree {
  const ref = useRef<HTMLUListElement>(null);
  const [focused, setFocused] = useState<string | undefined>();
  const shown = (key: string | undefined) => key !== undefined && rows.some((r) => r.key === key);
  const tabStop = [focused, preferred].find(shown) ?? rows[0]?.key;
  const item = (key: string) =>
    ref.current?.querySelector<HTMLElement>(`[data-tree-key="${CSS.escape(key)}"]`) ?? null;
  // Where the focused item stood, so focus has somewhere to go when the item goes.
  const focusedIndex = useRef(0);
  useEffect(() => {
    // The focused item was deleted or renamed (its key changed) and focus fell to the page
    // (a dialog gives it back to an opener that is gone): the item now in its place takes it,
    // as in VS Code's explorer, so the keyboard user carries on where they were.
    const active = document.activeElement;
    if (focused === undefined || shown(focused) || rows.length === 0) return;
    if (active !== null && active !== document.body) return;
    const next = rows[Math.min(focusedIndex.current, rows.length - 1)]!.key;
    setFocused(next);
    item(next)?.focus();
  });
  return {
    treeProps: {
      ref,
      onKeyDown(e) {
        // Only keys pressed on an item itself: a menu or a button inside it handles its own.
        const target = e.target as HTMLElement;
        const at = target.getAttribute('role') === 'treeitem' ? target.dataset.treeKey : undefined;
        const move = at === undefined ? null : treeKeyMove(rows, at, e);
        if (!move) return;
        e.preventDefault();
        e.stopPropagation();
        if (move.kind === 'focus') item(move.key)?.focus();
        else onAction(move);
      },
      onFocus(e) {
        // A click on an item, its button or its menu makes that item the Tab stop too.
        const key = keyOf(e.target);
        if (key === undefined) return;
        setFocused(key);
        focusedIndex.current = Math.max(
          0,
          rows.findIndex((r) => r.key === key),
        );
      },
    },
    itemProps: (key) => ({ tabIndex: key === tabStop ? 0 : -1, 'data-tree-key': key }),
    item,
  };
}
