/**
 * Issue 47: `decorest run --reporter tap`, TAP version 13 (testanything.org): one test point per
 * request; a failed one carries a YAML block with its failed tests (expected and actual) or why
 * it has no answer; one not run after `--bail` is `# SKIP`. YAML values are JSON strings, which
 * YAML reads as double-quoted scalars whatever they hold.
 */
import { type RunCase, type RunReport, summaryOf } from '../run-report.js';
import { caseName } from './text-report.js';

/** A description: `#` starts a directive and a line break ends the line, so both are escaped. */
const description = (s: string): string =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/#/g, '\\#')
    .replace(/[\r\n]+/g, ' ');

const q = (s: string): string => JSON.stringify(s);

function point(c: RunCase, n: number): string {
  const ok = c.state === 'failed' ? 'not ok' : 'ok';
  const skip = c.state === 'skipped' ? ' # SKIP not run: --bail stopped the run' : '';
  const lines = [`${ok} ${n} - ${description(caseName(c))}${skip}`];
  if (c.state !== 'failed') return lines.join('\n');
  const yaml = ['  ---', `  file: ${q(`requests/${c.path}`)}`];
  if (c.method) yaml.push(`  method: ${q(c.method)}`, `  url: ${q(c.url)}`);
  if (c.status !== undefined) yaml.push(`  status: ${c.status}`);
  if (c.timeMs !== undefined) yaml.push(`  duration_ms: ${c.timeMs}`);
  if (c.error !== undefined) yaml.push(`  message: ${q(c.error)}`);
  const failed = c.tests.filter((t) => !t.pass);
  if (failed.length > 0) {
    yaml.push('  failures:');
    for (const t of failed)
      yaml.push(
        `    - test: ${q(t.name)}`,
        `      expected: ${q(t.expected)}`,
        `      actual: ${q(t.actual)}`,
      );
  }
  yaml.push('  ...');
  return [...lines, ...yaml].join('\n');
}

export function tapReport(report: RunReport): string {
  const s = summaryOf(report);
  return [
    'TAP version 13',
    `1..${report.cases.length}`,
    ...report.cases.map((c, i) => point(c, i + 1)),
    `# ${s.requests} requests: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped; ${s.tests} tests, ${s.testsFailed} failed`,
    '',
  ].join('\n');
}
