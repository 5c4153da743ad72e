/**
 * Issue 30: the Console's tabs. The shown tab's request and answer are the store's own fields
 * (so every view of the Console reads one request, as before tabs); the tabs not shown keep
 * theirs in `tabs[i].state`. Switching swaps them. An answer that arrives for a tab no longer
 * shown lands in that tab (`patchTab`).
 */
import {
  type ConsoleSlice,
  type ConsoleTab,
  TAB_KEYS,
  type TabsSlice,
  type TabState,
} from './console-state';

let nextId = 0;
/** Unique in this page and across reloads (restored tabs keep their ids). */
export const newTabId = (): string =>
  `t${Date.now().toString(36)}${(nextId++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A request nobody has typed yet: what a new tab shows. */
export function freshTab(): TabState {
  return {
    method: 'GET',
    url: '',
    query: [],
    pathParams: [],
    headers: [{ name: 'Accept', value: 'application/json', enabled: true }],
    body: '',
    bodyKind: 'json',
    formFields: [],
    multipartFields: [],
    auth: { kind: 'none' },
    assertions: [],
    saves: [],
    parked: null,
    startedAt: null,
    baseline: null,
    sending: false,
    response: null,
    results: null,
    captures: null,
    error: null,
    controller: null,
  };
}

export function pickTab(s: TabState): TabState {
  const out = {} as Record<string, unknown>;
  for (const key of TAB_KEYS) out[key] = s[key];
  return out as unknown as TabState;
}

const firstTab = newTabId();

export const createTabsSlice: ConsoleSlice<TabsSlice> = (set, get) => ({
  tabs: [{ id: firstTab, state: null }],
  activeTab: firstTab,
  newTab(initial) {
    const id = newTabId();
    const s = get();
    const shown = pickTab(s);
    set({
      tabs: [
        ...s.tabs.map((t) => (t.id === s.activeTab ? { id: t.id, state: shown } : t)),
        { id, state: null },
      ],
      activeTab: id,
      ...freshTab(),
      ...initial,
    });
    return id;
  },
  switchTab(id) {
    const s = get();
    if (id === s.activeTab) return;
    const target = s.tabs.find((t) => t.id === id);
    if (!target?.state) return;
    const shown = pickTab(s);
    set({
      tabs: s.tabs.map((t): ConsoleTab => {
        if (t.id === s.activeTab) return { id: t.id, state: shown };
        if (t.id === id) return { id, state: null };
        return t;
      }),
      activeTab: id,
      ...target.state,
    });
  },
  closeTab(id) {
    const s = get();
    const at = s.tabs.findIndex((t) => t.id === id);
    if (at < 0) return;
    const closing = id === s.activeTab ? pickTab(s) : s.tabs[at]!.state;
    closing?.controller?.abort();
    const rest = s.tabs.filter((t) => t.id !== id);
    if (rest.length === 0) {
      // The last tab closes into a fresh one: the Console always has a request to type.
      const fresh = newTabId();
      set({ tabs: [{ id: fresh, state: null }], activeTab: fresh, ...freshTab() });
      return;
    }
    if (id !== s.activeTab) {
      set({ tabs: rest });
      return;
    }
    // As browsers do: the tab to the right takes its place, else the one to the left.
    const next = rest[Math.min(at, rest.length - 1)]!;
    set({
      tabs: rest.map((t) => (t.id === next.id ? { id: t.id, state: null } : t)),
      activeTab: next.id,
      ...next.state!,
    });
  },
  patchTab(id, patch) {
    const s = get();
    if (id === s.activeTab) {
      set(patch);
      return;
    }
    set({
      tabs: s.tabs.map((t) =>
        t.id === id && t.state ? { id, state: { ...t.state, ...patch } } : t,
      ),
    });
  },
  tabState(id) {
    const s = get();
    if (id === s.activeTab) return pickTab(s);
    return s.tabs.find((t) => t.id === id)?.state ?? undefined;
  },
});
