/**
 * A broken save: where it broke (file, line, column, code frame) and what still serves. It
 * disappears by itself when the fixed file loads (the project event clears the error).
 */
import { projectSelectors, useProjectStore } from '../../stores/project/project-store';

import './project.css';

/** Saving a file cannot free a data folder another process holds: say who, offer Reload. */
function DataLocked({ reason, serving }: { reason: string; serving: boolean }) {
  const busy = useProjectStore((s) => s.busy);
  const reloadProject = useProjectStore((s) => s.reloadProject);
  return (
    <section className="banner err load-error" id="load-error" role="alert" aria-label="Load error">
      <p>
        <strong>The data folder is in use</strong> <span className="chip">DATA_LOCKED</span>
      </p>
      <p>{reason}</p>
      <p className="muted">
        {serving ? 'The last good version of the API keeps serving. ' : 'Nothing is serving yet. '}
        Stop that process (or close the studio that has it open), then reload: saving a file does
        not retry.
      </p>
      <p>
        <button
          type="button"
          className="btn small"
          onClick={() => void reloadProject()}
          disabled={busy}
        >
          {busy ? 'Reloading…' : 'Reload project'}
        </button>
      </p>
    </section>
  );
}

export function LoadErrorBanner() {
  const error = useProjectStore(projectSelectors.loadError);
  const serving = useProjectStore(projectSelectors.servingStale);
  const root = useProjectStore((s) => s.status?.root ?? '');
  if (!error) return null;
  if (error.code === 'DATA_LOCKED') return <DataLocked reason={error.reason} serving={serving} />;
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
