/**
 * A stopped recording's review (issue 46): what it would write (the import preview: models,
 * fields, guesses, records, routes), the new project's folder and Create, which writes the
 * project and opens it. Closing keeps the recording waiting; Discard drops it.
 */
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';

import { isAbsolutePath } from '../../stores/import/import-store';
import { useRecordingStore } from '../../stores/recording/recording-store';
import { useServerStore } from '../../stores/server/server-store';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';
import { Loading } from '../../ui/empty-state';
import { ProblemView } from '../../ui/problem-view';
import { ImportPreviewView } from '../project/import-preview';
import {
  ExistingFiles,
  ProjectFolderError,
  ProjectFolderField,
} from '../project/project-folder-field';

import '../project/project.css';

/** Re-checks which files exist once typing in the folder field pauses. */
const DIR_PAUSE_MS = 350;

export function RecordingDialog() {
  const state = useRecordingStore(
    useShallow((s) => ({
      dir: s.dir,
      replace: s.replace,
      preview: s.preview,
      phase: s.phase,
      error: s.error,
      busy: s.busy,
    })),
  );
  const recording = useServerStore((s) => s.status?.recording);
  const actions = useRecordingStore.getState();
  const [dirTouched, setDirTouched] = useState(false);
  useEffect(() => {
    if (!dirTouched) return;
    const timer = setTimeout(
      () => void useRecordingStore.getState().refreshPreview(),
      DIR_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [state.dir, dirTouched]);

  const existing = state.preview?.files.filter((f) => f.exists) ?? [];
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

  return (
    <Dialog
      title="New project from the recording"
      size="wide"
      onClose={actions.close}
      footer={
        <>
          <button
            type="button"
            className="btn danger"
            onClick={() => void actions.discard()}
            disabled={state.busy || state.phase === 'writing'}
          >
            Discard recording
          </button>
          <span className="faint import-footer-note">
            {state.preview
              ? `${state.preview.files.length} files will be written`
              : 'Nothing is written until you create the project'}
          </span>
          <span className="spacer" />
          <DialogActions
            dismiss="Later"
            onDismiss={actions.close}
            action={{
              label: 'Create project',
              busyLabel: 'Creating…',
              busy: state.phase === 'writing',
              disabled: !canCreate,
              onClick: () => void actions.create(),
            }}
          />
        </>
      }
    >
      <div className="body import-body">
        <p className="faint import-intro">
          {recording
            ? `${recording.exchanges.toLocaleString('en')} exchanges recorded from ${recording.target ?? 'the proxy target'}. `
            : ''}
          Each collection answered becomes a model with the records seen as seed data; other answers
          become routes and response rules. Authorization, Cookie and Set-Cookie are never written.
          The same as <code>npx decorest record &lt;url&gt; &lt;folder&gt;</code>.
        </p>
        <div className="import-grid">
          <ProjectFolderField
            id="recording-dir"
            value={state.dir}
            error={dirError}
            onChange={(dir) => {
              setDirTouched(true);
              actions.setDir(dir);
            }}
          />
        </div>
        <ProjectFolderError id="recording-dir" error={dirError} />
        {state.error && (
          <ProblemView problem={state.error} className="inline" label="Recording problem" />
        )}
        {state.phase === 'previewing' && <Loading what="the preview" />}
        {state.preview && state.phase !== 'previewing' && (
          <ImportPreviewView preview={state.preview} />
        )}
        <ExistingFiles
          dir={state.dir}
          files={existing}
          replace={state.replace}
          replaceLabel="Replace the files a recording wrote (yours are kept)"
          onReplace={(replace) => actions.setReplace(replace)}
        />
      </div>
    </Dialog>
  );
}
