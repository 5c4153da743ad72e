/**
 * Keeping relations true (CONTRACT §3): a child names an existing parent, and deleting a
 * parent nulls, cascades to or is restricted by its children.
 */
import { type FieldError, problems, StorageWriteError } from '../../errors.js';
import type { RecordId, StoredRecord } from '../../persistence/collection.js';
import type { ModelRuntime } from '../model-runtime.js';

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

async function childrenOf(
  incoming: ModelRuntime['incoming'][number],
  id: RecordId,
): Promise<StoredRecord[]> {
  const records = await incoming.child.store.records();
  return records.indexed.has(incoming.field)
    ? records.lookup(incoming.field, id)
    : [...records.values()].filter((r) => r[incoming.field] === id);
}

/**
 * Applies the delete rules of every relation pointing at `id`, before the parent itself goes.
 * `restrict` is checked for every relation first, so a refused delete changes nothing.
 */
export async function applyDeleteRules(model: ModelRuntime, id: RecordId): Promise<void> {
  const affected = await Promise.all(
    model.incoming.map(async (rel) => ({ rel, children: await childrenOf(rel, id) })),
  );
  for (const { rel, children } of affected) {
    if (rel.onDelete === 'restrict' && children.length > 0) {
      const what = `${children.length} ${rel.child.schema.path}`;
      throw problems.conflict(
        `${what} still belong to ${model.schema.name.toLowerCase()} ${JSON.stringify(id)}; delete or move them first`,
      );
    }
  }
  for (const { rel, children } of affected) {
    if (rel.onDelete === 'restrict' || children.length === 0) continue;
    for (const child of children) {
      if (rel.onDelete === 'cascade') {
        await applyDeleteRules(rel.child, child.id);
        await rel.child.store.remove(child.id);
      } else {
        const { id: childId, ...rest } = child;
        await rel.child.store.replace(childId, { ...rest, [rel.field]: null });
      }
    }
    rel.child.changes.publish({
      model: rel.child.schema.name,
      op: rel.onDelete === 'cascade' ? 'delete' : 'update',
      ids: children.map((c) => c.id),
    });
  }
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

/** Deletes `id` after applying its relations' delete rules, alone among writes naming it. */
export async function deleteWithRules<T>(
  model: ModelRuntime,
  id: RecordId,
  remove: () => Promise<T>,
): Promise<T> {
  if (model.incoming.length === 0) return remove();
  return model.lock.exclusive(async () => {
    try {
      await applyDeleteRules(model, id);
    } catch (error) {
      // Rules run record by record: say that some children may have changed already.
      if (!(error instanceof StorageWriteError)) throw error;
      throw problems.storageFailed(
        `the datafile could not be written (${error.osCode}) while applying the delete rules of ${model.schema.name.toLowerCase()} ${JSON.stringify(id)}: it was not deleted, but some of its children may already have been updated`,
        error,
      );
    }
    return remove();
  });
}
