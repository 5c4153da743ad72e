import { useSyncExternalStore } from 'react';

const query = () => window.matchMedia('(prefers-color-scheme: dark)');

/** Follows the system theme, for components that take a theme prop (CodeMirror). */
export function useDark(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const q = query();
      q.addEventListener('change', notify);
      return () => q.removeEventListener('change', notify);
    },
    () => query().matches,
  );
}
