/**
 * A model edit on PostgreSQL across a crash (issue 26): its table change is one transaction
 * and its files are written before that transaction commits (model-edit/apply-edit-database.ts),
 * so a process killed in between leaves new files over an old table (the next start would
 * refuse the difference) unless something says which way the edit went.
 *
 * This journal does: written durably once the table change has run and before the first file
 * is, it holds the transaction's id and every file's text before and after. A start that finds
 * it asks the database (`txid_status`): committed, the new texts are put in place; aborted (or
 * too old to know), the old ones. Then it is removed, before the sources are loaded.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, rmdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';

import { LOAD_ERROR_CODES, LoadError } from '../errors.js';
import { replaceFile } from '../persistence/replace-file.js';

/** In the data folder, which a project on a database otherwise leaves alone. */
export const DATABASE_EDIT_JOURNAL = 'model-edit.database-journal.json';

export interface DatabaseEditJournal {
  /** The edit's transaction (`txid_current()`), as text. */
  readonly xid: string;
  /** Absolute paths inside the project; `before: null`: the edit creates the file. */
  readonly files: readonly {
    readonly file: string;
    readonly before: string | null;
    readonly after: string;
  }[];
}

/**
 * Writes the journal durably; resolves what removes it once the edit is decided, with the
 * data folder when this made it (a folder left behind would read as "not a first run" to a
 * later start on files).
 */
export async function writeDatabaseEditJournal(
  dataDir: string,
  journal: DatabaseEditJournal,
): Promise<() => Promise<void>> {
  const made = !existsSync(dataDir);
  if (made) await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, DATABASE_EDIT_JOURNAL);
  await replaceFile(file, JSON.stringify(journal));
  return async () => {
    await rm(file, { force: true });
    if (made) await rmdir(dataDir).catch(() => {}); // only when empty
  };
}

function damaged(file: string, why: string): LoadError {
  return new LoadError(
    LOAD_ERROR_CODES.CORRUPT_DATAFILE,
    { file },
    `the model edit journal ${why}; the edit it describes cannot be finished (remove the file to keep the files and tables as they are)`,
  );
}

function parse(root: string, file: string, text: string): DatabaseEditJournal {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw damaged(file, 'is not JSON');
  }
  const journal = value as Partial<DatabaseEditJournal> | null;
  if (!journal || typeof journal.xid !== 'string' || !/^\d+$/.test(journal.xid))
    throw damaged(file, 'names no transaction');
  if (!Array.isArray(journal.files)) throw damaged(file, 'lists no files');
  for (const entry of journal.files as unknown[]) {
    const e = entry as { file?: unknown; before?: unknown; after?: unknown };
    if (
      typeof e.file !== 'string' ||
      typeof e.after !== 'string' ||
      (e.before !== null && typeof e.before !== 'string')
    )
      throw damaged(file, 'has an entry without file, before and after');
    // Written by this process about this project: a path outside it was not.
    const inside = relative(root, resolve(e.file));
    if (inside.startsWith(`..${sep}`) || inside === '..' || resolve(e.file) !== e.file)
      throw damaged(file, `names a file outside the project (${e.file})`);
  }
  return journal as DatabaseEditJournal;
}

/** How long a start waits for the server to end a dead process's transaction. */
const IN_PROGRESS_WAIT_MS = 10_000;

/**
 * Finishes or undoes an interrupted model edit of the project at `root` on the database at
 * `url`, if one was interrupted; the sources are loaded afterwards.
 */
export async function completeDatabaseEdit(
  root: string,
  dataDir: string,
  url: string,
): Promise<void> {
  const file = join(dataDir, DATABASE_EDIT_JOURNAL);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return; // no edit was interrupted
  }
  const journal = parse(root, file, text);
  const { connectDatabase } = await import('../persistence/postgres/connect.js');
  const database = await connectDatabase(url);
  let status: string | null;
  try {
    const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
    for (;;) {
      const { rows } = await database.pool.query<{ status: string | null }>(
        'SELECT txid_status($1::bigint) AS status',
        [journal.xid],
      );
      status = rows[0]?.status ?? null;
      // A killed process's connection is ended by the server soon; its transaction with it.
      if (status !== 'in progress' || Date.now() > deadline) break;
      await new Promise((wake) => setTimeout(wake, 100));
    }
  } finally {
    await database.close();
  }
  if (status === 'in progress')
    throw damaged(file, `names transaction ${journal.xid}, which is still running`);
  for (const entry of journal.files) {
    const wanted = status === 'committed' ? entry.after : entry.before;
    if (wanted === null) await rm(entry.file, { force: true });
    else await replaceFile(entry.file, wanted);
  }
  await rm(file, { force: true });
  await rmdir(dataDir).catch(() => {}); // only when empty: the journal made it
}
