/** The last add, delete or import problem (every bad row named), or a short success note. */
import { useDataStore } from '../../stores/data-store';

export function ProblemPanel() {
  const problem = useDataStore((s) => s.actionError);
  const notice = useDataStore((s) => s.notice);
  const dismiss = useDataStore((s) => s.dismiss);
  const cellErrors = useDataStore((s) => Object.keys(s.cellErrors).length);
  if (!problem && !notice && cellErrors === 0) return null;
  return (
    <>
      {cellErrors > 0 && (
        <div className="banner err" role="status">
          <p>
            {cellErrors === 1 ? 'One edit was' : `${cellErrors} edits were`} refused by the API; the
            typed value stays on the outlined cell. Edit it again to fix it, or press Escape to
            leave it.
          </p>
        </div>
      )}
      {problem && (
        <div className="banner err" role="alert" aria-label="Problem">
          <div style={{ flex: 1, minWidth: 0 }}>
            <p>
              <strong>{problem.title}</strong> {problem.detail !== problem.title && problem.detail}
            </p>
            {problem.errors && problem.errors.length > 0 && (
              <ul className="problem-list">
                {problem.errors.slice(0, 200).map((e, i) => (
                  <li key={i}>
                    <code>{e.field}</code> {e.message}
                  </li>
                ))}
                {problem.errors.length > 200 && (
                  <li className="faint">… and {problem.errors.length - 200} more</li>
                )}
              </ul>
            )}
          </div>
          <button
            type="button"
            className="btn small ghost"
            onClick={dismiss}
            aria-label="Dismiss problem"
          >
            ×
          </button>
        </div>
      )}
      {!problem && notice && (
        <div className="banner ok" role="status">
          <p style={{ flex: 1 }}>{notice}</p>
          <button type="button" className="btn small ghost" onClick={dismiss} aria-label="Dismiss">
            ×
          </button>
        </div>
      )}
    </>
  );
}
