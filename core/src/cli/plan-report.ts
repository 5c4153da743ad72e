/**
 * What `decorest init --from` and `decorest record` print once a plan is written (issues 28,
 * 46): each file with what it holds, what was replaced or kept, every guess and everything not
 * imported, and how to serve the project.
 */

import type { ImportNote, ImportPlan } from '../import/import-plan.js';
import type { PlannedFile, WrittenPlan } from '../import/write-plan.js';
import { cliCommand, shellPath } from './invocation.js';

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

/** The notes of a plan, guesses then what was not imported, as indented lines. */
export function notesReport(notes: readonly ImportNote[]): string[] {
  return [
    ...noteLines(
      'guesses',
      notes.filter((n) => n.kind === 'guess'),
    ),
    ...noteLines(
      'not imported',
      notes.filter((n) => n.kind === 'not-imported'),
    ),
  ];
}

/** The report of a written plan; `title` is its first line (default: init's). */
export function planReport(
  written: WrittenPlan,
  plan: ImportPlan | undefined,
  title?: string,
): string {
  const where = shellPath(written.dir);
  const width = Math.max(...written.files.map((f) => f.path.length));
  const lines = [
    title ??
      (plan
        ? `decorest init: ${where} from ${plan.source.file} (${KIND_LABELS[plan.source.kind]})`
        : `decorest init: a starter project in ${where}`),
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
  if (plan) lines.push(...notesReport(plan.notes));
  const decorest = cliCommand();
  lines.push('', `next: ${decorest} serve ${where}   (or ${decorest} studio ${where})`);
  return lines.join('\n');
}
