/**
 * Writes a planned edit: refuses (409) when a file changed on disk since the studio read it,
 * migrates the records in ONE journaled batch (persistence/batch-journal.ts: a crash leaves
 * the old records or the new ones), then replaces each file atomically (temp file, rename).
 * Records first: a failed migration leaves the source untouched, so nothing is half done.
 */
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';

import type { ModelRuntime } from '../app/model-runtime.js';
import { stored } from '../app/write/store-problem.js';
import type { JsonValue } from '../control/contract.js';
import { type FieldError, problems } from '../errors.js';
import { writeBatch } from '../persistence/batch-journal.js';
import type { BatchOp } from '../persistence/batch-plan.js';
import type { StoredRecord } from '../persistence/collection.js';
import { CollectionStore } from '../persistence/collection-store.js';
import { FileCollection } from '../persistence/file-collection.js';
import { converterTo } from './convert-values.js';
import type { EditPlan, MigrationOp, PlannedFile } from './plan-edit.js';
import { sha256 } from './source-text.js';

/** Record ids named in a refused conversion; the count covers the rest. */
const NAMED_FAILURES = 5;

/** The record after `op`, or `undefined` when it does not change it. */
function migrated(
  record: StoredRecord,
  op: Exclude<MigrationOp, { action: 'convert' }>,
): StoredRecord | undefined {
  const has = Object.prototype.hasOwnProperty.call(record, op.field);
  if (op.action === 'default') return has ? undefined : { ...record, [op.field]: op.value };
  if (!has) return undefined;
  const { [op.field]: value, ...rest } = record as Record<string, unknown>;
  return (op.action === 'rename' ? { ...rest, [op.to]: value } : rest) as StoredRecord;
}

/**
 * The records `op` changes, as they will be. A conversion is all or nothing: a value with no
 * reading in the new type is a 422 naming the first records and counting the rest.
 */
function changedRecords(
  model: string,
  records: Iterable<StoredRecord>,
  op: MigrationOp,
): StoredRecord[] {
  const changed: StoredRecord[] = [];
  if (op.action !== 'convert') {
    for (const record of records) {
      const next = migrated(record, op);
      if (next) changed.push(next);
    }
    return changed;
  }
  const convert = converterTo(op.to);
  if (!convert) throw new Error(`no conversion to ${op.to}`); // the plan checked it
  const failed: FieldError[] = [];
  let failures = 0;
  for (const record of records) {
    if (!Object.prototype.hasOwnProperty.call(record, op.field)) continue;
    const value = (record as Record<string, JsonValue>)[op.field];
    const result = convert(value);
    if (!result.ok) {
      if (++failures <= NAMED_FAILURES)
        failed.push({
          field: `${model}[id=${String(record.id)}].${op.field}`,
          message: `record ${String(record.id)}: ${JSON.stringify(value)} has no ${op.to} reading`,
        });
    } else if (JSON.stringify(result.value) !== JSON.stringify(value)) {
      changed.push({ ...record, [op.field]: result.value });
    }
  }
  if (failures > NAMED_FAILURES)
    failed.push({
      field: `${model}.${op.field}`,
      message: `and ${failures - NAMED_FAILURES} more ${failures - NAMED_FAILURES === 1 ? 'record' : 'records'}`,
    });
  if (failures > 0)
    throw problems.invalidBody(
      `${failures} ${model} ${failures === 1 ? 'record has' : 'records have'} a ${op.field} that cannot become ${op.to}`,
      failed,
    );
  return changed;
}

/** Records the migration would change (a 422 when a conversion cannot be made). */
export async function migrationCount(runtime: ModelRuntime, op: MigrationOp): Promise<number> {
  return changedRecords(runtime.schema.name, (await runtime.store.records()).values(), op).length;
}

/** Applies `op` to every record of `runtime`, all or nothing; answers how many changed. */
export async function migrateRecords(runtime: ModelRuntime, op: MigrationOp): Promise<number> {
  return runtime.lock.exclusive(async () => {
    const changed = changedRecords(
      runtime.schema.name,
      (await runtime.store.records()).values(),
      op,
    );
    if (changed.length === 0) return 0;
    const { store } = runtime;
    if (store instanceof CollectionStore && store.collection instanceof FileCollection) {
      const ops: BatchOp[] = changed.map((record) => ({ kind: 'put', record }));
      await stored(writeBatch([{ collection: store.collection, ops }]));
    } else {
      // Records in memory only (`data: false`): nothing on disk to tear.
      for (const record of changed) await stored(store.replace(record.id, record));
    }
    return changed.length;
  });
}

/** 409 unless every file is as the studio read it (`null`: must not exist). */
export async function checkHashes(
  files: readonly PlannedFile[],
  hashes: Readonly<Record<string, string | null>>,
): Promise<void> {
  for (const f of files) {
    // `null` (a new file) is a value here, so `??` would skip it.
    const expected = Object.hasOwn(hashes, f.file) ? hashes[f.file] : hashes[f.relative];
    if (expected === undefined)
      throw problems.invalidBody('Missing file hash', [
        {
          field: 'hashes',
          message: `the hash of ${f.relative} as read (null for a new file) is required`,
        },
      ]);
    const now = existsSync(f.file) ? sha256(await readFile(f.file, 'utf8')) : null;
    if (now !== expected)
      throw problems.conflict(
        now === null
          ? `${f.relative} was deleted since it was read`
          : expected === null
            ? `${f.relative} exists already`
            : `${f.relative} changed on disk since it was read`,
      );
  }
}

async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.decorest-${process.pid}-${Date.now()}.tmp`;
  await writeFile(temp, text);
  await rename(temp, file);
}

export async function applyPlan(
  plan: EditPlan,
  hashes: Readonly<Record<string, string | null>>,
): Promise<{ files: string[]; migrated: number }> {
  await checkHashes(plan.files, hashes);
  const count =
    plan.migration && plan.runtime ? await migrateRecords(plan.runtime, plan.migration) : 0;
  for (const f of plan.files) await writeAtomically(f.file, f.after);
  return { files: plan.files.map((f) => f.file), migrated: count };
}
