/** What the Data view's components read from {@link useDataStore}, derived once per change. */
import type { JsonRecord, RecordKey } from '../../api';
import { cellKey, type DataState, PAGE_SIZE } from './data-state';

/** A row the grid shows before its page has arrived. */
export const LOADING_ROW: JsonRecord = Object.freeze({ id: '' }) as JsonRecord;

/**
 * The last rows built, by the pages and total they came from: a pure memo (same input, same
 * array), so a component may select `rows` directly and a store reset needs nothing of it.
 */
let rowsMemo: { pages: DataState['pages']; total: number; rows: JsonRecord[] } | null = null;

export const dataSelectors = {
  /** Every row position, loaded or not: the grid virtualises, so only visible ones render. */
  rows(s: DataState): JsonRecord[] {
    if (rowsMemo && rowsMemo.pages === s.pages && rowsMemo.total === s.total) return rowsMemo.rows;
    const rows = new Array<JsonRecord>(s.total);
    for (let i = 0; i < s.total; i++) rows[i] = LOADING_ROW;
    for (const [k, items] of Object.entries(s.pages)) {
      const base = Number(k) * PAGE_SIZE;
      for (let j = 0; j < items.length && base + j < s.total; j++) rows[base + j] = items[j]!;
    }
    rowsMemo = { pages: s.pages, total: s.total, rows };
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
