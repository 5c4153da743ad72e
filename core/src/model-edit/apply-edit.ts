/**
 * Writes a planned edit: refuses (409) when a file changed on disk since the studio read it,
 * migrates the records in ONE batch through the store's door (persistence/batch-door.ts; for
 * datafiles a journal: a crash leaves the old records or the new ones), then the seed file the
 * same way (issue 23), then replaces each source file durably (persistence/replace-file.ts),
 * all under an edit journal (project/edit-journal.ts). Every refusal (a conversion with no
 * reading, in the records or in the seed) comes before anything is written.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

import type { ModelRuntime } from '../app/model-runtime.js';
import { stored } from '../app/write/store-problem.js';
import { problems } from '../errors.js';
import { writeRecords } from '../persistence/batch-door.js';
import type { BatchOp } from '../persistence/batch-plan.js';
import type { StoredRecord } from '../persistence/collection.js';
import { replaceProjectFile } from '../persistence/inside-project.js';
import { writeEditJournal } from '../project/edit-journal.js';
import { seedText } from '../seed/seed-data.js';
import { migrateRows, type MigrationOp, type Row, type RowNames } from './migrate-rows.js';
import type { EditPlan, PlannedFile } from './plan-edit.js';
import type { SeedRows } from './seed-rows.js';
import { sha256 } from './source-text.js';

function recordNames(model: string, field: string): RowNames {
  return {
    owner: model,
    noun: (n) => (n === 1 ? 'record' : 'records'),
    field: (row) => `${model}[id=${String(row['id'])}].${field}`,
    row: (row) => `record ${String(row['id'])}`,
  };
}

function seedNames(seed: SeedRows, field: string): RowNames {
  return {
    owner: seed.relative,
    noun: (n) => (n === 1 ? 'row' : 'rows'),
    field: (_row, index) => `${seed.relative}[${index}].${field}`,
    row: (_row, index) => `row ${index}`,
  };
}

function fieldOf(runtime: ModelRuntime, name: string) {
  return runtime.schema.fields.find((f) => f.name === name);
}

/** The records `op` changes, as they will be (a 422 when a conversion cannot be made). */
export function changedRecords(
  runtime: ModelRuntime,
  records: readonly StoredRecord[],
  op: MigrationOp,
) {
  const { name } = runtime.schema;
  const changed = migrateRows(
    records,
    op,
    fieldOf(runtime, op.field),
    name,
    recordNames(name, op.field),
  );
  return [...changed.values()] as StoredRecord[];
}

/** The seed's rows after `op`, and how many it changed (a 422 when one cannot be migrated). */
export function migratedSeed(
  runtime: ModelRuntime,
  seed: SeedRows,
  op: MigrationOp,
): { rows: Row[]; changed: number } {
  const changed = migrateRows(
    seed.rows,
    op,
    fieldOf(runtime, op.field),
    runtime.schema.name,
    seedNames(seed, op.field),
  );
  return { rows: seed.rows.map((row, i) => changed.get(i) ?? row), changed: changed.size };
}

/** Records the migration would change (a 422 when a conversion cannot be made). */
export async function migrationCount(runtime: ModelRuntime, op: MigrationOp): Promise<number> {
  return changedRecords(runtime, [...(await runtime.store.records()).values()], op).length;
}

/**
 * Applies `op` to every record of `runtime`, all or nothing; answers how many changed.
 * `beforeWrite` runs once the records are known to migrate, before anything is written.
 */
export async function migrateRecords(
  runtime: ModelRuntime,
  op: MigrationOp,
  beforeWrite: (changed: readonly StoredRecord[]) => Promise<void> = async () => {},
): Promise<number> {
  return runtime.lock.exclusive(async () => {
    const changed = changedRecords(runtime, [...(await runtime.store.records()).values()], op);
    await beforeWrite(changed);
    if (changed.length === 0) return 0;
    const ops = changed.map((record): BatchOp => ({ kind: 'put', record }));
    await stored(writeRecords([{ store: runtime.store, ops }]));
    // Like every other write: an open Data view shows the migrated records (issue 25).
    runtime.changes.publish({
      model: runtime.schema.name,
      op: 'update',
      ids: changed.map((r) => r.id),
    });
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

/**
 * A crash at a named step, for the fault-injection test (issue 24): the process dies as a
 * kill -9 would, with nothing flushed or rolled back.
 */
export function faultPoint(step: string): void {
  if (process.env['DECOREST_FAULT_AT'] === step) process.kill(process.pid, 'SIGKILL');
}

/**
 * Writes the plan: records, seed and source files as one step on disk (project/edit-journal.ts).
 * `dataDir` undefined: records in memory, no journal.
 */
export async function applyPlan(
  plan: EditPlan,
  hashes: Readonly<Record<string, string | null>>,
  dataDir: string | undefined,
): Promise<{ files: string[]; migrated: number; seedMigrated: number }> {
  await checkHashes(plan.files, hashes);
  const { runtime, migration, seed } = plan;
  let seedAfter: { rows: Row[]; changed: number } | undefined;
  let done: () => Promise<void> = async () => {};
  // Every refusal comes before the journal: a seed row that cannot follow stops the edit too.
  const journal = async (changed: readonly StoredRecord[]) => {
    if (runtime && migration && seed) seedAfter = migratedSeed(runtime, seed, migration);
    if (dataDir === undefined) return;
    const files = plan.files.map((f) => ({ file: f.file, text: f.after }));
    if (seed && seedAfter && seedAfter.changed > 0)
      files.push({ file: seed.file, text: seedText(seedAfter.rows) });
    const first = changed[0];
    done = await writeEditJournal(dataDir, {
      files,
      ...(runtime && first ? { witness: { model: runtime.schema.name, record: first } } : {}),
    });
    faultPoint('journal');
  };
  let count = 0;
  if (runtime && migration) count = await migrateRecords(runtime, migration, journal);
  else await journal([]);
  faultPoint('records');
  if (seed && seedAfter && seedAfter.changed > 0) {
    await replaceProjectFile(plan.root, seed.file, seedText(seedAfter.rows));
    faultPoint('seed');
  }
  for (const f of plan.files) {
    await replaceProjectFile(plan.root, f.file, f.after);
    faultPoint('file');
  }
  await done();
  return {
    files: plan.files.map((f) => f.file),
    migrated: count,
    seedMigrated: seedAfter?.changed ?? 0,
  };
}
