/**
 * A broken save: where it broke (file, line, column, code frame) and what still serves. It
 * disappears by itself when the fixed file loads (the project event clears the error).
 */
import { projectSelectors, useProjectStore } from '../../stores/project/project-store';

import './project.css';

export function LoadErrorBanner() {
  const error = useProjectStore(projectSelectors.loadError);
  const serving = useProjectStore(projectSelectors.servingStale);
  const root = useProjectStore((s) => s.status?.root ?? '');
  if (!error) return null;
  const file = root && error.file.startsWith(root) ? error.file.slice(root.length + 1) : error.file;
  const where = [file, error.line, error.column].filter((p) => p !== undefined).join(':');
  return (
    <section className="banner err load-error" id="load-error" role="alert" aria-label="Load error">
      <p>
        <strong>The project does not load</strong> <span className="chip">{error.code}</span>{' '}
        <code>{where}</code>
      </p>
      <p>{error.reason}</p>
      {error.frame && <pre className="code-frame">{error.frame}</pre>}
      <p className="muted">
        {serving
          ? 'The last good version of the API keeps serving. Fix the file and save: the studio reloads by itself.'
          : 'Nothing is serving yet. Fix the file and save: the studio reloads by itself.'}
      </p>
    </section>
  );
}
