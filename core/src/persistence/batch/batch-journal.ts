/**
 * Multi-datafile batches, all or nothing (issue 18): deleting a parent with `cascade` or the
 * default nullify changes several datafiles, and a failure or `kill -9` in the middle must
 * leave either the old state or the new one, never some children changed and the parent kept.
 *
 * 1. Plan every collection's change from memory (after and before images as datafile lines).
 * 2. With the datafiles' appends paused, write the plan to a journal file in the data folder
 *    (`.decorest-batch-<id>.pending`, outside the `.db` files, so NeDB never sees it): temp
 *    file, fsync, rename, fsync folder. If a write touched a planned record meanwhile, delete
 *    the journal and plan again (that write is acknowledged only once appends resume).
 * 3. In one synchronous step apply each plan to memory and queue its lines, followed by a
 *    marker line `{"$$decorest":{"batch":"<id>"}}` (ignored by NeDB and by our reader), as ONE
 *    append per datafile, in order with every other write.
 * 4. All appends stored: delete the journal. Done.
 * 5. An append failed (its collection already rolled itself back): rename the journal to
 *    `.aborted` (the decision, durable), revert the other collections in memory and append
 *    their before images, then delete the journal. If that too fails, the journal stays and
 *    the next open rolls those datafiles back ({@link recoverBatches}).
 *
 * A kill -9 leaves a `.pending` journal, which the next open rolls forward (datafiles without
 * the marker get the batch's lines). Single-record writes never touch the journal. Batches of
 * one data folder run one at a time, and compaction of their datafiles waits, so the markers
 * recovery looks for are still in the files.
 */
import { constants } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

import { StorageWriteError } from '../../errors.js';
import type { BatchOp, CollectionPlan } from '../batch-plan.js';
import type { FileCollection } from '../collections/file-collection.js';
import { syncFolder } from '../sync-folder.js';
import { writeAll } from '../write-all.js';

export interface BatchPart {
  readonly collection: FileCollection;
  readonly ops: readonly BatchOp[];
}

/** What a journal holds, per datafile (by name inside the data folder). */
export interface JournalBody {
  readonly batch: string;
  readonly files: readonly { file: string; forward: string; backward: string }[];
}

export const JOURNAL_PREFIX = '.decorest-batch-';

export function batchMarker(batch: string): string {
  return `{"$$decorest":{"batch":${JSON.stringify(batch)}}}\n`;
}

export function journalPath(folder: string, batch: string, state: 'pending' | 'aborted'): string {
  return join(folder, `${JOURNAL_PREFIX}${batch}.${state}`);
}

/** Plans again at most this often when concurrent writes keep touching planned records. */
const MAX_PLANS = 20;

let sequence = 0;
const running = new Map<string, Promise<unknown>>();

/**
 * Applies `parts` (collections of one data folder) as one atomic unit; resolves each part's
 * plan as applied (in the order of `parts`). Rejects with a {@link StorageWriteError} having
 * changed nothing (memory and, after recovery, files).
 */
export async function writeBatch(parts: readonly BatchPart[]): Promise<CollectionPlan[]> {
  const live = parts.filter((p) => p.ops.length > 0);
  if (live.length === 0) return parts.map(() => EMPTY_PLAN);
  const plans = await serialised(live);
  return parts.map((p) => (p.ops.length > 0 ? plans[live.indexOf(p)]! : EMPTY_PLAN));
}

const EMPTY_PLAN: CollectionPlan = { changes: [], text: '', undoText: '', stored: [] };

function serialised(live: readonly BatchPart[]): Promise<CollectionPlan[]> {
  const folder = dirname(live[0]!.collection.file);
  if (live.some((p) => dirname(p.collection.file) !== folder))
    throw new Error('a batch spans one data folder');
  // One batch at a time per folder: two batches never plan over each other's records.
  const previous = running.get(folder) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => runBatch(folder, live));
  running.set(folder, next);
  const forget = () => {
    if (running.get(folder) === next) running.delete(folder);
  };
  next.then(forget, forget);
  return next;
}

