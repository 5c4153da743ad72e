/**
 * A model edit as one step on disk, whatever moment a crash picks (issues 24 and 26). Before
 * its files change, an edit writes a journal in the data folder saying what they become; a
 * start that finds one finishes or undoes the edit, before the sources are loaded, and removes
 * it. Two kinds, one skeleton (where, how written, read and checked):
 *
 * - On the data folder (model-edit/apply-edit.ts): every file's new text and one migrated
 *   record as a witness; the records go in one journaled batch, then the files. The start asks
 *   the witness once the batch journal has finished or undone its batch: the record reads as
 *   migrated, so the data is new, and the files are put in place (all of them: they may have
 *   been half written); it does not, so the data is old, and so are the files (written after).
 * - On PostgreSQL (model-edit/apply-edit-database.ts): the table change is one transaction,
 *   and the files are written before it commits. The journal, written once the change has run,
 *   holds the transaction's id and every file before and after; the start asks the database
 *   (`txid_status`): committed, the new texts are put in place; aborted (or too old to know),
 *   the old ones.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, rmdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

import { LOAD_ERROR_CODES, LoadError } from '../errors.js';
import type { RecordId } from '../model/schema.js';
import type { StoredRecord } from '../persistence/collection.js';
import { replaceFile } from '../persistence/replace-file.js';
import { loadPostgres } from './load-postgres.js';
import type { ProjectData } from './project-data.js';

/** In the data folder, under the data lock. */
export const EDIT_JOURNAL = 'model-edit.journal.json';
/** In the data folder, which a project on a database otherwise leaves alone. */
export const DATABASE_EDIT_JOURNAL = 'model-edit.database-journal.json';

export interface EditJournal {
  /** Absolute paths inside the project, with their new text. */
  readonly files: readonly { readonly file: string; readonly text: string }[];
  /** One record as the migration leaves it; none when the edit changes no record. */
  readonly witness?: { readonly model: string; readonly record: StoredRecord };
}

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

/** What the two journals differ in. */
interface JournalKind {
  readonly name: string;
  /** What a user who removes a damaged journal keeps as it is. */
  readonly keeps: string;
  /**
   * Whether writing it makes the data folder when missing (a project on a database has none),
   * removed with the journal: a folder left behind would read as "not a first run" to a later
   * start on files.
   */
  readonly makesFolder: boolean;
  /** Why the journal's own fields (beside `files`) are wrong, if they are. */
  readonly wrongHeader?: (journal: Record<string, unknown>) => string | undefined;
  /** Whether one entry of `files` has its fields, and their names for the message. */
  readonly isEntry: (entry: Record<string, unknown>) => boolean;
  readonly entryFields: string;
}

const ON_FILES: JournalKind = {
  name: EDIT_JOURNAL,
  keeps: 'files and data',
  makesFolder: false,
  isEntry: (e) => typeof e.file === 'string' && typeof e.text === 'string',
  entryFields: 'file and text',
};

const ON_DATABASE: JournalKind = {
  name: DATABASE_EDIT_JOURNAL,
  keeps: 'files and tables',
  makesFolder: true,
  wrongHeader: (j) =>
    typeof j.xid !== 'string' || !/^\d+$/.test(j.xid) ? 'names no transaction' : undefined,
  isEntry: (e) =>
    typeof e.file === 'string' &&
    typeof e.after === 'string' &&
    (e.before === null || typeof e.before === 'string'),
  entryFields: 'file, before and after',
};

/** Writes the journal durably; resolves what removes it once the edit is decided. */
async function writeJournal(
  kind: JournalKind,
  dataDir: string,
  journal: EditJournal | DatabaseEditJournal,
): Promise<() => Promise<void>> {
  const made = kind.makesFolder && !existsSync(dataDir);
  if (made) await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, kind.name);
  await replaceFile(file, JSON.stringify(journal));
  return async () => {
    await rm(file, { force: true });
    if (made) await rmdir(dataDir).catch(() => {}); // only when empty
  };
}

export function writeEditJournal(
  dataDir: string,
  journal: EditJournal,
): Promise<() => Promise<void>> {
  return writeJournal(ON_FILES, dataDir, journal);
}

export function writeDatabaseEditJournal(
  dataDir: string,
  journal: DatabaseEditJournal,
): Promise<() => Promise<void>> {
  return writeJournal(ON_DATABASE, dataDir, journal);
}

/** A journal an interrupted edit left. */
interface FoundJournal<T> {
  readonly journal: T;
  /** The load error saying the journal cannot be acted on, and what removing it keeps. */
  damaged(why: string): LoadError;
  /** Removes it (and the data folder it made, when empty), the edit decided. */
  remove(): Promise<void>;
}

