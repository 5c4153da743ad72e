/** Issue 30: how the answer fared against the request's tests, one line each. */
import { type AssertionResult, describeAssertion } from '../../api';

/**
 * One line per test, passed or failed; a failed one with what it expected and what the answer
 * held. After Send and in a run's results alike (issue 47).
 */
export function TestLines({
  results,
  label,
}: {
  results: readonly AssertionResult[];
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
    </ul>
  );
}

export function TestResults({ results }: { results: readonly AssertionResult[] }) {
  const failed = results.filter((r) => !r.pass).length;
  return (
    <section className="test-results" aria-label="Test results">
      <p className={failed ? 'badge err' : 'badge ok'} role="status">
        {failed
          ? `${failed} of ${results.length} ${results.length === 1 ? 'test' : 'tests'} failed`
          : `${results.length === 1 ? 'The test' : `All ${results.length} tests`} passed`}
      </p>
      <TestLines results={results} />
    </section>
  );
}
