/**
 * The traffic log. Exchanges arrive in bursts (thousands a second from a load test), so they
 * are not written into the store one by one: `ingest` buffers them in the state's `inbox`
 * without a store update, and one flush per frame-ish tick appends the batch (zustand README,
 * "Transient updates"; STYLE 6).
 * The log keeps the newest {@link TRAFFIC_KEEP} exchanges.
 *
 * Pause freezes the list, not the capture: arrivals are held and Resume appends them in the
 * order they came (issue 23: they used to be counted and dropped, so only a page reload showed
 * them).
 *
 * A window that stopped reading the event stream for a while (a busy or hidden tab) is resynced
 * by the control API (issue 24 §3): it is sent the newest exchanges the studio holds instead of
 * all it missed, with their count. The log keeps what it had, counts the skipped ones and says
 * the window fell behind.
 */
import { create } from 'zustand';

import type { TrafficExchange } from '../../api';

export const TRAFFIC_KEEP = 2000;
/** How long arrivals are gathered before one store update (ms). */
export const TRAFFIC_FLUSH_MS = 100;

export interface TrafficFilter {
  method: string;
  /** '', '2xx', '3xx', '4xx', '5xx' */
  status: string;
  text: string;
  /**
   * '' any; 'simulated' or 'proxied' (issue 16); 'mocked': answered by a route as is;
   * 'outgoing' (issue 30): sent by the Console to another host.
   */
  tag: '' | 'simulated' | 'proxied' | 'mocked' | 'outgoing';
}

/** The arrivals of one log between resets (a clear, a flush, a resume): mutable, see `inbox`. */
interface TrafficInbox {
  /** Gathered for the next flush. */
  pending: TrafficExchange[];
  /**
   * Arrivals while paused, held for Resume. Only the newest {@link TRAFFIC_KEEP} can survive
   * Resume, so no more are held.
   */
  held: TrafficExchange[];
  /** The flush waiting to run, if any. */
  timer: ReturnType<typeof setTimeout> | null;
}

const emptyInbox = (): TrafficInbox => ({ pending: [], held: [], timer: null });

interface TrafficState {
  exchanges: TrafficExchange[];
  paused: boolean;
  /** Exchanges that arrived while paused, not shown until Resume. */
  missed: number;
  /**
   * Exchanges the control API left out of the stream since the log was last cleared: the mock
   * API answered faster than the studio could be sent them (`EventBatch.dropped`).
   */
  dropped: number;
  /** Times this window fell behind and was resynced (`EventBatch.resync`) since the last clear. */
  resyncs: number;
  selectedSeq: number | null;
  filter: TrafficFilter;
  /**
   * Arrivals not in {@link exchanges} yet; null until the first one after a reset. Appended to
   * in place, without a store update: a burst costs no render until its flush (see above).
   */
  inbox: TrafficInbox | null;
  ingest(exchanges: readonly TrafficExchange[], dropped?: number, resync?: boolean): void;
  flush(): void;
  setPaused(paused: boolean): void;
  clearTraffic(): void;
  selectExchange(seq: number | null): void;
  setFilter(patch: Partial<TrafficFilter>): void;
}

export const useTrafficStore = create<TrafficState>()((set, get) => ({
  exchanges: [],
  paused: false,
  missed: 0,
  dropped: 0,
  resyncs: 0,
  selectedSeq: null,
  filter: { method: '', status: '', text: '', tag: '' },
  inbox: null,
  ingest(exchanges, dropped = 0, resync = false) {
    if (dropped > 0 || resync) {
      set((s) => ({ dropped: s.dropped + dropped, resyncs: s.resyncs + (resync ? 1 : 0) }));
    }
    if (exchanges.length === 0) return;
    // A reset state has no inbox: it gets its own, so the initial state is never written to.
    let inbox = get().inbox;
    if (!inbox) set({ inbox: (inbox = emptyInbox()) });
    if (get().paused) {
      inbox.held.push(...exchanges);
      if (inbox.held.length > TRAFFIC_KEEP * 2) inbox.held = inbox.held.slice(-TRAFFIC_KEEP);
      set((s) => ({ missed: s.missed + exchanges.length }));
      return;
    }
    inbox.pending.push(...exchanges);
    inbox.timer ??= setTimeout(() => get().flush(), TRAFFIC_FLUSH_MS);
  },
  flush() {
    const inbox = get().inbox;
    if (!inbox) return;
    if (inbox.timer) clearTimeout(inbox.timer);
    inbox.timer = null;
    if (inbox.pending.length === 0) return;
    const batch = inbox.pending;
    set((s) => {
      const merged = s.exchanges.concat(batch);
      return {
        exchanges: merged.length > TRAFFIC_KEEP ? merged.slice(-TRAFFIC_KEEP) : merged,
        inbox: { ...inbox, pending: [] },
      };
    });
  },
  setPaused(paused) {
    if (paused) {
      set({ paused });
      return;
    }
    const inbox = get().inbox;
    set({
      paused,
      missed: 0,
      inbox: inbox && { ...inbox, pending: inbox.pending.concat(inbox.held), held: [] },
    });
    get().flush();
  },
  clearTraffic() {
    const timer = get().inbox?.timer;
    if (timer) clearTimeout(timer);
    set({
      exchanges: [],
      selectedSeq: null,
      missed: 0,
      dropped: 0,
      resyncs: 0,
      inbox: emptyInbox(),
    });
  },
  selectExchange: (selectedSeq) => set({ selectedSeq }),
  setFilter: (patch) => set((s) => ({ filter: { ...s.filter, ...patch } })),
}));

function matches(filter: TrafficFilter, e: TrafficExchange): boolean {
  if (filter.method && e.method !== filter.method) return false;
  if (filter.status && `${Math.floor(e.status / 100)}xx` !== filter.status) return false;
  if (filter.tag && (e.tag ?? 'mocked') !== filter.tag) return false;
  if (filter.text && !e.url.toLowerCase().includes(filter.text.toLowerCase())) return false;
  return true;
}

/**
 * `visible` memoised on the exchanges array and filter object, so a component may select it
 * directly: a pure memo (same input, same answer), nothing a store reset needs to clear.
 */
let lastInput: { exchanges: TrafficExchange[]; filter: TrafficFilter } | null = null;
let lastOutput: TrafficExchange[] = [];

export const trafficSelectors = {
  visible(s: TrafficState): TrafficExchange[] {
    if (lastInput?.exchanges === s.exchanges && lastInput.filter === s.filter) return lastOutput;
    const { filter } = s;
    const none = !filter.method && !filter.status && !filter.text && !filter.tag;
    lastOutput = none ? s.exchanges : s.exchanges.filter((e) => matches(filter, e));
    lastInput = { exchanges: s.exchanges, filter };
    return lastOutput;
  },
  selected: (s: TrafficState) => s.exchanges.find((e) => e.seq === s.selectedSeq) ?? null,
  /**
   * The logged exchange of a request the page sent itself (the Console): same method and
   * path, arrived between `from` and `to` (epoch ms); the newest such, or null.
   */
  sentBy:
    (method: string, path: string | null, from: number, to: number) =>
    (s: TrafficState): TrafficExchange | null => {
      if (path === null) return null;
      for (let i = s.exchanges.length - 1; i >= 0; i--) {
        const e = s.exchanges[i]!;
        if (e.time < from) break;
        if (e.time <= to && e.method === method && e.url === path) return e;
      }
      return null;
    },
};
