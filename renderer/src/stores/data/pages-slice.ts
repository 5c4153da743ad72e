/**
 * The Data view's rows, read in pages of {@link PAGE_SIZE} as the grid scrolls (100,000
 * records never travel at once), sorted and filtered by the server through the records list
 * query. Record-change events refresh the pages on screen.
 */
import equal from 'fast-deep-equal';

import { client, type JsonRecord, type RecordKey } from '../../api';
import { useModelsStore } from '../models/models-store';
import { problemOf } from '../problem/problem-of';
import { pageQuery } from './data-query';
import { type DataSlice, PAGE_SIZE, type PagesSlice } from './data-state';
import { useRecordCounts } from './record-counts-store';

/** Pages kept around the visible rows; farther ones are dropped and read again if needed. */
const KEEP_PAGES = 40;

/**
 * A record that reads the same as the one on screen keeps its object: the grid closes an open
 * cell editor when its row object changes, so another client's write to some other record must
 * not end the user's edit (and unchanged rows skip a re-render).
 */
function keepUnchanged(pages: Record<number, JsonRecord[]>, items: JsonRecord[]): JsonRecord[] {
  const shown = new Map<RecordKey, JsonRecord>();
  for (const rows of Object.values(pages)) for (const row of rows) shown.set(row.id, row);
  return items.map((item) => {
    const old = shown.get(item.id);
    return old && equal(old, item) ? old : item;
  });
}

function trimPages(pages: Record<number, JsonRecord[]>, around: number) {
  const keys = Object.keys(pages).map(Number);
  if (keys.length < KEEP_PAGES) return pages;
  const kept: Record<number, JsonRecord[]> = {};
  for (const k of keys) if (Math.abs(k - around) < KEEP_PAGES / 2) kept[k] = pages[k]!;
  return kept;
}

function pagesOf([first, last]: [number, number]): number[] {
  const pages: number[] = [];
  for (let p = Math.floor(first / PAGE_SIZE); p <= Math.floor(last / PAGE_SIZE); p++) pages.push(p);
  return pages;
}

export const createPagesSlice: DataSlice<PagesSlice> = (set, get) => {
  // A page read that was on its way when this window saved a record answers what the record
  // was before (seen in CI: a cell showed its old value after the save was acknowledged).
  // Records this window wrote, numbered, so such an answer takes the newer one.
  let writes = 0;
  const written = new Map<string, { at: number; record: JsonRecord }>();
  const writtenKey = (model: string, id: unknown) => `${model}\u0000${String(id)}`;
  const newest = (model: string, items: JsonRecord[], since: number): JsonRecord[] =>
    written.size === 0
      ? items
      : items.map((r) => {
          const w = written.get(writtenKey(model, r.id));
          return w && w.at > since ? w.record : r;
        });

  async function loadPage(page: number, gen: number): Promise<void> {
    const { model, sort, filter } = get();
    const since = writes;
    const flightKey = `${gen}:${page}`;
    if (!model || get().pagesInFlight[flightKey]) return;
    set((s) => ({ pagesInFlight: { ...s.pagesInFlight, [flightKey]: true } }));
    try {
      const answer = await client().call('listRecords', {
        params: { model },
        query: pageQuery(
          page * PAGE_SIZE,
          PAGE_SIZE,
          sort,
          filter,
          useModelsStore.getState().models.find((m) => m.name === model),
        ),
      });
      if (gen !== get().generation) return;
      if (filter.trim() === '') useRecordCounts.getState().setCount(model, answer.total);
      set((s) => ({
        pages: {
          ...trimPages(s.pages, page),
          [page]: keepUnchanged(s.pages, newest(model, answer.items, since)),
        },
        total: answer.total,
        status: 'ready',
        error: null,
      }));
    } catch (error) {
      if (gen === get().generation) set({ status: 'error', error: problemOf(error) });
    } finally {
      set((s) => {
        const pagesInFlight = { ...s.pagesInFlight };
        delete pagesInFlight[flightKey];
        return { pagesInFlight };
      });
    }
  }

  return {
    total: 0,
    pages: {},
    status: 'idle',
    error: null,
    range: [0, PAGE_SIZE],
    generation: 0,
    pagesInFlight: {},
    refreshing: null,
    refreshAgain: false,
    async startOver(patch) {
      const generation = get().generation + 1;
      set({
        notice: null,
        ...patch,
        generation,
        pages: {},
        status: 'loading',
        error: null,
        cellErrors: {},
        range: [0, PAGE_SIZE],
      });
      if (get().model) await loadPage(0, generation);
    },
    async ensureRows(first, last) {
      set({ range: [first, last] });
      const gen = get().generation;
      const loads: Promise<void>[] = [];
      for (const p of pagesOf([first, last])) {
        if (!get().pages[p] && (p === 0 || p * PAGE_SIZE < get().total))
          loads.push(loadPage(p, gen));
      }
      await Promise.all(loads);
    },
    refreshRows() {
      // One refresh at a time; changes during one trigger exactly one more (event bursts).
      const running = get().refreshing;
      if (running) {
        set({ refreshAgain: true });
        return running;
      }
      const run = async () => {
        do {
          set({ refreshAgain: false });
          const gen = get().generation;
          const wanted = new Set(pagesOf(get().range));
          set((s) => {
            const pages: Record<number, JsonRecord[]> = {};
            for (const p of wanted) if (s.pages[p]) pages[p] = s.pages[p];
            return { pages };
          });
          // Pages stay on screen while their fresh copies load, so rows do not flash.
          await Promise.all([...wanted].map((p) => loadPage(p, gen)));
        } while (get().refreshAgain);
      };
      const refreshing = run().finally(() => set({ refreshing: null }));
      set({ refreshing });
      return refreshing;
    },
    replaceRecord(updated) {
      // Kept while reads that began before it may still answer; a bound keeps it small.
      if (written.size >= 1_000) written.clear();
      const model = get().model;
      if (model) written.set(writtenKey(model, updated.id), { at: ++writes, record: updated });
      set((s) => {
        const pages = { ...s.pages };
        for (const [k, rows] of Object.entries(pages)) {
          const i = rows.findIndex((r) => r.id === updated.id);
          if (i >= 0) pages[Number(k)] = rows.map((r, j) => (j === i ? updated : r));
        }
        return { pages };
      });
    },
    recordsChanged(model) {
      void useRecordCounts.getState().recount(model);
      if (model === get().model && get().status !== 'idle') void get().refreshRows();
    },
  };
};
