/** Open a project folder: the native dialog in the desktop app, a path field in a browser. */
import { useState } from 'react';

import { chooseFolder, nativeFolderDialog } from '../../bridge';
import { useProjectStore } from '../../stores/project/project-store';
import { Dialog } from '../../ui/dialog';

import './project.css';

export function OpenProjectDialog({
  onClose,
  onImport,
}: {
  onClose(): void;
  /** Issue 28: "New project from a file…" instead of an existing folder. */
  onImport(): void;
}) {
  const recent = useProjectStore((s) => s.status?.recent ?? []);
  const busy = useProjectStore((s) => s.busy);
  const error = useProjectStore((s) => s.error);
  const openProject = useProjectStore((s) => s.openProject);
  const [dir, setDir] = useState('');
  const open = async (path: string) => {
    if (path.trim() && (await openProject(path.trim()))) onClose();
  };
  return (
    <Dialog title="Open a project" onClose={onClose}>
      <form
        className="body"
        onSubmit={(e) => {
          e.preventDefault();
          void open(dir);
        }}
      >
        <label htmlFor="project-dir" className="block-label">
          Project folder
        </label>
        <div className="project-dir-row">
          <input
            id="project-dir"
            className="input mono flex-1"
            value={dir}
            placeholder="/home/me/my-api"
            onChange={(e) => setDir(e.target.value)}
            autoFocus
          />
          {nativeFolderDialog() && (
            <button
              type="button"
              className="btn"
              onClick={() => void chooseFolder().then((p) => p && setDir(p))}
            >
              Browse…
            </button>
          )}
          <button type="submit" className="btn primary" disabled={busy || !dir.trim()}>
            Open
          </button>
        </div>
        <p className="faint mt-6">A folder of model classes (.ts or .js), such as examples/todo.</p>
        <p className="open-import-row">
          Starting from a json-server <code>db.json</code>, an OpenAPI document, a Mockoon
          environment or a HAR recording?{' '}
          <button type="button" className="btn small" onClick={onImport}>
            New project from a file…
          </button>
        </p>
        {error && (
          <p role="alert" className="error-text">
            {error.detail}
          </p>
        )}
        {recent.length > 0 && (
          <>
            <h3 className="recent-title">Recent</h3>
            <ul className="recent-list">
              {recent.map((path) => (
                <li key={path}>
                  <button
                    type="button"
                    className="btn ghost small mono"
                    onClick={() => void open(path)}
                  >
                    {path}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </form>
    </Dialog>
  );
}
