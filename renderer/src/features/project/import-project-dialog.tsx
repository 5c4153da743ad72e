/**
 * "New project from a file" (issue 28): a json-server db.json, an OpenAPI document or a Mockoon
 * environment becomes model files and seed data in a new folder. The file is previewed first
 * (models, fields, relations, record counts, every guess), written on "Create project", and the
 * new project opened.
 */
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';

import { besideProject, isAbsolutePath, useImportStore } from '../../stores/import/import-store';
import { useProjectStore } from '../../stores/project/project-store';
import { formatBytes } from '../../ui/badges';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';
import { Loading } from '../../ui/empty-state';
import { ProblemView } from '../../ui/problem-view';
import { ImportPreviewView } from './import-preview';
import { ExistingFiles, ProjectFolderError, ProjectFolderField } from './project-folder-field';

import './project.css';

/** Re-checks which files exist once typing in the folder field pauses. */
const DIR_PAUSE_MS = 350;

export function ImportProjectDialog({ onClose }: { onClose(): void }) {
  const root = useProjectStore((s) => s.status?.root);
  const state = useImportStore(
    useShallow((s) => ({
      source: s.source,
      dir: s.dir,
      replace: s.replace,
      preview: s.preview,
      phase: s.phase,
      error: s.error,
    })),
  );
  const actions = useImportStore.getState();
  const [dirTouched, setDirTouched] = useState(false);
  // A closed dialog forgets its file: the next one starts clean.
  useEffect(() => () => useImportStore.getState().reset(), []);
  useEffect(() => {
    if (!dirTouched) return;
    const timer = setTimeout(() => void useImportStore.getState().refreshPreview(), DIR_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [state.dir, dirTouched]);

  const existing = state.preview?.files.filter((f) => f.exists) ?? [];
  const busy = state.phase === 'reading' || state.phase === 'previewing';
  const dirError =
    state.dir.trim() && !isAbsolutePath(state.dir.trim())
      ? 'Give the whole path of the folder (it starts with / or a drive letter).'
      : null;
  const canCreate =
    state.preview !== null &&
    state.phase === 'ready' &&
    state.dir.trim() !== '' &&
    dirError === null &&
    (existing.length === 0 || state.replace);

  const create = async () => {
    if (await useImportStore.getState().create()) onClose();
  };

  return (
    <Dialog
      title="New project from a file"
      size="wide"
      onClose={onClose}
      footer={
        <>
          <span className="faint import-footer-note">
            {state.preview
              ? `${state.preview.files.length} files will be written`
              : 'Nothing is written until you create the project'}
          </span>
          <span className="spacer" />
          <DialogActions
            onDismiss={onClose}
            action={{
              label: state.phase === 'writing' ? 'Creating…' : 'Create project',
              disabled: !canCreate,
              onClick: () => void create(),
            }}
          />
        </>
      }
    >
      <div className="body import-body">
        <p className="faint import-intro">
          A json-server <code>db.json</code> (or <code>.json5</code>), an OpenAPI 3.0 or 3.1
          document (JSON or YAML), a Mockoon environment export or a HAR file (a browser&apos;s
          &ldquo;Save all as HAR&rdquo;): each collection becomes a model with its records as seed
          data. The same as <code>npx decorest init &lt;folder&gt; --from &lt;file&gt;</code>.
        </p>
        <div className="import-grid">
          <label htmlFor="import-file" className="block-label">
            Source file
          </label>
          <div className="import-file-row">
            <input
              id="import-file"
              className="input file-input"
              type="file"
              accept=".json,.json5,.yaml,.yml,.har,application/json,application/yaml"
              autoFocus
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void actions.chooseFile(file, (base) => besideProject(root, base));
              }}
            />
            {state.source && <span className="faint">{formatBytes(state.source.size)}</span>}
          </div>
          <ProjectFolderField
            id="import-dir"
            value={state.dir}
            error={dirError}
            onChange={(dir) => {
              setDirTouched(true);
              actions.setDir(dir);
            }}
          />
        </div>
        <ProjectFolderError id="import-dir" error={dirError} />
        {state.error && (
          <ProblemView problem={state.error} className="inline" label="Import problem" />
        )}
        {busy && <Loading what={state.phase === 'reading' ? 'the file' : 'the preview'} />}
        {!state.source && !state.error && !busy && (
          <p className="import-empty">
            Choose a file to see the models, fields, relations and records it would make, and every
            guess taken on the way.
          </p>
        )}
        {state.preview && !busy && <ImportPreviewView preview={state.preview} />}
        <ExistingFiles
          dir={state.dir}
          files={existing}
          replace={state.replace}
          replaceLabel="Replace them"
          onReplace={(replace) => actions.setReplace(replace)}
        />
      </div>
    </Dialog>
  );
}
