/**
 * `decorest fake` and `POST /api/models/:model/fake` (issue 16): n valid records of a model,
 * values picked by {@link fieldPicker}, each `@BelongTo` parent drawn from the records that
 * exist, the same seed giving the same records for the same data. Written through the write
 * path's `importRecords`: validated like a POST, all or nothing, one grouped append.
 */
import type { ModelRuntime } from '../app/model-runtime.js';
import { importRecords } from '../app/write/record-import.js';
import { problems } from '../errors.js';
import { fieldPicker, loadFaker } from '../model/fake-values.js';
import { withArticle } from '../model/naming.js';
import type { RecordId } from '../model/schema.js';
import type { StoredRecord } from '../persistence/collection.js';
import { someIds } from '../persistence/store-reads.js';
import type { ProjectRuntime } from '../project/open-project.js';

/**
 * At most this many ids of a parent are drawn from. The data folder hands every id (it holds
 * them in memory); PostgreSQL sends a sample spread over id order instead of the whole table.
 */
const PARENT_SAMPLE = 10_000;

/** A model by class name (`Todo`) or path (`todos`), case-insensitive; a 404 otherwise. */
export function findModel(project: ProjectRuntime, name: string): ModelRuntime {
  const wanted = name.toLowerCase();
  const model =
    project.runtimes.find((r) => r.schema.name === name) ??
    project.runtimes.find(
      (r) => r.schema.name.toLowerCase() === wanted || r.schema.path.toLowerCase() === wanted,
    );
  if (!model) {
    const known = project.runtimes.map((r) => r.schema.name).join(', ');
    throw problems.notFound(`no model named ${JSON.stringify(name)} (models: ${known})`);
  }
  return model;
}

/** Makes up `count` records of `model` and imports them; resolves the stored records. */
export async function fakeRecords(
  model: ModelRuntime,
  count: number,
  seed?: number,
): Promise<StoredRecord[]> {
  if (model.schema.dataSource !== undefined)
    throw problems.readOnlyModel(model.schema.name, model.schema.dataSource);
  return importRecords(model, await fakeRows(model, count, seed, true));
}

/**
 * `count` made-up rows of `model`, written nowhere. `strict`: a required parent model with no
 * records is a 409 (an import would refuse every row); otherwise that field is left out, as a
 * request body for the user to fill (issue 23: the Console's sample body).
 */
export async function fakeRows(
  model: ModelRuntime,
  count: number,
  seed: number | undefined,
  strict: boolean,
): Promise<Record<string, unknown>[]> {
  const faker = await loadFaker();
  const relationFields = new Set(model.parents.keys());
  const fields = model.schema.fields
    .filter((f) => f.name !== 'id' && !relationFields.has(f.name))
    .map((f) => ({ name: f.name, pick: fieldPicker(f) }));
  const parents: { field: string; ids: RecordId[]; required: boolean }[] = [];
  for (const [field, parent] of model.parents) {
    const ids = await someIds(parent.store, PARENT_SAMPLE);
    const relation = model.schema.relations.find((r) => r.field === field);
    const required = relation?.kind === 'belongTo' && !relation.optional;
    if (ids.length === 0 && required && strict)
      throw problems.conflict(
        `${model.schema.name}.${field} needs ${withArticle(parent.schema.name)}, and there is none: fake some ${parent.schema.path} first`,
      );
    parents.push({ field, ids, required });
  }

  // Seeded once per call; the picks below draw only from this faker, in a fixed order.
  faker.seed(seed ?? Math.floor(Math.random() * 2 ** 31));
  const rows: Record<string, unknown>[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const row: Record<string, unknown> = {};
    for (const { name, pick } of fields) {
      const value = pick(faker);
      if (value !== undefined) row[name] = value;
    }
    for (const { field, ids } of parents)
      if (ids.length > 0) row[field] = faker.helpers.arrayElement(ids);
    rows[i] = row;
  }
  return rows;
}
