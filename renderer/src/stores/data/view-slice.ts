/** Which model, filter and sort the Data view shows; a relation's parent and the way back. */
import type { DataSlice, DataState, ViewSlice } from './data-state';

export const createViewSlice: DataSlice<ViewSlice> = (set, get) => {
  /** Another model, filter or sort from scratch: what the last one showed does not carry over. */
  function show(
    view: Pick<DataState, 'model' | 'filter' | 'sort'>,
    extra: Partial<Pick<DataState, 'focusFirstRow' | 'cameFrom'>> = {},
  ): Promise<void> {
    return get().startOver({
      ...view,
      total: 0,
      actionError: null,
      focusFirstRow: false,
      cameFrom: null,
      ...extra,
    });
  }

  return {
    model: null,
    sort: null,
    filter: '',
    focusFirstRow: false,
    refocusGrid: false,
    cameFrom: null,
    selectModel: (model) => show({ model, filter: '', sort: null }),
    openRecord(model, id) {
      const { model: from, filter, sort } = get();
      return show(
        { model, filter: `id=${String(id)}`, sort: null },
        { focusFirstRow: true, cameFrom: from === null ? null : { model: from, filter, sort } },
      );
    },
    firstRowFocused: () => set({ focusFirstRow: false }),
    gridRefocused: () => set({ refocusGrid: false }),
    goBack() {
      const back = get().cameFrom;
      return back ? show(back) : Promise.resolve();
    },
    setSort: (sort) => get().startOver({ sort }),
    setFilter: (filter) => get().startOver({ filter }),
  };
};
