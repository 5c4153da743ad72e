/**
 * `decorest db import [dir] --database URL [--data <folder>] [--replace]` (issue 26): copies a
 * project's datafiles (NeDB format, `<dir>/data` by default) into its PostgreSQL tables.
 *
 * - Every record is checked first, by the models (the rules a write's 422 applies), by its
 *   relations (a `@BelongTo` names a record of the import) and by what the table can hold
 *   exactly; a record refused is one line `data/todos.db:17: title: must be …` and nothing is
 *   imported (exit 1).
 * - Tables are brought to the models as a server start does (missing ones created; a change
 *   that loses data refused, pointing at `db push`).
 * - Tables that already hold rows are refused, named, unless `--replace`: then their rows are
 *   deleted and the datafiles' put in their place, in the same transaction.
 * - Everything is one transaction (the database's batch door): all the records or none. Ids
 *   are kept, and each identity moves past the highest id the datafile ever used (deleted ones
 *   too, CONTRACT §1), so the database never hands out an id the files had.
 * - The data folder is locked while it is read, as `seed` and `fake` lock it: a server serving
 *   it is refused (its appends would race the read).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';

import type { ModelRuntime } from '../../app/model-runtime.js';
import { DecorestError, INTERNAL_ERROR_CODES, LOAD_ERROR_CODES, LoadError } from '../../errors.js';
import type { RecordId } from '../../model/schema.js';
import { recoverBatches } from '../../persistence/batch/batch-recovery.js';
import type { BatchDoorPart } from '../../persistence/batch-door.js';
import { writeRecords } from '../../persistence/batch-door.js';
import type { StoredRecord } from '../../persistence/collection.js';
import { parseLine } from '../../persistence/datafile/datafile-format.js';
import { readDatafile } from '../../persistence/datafile/datafile-load.js';
import { idFromKey } from '../../persistence/datafile/id-rules.js';
import { openPostgres } from '../../persistence/postgres/open-postgres.js';
import type { PostgresStore } from '../../persistence/postgres/postgres-store.js';
import { encodeRecord } from '../../persistence/postgres/record-codec.js';
import { quoteIdent } from '../../persistence/postgres/sql.js';
import { lockDataDir } from '../../project/data-lock.js';
import { openProject } from '../../project/open-project.js';
import { withPushHint } from '../database-option.js';
import type { CliArgs } from '../parse-args.js';

/** Refusals printed before the summary line; the rest are counted. */
const SHOWN_PROBLEMS = 50;

/** One model's datafile, read. */
interface ModelFile {
  readonly model: ModelRuntime;
  /** Absolute path. */
  readonly file: string;
  /** The records to write, validated (defaults applied, values normalised), `id` first. */
  readonly records: StoredRecord[];
  /** The highest numeric id the file ever used, deleted records and its metadata included. */
  readonly lastId: number;
}

interface Problem {
  readonly file: string;
  readonly id: RecordId;
  readonly text: string;
}

/** A path as the user would type it from here (absolute when it is outside the cwd). */
export function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' ? '.' : rel.startsWith('..') ? path : rel;
}

function fieldText(field: string, message: string): string {
  return field === '' ? message : `${field}: ${message}`;
}

/** The models the datafiles hold: the default datasource's. */
function stored(runtimes: readonly ModelRuntime[]): ModelRuntime[] {
  return runtimes.filter((r) => r.schema.dataSource === undefined);
}

/** Reads and checks every model's datafile against the models; problems are collected. */
async function readFiles(
  models: readonly ModelRuntime[],
  dataDir: string,
  problems: Problem[],
): Promise<ModelFile[]> {
  const out: ModelFile[] = [];
  for (const model of models) {
    const file = join(dataDir, `${model.schema.path}.db`);
    const loaded = await readDatafile(file, model.schema.idKind);
    if (loaded.torn !== undefined)
      console.error(
        `decorest: ${shownPath(file)}:${loaded.torn.line}: skipped a last line cut short by a crash (${loaded.torn.reason})`,
      );
    const records: StoredRecord[] = [];
    for (const record of loaded.records.values()) {
      try {
        const checked = model.validator.create(record);
        // `id` first, as the file store keeps it (and as an export writes it back).
        records.push({ id: record.id, ...checked } as StoredRecord);
      } catch (error) {
        const fields = (error as { errors?: { field: string; message: string }[] }).errors;
        if (!Array.isArray(fields)) throw error;
        for (const f of fields)
          problems.push({ file, id: record.id, text: fieldText(f.field, f.message) });
      }
    }
    out.push({ model, file, records, lastId: loaded.lastId });
  }
  return out;
}

