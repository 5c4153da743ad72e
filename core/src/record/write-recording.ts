/**
 * A recording written as a project (issue 46): the journal read to its end through the
 * recording planner, then the importer's own writer (`writePlan`: all checks first, whole
 * files renamed into place). Into a folder that holds any planned file it writes nothing
 * without `force`; with `force` it replaces only what an earlier recording wrote and the user
 * has not changed since (`.decorest/recorded.json` keeps the hash of each file it wrote), and
 * keeps the rest, named.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { ImportPlan } from '../import/import-plan.js';
import { planFiles } from '../import/plan-files.js';
import { TrafficPlanner } from '../import/traffic-plan.js';
import { writePlan, type WrittenPlan } from '../import/write-plan.js';
import { DEFAULT_STYLE } from '../model-edit/style.js';
import { JOURNAL_FILE, journalPath, type JournalSummary, readJournal } from './journal.js';

/** Hashes of the files the last recording wrote, relative to the project folder. */
export const MANIFEST_FILE = '.decorest/recorded.json';

const hashOf = (text: string): string => createHash('sha256').update(text).digest('hex');

async function readManifest(dir: string): Promise<Record<string, string>> {
  try {
    const value = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8')) as unknown;
    return value !== null && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export interface RecordingPlan {
  plan: ImportPlan;
  summary: JournalSummary;
}

/** The plan of the journal in `dir`; `undefined` when it has none. */
export async function planRecording(dir: string): Promise<RecordingPlan | undefined> {
  const planner = new TrafficPlanner({ source: { kind: 'recording', file: JOURNAL_FILE } });
  const summary = await readJournal(journalPath(dir), (exchange) => planner.add(exchange));
  if (!summary) return undefined;
  const plan = await planner.plan();
  if (summary.broken > 0)
    plan.notes.push({
      kind: 'not-imported',
      at: JOURNAL_FILE,
      text: `${summary.broken} lines cut short (a recording stopped mid-write): skipped`,
    });
  return { plan, summary };
}

export interface WrittenRecording extends WrittenPlan {
  /** Planned files that exist and were not written by a recording as they are now. */
  changed: string[];
}

/**
 * Writes `plan` into `dir`. Without `force`, any planned file that exists is a refusal
 * (PlanWriteError naming them) and nothing is written.
 */
export async function writeRecording(
  plan: ImportPlan,
  dir: string,
  options: { force?: boolean } = {},
): Promise<WrittenRecording> {
  const manifest = await readManifest(dir);
  const changed: string[] = [];
  for (const file of planFiles(plan, DEFAULT_STYLE)) {
    const path = join(dir, file.path);
    if (!existsSync(path)) continue;
    if (manifest[file.path] !== hashOf(await readFile(path, 'utf8'))) changed.push(file.path);
  }
  const written = await writePlan(plan, dir, {
    force: options.force ?? false,
    // A file the user changed (or wrote) is never rewritten, --force or not.
    ...(options.force ? { keep: new Set(changed) } : {}),
  });
  const next = { ...manifest };
  for (const file of written.files) next[file.path] = hashOf(file.text);
  await mkdir(join(dir, '.decorest'), { recursive: true });
  const temp = join(dir, `${MANIFEST_FILE}.${process.pid}.tmp`);
  await writeFile(temp, `${JSON.stringify(next, null, 2)}\n`);
  await rename(temp, join(dir, MANIFEST_FILE));
  return { ...written, changed };
}
