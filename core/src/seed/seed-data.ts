/**
 * Seed and reset (issue 16). A project's `seed/<path>.json` holds one JSON array per
 * default-datasource model. `saveSeed` snapshots the current records there; `resetToSeed` puts
 * every such model back to its seed as ONE journaled batch (persistence/batch/batch-journal.ts): a
 * crash or kill -9 mid-reset leaves the old data or the new data, never a mix. A model with no
 * seed file is emptied. Every row is validated like a create and every `@BelongTo` checked
 * against the seed's own parents before anything is written.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import type { ModelRuntime } from '../app/model-runtime.js';
import { stored } from '../app/write/store-problem.js';
import { type FieldError, HttpProblem, problems } from '../errors.js';
import type { RecordId } from '../model/schema.js';
import { writeRecords } from '../persistence/batch-door.js';
import type { BatchOp } from '../persistence/batch-plan.js';
import type { NewRecord } from '../persistence/collection.js';
import {
  insideProject,
  readProjectFile,
  replaceProjectFile,
} from '../persistence/inside-project.js';
import { allRecords, recordPages } from '../persistence/store-reads.js';
import type { ProjectRuntime } from '../project/open-project.js';

export interface SeedCount {
  /** Class name. */
  model: string;
  /** `seed/<path>.json`, relative to the project. */
  file: string;
  count: number;
}

type Seeded = NewRecord & { readonly id: RecordId };

/** The folder of a project that holds its seed (CONTRACT §8, issue 16). */
export const SEED_FOLDER = 'seed';

export function seedDir(project: ProjectRuntime): string {
  return join(project.root, SEED_FOLDER);
}

/** The models a seed covers: the default datasource's, whose records live in datafiles. */
function seedable(project: ProjectRuntime): ModelRuntime[] {
  return project.runtimes.filter((r) => r.schema.dataSource === undefined);
}

/** Parsed and validated seeds, reused while the files are unchanged (a test suite resets often). */
const cache = new WeakMap<ProjectRuntime, { stamp: string; rows: Map<ModelRuntime, Seeded[]> }>();

function stampOf(files: readonly string[]): string {
  return files
    .map((f) => {
      try {
        const s = statSync(f);
        return `${f}:${s.mtimeMs}:${s.size}`;
      } catch {
        return `${f}:-`;
      }
    })
    .join('|');
}

/** Every seed row as it will be stored (ids assigned), or a 422 naming `file[index].field`. */
async function readSeeds(project: ProjectRuntime): Promise<Map<ModelRuntime, Seeded[]>> {
  const dir = seedDir(project);
  if (!existsSync(dir)) throw problems.noSeed(dir);
  const models = seedable(project);
  const files = models.map((m) => join(dir, `${m.schema.path}.json`));
  const stamp = stampOf(files);
  const hit = cache.get(project);
  if (hit?.stamp === stamp) return hit.rows;

  const errors: FieldError[] = [];
  const rows = new Map<ModelRuntime, Seeded[]>();
  await Promise.all(
    models.map(async (model, i) => {
      const name = `${model.schema.path}.json`;
      let text: string;
      try {
        // Issue 40: a seed file leading outside the project is refused, not read.
        text = await readProjectFile(project.root, files[i]!);
      } catch (error) {
        if (error instanceof HttpProblem) throw error;
        rows.set(model, []); // no seed for this model: it is emptied
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        errors.push({ field: name, message: `is not JSON: ${(error as Error).message}` });
        return;
      }
      if (!Array.isArray(parsed)) {
        errors.push({ field: name, message: 'must be a JSON array of records' });
        return;
      }
      rows.set(model, validated(model, name, parsed, errors));
    }),
  );
  for (const [model, records] of rows) errors.push(...(await orphanErrors(model, records, rows)));
  if (errors.length > 0) throw problems.invalidBody('Invalid seed', errors);
  cache.set(project, { stamp, rows });
  return rows;
}

function validated(
  model: ModelRuntime,
  name: string,
  rows: readonly unknown[],
  errors: FieldError[],
): Seeded[] {
  const out: Seeded[] = [];
  const taken = new Set<RecordId>();
  const numeric = model.schema.idKind === 'number';
  let next = 1;
  for (const row of rows) {
    const id = (row as { id?: unknown } | null)?.id;
    if (typeof id === 'number' && id >= next) next = id + 1;
  }
  rows.forEach((row, index) => {
    try {
      const record = model.validator.create(row);
      const id = (record.id as RecordId | undefined) ?? (numeric ? next++ : randomUUID());
      if (taken.has(id)) {
        errors.push({ field: `${name}[${index}].id`, message: 'appears twice in the seed' });
        return;
      }
      taken.add(id);
      // `id` first, as the store keeps it: the reset compares stored and seeded lines.
      out.push({ id, ...record } as Seeded);
    } catch (error) {
      const fields = (error as { errors?: FieldError[] }).errors ?? [
        { field: '', message: error instanceof Error ? error.message : String(error) },
      ];
      for (const f of fields)
        errors.push({
          field: `${name}[${index}]${f.field ? `.${f.field}` : ''}`,
          message: f.message,
        });
    }
  });
  return out;
}

