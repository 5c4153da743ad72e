/**
 * A row's actions menu in the Saved tree (as Bruno's collection tree has): a "⋯" menu button
 * on the row and one WAI-ARIA menu for the tree. Arrow keys, Home and End move between items,
 * Escape and Tab close it, and a click elsewhere closes it. The menu is the tree's sibling,
 * not inside a tree item (issue 48): an item's name stays its own words while it is open.
 */
import { useEffect, useRef } from 'react';

export interface RowMenuItem {
  label: string;
  run(): void;
  danger?: boolean;
}

/** The "⋯" button: no Tab stop of its own, its tree item opens the menu with Shift+F10. */
export function RowMenuButton({
  label,
  menuId,
  open,
  onOpen,
}: {
  label: string;
  menuId: string;
  open: boolean;
  /** `true` to open it, `false` to close it (a second click). */
  onOpen(open: boolean): void;
}) {
  return (
    <button
      type="button"
      className="btn small ghost"
      tabIndex={-1}
      aria-label={label}
      title="Actions"
      aria-haspopup="menu"
      aria-expanded={open}
      aria-controls={open ? menuId : undefined}
      onClick={() => onOpen(!open)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          onOpen(true);
        }
      }}
    >
      ⋯
    </button>
  );
}

/**
 * The open menu, `top` pixels down its positioned parent (below its row), focused on its first
 * item. `onClose(true)` asks for focus back on the row: Escape, or an item chosen (before the
 * item runs, so a dialog it opens gives focus back there).
 */
export function RowMenuList({
  id,
  label,
  items,
  top,
  onClose,
}: {
  id: string;
  label: string;
  items: readonly RowMenuItem[];
  top: number;
  onClose(refocus: boolean): void;
}) {
  const menu = useRef<HTMLUListElement>(null);
  // The latest callback, so a new one each render does not re-run the effect below.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const away = (e: MouseEvent) => {
      const t = e.target as Element;
      // Its own button toggles it on click; anything else closes it.
      if (!menu.current?.contains(t) && !t.closest?.(`[aria-controls="${id}"]`))
        close.current(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [id]);
  const onKey = (e: React.KeyboardEvent) => {
    const list = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = list.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(list.length - 1);
    else if (e.key === 'Escape') onClose(true);
    // Tab leaves from the row, as the tree's Tab stop would.
    else if (e.key === 'Tab') return onClose(true);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  return (
    <ul
      ref={menu}
      id={id}
      role="menu"
      aria-label={label}
      className="row-menu-list"
      style={{ top }}
      onKeyDown={onKey}
    >
      {items.map((item) => (
        <li key={item.label} role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={item.danger ? 'danger' : undefined}
            onClick={() => {
              onClose(true);
              item.run();
            }}
          >
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
