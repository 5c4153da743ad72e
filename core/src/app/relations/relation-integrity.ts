/**
 * Keeping relations true (CONTRACT §3): a child names an existing parent, and deleting a
 * parent nulls, cascades to or is restricted by its children.
 */
import { type FieldError, problems } from '../../errors.js';
import type { RecordId } from '../../model/schema.js';
import { writeRecords } from '../../persistence/batch-door.js';
import type { BatchOp } from '../../persistence/batch-plan.js';
import type { StoredRecord } from '../../persistence/collection.js';
import type { ModelRuntime } from '../model-runtime.js';
import { type DeletePlan, planDelete } from './delete-plan.js';

/** Every `@BelongTo` field of `record` whose parent does not exist. */
export async function parentErrors(
  model: ModelRuntime,
  record: Record<string, unknown>,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const [field, parent] of model.parents) {
    const id = record[field];
    if (id === null || id === undefined) continue;
    if ((await parent.store.get(id as RecordId)) === undefined) {
      errors.push({
        field,
        message: `no ${parent.schema.name.toLowerCase()} with id ${JSON.stringify(id)}`,
      });
    }
  }
  return errors;
}

/** 422 naming every `@BelongTo` field whose parent does not exist. */
export async function checkParents(
  model: ModelRuntime,
  record: Record<string, unknown>,
): Promise<void> {
  const errors = await parentErrors(model, record);
  if (errors.length > 0)
    throw problems.invalidBody(`Invalid ${model.schema.name.toLowerCase()}`, errors);
}

/**
 * Runs `write` while no parent named by `records` can be deleted: each parent model's lock is
 * held shared, once, in a fixed order (by name) whatever the field order, so concurrent
 * writers and deletes never wait on each other in a cycle.
 */
export async function holdingParents<T>(
  model: ModelRuntime,
  records: readonly Record<string, unknown>[],
  write: () => Promise<T>,
): Promise<T> {
  const named = new Map<string, ModelRuntime>();
  for (const [field, parent] of model.parents) {
    if (records.some((r) => r[field] !== null && r[field] !== undefined))
      named.set(parent.schema.name, parent);
  }
  const locks = [...named.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, parent]) => parent.lock);
  const run = (i: number): Promise<T> =>
    i === locks.length ? write() : locks[i]!.shared(() => run(i + 1));
  return run(0);
}

/**
 * Checks the parents of `record` and runs `write` while none of them can be deleted, so a child
 * is never stored pointing at a parent whose delete already passed over it.
 */
export function writeWithParents<T>(
  model: ModelRuntime,
  record: Record<string, unknown>,
  write: () => Promise<T>,
): Promise<T> {
  return holdingParents(model, [record], () => checkParents(model, record).then(write));
}

/**
 * Deletes `id` with its relations' delete rules, alone among writes naming it, as one atomic
 * unit (issue 18): every datafile the rules touch changes, or none does, even across a
 * storage failure or a kill -9 (see `persistence/batch/batch-journal.ts`). Resolves the removed
 * record, or `undefined` when it was absent. A model nothing points at deletes directly.
 */
export async function deleteWithRules(
  model: ModelRuntime,
  id: RecordId,
): Promise<StoredRecord | undefined> {
  if (model.incoming.length === 0) return model.store.remove(id);
  return model.lock.exclusive(async () => {
    const removed = await model.store.get(id);
    if (removed === undefined) return undefined;
    const plan = await planDelete(model, id);
    await writePlan(plan);
    for (const [runtime, records] of plan) {
      const ids = [...records.keys()].filter((rid) => runtime !== model || rid !== id);
      const gone = ids.filter((rid) => records.get(rid) === undefined);
      const nulled = ids.filter((rid) => records.get(rid) !== undefined);
      const name = runtime.schema.name;
      if (nulled.length > 0) runtime.changes.publish({ model: name, op: 'update', ids: nulled });
      if (gone.length > 0) runtime.changes.publish({ model: name, op: 'delete', ids: gone });
    }
    return removed;
  });
}

/**
 * Writes a delete plan through the stores' batch door: one journaled batch when every model it
 * touches lives in datafiles of one folder (all or nothing), else record by record, children
 * first, so a failure in the middle leaves no child pointing at a deleted parent.
 */
async function writePlan(plan: DeletePlan): Promise<void> {
  const parts = [...plan].reverse().map(([runtime, records]) => ({
    store: runtime.store,
    ops: [...records]
      .reverse()
      .map(([rid, fields]): BatchOp =>
        fields === undefined ? { kind: 'remove', id: rid } : { kind: 'merge', id: rid, fields },
      ),
  }));
  await writeRecords(parts);
}