/** Relations intact: every `@BelongTo` names a parent of the seed (or of a datasource model). */
async function orphanErrors(
  model: ModelRuntime,
  records: readonly Seeded[],
  rows: ReadonlyMap<ModelRuntime, Seeded[]>,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const [field, parent] of model.parents) {
    const seeded = rows.get(parent);
    const ids = seeded ? new Set(seeded.map((r) => r.id)) : undefined;
    for (let index = 0; index < records.length; index++) {
      const value = records[index]![field];
      if (value === undefined || value === null) continue;
      const found = ids
        ? ids.has(value as RecordId)
        : (await parent.store.get(value as RecordId)) !== undefined;
      if (!found)
        errors.push({
          field: `${model.schema.path}.json[${index}].${field}`,
          message: `no ${parent.schema.name.toLowerCase()} with id ${JSON.stringify(value)} in the seed`,
        });
    }
  }
  return errors;
}

/** Seeded records' JSON, to compare with the stored ones (computed once per seed version). */
const seededText = new WeakMap<Seeded, string>();
function textOf(record: Seeded): string {
  let text = seededText.get(record);
  if (text === undefined) seededText.set(record, (text = JSON.stringify(record)));
  return text;
}

/**
 * The batch that turns the stored records into the seeded ones: removes and puts only what
 * differs, so a test suite resetting after a few writes journals a few lines, not the data.
 * Computed and handed to the batch in one step, under every model's lock: a write that
 * slips in between is ordered after the reset (or planned over, when it touches a record
 * the reset puts).
 */
async function diffOps(model: ModelRuntime, seeded: readonly Seeded[]): Promise<BatchOp[]> {
  const current = new Map<RecordId, unknown>();
  for await (const page of recordPages(model.store))
    for (const record of page) current.set(record.id, record);
  const ops: BatchOp[] = [];
  const wanted = new Set<RecordId>();
  for (const record of seeded) {
    wanted.add(record.id);
    const stored = current.get(record.id);
    if (stored === undefined || JSON.stringify(stored) !== textOf(record))
      ops.push({ kind: 'put', record });
  }
  for (const id of current.keys()) if (!wanted.has(id)) ops.push({ kind: 'remove', id });
  return ops;
}

/** Runs `fn` holding every model's relation lock exclusively, in a fixed order (no deadlock). */
function holdingAll<T>(models: readonly ModelRuntime[], fn: () => Promise<T>): Promise<T> {
  return models.reduceRight<() => Promise<T>>((inner, m) => () => m.lock.exclusive(inner), fn)();
}

/**
 * Puts every default-datasource model back to its seed, atomically, and publishes one
 * `reset` change per model (ids left empty: a client reloads the whole model).
 */
export async function resetToSeed(project: ProjectRuntime): Promise<SeedCount[]> {
  const rows = await readSeeds(project);
  const models = seedable(project);
  // One batch through the stores' door: journaled (old data or new, never a mix) for datafiles.
  await holdingAll(models, async () => {
    const ops = await Promise.all(models.map((m) => diffOps(m, rows.get(m) ?? [])));
    await stored(writeRecords(models.map((m, i) => ({ store: m.store, ops: ops[i]! }))));
  });
  for (const m of models) m.changes.publish({ model: m.schema.name, op: 'reset', ids: [] });
  return models.map((m) => ({
    model: m.schema.name,
    file: `seed/${m.schema.path}.json`,
    count: rows.get(m)?.length ?? 0,
  }));
}

/** One record a line: a seed diffs well in version control. */
export function seedText(records: readonly unknown[]): string {
  if (records.length === 0) return '[]\n';
  return `[\n${records.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n`;
}

/** Snapshots the current records of every default-datasource model into `seed/`. */
export async function saveSeed(project: ProjectRuntime): Promise<SeedCount[]> {
  // Issue 40: made and written at its real place, never through a link leading outside.
  const dir = await insideProject(project.root, seedDir(project));
  await mkdir(dir, { recursive: true });
  const out: SeedCount[] = [];
  for (const model of seedable(project)) {
    const records = await allRecords(model.store);
    const file = join(dir, `${model.schema.path}.json`);
    // A crash leaves the old seed file or the new one; two saves at once each use their own
    // temp file (issue 24).
    await replaceProjectFile(project.root, file, seedText(records));
    out.push({
      model: model.schema.name,
      file: `seed/${model.schema.path}.json`,
      count: records.length,
    });
  }
  return out;
}
