/**
 * `decorest seed save|reset [dir]` and `decorest fake [dir] <model> <n> [--seed k]` (issue 16).
 * Both open the project as `serve` does, so they take the data folder's lock: while a server
 * or studio serves the folder they are refused (two writers would interleave appends), and
 * the message points at the running studio's control API, which does the same live.
 */
import { relative } from 'node:path';

import { DecorestError, HttpProblem, LOAD_ERROR_CODES, LoadError } from '../../errors.js';
import { openProject, type ProjectRuntime } from '../../project/open-project.js';
import { fakeRecords, findModel } from '../../seed/fake-records.js';
import { resetToSeed, saveSeed, type SeedCount } from '../../seed/seed-data.js';
import { dataOptions } from '../database-option.js';
import type { CliArgs } from '../parse-args.js';

/** A problem with its field findings, as lines a terminal shows. */
function problemText(error: HttpProblem): string {
  const line = (e: { field: string; message: string }) =>
    e.field === '' ? e.message : `${e.field}: ${e.message}`;
  const errors = error.errors ?? [];
  // One finding is the whole message (the detail only repeats it).
  if (errors.length === 1) return line(errors[0]!);
  return [error.detail, ...errors.map((e) => `  ${line(e)}`)].join('\n');
}

async function withProject<T>(args: CliArgs, run: (p: ProjectRuntime) => Promise<T>): Promise<T> {
  let project: ProjectRuntime;
  try {
    project = await openProject(args.dir, dataOptions(args));
  } catch (error) {
    if (error instanceof LoadError && error.code === LOAD_ERROR_CODES.DATA_LOCKED) {
      throw new DecorestError(
        error.code,
        `${error.reason}\n(a running studio does this live: POST /api/data/reset, /api/data/seed, /api/models/<model>/fake)`,
      );
    }
    throw error;
  }
  try {
    return await run(project);
  } catch (error) {
    if (error instanceof HttpProblem) throw new DecorestError(error.code, problemText(error));
    throw error;
  } finally {
    await project.close();
  }
}

function countLines(counts: readonly SeedCount[]): string {
  return counts.map((c) => `  ${c.file}  ${c.count} ${c.model}`).join('\n');
}

export async function runSeed(args: CliArgs): Promise<number> {
  const action = args.seedAction ?? 'reset';
  await withProject(args, async (project) => {
    const where = relative(process.cwd(), project.root) || '.';
    const counts = action === 'save' ? await saveSeed(project) : await resetToSeed(project);
    const verb = action === 'save' ? 'saved the data of' : 'reset the data of';
    console.log(
      `decorest: ${verb} ${where} ${action === 'save' ? 'to' : 'from'} its seed\n${countLines(counts)}`,
    );
  });
  return 0;
}

export async function runFake(args: CliArgs): Promise<number> {
  const fake = args.fake!;
  await withProject(args, async (project) => {
    const model = findModel(project, fake.model);
    const started = performance.now();
    const saved = await fakeRecords(model, fake.count, fake.seed);
    const ms = Math.round(performance.now() - started);
    console.log(`decorest: added ${saved.length} fake ${model.schema.path} in ${ms} ms`);
  });
  return 0;
}
