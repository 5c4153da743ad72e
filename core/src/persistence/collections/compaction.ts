/**
 * Rewrites a datafile with only its live records (issue 6: "datafile compaction that never
 * blocks requests for long"), crash-safe and while writes go on:
 *
 * 1. Synchronously take a snapshot (records in id order, their `_id`s, header lines) and
 *    start capturing every line committed to the old file from now on.
 * 2. Write the snapshot to `<file>.compacting` in chunks; each chunk is an awaited write, so
 *    requests are served between chunks. Replay the tail captured so far (once), fsync.
 * 3. Pause appends (waiting for the one in flight), replay the last of the tail, fsync,
 *    rename over the datafile, fsync the folder, and hand the new file's handle to the log.
 *    Lines queued meanwhile are appended to the new file when the log resumes.
 *
 * Any failure (including a failed append during steps 2–3, whose rollback could contradict
 * the snapshot) abandons the temp file; the old datafile is untouched until the atomic rename.
 * The temp file is opened with O_APPEND, so after the rename the same handle keeps appending:
 * there is no moment where appends could go to the replaced file.
 */
import { constants } from 'node:fs';
import { type FileHandle, open, rename, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

import { CompactionAborted } from '../../errors.js';
import type { RecordId } from '../../model/schema.js';
import type { StoredRecord } from '../collection.js';
import { recordLine } from '../datafile/datafile-format.js';
import { keyOf } from '../datafile/id-rules.js';
import { syncFolder } from '../sync-folder.js';
import { writeAll } from '../write-all.js';
import type { AppendLog, TailCapture } from './append-log.js';

export interface CompactionSnapshot {
  /** Whole lines written before the records: metadata, NeDB index definitions. */
  header: string[];
  records: readonly StoredRecord[];
  /** `_id`s that are not `String(id)`, as of the snapshot. */
  foreignKeys: ReadonlyMap<RecordId, string>;
}

/** Records serialized per awaited write; ~1 ms of work for small records. */
const CHUNK_RECORDS = 2_000;

export function compactionTempFile(file: string): string {
  return `${file}.compacting`;
}

export async function compactDatafile(
  file: string,
  log: AppendLog,
  takeSnapshot: () => CompactionSnapshot,
): Promise<void> {
  const temp = compactionTempFile(file);
  const capture = log.startCapture();
  const snapshot = takeSnapshot();
  let handle: FileHandle | undefined;
  let renamed = false;
  try {
    const mode = await stat(file).then(
      (s) => s.mode & 0o777,
      () => 0o644,
    );
    handle = await open(
      temp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_APPEND,
      mode,
    );
    const written = { size: 0, lines: 0 };
    await writeText(handle, snapshot.header.join(''), snapshot.header.length, written);
    const { records, foreignKeys } = snapshot;
    for (let start = 0; start < records.length; start += CHUNK_RECORDS) {
      let text = '';
      const end = Math.min(records.length, start + CHUNK_RECORDS);
      for (let i = start; i < end; i++) {
        const record = records[i]!;
        text += recordLine(record, foreignKeys.get(record.id) ?? keyOf(record.id));
      }
      await writeText(handle, text, end - start, written);
      if (capture.failed) throw new CompactionAborted();
    }
    await replayTail(handle, capture, written);
    await handle.sync();
    await log.pause();
    try {
      if (capture.failed) throw new CompactionAborted();
      await replayTail(handle, capture, written);
      await handle.sync();
      await rename(temp, file);
      renamed = true;
      await syncFolder(dirname(file));
      await log.swap(handle, written.size, written.lines);
      handle = undefined;
    } finally {
      log.stopCapture();
      log.resume();
    }
  } catch (error) {
    log.stopCapture();
    await handle?.close().catch(() => undefined);
    if (!renamed) await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/**
 * Writes the lines captured so far, once: looping until the capture is empty could chase a
 * steady stream of writes forever. The last pass runs with appends paused, so it ends.
 */
async function replayTail(
  handle: FileHandle,
  capture: TailCapture,
  written: { size: number; lines: number },
): Promise<void> {
  const texts = capture.texts;
  const lines = capture.lines;
  capture.texts = [];
  capture.lines = 0;
  await writeText(handle, texts.join(''), lines, written);
}

async function writeText(
  handle: FileHandle,
  text: string,
  lines: number,
  written: { size: number; lines: number },
): Promise<void> {
  if (text.length === 0) return;
  const buffer = Buffer.from(text, 'utf8');
  await writeAll(handle, buffer);
  written.size += buffer.length;
  written.lines += lines;
}
