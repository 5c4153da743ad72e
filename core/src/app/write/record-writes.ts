/**
 * The one write path (issue 11): create, replace, patch and delete of a model's records with
 * validation, parent checks under the parents' locks, delete rules, store-error mapping and
 * change events. The generated handlers, `dao()` and the studio's control API all call these,
 * so a record is written under the same rules whoever writes it. Each throws a problem
 * (404, 409, 422, 503, 507) for the caller to answer or propagate.
 */
import { problems, ValidationProblem } from '../../errors.js';
import type { RecordId } from '../../model/schema.js';
import type { StoredRecord } from '../../persistence/collection.js';
import type { RecordInput } from '../../validation/compile.js';
import type { ModelRuntime } from '../model-runtime.js';
import {
  checkParents,
  deleteWithRules,
  holdingParents,
  parentErrors,
  writeWithParents,
} from '../relations/relation-integrity.js';
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

/**
 * `validate()`'s record; when it refuses the body, its 422 also names the parents the body
 * points at that do not exist (issue 23), so a client fixes everything after one answer
 * instead of meeting the missing parent only once the other fields are right.
 */
async function validatedOrAllErrors(
  model: ModelRuntime,
  sent: unknown,
  validate: () => RecordInput,
): Promise<RecordInput> {
  try {
    return validate();
  } catch (error) {
    if (!(error instanceof ValidationProblem) || error.errors === undefined) throw error;
    const named = new Set(error.errors.map((e) => e.field));
    const parents = await parentErrors(model, sentParents(model, sent, named));
    if (parents.length === 0) throw error;
    throw problems.invalidBody(error.title, [...error.errors, ...parents]);
  }
}

/**
 * The parent ids `sent` names in the wire forms the validator takes (`1`, `{ "id": 1 }`), for
 * the `@BelongTo` fields without an error of their own: a malformed one is named once, for that.
 */
function sentParents(
  model: ModelRuntime,
  sent: unknown,
  named: ReadonlySet<string>,
): Record<string, unknown> {
  const ids: Record<string, unknown> = {};
  if (sent === null || typeof sent !== 'object' || Array.isArray(sent)) return ids;
  const body = sent as Record<string, unknown>;
  for (const field of model.parents.keys()) {
    if (named.has(field)) continue;
    const value = body[field];
    const id = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : value;
    if (typeof id === 'number' || typeof id === 'string') ids[field] = id;
  }
  return ids;
}

/** POST: `body` validated like a create (unless it is an untouched `req.body(Model)`). */
export async function createRecord(model: ModelRuntime, body: unknown): Promise<StoredRecord> {
  const record =
    validatedRecordOf(body) ??
    (await validatedOrAllErrors(model, body, () => model.validator.create(body)));
  return insertValidated(model, record);
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
  const plain = plainOf(body);
  const record = await validatedOrAllErrors(model, plain, () => model.validator.replace(plain));
  return replaceValidated(model, id, record);
}

/**
 * PATCH: JSON Merge Patch (RFC 7396) over the stored record, validated whole. Issue 40: the
 * merge is redone by the store on the record as it is at the write (`store.patch`: a row lock,
 * or one synchronous step in memory), so a concurrent PATCH of another field is kept, not
 * overwritten with what was read before it. The first merge, on the record read here, answers
 * a 422 that also names missing parents, and says which parents to hold and check.
 */
export async function patchRecord(
  model: ModelRuntime,
  id: RecordId,
  changes: unknown,
): Promise<StoredRecord> {
  const current = await findRecord(model, id);
  const preview = await validatedOrAllErrors(model, changes, () =>
    model.validator.patch(current, changes),
  );
  const saved =
    (await holdingParents(model, [current, preview], async () => {
      await checkParents(model, preview);
      // A store that hands out its own (immutable) records shows an unchanged one as the same
      // object: the first merge stands.
      const merge = (latest: StoredRecord): RecordInput =>
        latest === current ? preview : model.validator.patch(latest, changes);
      return stored(model.store.patch(id, merge));
    })) ?? notFound(model, id);
  model.changes.publish({ model: model.schema.name, op: 'update', ids: [saved.id] });
  return saved;
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
