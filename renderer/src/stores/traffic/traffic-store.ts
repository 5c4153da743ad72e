/**
 * The traffic log. Exchanges arrive in bursts (thousands a second from a load test), so they
 * are not written into the store one by one: `ingest` buffers them outside React and one
 * flush per frame-ish tick appends the batch (zustand README, "Transient updates"; STYLE 6).
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
  /** '' any; 'simulated' or 'proxied' (issue 16); 'mocked': answered by a route as is. */
  tag: '' | 'simulated' | 'proxied' | 'mocked';
}

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
  ingest(exchanges: readonly TrafficExchange[], dropped?: number, resync?: boolean): void;
  flush(): void;
  setPaused(paused: boolean): void;
  clearTraffic(): void;
  selectExchange(seq: number | null): void;
  setFilter(patch: Partial<TrafficFilter>): void;
}

let pending: TrafficExchange[] = [];
/**
 * Arrivals while paused, outside the store so a burst during a pause costs no render. Only the
 * newest {@link TRAFFIC_KEEP} can survive Resume, so no more are held.
 */
let held: TrafficExchange[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

export const useTrafficStore = create<TrafficState>()((set, get) => ({
  exchanges: [],
  paused: false,
  missed: 0,
  dropped: 0,
  resyncs: 0,
  selectedSeq: null,
  filter: { method: '', status: '', text: '', tag: '' },
  ingest(exchanges, dropped = 0, resync = false) {
    if (dropped > 0 || resync) {
      set((s) => ({ dropped: s.dropped + dropped, resyncs: s.resyncs + (resync ? 1 : 0) }));
    }
    if (exchanges.length === 0) return;
    if (get().paused) {
      held.push(...exchanges);
      if (held.length > TRAFFIC_KEEP * 2) held = held.slice(-TRAFFIC_KEEP);
      set((s) => ({ missed: s.missed + exchanges.length }));
      return;
    }
    pending.push(...exchanges);
    timer ??= setTimeout(() => get().flush(), TRAFFIC_FLUSH_MS);
  },
  flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    set((s) => {
      const merged = s.exchanges.concat(batch);
      return { exchanges: merged.length > TRAFFIC_KEEP ? merged.slice(-TRAFFIC_KEEP) : merged };
    });
  },
  setPaused(paused) {
    if (paused) {
      set({ paused });
      return;
    }
    pending.push(...held);
    held = [];
    set({ paused, missed: 0 });
    get().flush();
  },
  clearTraffic() {
    pending = [];
    held = [];
    set({ exchanges: [], selectedSeq: null, missed: 0, dropped: 0, resyncs: 0 });
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

/** Memoised on the exchanges array and filter object, so a component may select it directly. */
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
