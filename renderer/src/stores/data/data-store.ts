/**
 * The Data view's records: one model at a time, read in pages of {@link PAGE_SIZE} as the grid
 * scrolls (100,000 records never travel at once), sorted and filtered by the server through
 * the records list query. Cell edits are PATCHes; a 422 keeps the typed text on the cell with
 * the API's message. Record-change events refresh the rows on screen.
 */
import equal from 'fast-deep-equal';
import { create } from 'zustand';

import {
  client,
  ControlError,
  type JsonRecord,
  type JsonValue,
  type Problem,
  type RecordKey,
} from '../../api';
import { problemOf } from '../problem/problem-of';
import { type DataSort, pageQuery } from './data-query';
import { useRecordCounts } from './record-counts-store';

export const PAGE_SIZE = 100;
/** Pages kept around the visible rows; farther ones are dropped and read again if needed. */
const KEEP_PAGES = 40;

export interface CellError {
  message: string;
  /** What the user typed, kept so the edit is not lost. */
  text: string;
}

interface DataState {
  model: string | null;
  total: number;
  pages: Record<number, JsonRecord[]>;
  sort: DataSort | null;
  filter: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: Problem | null;
  cellErrors: Record<string, CellError>;
  /** A problem of the last add, delete or import, shown above the grid. */
  actionError: Problem | null;
  notice: string | null;
  /** Rows last asked for by the grid: [first, last]. */
  range: [number, number];
  selectModel(model: string | null): Promise<void>;
  /**
   * Shows one record of `model` (a relation's parent): that model, filtered to its id, with
   * the focus on its row ({@link focusFirstRow}).
   */
  openRecord(model: string, id: RecordKey): Promise<void>;
  /** Set by {@link openRecord}: the grid focuses its first row once it shows it, then clears. */
  focusFirstRow: boolean;
  /** Where {@link openRecord} came from, for {@link goBack}; cleared by choosing a model. */
  cameFrom: { model: string; filter: string; sort: DataSort | null } | null;
  /** Back to the model, filter and sort a relation was opened from. */
  goBack(): Promise<void>;
  setSort(sort: DataSort | null): Promise<void>;
  setFilter(filter: string): Promise<void>;
  ensureRows(first: number, last: number): Promise<void>;
  refreshRows(): Promise<void>;
  saveCell(id: RecordKey, field: string, value: JsonValue, text: string): Promise<boolean>;
  createRecord(body: unknown): Promise<JsonRecord | null>;
  deleteRecord(id: RecordKey): Promise<void>;
  importRecords(rows: unknown[]): Promise<boolean>;
  exportRecords(): Promise<JsonRecord[] | null>;
  recordsChanged(model: string): void;
  dismiss(): void;
  /** Drops what was typed into a refused cell: it shows the stored value again. */
  discardCellError(key: string): void;
}

export const cellKey = (id: RecordKey, field: string): string => `${String(id)}\u0000${field}`;

/** Bumped whenever model, sort or filter change: answers for an older generation are dropped. */
let generation = 0;
const inFlight = new Set<string>();
let refreshing: Promise<void> | null = null;
let refreshAgain = false;

