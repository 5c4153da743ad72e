/**
 * `?embed=user` and `?embed=todos` (CONTRACT §3): the parent's own fields instead of its id,
 * or the children as an array; json-server's `_expand=user` adds the parent of `userId` beside
 * it. Embedded records are not expanded further.
 */
import type { RecordId } from '../../model/schema.js';
import type { StoredRecord } from '../../persistence/collection.js';
import type { ModelRuntime } from '../model-runtime.js';
import type { Includes } from './includes.js';

/** Puts the parent each record's `field` names under `name` (the same key: in its place). */
async function putParents(
  parent: ModelRuntime,
  out: readonly Record<string, unknown>[],
  field: string,
  name: string,
): Promise<void> {
  const cache = new Map<unknown, StoredRecord | null>();
  for (const record of out) {
    const id = record[field];
    if (id === null || id === undefined) continue;
    if (!cache.has(id)) cache.set(id, (await parent.store.get(id as RecordId)) ?? null);
    const found = cache.get(id);
    // A link to no record (a database edited by hand): json-server leaves the name out.
    if (found !== null || name === field) record[name] = found;
  }
}

/** Returns copies of `records` with the asked relations filled in; stored records stay as they are. */
export async function embedRelations(
  model: ModelRuntime,
  records: readonly StoredRecord[],
  include: Includes,
): Promise<StoredRecord[]> {
  const { embed, expand, emptied } = include;
  if (embed.length === 0 && expand.length === 0 && emptied.length === 0)
    return records as StoredRecord[];
  const out = records.map((r) => ({ ...r }) as Record<string, unknown>);
  for (const { name, field } of expand) {
    const parent = model.parents.get(field);
    if (parent) await putParents(parent, out, field, name);
  }
  for (const field of emptied) for (const record of out) record[field] = [];
  for (const field of embed) {
    const parent = model.parents.get(field);
    if (parent) {
      await putParents(parent, out, field, field);
      continue;
    }
    const children = model.children.get(field);
    if (!children) continue;
    // A store that answers queries (a database) is asked for this page's children only, in
    // one round trip, instead of handing over every child record.
    const asked = await children.runtime.store.query?.list({
      filters: [{ field: children.inverse, op: 'eq', values: [...new Set(out.map((r) => r.id))] }],
      sort: [],
      offset: 0,
    });
    if (asked !== undefined) {
      const byParent = new Map<unknown, StoredRecord[]>();
      for (const child of asked.items) {
        const parentId = child[children.inverse];
        (byParent.get(parentId) ?? byParent.set(parentId, []).get(parentId)!).push(child);
      }
      for (const record of out) record[field] = byParent.get(record.id) ?? [];
      continue;
    }
    const store = await children.runtime.store.records();
    for (const record of out) {
      const id = record.id as RecordId;
      record[field] = store.indexed.has(children.inverse)
        ? store.lookup(children.inverse, id)
        : [...store.values()].filter((c) => c[children.inverse] === id);
    }
  }
  return out as StoredRecord[];
}
