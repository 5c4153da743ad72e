/**
 * A request opened from elsewhere (Endpoints, an inspector's example, Traffic, History, a pasted
 * curl command) goes into a tab of its own, as in Postman and Bruno, unless the shown tab is one
 * nobody has used yet (a new tab, or the project's first route it started on). The shown tab was
 * written over before: a saved request in it stayed linked to its file, and Ctrl+S then saved
 * the other request over that file without asking. A request already open, unedited, in a tab
 * not tied to a file is that tab (running a History row again and again left a tab per run).
 */
import { useCollectionStore } from '../collection/collection-store';
import type { TabState } from './console-state';
import { useConsoleStore } from './console-store';
import { tabSnapshot } from './saved-request';

/** Whether a tab holds nothing a user made: no answer, no edit, no saved request. */
export function isBlankTab(s: TabState): boolean {
  return (
    s.response === null &&
    s.method === 'GET' &&
    (s.url === '' || s.url === s.startedAt) &&
    s.body === '' &&
    s.auth.kind === 'none' &&
    s.assertions.length === 0 &&
    s.saves.length === 0 &&
    s.formFields.length === 0 &&
    s.multipartFields.length === 0
  );
}

/** Whether a tab shows what it was opened with, untouched since. */
const isUnedited = (s: TabState): boolean => s.baseline !== null && s.baseline === tabSnapshot(s);

/**
 * Runs `load` (which fills the shown tab) in a new tab unless the shown one is blank; then, if
 * another unedited tab not tied to a file was opened with the same request, shows that one and
 * drops the new tab.
 */
export function inAFreeTab(load: () => void): void {
  const shown = useConsoleStore.getState();
  const openByTab = useCollectionStore.getState().openByTab;
  const saved = openByTab[shown.activeTab] !== undefined;
  if (!saved && isBlankTab(shown)) {
    load();
    return;
  }
  const opened = shown.newTab();
  load();
  const now = useConsoleStore.getState();
  if (now.activeTab !== opened || !isUnedited(now)) return;
  const same = now.tabs.find((t) => {
    if (t.id === opened || openByTab[t.id] !== undefined) return false;
    const state = now.tabState(t.id);
    return state !== undefined && isUnedited(state) && state.baseline === now.baseline;
  });
  if (same === undefined) return;
  now.switchTab(same.id);
  useConsoleStore.getState().closeTab(opened);
}
