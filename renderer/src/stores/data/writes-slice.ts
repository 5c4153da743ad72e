/**
 * The user's writes from the Data view: cell edits are PATCHes (a 422 keeps the typed text on
 * the cell with the API's message); add, delete, import and export answer with a notice or a
 * problem above the grid. A cell edit's own record-change event is not read back (issue 25): its
 * answer names the event's id (issue 43), and the event with that id is dropped when it comes.
 */
import { client } from '../../api';
import { attempt } from '../problem/outcome';
import { problemOf } from '../problem/problem-of';
import { cellKey, type DataSlice, type WritesSlice } from './data-state';

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}

export const createWritesSlice: DataSlice<WritesSlice> = (set, get) => ({
  cellErrors: {},
  actionError: null,
  notice: null,
  ownEvents: new Set<number>(),
  async saveCell(id, field, value, text) {
    const { model } = get();
    if (!model) return false;
    const key = cellKey(id, field);
    try {
      const { answer: updated, eventIds } = await client().callWithEvents('patchRecord', {
        params: { model, id },
        body: { [field]: value },
      });
      // Should the event have come first, it was read as another client's: one more read.
      if (eventIds.length > 0) set((s) => ({ ownEvents: new Set([...s.ownEvents, ...eventIds]) }));
      set((s) => ({ cellErrors: without(s.cellErrors, key) }));
      get().replaceRecord(updated);
      return true;
    } catch (error) {
      const problem = problemOf(error);
      const mine = problem.errors?.find((e) => e.field === field || e.field.endsWith(`.${field}`));
      const message = mine ? `${mine.field}: ${mine.message}` : problem.detail;
      set((s) => ({ cellErrors: { ...s.cellErrors, [key]: { message, text } } }));
      return false;
    }
  },
  async createRecord(body) {
    const { model } = get();
    if (!model) return null;
    try {
      const created = await client().call('createRecord', { params: { model }, body });
      set({ actionError: null, notice: `Created record ${String(created.id)}.` });
      await get().refreshRows();
      return created;
    } catch (error) {
      set({ actionError: problemOf(error) });
      return null;
    }
  },
  async deleteRecord(id) {
    const { model } = get();
    if (!model) return;
    try {
      await client().call('deleteRecord', { params: { model, id } });
      set({ actionError: null, notice: `Deleted record ${String(id)}.` });
      await get().refreshRows();
    } catch (error) {
      set({ actionError: problemOf(error) });
    }
  },
  readDeleteImpact: (model, id) =>
    attempt(async () => (await client().call('deleteImpact', { params: { model, id } })).effects),
  saveRecordAs: (model, body) =>
    attempt(() => client().call('createRecord', { params: { model }, body })),
  async importRecords(rows) {
    const { model } = get();
    if (!model) return false;
    try {
      const result = await client().call('importRecords', { params: { model }, body: rows });
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
      return await client().call('exportRecords', { params: { model } });
    } catch (error) {
      set({ actionError: problemOf(error) });
      return null;
    }
  },
  takeOwnEcho(id) {
    const { ownEvents } = get();
    if (ownEvents.size === 0) return false;
    const own = ownEvents.has(id);
    // Ids before this one will not come any more (or came before their answer): let them go.
    const left = [...ownEvents].filter((e) => e > id);
    if (left.length !== ownEvents.size) set({ ownEvents: new Set(left) });
    return own;
  },
  reportProblem: (actionError) => set({ actionError }),
  showNotice: (notice) => set({ actionError: null, notice }),
  dismiss: () => set({ actionError: null, notice: null }),
  discardCellError: (key) => set((s) => ({ cellErrors: without(s.cellErrors, key) })),
});
