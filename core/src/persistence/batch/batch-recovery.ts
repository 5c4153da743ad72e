/**
 * Finishing batches a crash or a storage failure interrupted (issue 18), before the
 * datafiles of a folder are opened. For each journal, oldest first:
 * - `.pending` (the process died while applying): roll forward. A datafile holding the batch's
 *   marker line has all of it; any other gets the batch's lines appended (after cutting a torn
 *   tail: the append that was cut short by the kill).
 * - `.aborted` (an append failed and the rollback could not be stored): roll back. In each
 *   datafile holding the marker, the before images are inserted right after it, so writes
 *   stored after the batch still come after and win, as they did in memory.
 * Then the journal is deleted. A `.writing` file is a journal never completed: no datafile was
 * touched for it, so it is deleted.
 */
import { constants } from 'node:fs';
import { open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';

import { LOAD_ERROR_CODES, LoadError } from '../../errors.js';
import { syncFolder } from '../sync-folder.js';
import { writeAll } from '../write-all.js';
import { batchMarker, JOURNAL_PREFIX, type JournalBody } from './batch-journal.js';

/** Recovers every journal in `folder`; returns what it did, for the startup warnings. */
export async function recoverBatches(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const journals = names.filter((n) => n.startsWith(JOURNAL_PREFIX)).sort();
  const notes: string[] = [];
  for (const name of journals) {
    const path = join(folder, name);
    if (name.endsWith('.writing')) {
      await unlink(path);
      continue;
    }
    const state = name.endsWith('.pending') ? 'forward' : name.endsWith('.aborted') ? 'back' : '';
    if (state === '') continue;
    const body = parseJournal(path, await readFile(path, 'utf8'));
    const marker = batchMarker(body.batch);
    for (const part of body.files) {
      const file = join(folder, part.file);
      if (state === 'forward') await rollForward(file, marker, part.forward);
      else await rollBack(file, marker, part.backward);
    }
    await unlink(path);
    await syncFolder(folder);
    notes.push(
      `${path}: a multi-datafile batch (a delete with its rules, a seed reset) was interrupted; it was ${state === 'forward' ? 'completed' : 'rolled back'} in ${body.files.map((f) => f.file).join(', ')}`,
    );
  }
  return notes;
}

function parseJournal(path: string, text: string): JournalBody {
  try {
    const body = JSON.parse(text) as JournalBody;
    if (typeof body.batch === 'string' && Array.isArray(body.files)) return body;
  } catch {
    // reported below
  }
  // Journals are renamed into place only once fsynced whole: this one was edited by hand.
  throw new LoadError(
    LOAD_ERROR_CODES.CORRUPT_DATAFILE,
    { file: path },
    'corrupt batch journal: delete it only if the datafiles it names are known to be right',
  );
}

async function readOrEmpty(file: string): Promise<Buffer> {
  return readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return Buffer.alloc(0);
    throw error;
  });
}

/** Where the marker line starts, or -1 (it is always a whole line). */
function markerAt(content: Buffer, marker: string): number {
  let at = content.indexOf(marker);
  while (at > 0 && content[at - 1] !== 10) at = content.indexOf(marker, at + 1);
  return at;
}

async function rollForward(file: string, marker: string, forward: string): Promise<void> {
  const content = await readOrEmpty(file);
  if (markerAt(content, marker) >= 0) return;
  const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND);
  try {
    const lastNewline = content.lastIndexOf(10);
    if (lastNewline !== content.length - 1) {
      // A last line without its newline: torn by the kill (cut it) or hand-written (end it).
      const tail = content.toString('utf8', lastNewline + 1);
      if (isJson(tail)) await writeAll(handle, Buffer.from('\n'));
      else await handle.truncate(lastNewline + 1);
    }
    await writeAll(handle, Buffer.from(forward, 'utf8'));
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function rollBack(file: string, marker: string, backward: string): Promise<void> {
  const content = await readOrEmpty(file);
  const at = markerAt(content, marker);
  if (at < 0) return; // this datafile's append failed and was cut back: nothing to undo
  const end = at + Buffer.byteLength(marker);
  const temp = `${file}.recovering`;
  const handle = await open(temp, 'w');
  try {
    await writeAll(handle, content.subarray(0, end));
    await writeAll(handle, Buffer.from(backward, 'utf8'));
    await writeAll(handle, content.subarray(end));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
