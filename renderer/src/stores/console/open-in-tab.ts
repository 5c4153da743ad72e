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

/** Two tabs hold the same request: as opened, and with the same path parameters filled in. */
const sameRequest = (a: TabState, b: TabState): boolean =>
  a.baseline === b.baseline && JSON.stringify(a.pathParams) === JSON.stringify(b.pathParams);

/**
 * Runs `load` (which fills the shown tab) in a tab of its own: if another unedited tab not tied
 * to a file holds the same request, that one is shown; else the new tab, which takes the shown
 * tab's place when that one was blank.
 */
export function inAFreeTab(load: () => void): void {
  const shown = useConsoleStore.getState();
  const openByTab = useCollectionStore.getState().openByTab;
  const blank =
    openByTab[shown.activeTab] === undefined && isBlankTab(shown) ? shown.activeTab : null;
  const opened = shown.newTab();
  load();
  const now = useConsoleStore.getState();
  if (now.activeTab !== opened) return;
  const same = isUnedited(now)
    ? now.tabs.find((t) => {
        if (t.id === opened || t.id === blank || openByTab[t.id] !== undefined) return false;
        const state = now.tabState(t.id);
        return state !== undefined && isUnedited(state) && sameRequest(state, now);
      })
    : undefined;
  if (same !== undefined) {
    now.switchTab(same.id);
    useConsoleStore.getState().closeTab(opened);
    return;
  }
  if (blank === null) return;
  // The new tab where the blank one was, as if loaded into it.
  const at = now.tabs.findIndex((t) => t.id === blank);
  now.closeTab(blank);
  const tabs = [...useConsoleStore.getState().tabs];
  const moved = tabs.findIndex((t) => t.id === opened);
  if (at < 0 || moved < 0) return;
  const [tab] = tabs.splice(moved, 1);
  tabs.splice(at, 0, tab!);
  useConsoleStore.setState({ tabs });
}
