/**
 * "New project folder": where an import or a recording writes its project, typed or (in the
 * desktop app) chosen with the system's folder dialog. `onChange` is told of each change.
 */
import { chooseFolder, nativeFolderDialog } from '../../bridge';

export function ProjectFolderField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error: string | null;
  onChange(dir: string): void;
}) {
  return (
    <>
      <label htmlFor={id} className="block-label">
        New project folder
      </label>
      <div className="project-dir-row">
        <input
          id={id}
          className="input mono flex-1"
          value={value}
          placeholder="/home/me/my-api"
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {nativeFolderDialog() && (
          <button
            type="button"
            className="btn"
            onClick={() =>
              void chooseFolder().then((p) => {
                if (p) onChange(p);
              })
            }
          >
            Browse…
          </button>
        )}
      </div>
    </>
  );
}

/** The folder's error under the grid the field sits in. */
export function ProjectFolderError({ id, error }: { id: string; error: string | null }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="error-text">
      {error}
    </p>
  );
}

/** The files the folder already holds, and the choice to replace them (`replaceLabel`). */
export function ExistingFiles({
  dir,
  files,
  replace,
  replaceLabel,
  onReplace,
}: {
  dir: string;
  files: readonly { path: string }[];
  replace: boolean;
  replaceLabel: string;
  onReplace(replace: boolean): void;
}) {
  if (files.length === 0) return null;
  return (
    <div className="import-existing" role="group" aria-label="Files that exist">
      <p>
        <span className="badge warn">{files.length} exist</span> In <code>{dir}</code>:{' '}
        {files.map((f) => (
          <code key={f.path} className="import-existing-file">
            {f.path}
          </code>
        ))}
      </p>
      <label className="check-row">
        <input type="checkbox" checked={replace} onChange={(e) => onReplace(e.target.checked)} />{' '}
        {replaceLabel}
      </label>
    </div>
  );
}
