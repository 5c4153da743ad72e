/**
 * The user's writes from the Data view: cell edits are PATCHes (a 422 keeps the typed text on
 * the cell with the API's message); add, delete, import and export answer with a notice or a
 * problem above the grid. A cell edit's own record-change event is not read back (issue 25).
 */
import { client } from '../../api';
import { attempt } from '../problem/outcome';
import { problemOf } from '../problem/problem-of';
import { cellKey, type DataSlice, ownWriteKey, type WritesSlice } from './data-state';

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}

export const createWritesSlice: DataSlice<WritesSlice> = (set, get) => {
  function countOwnWrite(key: string, by: 1 | -1): void {
    set((s) => {
      const count = (s.ownWrites[key] ?? 0) + by;
      return {
        ownWrites: count > 0 ? { ...s.ownWrites, [key]: count } : without(s.ownWrites, key),
      };
    });
  }

  return {
    cellErrors: {},
    actionError: null,
    notice: null,
    ownWrites: {},
    async saveCell(id, field, value, text) {
      const { model } = get();
      if (!model) return false;
      const key = cellKey(id, field);
      // Counted before sending: the event can come back before the PATCH's answer does.
      const own = ownWriteKey(model, 'update', id);
      countOwnWrite(own, 1);
      try {
        const updated = await client().call('patchRecord', {
          params: { model, id },
          body: { [field]: value },
        });
        set((s) => ({ cellErrors: without(s.cellErrors, key) }));
        get().replaceRecord(updated);
        return true;
      } catch (error) {
        // A refused write changes nothing, so no event will come back for it.
        countOwnWrite(own, -1);
        const problem = problemOf(error);
        const mine = problem.errors?.find(
          (e) => e.field === field || e.field.endsWith(`.${field}`),
        );
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
    takeOwnEcho({ model, op, ids }) {
      const { ownWrites } = get();
      const keys = ids.map((id) => ownWriteKey(model, op, id));
      if (keys.length === 0 || !keys.every((k) => (ownWrites[k] ?? 0) > 0)) return false;
      for (const k of keys) countOwnWrite(k, -1);
      return true;
    },
    reportProblem: (actionError) => set({ actionError }),
    showNotice: (notice) => set({ actionError: null, notice }),
    dismiss: () => set({ actionError: null, notice: null }),
    discardCellError: (key) => set((s) => ({ cellErrors: without(s.cellErrors, key) })),
  };
};
