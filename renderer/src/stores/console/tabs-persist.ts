/**
 * Issue 30: the Console's open tabs survive a restart (as in Bruno and Postman), one set per
 * project: each tab's request, not its answer, and the saved request each tab has open, kept in
 * localStorage under the project's folder. Pure reading and writing; project-tabs.ts (in the
 * collection store's folder) decides when.
 */
import type { ConsoleState, ConsoleTab, TabState } from './console-state';
import { freshTab, newTabId, pickTab } from './tabs-slice';

const KEY = 'decorest.studio.console-tabs';
/** Beyond this, a restart keeps the newest tabs' requests only (storage is ~5 MB a site). */
const TEXT_LIMIT = 2 * 1024 * 1024;

type Kept = Omit<TabState, 'sending' | 'response' | 'results' | 'error' | 'controller'>;

const keep = (s: TabState): Kept => {
  const { sending: _s, response: _r, results: _x, error: _e, controller: _c, ...rest } = s;
  return rest;
};

const revive = (kept: Partial<Kept>): TabState => ({ ...freshTab(), ...kept });

/** What a project's tabs keep; `open` is each tab's saved-request link, opaque here. */
export interface StoredTabs<Open> {
  activeTab: string;
  tabs: { id: string; state: Kept }[];
  open: Record<string, Open>;
}

const keyOf = (root: string) => `${KEY}:${root}`;

export function readTabs<Open>(storage: Storage, root: string): StoredTabs<Open> | null {
  try {
    const parsed = JSON.parse(storage.getItem(keyOf(root)) ?? 'null') as StoredTabs<Open> | null;
    if (!parsed || !Array.isArray(parsed.tabs) || parsed.tabs.length === 0) return null;
    if (
      !parsed.tabs.every((t) => typeof t?.id === 'string' && t.state && typeof t.state === 'object')
    )
      return null;
    const open = parsed.open && typeof parsed.open === 'object' ? parsed.open : {};
    return { activeTab: String(parsed.activeTab), tabs: parsed.tabs, open };
  } catch {
    return null;
  }
}

/** The store's fields for `stored` tabs (the shown one as its fields), or one fresh tab. */
export function tabsOf<Open>(
  stored: StoredTabs<Open> | null,
): Pick<ConsoleState, 'tabs' | 'activeTab'> & TabState {
  if (!stored) {
    const id = newTabId();
    return { tabs: [{ id, state: null }], activeTab: id, ...freshTab() };
  }
  const active = stored.tabs.find((t) => t.id === stored.activeTab) ?? stored.tabs[0]!;
  const tabs: ConsoleTab[] = stored.tabs.map((t) =>
    t.id === active.id ? { id: t.id, state: null } : { id: t.id, state: revive(t.state) },
  );
  return { tabs, activeTab: active.id, ...revive(active.state) };
}

export function writeTabs<Open>(
  storage: Storage,
  root: string,
  s: ConsoleState,
  open: Readonly<Record<string, Open>>,
): void {
  const tabs = s.tabs.map((t) => ({
    id: t.id,
    state: keep(t.id === s.activeTab ? pickTab(s) : t.state!),
  }));
  const text = () => JSON.stringify({ activeTab: s.activeTab, tabs, open });
  let out = text();
  // A huge body in one tab must not cost the others their place.
  while (out.length > TEXT_LIMIT && tabs.length > 1) {
    tabs.splice(
      tabs.findIndex((t) => t.id !== s.activeTab),
      1,
    );
    out = text();
  }
  try {
    storage.setItem(keyOf(root), out);
  } catch {
    // Storage full or disabled: the tabs live for this session only.
  }
}
