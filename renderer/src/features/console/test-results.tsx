/**
 * Issue 30: how the answer fared against the request's tests, one line each. Issue 47: and the
 * values it saved for the next requests (`set`), each a line too: what it saved, or that the
 * answer held nothing there.
 */
import {
  type AssertionResult,
  type CaptureResult,
  describeAssertion,
  describeCapture,
} from '../../api';

/**
 * One line per test, passed or failed; a failed one with what it expected and what the answer
 * held. After Send and in a run's results alike (issue 47).
 */
export function TestLines({
  results,
  captures = [],
  label,
}: {
  results: readonly AssertionResult[];
  captures?: readonly CaptureResult[];
  label?: string;
}) {
  return (
    <ul className="test-list" aria-label={label}>
      {results.map((r, i) => (
        <li key={i} className={r.pass ? 'pass' : 'fail'}>
          <span aria-hidden="true" className="test-mark">
            {r.pass ? '✓' : '✗'}
          </span>
          <span className="sr-only">{r.pass ? 'Passed:' : 'Failed:'}</span>{' '}
          <span className="mono">{describeAssertion(r.assertion)}</span>
          {!r.pass && <span className="faint"> — got {r.actual}</span>}
        </li>
      ))}
      {captures.map((c, i) => (
        <li key={`save-${i}`} className={c.pass ? 'pass' : 'fail'}>
          <span aria-hidden="true" className="test-mark">
            {c.pass ? '✓' : '✗'}
          </span>
          <span className="sr-only">{c.pass ? 'Saved:' : 'Not saved:'}</span>{' '}
          <span className="mono">{describeCapture(c.name, c.source)}</span>
          <span className="faint">{c.pass ? ` = ${c.actual}` : ` — got ${c.actual}`}</span>
        </li>
      ))}
    </ul>
  );
}

export function TestResults({
  results,
  captures = [],
}: {
  results: readonly AssertionResult[];
  captures?: readonly CaptureResult[];
}) {
  const checks = [...results, ...captures];
  const failed = checks.filter((r) => !r.pass).length;
  const noun = results.length > 0 ? 'test' : 'saved value';
  return (
    <section className="test-results" aria-label="Test results">
      <p className={failed ? 'badge err' : 'badge ok'} role="status">
        {failed
          ? `${failed} of ${checks.length} ${checks.length === 1 ? noun : `${noun}s`} failed`
          : results.length === 0
            ? `${captures.length === 1 ? 'The value was' : `All ${captures.length} values were`} saved`
            : `${checks.length === 1 ? 'The test' : `All ${checks.length} tests`} passed`}
      </p>
      <TestLines results={results} captures={captures} />
    </section>
  );
}
