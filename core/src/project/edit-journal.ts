/**
 * A model edit as one step on disk (issue 24): its source files, its seed file and its record
 * migration end all old or all new, whatever moment a crash picks.
 *
 * The edit writes this journal (every file's new text, and one migrated record as a witness)
 * before anything else, then the records in one journaled batch, then the files, then removes
 * the journal. A start that finds it asks the witness, once the batch journal has finished or
 * undone its batch: the record reads as migrated, so the data is new, and the files are put in
 * place (all of them: they may have been half written); it does not, so the data is old, and
 * the files, written only after the records, are old too: the journal is dropped.
 */
import { readFile, rm } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

import { LOAD_ERROR_CODES, LoadError } from '../errors.js';
import type { RecordId } from '../model/schema.js';
import type { StoredRecord } from '../persistence/collection.js';
import { replaceFile } from '../persistence/replace-file.js';
import type { ProjectData } from './project-data.js';

/** In the data folder, under the data lock. */
export const EDIT_JOURNAL = 'model-edit.journal.json';

export interface EditJournal {
  /** Absolute paths inside the project, with their new text. */
  readonly files: readonly { readonly file: string; readonly text: string }[];
  /** One record as the migration leaves it; none when the edit changes no record. */
  readonly witness?: { readonly model: string; readonly record: StoredRecord };
}

/** Writes the journal durably; resolves the function that removes it once the edit is done. */
export async function writeEditJournal(
  dataDir: string,
  journal: EditJournal,
): Promise<() => Promise<void>> {
  const file = join(dataDir, EDIT_JOURNAL);
  await replaceFile(file, JSON.stringify(journal));
  return () => rm(file, { force: true });
}

function damaged(file: string, why: string): LoadError {
  return new LoadError(
    LOAD_ERROR_CODES.CORRUPT_DATAFILE,
    { file },
    `the model edit journal ${why}; the edit it describes cannot be finished (remove the file to keep the files and data as they are)`,
  );
}

function parse(root: string, file: string, text: string): EditJournal {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw damaged(file, 'is not JSON');
  }
  const journal = value as Partial<EditJournal> | null;
  if (!journal || !Array.isArray(journal.files)) throw damaged(file, 'lists no files');
  for (const entry of journal.files) {
    const path = (entry as { file?: unknown }).file;
    if (typeof path !== 'string' || typeof (entry as { text?: unknown }).text !== 'string')
      throw damaged(file, 'has an entry without file and text');
    // Written by this process about this project: a path outside it was not.
    const inside = relative(root, resolve(path));
    if (inside.startsWith(`..${sep}`) || inside === '..' || resolve(path) !== path)
      throw damaged(file, `names a file outside the project (${path})`);
  }
  return journal as EditJournal;
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
  const file = join(dataDir, EDIT_JOURNAL);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return false; // no edit was interrupted
  }
  const journal = parse(root, file, text);
  const { witness } = journal;
  const migrated = witness === undefined || (await holds(data, witness.model, witness.record));
  if (migrated) for (const entry of journal.files) await replaceFile(entry.file, entry.text);
  await rm(file, { force: true });
  return migrated;
}