/** Every `@BelongTo` names a record of the import (a named datasource's parent is not ours). */
function orphans(files: readonly ModelFile[], problems: Problem[]): void {
  const ids = new Map(files.map((f) => [f.model, new Set(f.records.map((r) => r.id))]));
  for (const { model, file, records } of files)
    for (const [field, parent] of model.parents) {
      const known = ids.get(parent);
      if (known === undefined) continue;
      const parentFile = shownPath(files.find((f) => f.model === parent)!.file);
      for (const record of records) {
        const value = record[field];
        if (value === undefined || value === null || known.has(value as RecordId)) continue;
        problems.push({
          file,
          id: record.id,
          text: `${field}: no ${parent.schema.name.toLowerCase()} with id ${JSON.stringify(value)} in ${parentFile}`,
        });
      }
    }
}

/** What the table cannot hold exactly (text with U+0000, a date past 9999 …), as the store refuses it. */
function unstorable(files: readonly ModelFile[], stores: ReadonlyMap<string, PostgresStore>) {
  const problems: Problem[] = [];
  for (const { model, file, records } of files) {
    const store = stores.get(model.schema.name)!;
    for (const record of records) {
      try {
        encodeRecord(store.spec, record);
      } catch (error) {
        if (!(error instanceof DecorestError)) throw error;
        problems.push({ file, id: record.id, text: error.message });
      }
    }
  }
  return problems;
}

/** The 1-based line each id was last written on (the line the record is read from). */
async function lineNumbers(file: string, idKind: 'number' | 'string') {
  // A BOM is no part of the first line (the datafile reader skips it too).
  const lines = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '').split('\n');
  const at = new Map<RecordId, number>();
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const parsed = parseLine(line);
    if (parsed.kind !== 'record') return;
    const id =
      parsed.fields['id'] ?? (parsed.key === undefined ? undefined : idFromKey(parsed.key, idKind));
    if (typeof id === 'number' || typeof id === 'string') at.set(id, index + 1);
  });
  return at;
}

/** Prints each refusal as `file:line: field: message`, then throws the summary. */
async function refuse(problems: readonly Problem[], files: readonly ModelFile[]): Promise<never> {
  const lines = new Map<string, Map<RecordId, number>>();
  const located = [];
  for (const p of problems) {
    let at = lines.get(p.file);
    if (at === undefined) {
      const kind = files.find((f) => f.file === p.file)!.model.schema.idKind;
      lines.set(p.file, (at = await lineNumbers(p.file, kind)));
    }
    located.push({ ...p, line: at.get(p.id) ?? 0 });
  }
  located.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  for (const p of located.slice(0, SHOWN_PROBLEMS))
    console.error(`${shownPath(p.file)}:${p.line}: ${p.text}`);
  if (located.length > SHOWN_PROBLEMS)
    console.error(`… and ${located.length - SHOWN_PROBLEMS} more`);
  const records = new Set(problems.map((p) => `${p.file}\0${String(p.id)}`)).size;
  throw new DecorestError(
    INTERNAL_ERROR_CODES.INVALID_RECORD,
    `${records} record${records === 1 ? ' was' : 's were'} refused (above); nothing was imported`,
  );
}

