/**
 * What deleting a record would do, counted, for the studio's delete dialog (issue 23): the
 * walk of {@link planDelete} (cascades followed to every level, the children of each removed
 * record nulled) made without writing, and without stopping at the first `restrict` relation
 * that has children: the dialog names every one of them. Nothing is locked; the counts are
 * those of the moment they were read.
 */
import type { RecordId } from '../../model/schema.js';
import { recordsWhere } from '../../persistence/store-reads.js';
import type { IncomingRelation, ModelRuntime } from '../model-runtime.js';

/** One relation's share of a delete: how many of its records the rule reaches. */
export interface DeleteEffectCount {
  /** The child model's class name. */
  model: string;
  /** The child's relation field naming the parent. */
  field: string;
  /** The parent model's class name. */
  parent: string;
  /** `cascade`: deleted too; `nullify`: `field` set to null; `restrict`: they refuse the delete. */
  rule: IncomingRelation['onDelete'];
  count: number;
}

/**
 * Counts, per relation and rule, the records a delete of `id` of `model` would reach. A
 * record first nulled and later deleted by a cascade is counted once, as deleted, as the
 * planner writes it.
 */
export async function deleteImpact(
  model: ModelRuntime,
  id: RecordId,
): Promise<DeleteEffectCount[]> {
  const removed = new Map<ModelRuntime, Set<RecordId>>();
  // Per relation, the ids it reached: a Set so a record is counted once per rule.
  const reached = new Map<IncomingRelation, { parent: ModelRuntime; ids: Set<RecordId> }>();
  const isRemoved = (m: ModelRuntime, rid: RecordId) => removed.get(m)?.has(rid) === true;
  const reach = (rel: IncomingRelation, parent: ModelRuntime, rid: RecordId) => {
    const entry = reached.get(rel) ?? { parent, ids: new Set<RecordId>() };
    reached.set(rel, entry);
    entry.ids.add(rid);
  };

  const visit = async (m: ModelRuntime, rid: RecordId): Promise<void> => {
    (removed.get(m) ?? removed.set(m, new Set()).get(m)!).add(rid);
    for (const rel of m.incoming) {
      const children = (await recordsWhere(rel.child.store, rel.field, rid)).filter(
        (c) => !isRemoved(rel.child, c.id),
      );
      for (const child of children) {
        if (isRemoved(rel.child, child.id)) continue;
        reach(rel, m, child.id);
        if (rel.onDelete === 'cascade') await visit(rel.child, child.id);
      }
    }
  };
  await visit(model, id);

  const effects: DeleteEffectCount[] = [];
  for (const [rel, { parent, ids }] of reached) {
    // A nulled record that a later cascade removed is only removed (planDelete overwrites it).
    const count =
      rel.onDelete === 'nullify'
        ? [...ids].filter((rid) => !isRemoved(rel.child, rid)).length
        : ids.size;
    if (count === 0) continue;
    effects.push({
      model: rel.child.schema.name,
      field: rel.field,
      parent: parent.schema.name,
      rule: rel.onDelete,
      count,
    });
  }
  return effects;
}
