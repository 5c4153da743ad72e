/**
 * Writes an import plan into a project folder (issue 28): every file is made as text and every
 * check is passed first, so a refusal writes nothing. Files go to temporary names and are then
 * renamed into place, so a failing disk leaves the folder as it was or with whole files only.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

import { PlanWriteError } from '../errors.js';
import { DEFAULT_STYLE, type SourceStyle } from '../model-edit/style.js';
import { type PlanContent, planFiles, type PlannedFile } from './plan-files.js';

export { PlanWriteError } from '../errors.js';
export type { PlanContent, PlannedFile } from './plan-files.js';

export interface WritePlanOptions {
  /** Replace files that exist (`decorest init --force`); otherwise any one is a refusal. */
  force?: boolean;
  style?: SourceStyle;
  /** Files besides the plan's (the starter's README), written only where none exists. */
  extras?: readonly PlannedFile[];
}

export interface WrittenPlan {
  /** Absolute project folder. */
  dir: string;
  files: PlannedFile[];
  /** Files that existed and were replaced (with `force`). */
  replaced: string[];
  /** Extras kept because a file of that name exists. */
  kept: string[];
}

/**
 * Writes `plan` into `dir` (created when missing).
 *
 * @example
 * ```ts
 * const plan = await readImportSource('db.json');
 * const { files } = await writePlan(plan, 'my-api');
 * ```
 */
export async function writePlan(
  plan: PlanContent,
  dir: string,
  options: WritePlanOptions = {},
): Promise<WrittenPlan> {
  const root = resolve(dir);
  const info = await stat(root).catch(() => undefined);
  if (info && !info.isDirectory()) throw new PlanWriteError(`${dir} is a file, not a folder`);
  const planned = planFiles(plan, options.style ?? DEFAULT_STYLE);
  const kept: string[] = [];
  for (const extra of options.extras ?? [])
    if (existsSync(join(root, extra.path))) kept.push(extra.path);
    else planned.push(extra);
  const existing = planned.filter((f) => existsSync(join(root, f.path))).map((f) => f.path);
  if (existing.length > 0 && !options.force)
    throw new PlanWriteError(
      `would replace ${existing.join(', ')} in ${dir}: nothing was written (--force replaces them)`,
      existing,
    );
  await writeAll(root, planned);
  return { dir: root, files: planned, replaced: existing, kept };
}

async function writeAll(root: string, files: readonly PlannedFile[]): Promise<void> {
  const suffix = `.decorest-init-${process.pid}.tmp`;
  const written: string[] = [];
  try {
    for (const file of files) {
      const target = join(root, file.path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target + suffix, file.text, { flag: 'wx' });
      written.push(target);
    }
  } catch (error) {
    await Promise.all(written.map((t) => rm(t + suffix, { force: true })));
    throw error;
  }
  for (const target of written) await rename(target + suffix, target);
}
