/**
 * Issue 47: `decorest run --reporter junit`, the JUnit XML that GitLab, GitHub (through a
 * test-report action) and Jenkins read. CONTRACT §7: one `testcase` per request and one
 * `failure` per failed test; a request with no answer (no connection, a timeout, an unknown
 * value) or a file that does not read is an `error`; one not run after `--bail`, `skipped`.
 * One `testsuite` per folder, in the run's order.
 */
import { type RunCase, type RunReport, summaryOf } from '../run-report.js';
import { xmlAttribute as attr, xmlText as text } from './safe-text.js';

const seconds = (ms: number | undefined): string => ((ms ?? 0) / 1000).toFixed(3);

/** `requests/todos/admin` → `requests.todos.admin`: the dotted "class" the readers group by. */
const classOf = (folder: string): string =>
  ['requests', ...(folder ? folder.split('/') : [])].join('.');

function testcase(c: RunCase): string {
  const open = `    <testcase classname="${attr(classOf(c.folder))}" name="${attr(c.name)}" file="${attr(`requests/${c.path}`)}" time="${seconds(c.timeMs)}"`;
  const inner: string[] = [];
  if (c.state === 'skipped')
    inner.push('      <skipped message="not run: --bail stopped the run"/>');
  if (c.error !== undefined)
    inner.push(
      `      <error message="${attr(c.error)}" type="${c.method ? 'RequestError' : 'UnreadableFile'}">${text(c.error)}</error>`,
    );
  for (const t of c.tests.filter((x) => !x.pass)) {
    const message = `${t.name}: expected ${t.expected}, got ${t.actual}`;
    inner.push(
      `      <failure message="${attr(message)}" type="AssertionFailure">${text(`${t.name}\nexpected: ${t.expected}\nactual: ${t.actual}`)}</failure>`,
    );
  }
  if (c.method)
    inner.push(
      `      <system-out>${text(`${c.method} ${c.url}${c.status === undefined ? '' : ` → ${c.status}`}${c.saved.length ? `\nsaved ${c.saved.join(', ')}` : ''}`)}</system-out>`,
    );
  return inner.length === 0 ? `${open}/>` : `${open}>\n${inner.join('\n')}\n    </testcase>`;
}

function counts(cases: readonly RunCase[]) {
  return {
    tests: cases.length,
    failures: cases.filter((c) => c.error === undefined && c.state === 'failed').length,
    errors: cases.filter((c) => c.error !== undefined).length,
    skipped: cases.filter((c) => c.state === 'skipped').length,
    time: seconds(cases.reduce((sum, c) => sum + (c.timeMs ?? 0), 0)),
  };
}

export function junitReport(report: RunReport): string {
  const folders: string[] = [];
  for (const c of report.cases) if (!folders.includes(c.folder)) folders.push(c.folder);
  const suites = folders.map((folder) => {
    const cases = report.cases.filter((c) => c.folder === folder);
    const n = counts(cases);
    return [
      `  <testsuite name="${attr(`requests/${folder ? `${folder}/` : ''}`)}" tests="${n.tests}" failures="${n.failures}" errors="${n.errors}" skipped="${n.skipped}" time="${n.time}" timestamp="${attr(report.startedAt)}">`,
      ...cases.map(testcase),
      '  </testsuite>',
    ].join('\n');
  });
  const all = counts(report.cases);
  const summary = summaryOf(report);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${attr(`decorest run ${report.target}`)}" tests="${summary.requests}" failures="${all.failures}" errors="${all.errors}" skipped="${all.skipped}" time="${seconds(report.timeMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
