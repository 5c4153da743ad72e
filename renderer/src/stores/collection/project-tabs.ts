/**
 * Issue 30: the Console's tabs belong to a project, as a Bruno collection's do. When the studio
 * opens a project its tabs come back as they were left (their requests and the saved request
 * each has open), or one fresh tab that starts on the project's first route; changes are kept
 * at most every 300 ms and when the page goes away.
 */
import { useConsoleStore } from '../console/console-store';
import { readTabs, tabsOf, writeTabs } from '../console/tabs-persist';
import { useProjectStore } from '../project/project-store';
import { type OpenRequest, useCollectionStore } from './collection-store';

export function keepTabsPerProject(storage: Storage): () => void {
  let root: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = () => {
    timer = null;
    if (root)
      writeTabs(storage, root, useConsoleStore.getState(), useCollectionStore.getState().openByTab);
  };
  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      write();
    }
  };
  const schedule = () => {
    if (root) timer ??= setTimeout(write, 300);
  };
  const show = (next: string) => {
    flush();
    root = next;
    const stored = readTabs<OpenRequest>(storage, next);
    useConsoleStore.getState().controller?.abort();
    useConsoleStore.setState(tabsOf(stored));
    const openByTab = stored?.open ?? {};
    useCollectionStore.setState({
      openByTab,
      open: openByTab[useConsoleStore.getState().activeTab] ?? null,
    });
  };
  const follow = (r: string | undefined) => {
    if (r && r !== root) show(r);
  };
  const stops = [
    useProjectStore.subscribe((s) => follow(s.status?.root)),
    useConsoleStore.subscribe((s, prev) => {
      // The history is kept on its own; everything else a tab holds may have changed.
      if (s.history !== prev.history && s.tabs === prev.tabs && s.url === prev.url) return;
      schedule();
    }),
    useCollectionStore.subscribe((s, prev) => {
      if (s.openByTab !== prev.openByTab) schedule();
    }),
  ];
  follow(useProjectStore.getState().status?.root);
  const page = typeof window === 'undefined' ? undefined : window;
  page?.addEventListener('pagehide', flush);
  return () => {
    flush();
    for (const stop of stops) stop();
    page?.removeEventListener('pagehide', flush);
  };
}
