/**
 * Issue 30: the Console's tabs belong to a project, as a Bruno collection's do. When the studio
 * opens a project its tabs come back as they were left (their requests and the saved request
 * each has open, and the project's history), or one fresh tab that starts on the project's
 * first route. The studio keeps
 * them in the user's config folder (`/api/console-session`), not the page's storage: a browser
 * keeps storage per origin, and the studio's port changes from one start to the next. Changes
 * are written at most every 300 ms.
 */
import { client, type JsonValue } from '../../api';
import { useConsoleStore } from '../console/console-store';
import { type StoredTabs, storedTabsOf, tabsOf, tabsToKeep } from '../console/tabs-persist';
import { useProjectStore } from '../project/project-store';
import { type OpenRequest, useCollectionStore } from './collection-store';

/** Where a project's tabs are kept. */
export interface TabKeeper {
  /** The open project's tabs, or null. */
  read(): Promise<JsonValue | null>;
  /** `leaving`: the page is going away, so the write must outlive it. */
  write(root: string, state: JsonValue, leaving?: boolean): Promise<void>;
}

export const studioTabKeeper: TabKeeper = {
  read: async () => (await client().call('getConsoleSession')).state,
  write: async (root, state, leaving) =>
    void (await client().call('putConsoleSession', {
      body: { root, state },
      keepalive: leaving === true,
    })),
};

export function keepTabsPerProject(keeper: TabKeeper = studioTabKeeper): () => void {
  let root: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let reading = false;
  const write = (leaving = false) => {
    timer = null;
    if (!root || reading) return;
    const collection = useCollectionStore.getState();
    const state = {
      ...tabsToKeep(useConsoleStore.getState(), collection.openByTab),
      environment: collection.environment,
    };
    // Unwritten, the tabs still live in this page; the next change tries again.
    void keeper.write(root, state as unknown as JsonValue, leaving).catch(() => {});
  };
  const flush = (leaving = false) => {
    if (timer) {
      clearTimeout(timer);
      write(leaving);
    }
  };
  const schedule = () => {
    if (root && !reading) timer ??= setTimeout(write, 300);
  };
  const apply = (stored: StoredTabs<OpenRequest> | null) => {
    useConsoleStore.getState().controller?.abort();
    useConsoleStore.setState(tabsOf(stored));
    const openByTab = stored?.open ?? {};
    useCollectionStore.setState({
      openByTab,
      open: openByTab[useConsoleStore.getState().activeTab] ?? null,
    });
  };
  let shown = 0;
  const show = async (next: string) => {
    shown++;
    flush();
    root = next;
    reading = true;
    // The last project's tabs and history go at once; this one's come when read (the first
    // project this page shows keeps the page's own history until then).
    apply(null);
    if (shown > 1) {
      useConsoleStore.getState().replaceHistory([]);
      void useCollectionStore.getState().chooseEnvironment('');
    }
    const fresh = useConsoleStore.getState();
    let stored: StoredTabs<OpenRequest> | null = null;
    try {
      stored = storedTabsOf<OpenRequest>(await keeper.read());
    } catch {
      // Nothing kept, or the studio is away: a fresh tab.
    }
    if (root !== next) return;
    reading = false;
    // Typed into the fresh tab meanwhile: what was typed wins over what was kept (its move
    // to the project's first route is not typing).
    const now = useConsoleStore.getState();
    const untouched =
      now.tabs.length === 1 &&
      now.method === fresh.method &&
      now.body === '' &&
      (now.url === '' || now.url === now.startedAt);
    if (stored && untouched) apply(stored);
    // The history and the environment the studio kept: the page's own storage is per origin,
    // and the port changes.
    if (stored?.history) useConsoleStore.getState().replaceHistory(stored.history);
    if (stored?.environment !== undefined)
      void useCollectionStore.getState().chooseEnvironment(stored.environment);
  };
  const follow = (r: string | undefined) => {
    if (r && r !== root) void show(r);
  };
  const stops = [
    useProjectStore.subscribe((s) => follow(s.status?.root)),
    useConsoleStore.subscribe(() => schedule()),
    useCollectionStore.subscribe((s, prev) => {
      if (s.openByTab === prev.openByTab && s.environment === prev.environment) return;
      // A save or a choice is one event, not typing: kept at once, not 300 ms later (a reload
      // right after a save would otherwise find the tab unsaved).
      schedule();
      flush();
    }),
  ];
  follow(useProjectStore.getState().status?.root);
  // What was typed in the last 300 ms goes too when the page goes away.
  const leave = () => flush(true);
  const page = typeof window === 'undefined' ? undefined : window;
  page?.addEventListener('pagehide', leave);
  return () => {
    flush();
    for (const stop of stops) stop();
    page?.removeEventListener('pagehide', leave);
  };
}