export const useDataStore = create<DataState>()((set, get) => {
  async function loadPage(page: number, gen: number): Promise<void> {
    const { model, sort, filter } = get();
    const flightKey = `${gen}:${page}`;
    if (!model || inFlight.has(flightKey)) return;
    inFlight.add(flightKey);
    try {
      const answer = await client().listRecords(
        model,
        pageQuery(page * PAGE_SIZE, PAGE_SIZE, sort, filter),
      );
      if (gen !== generation) return;
      if (filter.trim() === '') useRecordCounts.getState().setCount(model, answer.total);
      set((s) => ({
        pages: { ...trimPages(s.pages, page), [page]: keepUnchanged(s.pages, answer.items) },
        total: answer.total,
        status: 'ready',
        error: null,
      }));
    } catch (error) {
      if (gen === generation) set({ status: 'error', error: problemOf(error) });
    } finally {
      inFlight.delete(flightKey);
    }
  }

  /**
   * A record that reads the same as the one on screen keeps its object: the grid closes an
   * open cell editor when its row object changes, so another client's write to some other
   * record must not end the user's edit (and unchanged rows skip a re-render).
   */
  function keepUnchanged(pages: Record<number, JsonRecord[]>, items: JsonRecord[]) {
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

  async function restart(patch: Partial<DataState>): Promise<void> {
    generation += 1;
    set({
      notice: null,
      ...patch,
      pages: {},
      status: 'loading',
      error: null,
      cellErrors: {},
      range: [0, PAGE_SIZE],
    });
    if (get().model) await loadPage(0, generation);
  }

  /** Another model, filter or sort from scratch: what the last one showed does not carry over. */
  function show(
    view: { model: string | null; filter: string; sort: DataSort | null },
    extra: Partial<Pick<DataState, 'focusFirstRow' | 'cameFrom'>> = {},
  ): Promise<void> {
    return restart({
      ...view,
      total: 0,
      actionError: null,
      focusFirstRow: false,
      cameFrom: null,
      ...extra,
    });
  }

  function replaceRecord(updated: JsonRecord): void {
    set((s) => {
      const pages = { ...s.pages };
      for (const [k, rows] of Object.entries(pages)) {
        const i = rows.findIndex((r) => r.id === updated.id);
        if (i >= 0) pages[Number(k)] = rows.map((r, j) => (j === i ? updated : r));
      }
      return { pages };
    });
  }

  return {
    model: null,
    total: 0,
    pages: {},
    sort: null,
    filter: '',
    status: 'idle',
    error: null,
    cellErrors: {},
    actionError: null,
    notice: null,
    range: [0, PAGE_SIZE],
    selectModel: (model) => show({ model, filter: '', sort: null }),
    openRecord(model, id) {
      const { model: from, filter, sort } = get();
      return show(
        { model, filter: `id=${String(id)}`, sort: null },
        { focusFirstRow: true, cameFrom: from === null ? null : { model: from, filter, sort } },
      );
    },
    focusFirstRow: false,
    cameFrom: null,
    goBack() {
      const back = get().cameFrom;
      return back ? show(back) : Promise.resolve();
    },
    setSort: (sort) => restart({ sort }),
    setFilter: (filter) => restart({ filter }),
    async ensureRows(first, last) {
      set({ range: [first, last] });
      const gen = generation;
      const loads: Promise<void>[] = [];
      for (let p = Math.floor(first / PAGE_SIZE); p <= Math.floor(last / PAGE_SIZE); p++) {
        if (!get().pages[p] && (p === 0 || p * PAGE_SIZE < get().total))
          loads.push(loadPage(p, gen));
      }
      await Promise.all(loads);
    },
    async refreshRows() {
      // One refresh at a time; changes during one trigger exactly one more (event bursts).
      if (refreshing) {
        refreshAgain = true;
        return refreshing;
      }
      const run = async () => {
        do {
          refreshAgain = false;
          const gen = generation;
          const [first, last] = get().range;
          const wanted = new Set<number>();
          for (let p = Math.floor(first / PAGE_SIZE); p <= Math.floor(last / PAGE_SIZE); p++)
            wanted.add(p);
          set((s) => {
            const pages: Record<number, JsonRecord[]> = {};
            for (const p of wanted) if (s.pages[p]) pages[p] = s.pages[p];
            return { pages };
          });
          // Pages stay on screen while their fresh copies load, so rows do not flash.
          await Promise.all([...wanted].map((p) => loadPage(p, gen)));
        } while (refreshAgain);
      };
      refreshing = run().finally(() => (refreshing = null));
      return refreshing;
    },
    async saveCell(id, field, value, text) {
      const { model } = get();
      if (!model) return false;
      const key = cellKey(id, field);
      try {
        const updated = await client().patchRecord(model, id, { [field]: value });
        set((s) => {
          const cellErrors = { ...s.cellErrors };
          delete cellErrors[key];
          return { cellErrors };
        });
        replaceRecord(updated);
        return true;
      } catch (error) {
        const problem = problemOf(error);
        const own = problem.errors?.find((e) => e.field === field || e.field.endsWith(`.${field}`));
        const message = own ? `${own.field}: ${own.message}` : problem.detail;
        set((s) => ({ cellErrors: { ...s.cellErrors, [key]: { message, text } } }));
        return false;
      }
    },
    async createRecord(body) {
      const { model } = get();
      if (!model) return null;
      try {
        const created = await client().createRecord(model, body);
        set({ actionError: null, notice: `Created record ${String(created.id)}.` });
        await get().refreshRows();
        return created;
      } catch (error) {
        if (error instanceof ControlError) set({ actionError: error.problem });
        else set({ actionError: problemOf(error) });
        return null;
      }
    },
    async deleteRecord(id) {
      const { model } = get();
      if (!model) return;
      try {
        await client().deleteRecord(model, id);
        set({ actionError: null, notice: `Deleted record ${String(id)}.` });
        await get().refreshRows();
      } catch (error) {
        set({ actionError: problemOf(error) });
      }
    },
    async importRecords(rows) {
      const { model } = get();
      if (!model) return false;
      try {
        const result = await client().importRecords(model, rows);
        set({ actionError: null, notice: `Imported ${result.imported} records.` });
        await get().refreshRows();
        return true;
      } catch (error) {
        set({ actionError: problemOf(error), notice: null });
        return false;
      }
    },
    async exportRecords() {
      const { model } = get();
      if (!model) return null;
      try {
        return await client().exportRecords(model);
      } catch (error) {
        set({ actionError: problemOf(error) });
        return null;
      }
    },
    recordsChanged(model) {
      void useRecordCounts.getState().recount(model);
      if (model === get().model && get().status !== 'idle') void get().refreshRows();
    },
    dismiss: () => set({ actionError: null, notice: null }),
    discardCellError: (key) =>
      set((s) => {
        const cellErrors = { ...s.cellErrors };
        delete cellErrors[key];
        return { cellErrors };
      }),
  };
});

/** A row the grid shows before its page has arrived. */
export const LOADING_ROW: JsonRecord = Object.freeze({ id: '' }) as JsonRecord;

let rowsCache: { pages: Record<number, JsonRecord[]>; total: number; rows: JsonRecord[] } | null =
  null;

export const dataSelectors = {
  /** Every row position, loaded or not: the grid virtualises, so only visible ones render. */
  rows(s: DataState): JsonRecord[] {
    if (rowsCache && rowsCache.pages === s.pages && rowsCache.total === s.total)
      return rowsCache.rows;
    const rows = new Array<JsonRecord>(s.total);
    for (let i = 0; i < s.total; i++) rows[i] = LOADING_ROW;
    for (const [k, items] of Object.entries(s.pages)) {
      const base = Number(k) * PAGE_SIZE;
      for (let j = 0; j < items.length && base + j < s.total; j++) rows[base + j] = items[j]!;
    }
    rowsCache = { pages: s.pages, total: s.total, rows };
    return rows;
  },
  cellError: (id: RecordKey, field: string) => (s: DataState) => s.cellErrors[cellKey(id, field)],
  /** The record with `id` among the loaded rows, or null once it is gone (deleted, filtered). */
  loadedRecord:
    (id: RecordKey | undefined) =>
    (s: DataState): JsonRecord | null => {
      if (id === undefined) return null;
      for (const rows of Object.values(s.pages)) for (const r of rows) if (r.id === id) return r;
      return null;
    },
};
