/**
 * The Console's saved requests and environments (issue 30), kept by the core as plain files in
 * the project (`requests/<folder>/<name>.json`, `environments/<name>.json`): the list, the
 * saved request open in the Console (to save it in place and to tell when it has unsaved
 * changes), and the chosen environment, whose variables (secrets included, asked for only
 * then) go to the Console for `{{name}}`.
 */
import { create } from 'zustand';

import {
  client,
  type Problem,
  type RequestCollection,
  type RequestEntry,
  variablesOf,
} from '../../api';
import type { ConsoleState, TabState } from '../console/console-state';
import { useConsoleStore } from '../console/console-store';
import { savedRequestOf, tabSnapshot } from '../console/saved-request';
import { problemOf } from '../problem/problem-of';

const storage = typeof localStorage === 'undefined' ? undefined : localStorage;
const ENV_KEY = 'decorest.studio.environment';

export { savedRequestOf } from '../console/saved-request';

/** A tab's request as text (saved-request.ts), kept with the saved request it has open. */
export const snapshotOf = (s: TabState): string => tabSnapshot(s);

/** A tab's saved request, and the tab as it was when opened or saved. */
export interface OpenRequest {
  entry: RequestEntry;
  snapshot: string;
}

interface CollectionState {
  collection: RequestCollection | null;
  error: Problem | null;
  busy: boolean;
  /** The saved request open in the Console's shown tab, and the tab as it was when opened or saved. */
  open: OpenRequest | null;
  /** Issue 30: each tab's saved request (kept across restarts with the tabs). */
  openByTab: Readonly<Record<string, OpenRequest>>;
  environment: string;
  load(): Promise<void>;
  /** Shows the tab that has `entry` open, or opens it in a new tab. */
  openRequest(entry: RequestEntry): void;
  /** Saves the Console's request: in place when a saved one is open and `as` is not given. */
  save(as?: { name: string; folder: string }): Promise<Problem | null>;
  remove(path: string): Promise<Problem | null>;
  duplicate(path: string): Promise<Problem | null>;
  chooseEnvironment(name: string): Promise<void>;
}

/** Saved requests whose move (rename, move, folder rename) has not answered yet. */
export const movingPaths = new Set<string>();

export const useCollectionStore = create<CollectionState>()((set, get) => {
  /** Links (or unlinks) a tab to a saved request. */
  const setOpen = (tab: string, open: OpenRequest | null) => {
    const openByTab = { ...get().openByTab };
    if (open) openByTab[tab] = open;
    else delete openByTab[tab];
    const active = useConsoleStore.getState().activeTab;
    set({ openByTab, open: openByTab[active] ?? null });
  };
  return {
    collection: null,
    error: null,
    busy: false,
    // A project's links come back with its tabs (project-tabs.ts).
    openByTab: {},
    open: null,
    environment: storage?.getItem(ENV_KEY) ?? '',
    async load() {
      try {
        const collection = await client().call('listRequests');
        set({ collection, error: null });
        // A tab's saved request follows its file: re-read, or unlinked when the file is gone.
        for (const [tab, open] of Object.entries(get().openByTab)) {
          const now = collection.requests.find((r) => r.path === open.entry.path);
          // A file being moved is gone from its old place before its move answers: the move
          // (request-moves.ts) gives the tab its new path then.
          if (!now) {
            if (!movingPaths.has(open.entry.path)) setOpen(tab, null);
          } else if (JSON.stringify(now) !== JSON.stringify(open.entry))
            setOpen(tab, { ...open, entry: now });
        }
        // The chosen environment's variables, once the list says what it holds.
        if (get().environment) await get().chooseEnvironment(get().environment);
      } catch (error) {
        set({ error: problemOf(error) });
      }
    },
    openRequest(entry) {
      const tabs = useConsoleStore.getState();
      const already = Object.entries(get().openByTab).find(
        ([tab, o]) => o.entry.path === entry.path && tabs.tabs.some((t) => t.id === tab),
      );
      if (already) {
        tabs.switchTab(already[0]);
        return;
      }
      // As Bruno: a saved request opens in a tab of its own, unless the shown tab is still empty.
      const shown = tabs.url === '' && !get().openByTab[tabs.activeTab];
      if (!shown) tabs.newTab();
      useConsoleStore.getState().loadSavedRequest(entry.request);
      const now = useConsoleStore.getState();
      setOpen(now.activeTab, { entry, snapshot: snapshotOf(now) });
    },
    async save(as) {
      const open = get().open;
      const name = as?.name ?? open?.entry.request.name;
      const folder = as?.folder ?? open?.entry.folder ?? '';
      if (!name) return null;
      set({ busy: true });
      try {
        const console = useConsoleStore.getState();
        const tab = console.activeTab;
        const entry = await client().call('saveRequest', {
          body: {
            folder,
            request: {
              ...savedRequestOf(console, name),
              // Its place in the folder stays with it when saved in place (the tab has none).
              ...(open && !as && open.entry.request.seq !== undefined
                ? { seq: open.entry.request.seq }
                : {}),
            },
            // In place (a rename or a move when `as` differs); a new file for "Save as" without one open.
            ...(open && !as ? { path: open.entry.path } : {}),
          },
        });
        set({ busy: false });
        setOpen(tab, { entry, snapshot: snapshotOf(console) });
        await get().load();
        return null;
      } catch (error) {
        set({ busy: false });
        return problemOf(error);
      }
    },
    async remove(path) {
      try {
        await client().call('deleteRequest', { body: { path } });
        for (const [tab, o] of Object.entries(get().openByTab))
          if (o.entry.path === path) {
            setOpen(tab, null);
            // Its file gone, the tab holds the last copy: closing it asks (a dot says so).
            useConsoleStore.getState().patchTab(tab, { baseline: null });
          }
        await get().load();
        return null;
      } catch (error) {
        return problemOf(error);
      }
    },
    async duplicate(path) {
      try {
        await client().call('duplicateRequest', { body: { path } });
        await get().load();
        return null;
      } catch (error) {
        return problemOf(error);
      }
    },
    async chooseEnvironment(name) {
      set({ environment: name });
      storage?.setItem(ENV_KEY, name);
      const found = get().collection?.environments.find((e) => e.environment.name === name);
      if (!found) {
        useConsoleStore.getState().setVariables({});
        return;
      }
      const variables = found.environment.variables.map((v) => ({ ...v }));
      if (variables.some((v) => v.secret && v.hasValue)) {
        try {
          const secrets = await client().call('getEnvironmentSecrets', { body: { name } });
          for (const v of variables) if (v.secret) v.value = secrets.values[v.name] ?? '';
        } catch {
          // Without its secrets the environment still gives its other variables.
        }
      }
      useConsoleStore.getState().setVariables(variablesOf(variables));
    },
  };
});

// The shown tab's saved request follows the tab; a closed tab lets go of its link.
useConsoleStore.subscribe((now, before) => {
  if (now.activeTab === before.activeTab && now.tabs === before.tabs) return;
  const { openByTab } = useCollectionStore.getState();
  const live = Object.fromEntries(
    Object.entries(openByTab).filter(([tab]) => now.tabs.some((t) => t.id === tab)),
  );
  useCollectionStore.setState({ openByTab: live, open: live[now.activeTab] ?? null });
});

export const collectionSelectors = {
  /** The open saved request differs from what the Console shows. */
  unsaved: (s: CollectionState, console: ConsoleState): boolean =>
    s.open !== null && s.open.snapshot !== snapshotOf(console),
};
