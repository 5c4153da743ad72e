/**
 * `decorest db export [dir] --database URL [--out <folder>] [--force]` (issue 26): writes the
 * project's PostgreSQL tables back as datafiles (NeDB format, the file store's own lines), to
 * `<dir>/data` by default, so `serve` without `--database` (or NeDB) reads them.
 *
 * - The database is only read: the tables must match the models (else `db push` first), and
 *   every table is read in one REPEATABLE READ transaction (one snapshot across the tables,
 *   while servers go on writing), in keyset pages of {@link PAGE_ROWS} rows.
 * - Each datafile is written to a temp file beside it and fsynced; only when every table has
 *   been read are they renamed into place (and the folder synced).
 * - The folder is locked while written: a server serving it is refused. A folder that already
 *   holds files is refused unless `--force` (then the models' datafiles are replaced, and the
 *   journals of interrupted batches, which belong to the old files, are deleted).
 * - A numeric-id datafile starts with the identity's high mark (`$$decorest.lastId`), so the
 *   file store never hands out an id the database gave.
 */
import { randomBytes } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { open, readdir, rename, rmdir, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import { DecorestError, INTERNAL_ERROR_CODES, LOAD_ERROR_CODES, LoadError } from '../../errors.js';
import { JOURNAL_PREFIX } from '../../persistence/batch/batch-journal.js';
import type { StoredRecord } from '../../persistence/collection.js';
import { metaLine, serialize } from '../../persistence/datafile/datafile-format.js';
import { keyOf } from '../../persistence/datafile/id-rules.js';
import { connectDatabase, describeAddress } from '../../persistence/postgres/connect.js';
import { decodeRow } from '../../persistence/postgres/record-codec.js';
import { type PoolClient, quoteIdent } from '../../persistence/postgres/sql.js';
import { syncTables, tablesOf } from '../../persistence/postgres/table-diff.js';
import type { TableSpec } from '../../persistence/postgres/table-schema.js';
import { syncFolder } from '../../persistence/sync-folder.js';
import { writeAll } from '../../persistence/write-all.js';
import { LOCK_FILE, lockDataDir } from '../../project/data-lock.js';
import { openProject } from '../../project/open-project.js';
import type { CliArgs } from '../parse-args.js';
import { shownPath } from './db-import.js';

/** Rows per query: a page is read, written and dropped before the next. */
export const PAGE_ROWS = 1000;

interface Written {
  readonly spec: TableSpec;
  readonly path: string;
  readonly file: string;
  readonly temp: string;
  count: number;
}

/** The tables as the models want them, or the steps `db push` would run that change them. */
async function checkTables(
  pool: Parameters<typeof syncTables>[0],
  models: Parameters<typeof syncTables>[1],
  args: CliArgs,
) {
  // Indexes and row counters (issue 44) change how the database answers, not the records.
  const steps = (await syncTables(pool, models, { dryRun: true })).steps.filter(
    (s) => s.upkeep !== true,
  );
  if (steps.length === 0) return;
  const dir = args.dir === '.' ? '' : ` ${args.dir}`;
  throw new DecorestError(
    INTERNAL_ERROR_CODES.TABLES_DIFFER,
    `the tables differ from the models:\n${steps.map((s) => `  ${s.model === undefined ? '' : `${s.model} `}(table ${s.table ?? '?'}): ${s.reason}`).join('\n')}\nnothing was exported; run decorest db push${dir} first (export only reads the database)`,
  );
}

/** The folder's entries that are not the lock. */
async function contents(folder: string): Promise<string[]> {
  return (await readdir(folder)).filter((name) => name !== LOCK_FILE);
}

/** Writes one table into `temp`, a page at a time; returns the rows written. */
async function writeTable(client: PoolClient, spec: TableSpec, temp: string): Promise<number> {
  const table = quoteIdent(spec.table);
  const list = spec.columns.map((c) => quoteIdent(c.name)).join(', ');
  const first = `SELECT ${list} FROM ${table} ORDER BY "id" LIMIT $1`;
  const after = `SELECT ${list} FROM ${table} WHERE "id" > $1 ORDER BY "id" LIMIT $2`;
  const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
  let count = 0;
  try {
    if (spec.idKind === 'number') {
      const { rows } = await client.query<{ last: string }>(
        `SELECT greatest(
           (SELECT coalesce(max("id"), 0) FROM ${table}),
           coalesce(pg_sequence_last_value(pg_get_serial_sequence($1, 'id')::regclass), 0)
         )::text AS last`,
        [table],
      );
      const last = Number(rows[0]!.last);
      if (last > 0) await writeAll(handle, Buffer.from(metaLine(last)));
    }
    let page = (
      await client.query<unknown[]>({ text: first, values: [PAGE_ROWS], rowMode: 'array' })
    ).rows;
    while (page.length > 0) {
      let text = '';
      for (const row of page) {
        const record: StoredRecord = decodeRow(spec, row);
        text += serialize(record, keyOf(record.id));
      }
      await writeAll(handle, Buffer.from(text, 'utf8'));
      count += page.length;
      if (page.length < PAGE_ROWS) break;
      const last = page[page.length - 1]![0];
      page = (
        await client.query<unknown[]>({ text: after, values: [last, PAGE_ROWS], rowMode: 'array' })
      ).rows;
    }
    await handle.datasync();
  } finally {
    await handle.close();
  }
  return count;
}

export async function runDbExport(args: CliArgs, url: string): Promise<number> {
  const project = await openProject(args.dir, { data: false });
  await project.close();
  const outDir = args.out === undefined ? project.dataDir : resolve(args.out);
  const database = await connectDatabase(url);
  try {
    await checkTables(database.pool, project.models, args);
    const existed = existsSync(outDir);
    let unlock: () => Promise<void>;
    try {
      unlock = await lockDataDir(outDir);
    } catch (error) {
      if (!(error instanceof LoadError) || error.code !== LOAD_ERROR_CODES.DATA_LOCKED) throw error;
      throw new DecorestError(
        error.code,
        `${error.message}; nothing was exported (or write elsewhere with --out <folder>)`,
      );
    }
    const written: Written[] = [];
    let done = false;
    try {
      const present = await contents(outDir);
      if (present.length > 0 && args.force !== true)
        throw new DecorestError(
          INTERNAL_ERROR_CODES.USAGE,
          `${shownPath(outDir)} already holds files (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}); nothing was exported. Run again with --force to replace the models' datafiles there, or name another folder with --out`,
        );
      const specs = tablesOf(project.models);
      const paths = new Map(project.models.map((m) => [m.name, m.path]));
      const client = await database.pool.connect();
      let broken: Error | undefined;
      try {
        // One snapshot of every table, however long the pages take.
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        for (const spec of specs) {
          const path = paths.get(spec.model)!;
          const file = join(outDir, `${path}.db`);
          const temp = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
          const entry: Written = { spec, path, file, temp, count: 0 };
          written.push(entry);
          entry.count = await writeTable(client, spec, temp);
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch((e: unknown) => (broken = e as Error));
        throw error;
      } finally {
        client.release(broken);
      }
      // The old files' interrupted batches would be replayed onto the new ones.
      for (const name of present)
        if (name.startsWith(JOURNAL_PREFIX)) await unlink(join(outDir, name));
      for (const w of written) await rename(w.temp, w.file);
      await syncFolder(outDir);
      done = true;
    } finally {
      if (!done) {
        await Promise.all(written.map((w) => unlink(w.temp).catch(() => undefined)));
      }
      await unlock();
      if (!done && !existed) await rmdir(outDir).catch(() => undefined);
    }
    const where = `PostgreSQL ${describeAddress(database.address!)} to ${shownPath(outDir)}`;
    const rows = written.map(
      (w) => `  ${shownPath(w.file)}  ${w.count} ${w.spec.model} (table ${w.spec.table})`,
    );
    const total = written.reduce((n, w) => n + w.count, 0);
    console.log(`decorest db export: ${where}\n${rows.join('\n')}`);
    console.log(`decorest db export: ${total} record${total === 1 ? '' : 's'} exported`);
    return 0;
  } finally {
    await database.close();
  }
}
