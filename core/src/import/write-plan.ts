/**
 * Writes an import plan into a project folder (issue 28): every file is made as text and every
 * check is passed first, so a refusal writes nothing. Files go to temporary names and are then
 * renamed into place, so a failing disk leaves the folder as it was or with whole files only.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';

import { PlanWriteError } from '../errors.js';
import { listProjectFiles } from '../loader/list-project-files.js';
import { DEFAULT_STYLE, type SourceStyle } from '../model-edit/style.js';
import { insideProject } from '../persistence/inside-project.js';
import { type PlanContent, planFiles, type PlannedFile } from './plan-files.js';

export { PlanWriteError } from '../errors.js';
export type { PlanContent, PlannedFile } from './plan-files.js';

export interface WritePlanOptions {
  /** Replace files that exist (`decorest init --force`); otherwise any one is a refusal. */
  force?: boolean;
  style?: SourceStyle;
  /** Files besides the plan's (the starter's README), written only where none exists. */
  extras?: readonly PlannedFile[];
  /**
   * Planned files left as they are, `force` or not (issue 46: a recording never rewrites a file
   * the user changed); they are listed in `kept`.
   */
  keep?: ReadonlySet<string>;
}

export interface WrittenPlan {
  /** Absolute project folder. */
  dir: string;
  files: PlannedFile[];
  /** Files that existed and were replaced (with `force`). */
  replaced: string[];
  /** Extras kept because a file of that name exists. */
  kept: string[];
  /** `data/` existed: a start does not load `seed/` then (`decorest seed reset` does). */
  dataExists: boolean;
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
  const all = planFiles(plan, options.style ?? DEFAULT_STYLE);
  const keep = options.keep ?? new Set<string>();
  const planned = all.filter((f) => !keep.has(f.path));
  const kept: string[] = all.filter((f) => keep.has(f.path)).map((f) => f.path);
  for (const extra of options.extras ?? [])
    if (existsSync(join(root, extra.path))) kept.push(extra.path);
    else planned.push(extra);
  const existing = planned.filter((f) => existsSync(join(root, f.path))).map((f) => f.path);
  if (existing.length > 0 && !options.force)
    throw new PlanWriteError(
      `would replace ${existing.join(', ')} in ${dir}: nothing was written (--force replaces them)`,
      existing,
    );
  // A kept file is the plan's own (the user's version of it): no clash with the plan.
  const clashes = info ? await clashesOf(root, all, plan) : [];
  if (clashes.length > 0)
    throw new PlanWriteError(
      `${clashes.join('; ')}: the project would not load, so nothing was written (init another folder, or remove them)`,
    );
  await writeAll(root, planned);
  return {
    dir: root,
    files: planned,
    replaced: existing,
    kept,
    dataExists: existsSync(join(root, 'data')),
  };
}

/**
 * What the folder's other files already declare that the plan declares too: a model class or
 * a `@Rest` path (a load error: CONTRACT §1, "two models with the same path"), or an
 * application beside the one written for the plan's routes.
 */
async function clashesOf(
  root: string,
  planned: readonly PlannedFile[],
  plan: PlanContent,
): Promise<string[]> {
  const ours = new Set(planned.map((f) => join(root, f.path)));
  const names = new Set(plan.models.map((m) => m.name));
  const paths = new Set(plan.models.map((m) => m.path));
  const found: string[] = [];
  for (const file of await listProjectFiles(root)) {
    if (ours.has(file)) continue; // replaced with --force, or refused above
    const text = await readFile(file, 'utf8');
    const shown = relative(root, file).split(sep).join('/');
    for (const m of text.matchAll(/\bclass\s+([A-Za-z_$][\w$]*)/g))
      if (names.has(m[1]!)) found.push(`class ${m[1]} exists in ${shown}`);
    for (const m of text.matchAll(/@Rest\(\s*\{\s*path:\s*['"]([^'"]+)['"]/g))
      if (paths.has(m[1]!)) found.push(`the path /${m[1]} is served by ${shown}`);
    if (
      (plan.routes.length > 0 || (plan.basePath ?? '') !== '') &&
      /\bextends\s+Application\b/.test(text)
    )
      found.push(`an application exists in ${shown}`);
  }
  return found;
}

async function writeAll(root: string, files: readonly PlannedFile[]): Promise<void> {
  const suffix = `.decorest-init-${process.pid}.tmp`;
  const written: string[] = [];
  await mkdir(root, { recursive: true });
  // Issue 40: a folder the user chose may hold links (`seed/` to elsewhere): every file is
  // written at its real place inside the folder (its missing folders made there), all checked
  // before the first is written.
  const targets = await Promise.all(files.map((f) => insideProject(root, join(root, f.path))));
  try {
    for (const [i, file] of files.entries()) {
      const target = targets[i]!;
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
