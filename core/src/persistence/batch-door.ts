/**
 * The one door for writes of several records as a unit (issue 25): a delete's rules across
 * models, a seed reset, a model edit's migration, an import. Each store names its door, and a
 * door says whether it is all or nothing across a crash (`atomic`): the file store's journal
 * (persistence/batch/batch-journal.ts), a database's transaction. A door that cannot be (records in
 * memory only, a user's `@DataSource`) applies the operations one by one, in the order given:
 * a caller that cares which half survives a failure orders its parts for that (children first).
 */
import type { RecordId } from '../model/schema.js';
import type { BatchOp } from './batch-plan.js';
import type { NewRecord, StoredRecord } from './collection.js';
import type { BatchDoor, BatchDoorPart, ModelStore } from './model-store.js';

export type { BatchDoor, BatchDoorPart } from './model-store.js';

async function applyOne(store: ModelStore, op: BatchOp, stored: StoredRecord[]): Promise<void> {
  switch (op.kind) {
    case 'insert':
      stored.push(await store.insert(op.record));
      return;
    case 'put': {
      const { id } = op.record;
      const replaced =
        (await store.get(id)) === undefined ? undefined : await store.replace(id, op.record);
      stored.push(replaced ?? (await store.insert(op.record as NewRecord)));
      return;
    }
    case 'merge':
      // Merged into the record as stored at the write, not as read an await before it.
      await store.patch(op.id, (current) => ({ ...current, ...op.fields }));
      return;
    case 'remove':
      await store.remove(op.id);
      return;
    case 'clear': {
      const ids: RecordId[] = [...(await store.records()).values()].map((r) => r.id);
      for (const id of ids) await store.remove(id);
      return;
    }
  }
}

/** One operation after another, through each store's own single-record writes. */
export const ONE_BY_ONE: BatchDoor = {
  atomic: false,
  async write(parts) {
    const out: StoredRecord[][] = [];
    for (const { store, ops } of parts) {
      const stored: StoredRecord[] = [];
      for (const op of ops) await applyOne(store, op, stored);
      out.push(stored);
    }
    return out;
  },
};

/**
 * Writes `parts` through their stores' door when they share one (all or nothing when that door
 * is), else one operation after another.
 */
export function writeRecords(parts: readonly BatchDoorPart[]): Promise<StoredRecord[][]> {
  const doors = new Set(parts.map((p) => p.store.batches));
  const door = doors.size === 1 ? [...doors][0]! : ONE_BY_ONE;
  return door.write(parts);
}
