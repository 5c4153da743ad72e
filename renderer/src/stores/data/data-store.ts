/**
 * The Data view's records: one model at a time, in pages, with the user's edits. One store
 * made of three typed slices (zustand's slices pattern; STYLE 6): {@link createViewSlice},
 * {@link createPagesSlice} and {@link createWritesSlice}. Everything it tracks, the paging
 * bookkeeping included, is in its state: `setState(getInitialState(), true)` resets all of it.
 */
import { create } from 'zustand';

import type { DataState } from './data-state';
import { createPagesSlice } from './pages-slice';
import { createViewSlice } from './view-slice';
import { createWritesSlice } from './writes-slice';

export { dataSelectors, LOADING_ROW } from './data-selectors';
export { type CellError, cellKey, type DataState, PAGE_SIZE } from './data-state';

export const useDataStore = create<DataState>()((...a) => ({
  ...createViewSlice(...a),
  ...createPagesSlice(...a),
  ...createWritesSlice(...a),
}));
