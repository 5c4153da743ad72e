/**
 * Issue 47: the readable report of `decorest run`: one line per request as it ends (so a CI log
 * shows progress), each failed test under it with what it expected and what the answer held,
 * then one summary line. Plain words (`PASS`, `FAIL`), no colours: CI logs and `grep` read it.
 */
import { type RunCase, type RunReport, type RunSummary, summaryOf } from '../run-report.js';
import { oneLine } from './safe-text.js';

const WORD: Record<RunCase['state'], string> = {
  passed: 'PASS',
  failed: 'FAIL',
  sent: 'SENT',
  skipped: 'SKIP',
};

/** `todos/Create todo`: the request as the collection shows it, on one line. */
export const caseName = (c: RunCase): string =>
  oneLine(c.folder ? `${c.folder}/${c.name}` : c.name);

const ms = (n: number): string => `${Math.round(n)} ms`;

/** The line heading a run: what runs, with which environment, against what. */
export function textHeader(
  report: Pick<RunReport, 'target' | 'environment' | 'baseUrl' | 'served'>,
): string {
  const parts = [`decorest run ${report.target}`];
  if (report.environment !== null) parts.push(`environment ${JSON.stringify(report.environment)}`);
  if (report.baseUrl !== null)
    parts.push(`${report.served ? 'mock API' : 'baseUrl'} ${report.baseUrl}`);
  return `${parts.join(', ')}\n`;
}

/** A request's lines: its outcome, then each failed test (or why it has no answer). */
export function textCase(c: RunCase): string {
  const answer = [c.method, c.status, c.timeMs === undefined ? undefined : ms(c.timeMs)]
    .filter((x) => x !== undefined && x !== '')
    .join(' ');
  const head = `${WORD[c.state]}  ${caseName(c)}${answer ? `  ${answer}` : ''}`;
  const lines = [head];
  if (c.state === 'skipped') lines[0] += '  (not run: --bail stopped the run)';
  if (c.state === 'sent') lines[0] += '  (no tests)';
  if (c.saved.length > 0) lines[0] += `  saved ${c.saved.join(', ')}`;
  if (c.error !== undefined) lines.push(`      ${oneLine(c.error)}`);
  for (const t of c.tests)
    if (!t.pass)
      lines.push(`      ✗ ${oneLine(`${t.name}: expected ${t.expected}, got ${t.actual}`)}`);
  return `${lines.join('\n')}\n`;
}

/** `4 requests: 2 passed, 1 failed, 1 skipped; 7 tests, 1 failed (0.3 s)`. */
export function textSummary(summary: RunSummary, timeMs: number): string {
  const requests = [
    `${summary.passed} passed`,
    `${summary.failed} failed`,
    ...(summary.sent > 0 ? [`${summary.sent} without tests`] : []),
    ...(summary.skipped > 0 ? [`${summary.skipped} skipped`] : []),
  ].join(', ');
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `\n${plural(summary.requests, 'request')}: ${requests}; ${plural(summary.tests, 'test')}, ${summary.testsFailed} failed (${ms(timeMs)})\n`;
}

export function textReport(report: RunReport): string {
  return `${textHeader(report)}\n${report.cases.map(textCase).join('')}${textSummary(summaryOf(report), report.timeMs)}`;
}
