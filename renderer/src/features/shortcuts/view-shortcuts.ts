/**
 * The studio's global keys: Ctrl/Cmd+1…5 show the five views in tab order, `?` opens the list
 * of shortcuts. Neither fires while a dialog is open over the page, and `?` is left to what
 * takes text (a field, the grid, where typing on a cell replaces its value).
 */
import { useEffect, useRef } from 'react';

import { useUiStore, VIEWS } from '../../stores/ui/ui-store';

/** Where `?` is a character to type, not a command. */
function takesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest('input, textarea, select, [role="grid"], [role="combobox"]') !== null
  );
}

export function useViewShortcuts(onHelp: () => void): void {
  const help = useRef(onHelp);
  help.current = onHelp;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || document.querySelector('[aria-modal="true"]')) return;
      const digit = /^Digit([1-9])$/.exec(e.code)?.[1];
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && digit) {
        const view = VIEWS[Number(digit) - 1];
        if (!view) return;
        // The browser's own Ctrl+1…5 would switch its tabs instead.
        e.preventDefault();
        useUiStore.getState().showView(view);
        document.getElementById(`tab-${view}`)?.focus();
      } else if (e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey && !takesText(e.target)) {
        e.preventDefault();
        help.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
