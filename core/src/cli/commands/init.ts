import type { ImportPlan } from '../../import/import-plan.js';
import type { WrittenPlan } from '../../import/write-plan.js';
import type { CliArgs } from '../parse-args.js';
import { planReport } from '../plan-report.js';

/**
 * `decorest init [dir] [--from <file>] [--force]` (issue 28): writes a project from a
 * json-server db.json, an OpenAPI document or a Mockoon environment, or a starter project.
 */
export async function runInit(args: CliArgs): Promise<number> {
  // An unreadable source (ImportError) or a refused plan (PlanWriteError) is a DecorestError:
  // main.ts prints it as one line and exits 1.
  const { writePlan } = await import('../../import/write-plan.js');
  let plan: ImportPlan | undefined;
  let written: WrittenPlan;
  if (args.from !== undefined) {
    const { readImportSource } = await import('../../import/read-source.js');
    plan = await readImportSource(args.from, {
      keepHeaders: new Set((args.keepHeaders ?? []).map((h) => h.toLowerCase())),
    });
    written = await writePlan(plan, args.dir, { force: args.force ?? false });
  } else {
    const { STARTER_EXTRAS, STARTER_PLAN } = await import('../../import/starter-project.js');
    written = await writePlan(STARTER_PLAN, args.dir, {
      force: args.force ?? false,
      extras: STARTER_EXTRAS,
    });
  }
  console.log(planReport(written, plan));
  return 0;
}
