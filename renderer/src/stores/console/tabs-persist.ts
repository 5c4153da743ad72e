/**
 * Issue 30: the Console's open tabs survive a restart (as in Bruno and Postman), one set per
 * project: each tab's request, not its answer, and the saved request each tab has open. What is
 * kept and how it comes back; project-tabs.ts (in the collection store's folder) decides when
 * and where.
 */
import type { HistoryEntry } from './console-history';
import type { ConsoleState, ConsoleTab, TabState } from './console-state';
import { freshTab, newTabId, pickTab } from './tabs-slice';

/** Beyond this, a restart keeps the shown tab and the newest others only (the session's limit is 4 MiB). */
const TEXT_LIMIT = 3 * 1024 * 1024;

type Kept = Omit<
  TabState,
  'sending' | 'response' | 'results' | 'captures' | 'error' | 'controller'
>;

const keep = (s: TabState): Kept => {
  const {
    sending: _s,
    response: _r,
    results: _x,
    captures: _k,
    error: _e,
    controller: _c,
    ...rest
  } = s;
  return rest;
};

const revive = (kept: Partial<Kept>): TabState => ({ ...freshTab(), ...kept });

/** What a project's tabs keep; `open` is each tab's saved-request link, opaque here. */
export interface StoredTabs<Open> {
  activeTab: string;
  tabs: { id: string; state: Kept }[];
  open: Record<string, Open>;
  /** The requests sent in the project, newest first (CONTRACT §8: kept across restarts). */
  history?: HistoryEntry[];
  /** The environment chosen in the project (`""`: none). */
  environment?: string;
}

/** Kept tabs as read back (from the studio's session), or null when they do not read. */
export function storedTabsOf<Open>(value: unknown): StoredTabs<Open> | null {
  if (!value || typeof value !== 'object') return null;
  const parsed = value as Partial<StoredTabs<Open>>;
  if (!Array.isArray(parsed.tabs) || parsed.tabs.length === 0) return null;
  if (
    !parsed.tabs.every((t) => typeof t?.id === 'string' && t.state && typeof t.state === 'object')
  )
    return null;
  const open = parsed.open && typeof parsed.open === 'object' ? parsed.open : {};
  const history = Array.isArray(parsed.history)
    ? parsed.history.filter((h) => h && typeof h.url === 'string' && typeof h.method === 'string')
    : undefined;
  return {
    activeTab: String(parsed.activeTab),
    tabs: parsed.tabs,
    open,
    ...(history ? { history } : {}),
    ...(typeof parsed.environment === 'string' ? { environment: parsed.environment } : {}),
  };
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

/** What is kept of the tabs: each one's request, not its answer; the biggest dropped first past the limit. */
export function tabsToKeep<Open>(
  s: ConsoleState,
  open: Readonly<Record<string, Open>>,
): StoredTabs<Open> {
  const tabs = s.tabs.map((t) => ({
    id: t.id,
    state: keep(t.id === s.activeTab ? pickTab(s) : t.state!),
  }));
  const size = () => JSON.stringify(tabs).length;
  // A huge body in one tab must not cost the others their place.
  while (size() > TEXT_LIMIT && tabs.length > 1) {
    tabs.splice(
      tabs.findIndex((t) => t.id !== s.activeTab),
      1,
    );
  }
  return { activeTab: s.activeTab, tabs, open: { ...open }, history: s.history };
}