/** Datafiles locked and read (batches a crash interrupted finished first, as any open does). */
async function readDataFolder(
  models: readonly ModelRuntime[],
  dataDir: string,
  problems: Problem[],
) {
  if (!existsSync(dataDir))
    throw new LoadError(
      LOAD_ERROR_CODES.PROJECT_NOT_FOUND,
      { file: dataDir },
      'no data folder here',
    );
  let unlock: () => Promise<void>;
  try {
    unlock = await lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof LoadError) || error.code !== LOAD_ERROR_CODES.DATA_LOCKED) throw error;
    throw new DecorestError(
      error.code,
      `${error.message}; nothing was imported (or import a copy of it with --data <folder>)`,
    );
  }
  try {
    for (const note of await recoverBatches(dataDir)) console.error(`decorest: ${note}`);
    return await readFiles(models, dataDir, problems);
  } finally {
    await unlock();
  }
}

export async function runDbImport(args: CliArgs, url: string): Promise<number> {
  // The models and their validators only: the records come from the files.
  const project = await openProject(args.dir, { data: false });
  await project.close();
  const dataDir = args.dataFolder === undefined ? project.dataDir : resolve(args.dataFolder);
  const models = stored(project.runtimes);
  const problems: Problem[] = [];
  const files = await readDataFolder(models, dataDir, problems);
  orphans(files, problems);
  if (problems.length > 0) await refuse(problems, files);

  let onDatabase;
  try {
    onDatabase = await openPostgres(url, project.models);
  } catch (error) {
    throw withPushHint(error, args);
  }
  const { database, stores } = onDatabase;
  try {
    const cannot = unstorable(files, stores);
    if (cannot.length > 0) await refuse(cannot, files);

    const where = `${shownPath(dataDir)} to PostgreSQL ${onDatabase.address}`;
    const parts: BatchDoorPart[] = [];
    const occupied: string[] = [];
    for (const { model } of files) {
      const store = stores.get(model.schema.name)!;
      if ((await store.first(1)).length > 0) occupied.push(store.spec.table);
    }
    if (occupied.length > 0 && args.replace !== true)
      throw new DecorestError(
        INTERNAL_ERROR_CODES.USAGE,
        `${where}: ${occupied.length === 1 ? 'table' : 'tables'} ${occupied.join(', ')} already ${occupied.length === 1 ? 'holds' : 'hold'} records; nothing was imported. Run again with --replace to delete them and import the files in their place`,
      );
    // Every table emptied before any row is put: a parent's delete rule (cascade, set null)
    // must not reach the children just imported.
    if (args.replace === true)
      for (const { model } of files)
        parts.push({ store: stores.get(model.schema.name)!, ops: [{ kind: 'clear' }] });
    for (const { model, records } of files)
      parts.push({
        store: stores.get(model.schema.name)!,
        ops: records.map((record) => ({ kind: 'insert', record })),
      });
    // An insert naming a taken id fails: a row written meanwhile is never overwritten.
    try {
      await writeRecords(parts);
    } catch (error) {
      if (!(error instanceof DecorestError)) throw error;
      throw new DecorestError(
        error.code,
        `PostgreSQL refused the import: ${error.message}; nothing was imported`,
        { cause: error },
      );
    }
    for (const { model, lastId } of files)
      if (model.schema.idKind === 'number' && lastId > 0)
        await advanceIdentity(database.pool, stores.get(model.schema.name)!.spec.table, lastId);

    const rows = files.map(
      ({ model, file, records }) =>
        `  ${shownPath(file)}  ${records.length} ${model.schema.name} → table ${stores.get(model.schema.name)!.spec.table}`,
    );
    const total = files.reduce((n, f) => n + f.records.length, 0);
    console.log(`decorest db import: ${where}\n${rows.join('\n')}`);
    console.log(
      `decorest db import: ${total} record${total === 1 ? '' : 's'} imported in one transaction${args.replace === true && occupied.length > 0 ? ` (the rows of ${occupied.join(', ')} replaced)` : ''}`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

/** Moves a table's identity up to `id` (never down), as the store's put does for each id. */
async function advanceIdentity(
  pool: { query: (text: string, values: unknown[]) => Promise<unknown> },
  table: string,
  id: number,
): Promise<void> {
  await pool.query(
    `SELECT setval(pg_get_serial_sequence($1, 'id'), $2::bigint)
      WHERE coalesce(pg_sequence_last_value(pg_get_serial_sequence($1, 'id')::regclass), 0) < $2::bigint`,
    [quoteIdent(table), id],
  );
}
