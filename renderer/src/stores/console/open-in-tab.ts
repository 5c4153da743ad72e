/**
 * A request opened from elsewhere (Endpoints, an inspector's example, Traffic, History, a pasted
 * curl command) goes into a tab of its own, as in Postman and Bruno, unless the shown tab is one
 * nobody has used yet (a new tab, or the project's first route it started on). The shown tab was
 * written over before: a saved request in it stayed linked to its file, and Ctrl+S then saved
 * the other request over that file without asking.
 */
import { useCollectionStore } from '../collection/collection-store';
import type { TabState } from './console-state';
import { useConsoleStore } from './console-store';

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

/** Runs `load` (which fills the shown tab) in a new tab unless the shown one is blank. */
export function inAFreeTab(load: () => void): void {
  const shown = useConsoleStore.getState();
  const saved = useCollectionStore.getState().openByTab[shown.activeTab] !== undefined;
  if (saved || !isBlankTab(shown)) shown.newTab();
  load();
}
