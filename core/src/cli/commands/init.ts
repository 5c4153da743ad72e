import { relative } from 'node:path';

import type { ImportNote, ImportPlan } from '../../import/import-plan.js';
import type { PlannedFile, WrittenPlan } from '../../import/write-plan.js';
import { cliCommand } from '../invocation.js';
import type { CliArgs } from '../parse-args.js';

const KIND_LABELS: Record<ImportPlan['source']['kind'], string> = {
  har: 'HAR file',
  recording: 'recording',
  'json-server': 'json-server db.json',
  openapi: 'OpenAPI document',
  mockoon: 'Mockoon environment',
};

function fileLine(file: PlannedFile, width: number): string {
  const what =
    file.kind === 'model'
      ? `model ${file.model}`
      : file.kind === 'seed'
        ? `${file.records} ${file.records === 1 ? 'record' : 'records'} of ${file.model}`
        : file.kind === 'app'
          ? 'manual routes'
          : file.kind === 'rules'
            ? 'response rules'
            : 'how to start';
  return `  ${file.path.padEnd(width)}  ${what}`;
}

function noteLines(title: string, notes: readonly ImportNote[]): string[] {
  return notes.length === 0 ? [] : ['', `${title}:`, ...notes.map((n) => `  ${n.at}: ${n.text}`)];
}

function report(written: WrittenPlan, plan: ImportPlan | undefined): string {
  const where = relative(process.cwd(), written.dir) || '.';
  const width = Math.max(...written.files.map((f) => f.path.length));
  const lines = [
    plan
      ? `decorest init: ${where} from ${plan.source.file} (${KIND_LABELS[plan.source.kind]})`
      : `decorest init: a starter project in ${where}`,
    '',
    ...(written.files.length === 0
      ? ['  nothing to write: the source holds no model or route']
      : written.files.map((f) => fileLine(f, width))),
  ];
  if (written.replaced.length > 0)
    lines.push('', `replaced (--force): ${written.replaced.join(', ')}`);
  if (written.dataExists)
    lines.push(
      '',
      `data/ holds records already: a start keeps them; ${cliCommand()} seed reset ${where} loads seed/`,
    );
  if (written.kept.length > 0) lines.push('', `kept as it was: ${written.kept.join(', ')}`);
  if (plan) {
    lines.push(
      ...noteLines(
        'guesses',
        plan.notes.filter((n) => n.kind === 'guess'),
      ),
    );
    lines.push(
      ...noteLines(
        'not imported',
        plan.notes.filter((n) => n.kind === 'not-imported'),
      ),
    );
  }
  const decorest = cliCommand();
  lines.push('', `next: ${decorest} serve ${where}   (or ${decorest} studio ${where})`);
  return lines.join('\n');
}

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
    plan = await readImportSource(args.from);
    written = await writePlan(plan, args.dir, { force: args.force ?? false });
  } else {
    const { STARTER_EXTRAS, STARTER_PLAN } = await import('../../import/starter-project.js');
    written = await writePlan(STARTER_PLAN, args.dir, {
      force: args.force ?? false,
      extras: STARTER_EXTRAS,
    });
  }
  console.log(report(written, plan));
  return 0;
}
