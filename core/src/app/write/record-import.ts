/**
 * Importing an array of records (issue 12): all or nothing. Every row is validated like a
 * create, ids are checked against the store and each other, parents must exist; any finding
 * answers one 422 naming `[index].field` for every bad row, and nothing is written. Only a
 * clean import is written, under the parents' locks, as one batch through the store's door:
 * all or nothing, a crash included, for datafiles.
 */
import { IMPORT_LIMIT } from '../../contract/data-api.js';
import { type FieldError, problems } from '../../errors.js';
import type { RecordId } from '../../model/schema.js';
import { writeRecords } from '../../persistence/batch-door.js';
import type { BatchOp } from '../../persistence/batch-plan.js';
import type { StoredRecord } from '../../persistence/collection.js';
import type { RecordInput } from '../../validation/compile.js';
import type { ModelRuntime } from '../model-runtime.js';
import { holdingParents, parentErrors } from '../relations/relation-integrity.js';
import { stored } from './store-problem.js';

export { IMPORT_LIMIT };

function prefixed(index: number, errors: readonly FieldError[]): FieldError[] {
  return errors.map((e) => ({
    field: e.field === '' ? `[${index}]` : `[${index}].${e.field}`,
    message: e.message,
  }));
}

function validateRows(model: ModelRuntime, rows: readonly unknown[]) {
  const records: { index: number; record: RecordInput }[] = [];
  const errors: FieldError[] = [];
  const ids = new Set<unknown>();
  rows.forEach((row, index) => {
    try {
      const record = model.validator.create(row);
      if (record.id !== undefined) {
        if (ids.has(record.id))
          errors.push(
            ...prefixed(index, [{ field: 'id', message: 'appears twice in the import' }]),
          );
        ids.add(record.id);
      }
      records.push({ index, record });
    } catch (error) {
      const fields = (error as { errors?: FieldError[] }).errors;
      if (!Array.isArray(fields)) throw error;
      errors.push(...prefixed(index, fields));
    }
  });
  return { records, errors };
}

export async function importRecords(model: ModelRuntime, rows: unknown): Promise<StoredRecord[]> {
  const title = `Invalid ${model.schema.name.toLowerCase()} import`;
  if (!Array.isArray(rows))
    throw problems.invalidBody(title, [
      { field: '', message: 'the body must be a JSON array of records' },
    ]);
  if (rows.length > IMPORT_LIMIT)
    throw problems.invalidBody(title, [
      { field: '', message: `at most ${IMPORT_LIMIT} records can be imported at once` },
    ]);
  const { records, errors } = validateRows(model, rows);
  return holdingParents(
    model,
    records.map((r) => r.record),
    async () => {
      for (const { index, record } of records) {
        if (record.id !== undefined && (await model.store.get(record.id as RecordId)) !== undefined)
          errors.push(
            ...prefixed(index, [
              { field: 'id', message: `id ${JSON.stringify(record.id)} is already taken` },
            ]),
          );
        errors.push(...prefixed(index, await parentErrors(model, record)));
      }
      if (errors.length > 0) throw problems.invalidBody(title, byRow(errors));
      const saved = await insertAll(
        model,
        records.map((r) => r.record),
      );
      model.changes.publish({
        model: model.schema.name,
        op: 'import',
        ids: saved.map((r) => r.id),
      });
      return saved;
    },
  );
}

/** Findings in row order (validation and store checks run in two passes). */
function byRow(errors: FieldError[]): FieldError[] {
  const row = (e: FieldError) => Number(/^\[(\d+)\]/.exec(e.field)?.[1] ?? 0);
  return errors
    .map((e, i) => ({ e, i }))
    .sort((a, b) => row(a.e) - row(b.e) || a.i - b.i)
    .map(({ e }) => e);
}

/** All the rows or none, through the store's batch door (one journaled batch for datafiles). */
async function insertAll(
  model: ModelRuntime,
  records: readonly RecordInput[],
): Promise<StoredRecord[]> {
  const ops = records.map((record): BatchOp => ({ kind: 'insert', record }));
  const [saved] = await stored(writeRecords([{ store: model.store, ops }]));
  return saved!;
}