async function runBatch(folder: string, parts: readonly BatchPart[]): Promise<CollectionPlan[]> {
  const releases = await Promise.all(parts.map((p) => p.collection.holdCompaction()));
  let keepHeld = false;
  try {
    const batch = `${Date.now().toString(36).padStart(9, '0')}-${process.pid}-${sequence++}`;
    const pending = journalPath(folder, batch, 'pending');
    let plans: CollectionPlan[] | undefined;
    let applied: Promise<void>[] = [];
    for (let attempt = 0; plans === undefined; attempt++) {
      if (attempt === MAX_PLANS) throw new Error('the batch kept being overtaken by other writes');
      const planned = parts.map((p) => p.collection.planBatch(p.ops));
      // No write to these datafiles is acknowledged while a journal that may be stale exists:
      // rolled forward after a kill, it would overwrite that write.
      await Promise.all(parts.map((p) => p.collection.pauseAppends()));
      try {
        await writeJournalOrForget(pending, {
          batch,
          files: parts.map((p, i) => ({
            file: basename(p.collection.file),
            forward: planned[i]!.text + batchMarker(batch),
            backward: planned[i]!.undoText,
          })),
        });
        if (parts.every((p, i) => p.collection.isCurrent(planned[i]!))) {
          plans = planned;
          // Synchronous: memory and every datafile's queue take the batch at the same point.
          applied = parts.map((p, i) => applyPart(p, planned[i]!, batchMarker(batch)));
        } else await unlink(pending); // overtaken by a write: plan again
      } finally {
        for (const p of parts) p.collection.resumeAppends();
      }
    }
    const stored = await Promise.allSettled(applied);
    const failed = stored.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed === undefined) {
      // Left behind, the journal would roll forward onto a compacted file: keep compaction off.
      keepHeld = !(await unlink(pending).then(
        () => true,
        () => false,
      ));
      return plans;
    }
    keepHeld = !(await rollBack(folder, batch, parts, plans, stored));
    throw failed.reason;
  } finally {
    if (!keepHeld) for (const release of releases) release();
  }
}

function applyPart(part: BatchPart, plan: CollectionPlan, trailer: string): Promise<void> {
  try {
    return part.collection.applyPlan(plan, trailer);
  } catch (error) {
    return Promise.reject(error as Error); // closed: this part applied nothing
  }
}

/** Takes back what was stored; true when the datafiles no longer need the journal. */
async function rollBack(
  folder: string,
  batch: string,
  parts: readonly BatchPart[],
  plans: readonly CollectionPlan[],
  stored: readonly PromiseSettledResult<void>[],
): Promise<boolean> {
  const aborted = journalPath(folder, batch, 'aborted');
  let decided = true;
  try {
    await rename(journalPath(folder, batch, 'pending'), aborted);
    await syncFolder(folder);
  } catch {
    decided = false; // the pending journal rolls forward at the next open: revert nothing
  }
  if (!decided) return false;
  const reverted = await Promise.allSettled(
    parts.map(async (p, i) => {
      if (stored[i]!.status === 'fulfilled') await p.collection.revertPlan(plans[i]!);
    }),
  );
  if (reverted.some((r) => r.status === 'rejected')) return false;
  await unlink(aborted).catch(() => undefined);
  return true;
}

/** A journal that could not be written whole must not stay behind from an earlier plan. */
async function writeJournalOrForget(path: string, body: JournalBody): Promise<void> {
  try {
    await writeJournal(path, body);
  } catch (error) {
    await unlink(path).catch(() => undefined);
    throw error;
  }
}

async function writeJournal(path: string, body: JournalBody): Promise<void> {
  const temp = `${path}.writing`;
  try {
    const handle = await open(
      temp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_APPEND,
      0o644,
    );
    try {
      await writeAll(handle, Buffer.from(`${JSON.stringify(body)}\n`, 'utf8'));
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
    await syncFolder(dirname(path));
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error instanceof StorageWriteError ? error : new StorageWriteError(path, error);
  }
}