/**
 * The journal of `kind` in `dataDir`, checked (JSON, its fields, every file inside `root`);
 * undefined when there is none. Throws a {@link LoadError} when it cannot be acted on.
 */
async function readJournal<T>(
  kind: JournalKind,
  root: string,
  dataDir: string,
): Promise<FoundJournal<T> | undefined> {
  const file = join(dataDir, kind.name);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined; // no edit was interrupted
  }
  const damaged = (why: string) =>
    new LoadError(
      LOAD_ERROR_CODES.CORRUPT_DATAFILE,
      { file },
      `the model edit journal ${why}; the edit it describes cannot be finished (remove the file to keep the ${kind.keeps} as they are)`,
    );
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw damaged('is not JSON');
  }
  const journal = (typeof value === 'object' ? value : null) as Record<string, unknown> | null;
  const wrong = kind.wrongHeader?.(journal ?? {});
  if (wrong !== undefined) throw damaged(wrong);
  if (journal === null || !Array.isArray(journal.files)) throw damaged('lists no files');
  for (const entry of journal.files as Record<string, unknown>[]) {
    if (typeof entry !== 'object' || entry === null || !kind.isEntry(entry))
      throw damaged(`has an entry without ${kind.entryFields}`);
    // Written by this process about this project: a path outside it was not.
    const path = entry.file as string;
    const inside = relative(root, resolve(path));
    if (inside.startsWith(`..${sep}`) || inside === '..' || resolve(path) !== path)
      throw damaged(`names a file outside the project (${path})`);
  }
  return {
    journal: journal as T,
    damaged,
    remove: async () => {
      await rm(file, { force: true });
      if (kind.makesFolder) await rmdir(dataDir).catch(() => {}); // only when empty
    },
  };
}

/** Whether the datafile of `model` holds `record` exactly. */
async function holds(data: ProjectData, model: string, record: StoredRecord): Promise<boolean> {
  let stored: StoredRecord | undefined;
  try {
    stored = await data.collection(model).get(record.id as RecordId);
  } catch {
    return false; // the model is no longer stored here: nothing of the edit's data to keep
  }
  return isDeepStrictEqual(stored, record);
}

/**
 * Finishes or drops an interrupted model edit of the project at `root`, whose data is open in
 * `data` (its batches already recovered). Resolves `true` when files were rewritten: the
 * sources loaded before are stale and the project must be opened again.
 */
export async function completeEdit(
  root: string,
  dataDir: string,
  data: ProjectData,
): Promise<boolean> {
  const found = await readJournal<EditJournal>(ON_FILES, root, dataDir);
  if (found === undefined) return false;
  const { files, witness } = found.journal;
  const migrated = witness === undefined || (await holds(data, witness.model, witness.record));
  if (migrated) for (const entry of files) await replaceFile(entry.file, entry.text);
  await found.remove();
  return migrated;
}

/** How long a start waits for the server to end a dead process's transaction. */
const IN_PROGRESS_WAIT_MS = 10_000;

/** `txid_status` of `xid` on the database at `url`, once it is no longer in progress. */
async function transactionStatus(url: string, xid: string): Promise<string | null> {
  const { connectDatabase } = await loadPostgres();
  const database = await connectDatabase(url);
  try {
    const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
    for (;;) {
      const { rows } = await database.pool.query<{ status: string | null }>(
        'SELECT txid_status($1::bigint) AS status',
        [xid],
      );
      const status = rows[0]?.status ?? null;
      // A killed process's connection is ended by the server soon; its transaction with it.
      if (status !== 'in progress' || Date.now() > deadline) return status;
      await new Promise((wake) => setTimeout(wake, 100));
    }
  } finally {
    await database.close();
  }
}

/**
 * Finishes or undoes an interrupted model edit of the project at `root` on the database at
 * `url`, if one was interrupted; the sources are loaded afterwards.
 */
export async function completeDatabaseEdit(
  root: string,
  dataDir: string,
  url: string,
): Promise<void> {
  const found = await readJournal<DatabaseEditJournal>(ON_DATABASE, root, dataDir);
  if (found === undefined) return;
  const { xid, files } = found.journal;
  const status = await transactionStatus(url, xid);
  if (status === 'in progress')
    throw found.damaged(`names transaction ${xid}, which is still running`);
  for (const entry of files) {
    const wanted = status === 'committed' ? entry.after : entry.before;
    if (wanted === null) await rm(entry.file, { force: true });
    else await replaceFile(entry.file, wanted);
  }
  await found.remove();
}
