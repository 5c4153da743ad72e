/**
 * Issue 30: the Console's open tabs survive a restart (as in Bruno and Postman): each tab's
 * request, not its answer, kept in localStorage and restored when the studio opens again.
 */
import type { StoreApi } from 'zustand';

import type { ConsoleState, ConsoleTab, TabState } from './console-state';
import { freshTab, pickTab } from './tabs-slice';

const KEY = 'decorest.studio.console-tabs';
/** Beyond this, a restart keeps the newest tabs' requests only (storage is ~5 MB a site). */
const TEXT_LIMIT = 2 * 1024 * 1024;

type Kept = Omit<TabState, 'sending' | 'response' | 'results' | 'error' | 'controller'>;

const keep = (s: TabState): Kept => {
  const { sending: _s, response: _r, results: _x, error: _e, controller: _c, ...rest } = s;
  return rest;
};

const revive = (kept: Partial<Kept>): TabState => ({ ...freshTab(), ...kept });

interface Stored {
  activeTab: string;
  tabs: { id: string; state: Kept }[];
}

export function readTabs(storage: Storage | undefined): Stored | null {
  try {
    const parsed = JSON.parse(storage?.getItem(KEY) ?? 'null') as Stored | null;
    if (!parsed || !Array.isArray(parsed.tabs) || parsed.tabs.length === 0) return null;
    if (
      !parsed.tabs.every((t) => typeof t?.id === 'string' && t.state && typeof t.state === 'object')
    )
      return null;
    return parsed;
  } catch {
    return null;
  }
}

/** Puts the stored tabs into the store (the shown one as its fields). False when none were kept. */
export function restoreTabs(store: StoreApi<ConsoleState>, storage: Storage | undefined): boolean {
  const stored = readTabs(storage);
  if (!stored) return false;
  const active = stored.tabs.find((t) => t.id === stored.activeTab) ?? stored.tabs[0]!;
  const tabs: ConsoleTab[] = stored.tabs.map((t) =>
    t.id === active.id ? { id: t.id, state: null } : { id: t.id, state: revive(t.state) },
  );
  store.setState({ tabs, activeTab: active.id, ...revive(active.state) });
  return true;
}

function snapshot(s: ConsoleState): string {
  const tabs = s.tabs.map((t) => ({
    id: t.id,
    state: keep(t.id === s.activeTab ? pickTab(s) : t.state!),
  }));
  let text = JSON.stringify({ activeTab: s.activeTab, tabs });
  // A huge body in one tab must not cost the others their place.
  while (text.length > TEXT_LIMIT && tabs.length > 1) {
    tabs.splice(
      tabs.findIndex((t) => t.id !== s.activeTab),
      1,
    );
    text = JSON.stringify({ activeTab: s.activeTab, tabs });
  }
  return text;
}

/** Writes the tabs on change, at most every 300 ms; returns the unsubscribe. */
export function persistTabs(
  store: StoreApi<ConsoleState>,
  storage: Storage | undefined,
): () => void {
  if (!storage) return () => {};
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = () => {
    timer = null;
    try {
      storage.setItem(KEY, snapshot(store.getState()));
    } catch {
      // Storage full or disabled: the tabs live for this session only.
    }
  };
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.history !== prev.history && s.tabs === prev.tabs && s.url === prev.url) return;
    timer ??= setTimeout(write, 300);
  });
  // A reload or a closed window within the 300 ms keeps the last keystrokes.
  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      write();
    }
  };
  window.addEventListener('pagehide', flush);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
  };
}
