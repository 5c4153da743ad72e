/**
 * What deleting a record does to every model (CONTRACT §3), planned before anything is
 * written (issue 18): the record and its cascaded descendants removed, the children of each
 * removed record nulled, and any `restrict` relation with children refusing the whole delete.
 * The plan is then written as one atomic batch across datafiles.
 */
import { problems } from '../../errors.js';
import type { RecordId } from '../../model/schema.js';
import { recordsWhere } from '../../persistence/store-reads.js';
import type { ModelRuntime } from '../model-runtime.js';

/**
 * Per model, the records the delete changes: `undefined` is removed, an object the fields it
 * sets (the relation fields nulled), applied to the record as it is when written.
 */
export type DeletePlan = Map<ModelRuntime, Map<RecordId, Record<string, null> | undefined>>;

/**
 * Plans deleting `id` of `model` with every delete rule that applies, recursively. Throws a
 * 409 problem, having written nothing, when a `restrict` relation still has children.
 */
export async function planDelete(model: ModelRuntime, id: RecordId): Promise<DeletePlan> {
  const plan: DeletePlan = new Map();
  const planned = (m: ModelRuntime) => plan.get(m) ?? plan.set(m, new Map()).get(m)!;
  const isRemoved = (m: ModelRuntime, rid: RecordId) =>
    plan.get(m)?.has(rid) === true && plan.get(m)!.get(rid) === undefined;

  const visit = async (m: ModelRuntime, rid: RecordId): Promise<void> => {
    planned(m).set(rid, undefined);
    const affected = await Promise.all(
      m.incoming.map(async (rel) => ({
        rel,
        children: (await recordsWhere(rel.child.store, rel.field, rid)).filter(
          (c) => !isRemoved(rel.child, c.id),
        ),
      })),
    );
    for (const { rel, children } of affected) {
      if (rel.onDelete === 'restrict' && children.length > 0) {
        const what = `${children.length} ${rel.child.schema.path}`;
        throw problems.conflict(
          `${what} still belong to ${m.schema.name.toLowerCase()} ${JSON.stringify(rid)}; delete or move them first`,
        );
      }
    }
    for (const { rel, children } of affected) {
      for (const child of children) {
        if (isRemoved(rel.child, child.id)) continue;
        if (rel.onDelete === 'cascade') await visit(rel.child, child.id);
        else if (rel.onDelete === 'nullify') {
          const fields = planned(rel.child).get(child.id) ?? {};
          planned(rel.child).set(child.id, { ...fields, [rel.field]: null });
        }
      }
    }
  };
  await visit(model, id);
  return plan;
}
