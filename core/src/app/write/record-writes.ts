/**
 * The one write path (issue 11): create, replace, patch and delete of a model's records with
 * validation, parent checks under the parents' locks, delete rules, store-error mapping and
 * change events. The generated handlers, `dao()` and the studio's control API all call these,
 * so a record is written under the same rules whoever writes it. Each throws a problem
 * (404, 409, 422, 503, 507) for the caller to answer or propagate.
 */
import { problems } from '../../errors.js';
import type { RecordId, StoredRecord } from '../../persistence/collection.js';
import type { RecordInput } from '../../validation/compile.js';
import type { ModelRuntime } from '../model-runtime.js';
import { deleteWithRules, writeWithParents } from '../relations/relation-integrity.js';
import { stored } from './store-problem.js';
import { validatedRecordOf } from './validated-bodies.js';

export function notFound(model: ModelRuntime, id: RecordId): never {
  throw problems.notFound(`no ${model.schema.name.toLowerCase()} with id ${JSON.stringify(id)}`);
}

/** The stored record `id`, or a 404 problem. */
export async function findRecord(model: ModelRuntime, id: RecordId): Promise<StoredRecord> {
  return (await model.store.get(id)) ?? notFound(model, id);
}

async function insertValidated(model: ModelRuntime, record: RecordInput): Promise<StoredRecord> {
  const saved = await writeWithParents(model, record, () => stored(model.store.insert(record)));
  model.changes.publish({ model: model.schema.name, op: 'create', ids: [saved.id] });
  return saved;
}

/** POST: `body` validated like a create (unless it is an untouched `req.body(Model)`). */
export async function createRecord(model: ModelRuntime, body: unknown): Promise<StoredRecord> {
  return insertValidated(model, validatedRecordOf(body) ?? model.validator.create(body));
}

async function replaceValidated(
  model: ModelRuntime,
  id: RecordId,
  record: RecordInput,
): Promise<StoredRecord> {
  const saved =
    (await writeWithParents(model, record, () => stored(model.store.replace(id, record)))) ??
    notFound(model, id);
  model.changes.publish({ model: model.schema.name, op: 'update', ids: [saved.id] });
  return saved;
}

/** PUT: every field replaced; the id comes from the caller, never from the body. */
export async function replaceRecord(
  model: ModelRuntime,
  id: RecordId,
  body: unknown,
): Promise<StoredRecord> {
  await findRecord(model, id);
  return replaceValidated(model, id, model.validator.replace(plainOf(body)));
}

/** PATCH: JSON Merge Patch (RFC 7396) over the stored record, validated whole. */
export async function patchRecord(
  model: ModelRuntime,
  id: RecordId,
  changes: unknown,
): Promise<StoredRecord> {
  const current = await findRecord(model, id);
  return replaceValidated(model, id, model.validator.patch(current, changes));
}

/** DELETE: the relations' delete rules first, then the record; answers the deleted record. */
export async function deleteRecord(model: ModelRuntime, id: RecordId): Promise<StoredRecord> {
  await findRecord(model, id);
  const removed = (await stored(deleteWithRules(model, id))) ?? notFound(model, id);
  model.changes.publish({ model: model.schema.name, op: 'delete', ids: [removed.id] });
  return removed;
}

/** Instances (a `req.body(Model)` changed by its handler) are stored as their own fields. */
function plainOf(value: unknown): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? { ...(value as object) }
    : value;
}

export { plainOf };
