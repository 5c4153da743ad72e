/**
 * The Console's left pane (issue 30): the project's saved requests by folder, one tree with
 * a single Tab stop (saved-tree.tsx, issue 48: open, rename, move, duplicate, delete; rename
 * or run a folder), Import… from Postman, Bruno or a `.http` file, Save… or Ctrl/Cmd+S, and
 * the history, as two tabs. Saved requests are files in the
 * project (`requests/<folder>/<name>.json`), so a team commits them with the models.
 */
import { useEffect, useState } from 'react';

import type { Problem } from '../../api';
import { useCollectionStore } from '../../stores/collection/collection-store';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';
import { ProblemView } from '../../ui/problem-view';
import { segmentOf, useExamplePath } from './example-path';
import { DeleteFolderDialog, NewFolderDialog } from './folder-dialogs';
import { HistoryList } from './history-list';
import { ImportRequestsDialog } from './import-requests-dialog';
import {
  DeleteRequestDialog,
  MoveRequestDialog,
  RenameFolderDialog,
  RenameRequestDialog,
} from './request-move-dialogs';
import { type SavedDialog, SavedTree } from './saved-tree';

import './collection.css';

export function SaveRequestDialog({ onClose }: { onClose(): void }) {
  const folders = useCollectionStore((s) => s.collection?.folders ?? NO_FOLDERS);
  const open = useCollectionStore((s) => s.open);
  const busy = useCollectionStore((s) => s.busy);
  const example = useExamplePath();
  const [name, setName] = useState(open?.entry.request.name ?? '');
  const [folder, setFolder] = useState(open?.entry.folder ?? '');
  const [problem, setProblem] = useState<Problem | null>(null);
  const save = async () => {
    const refused = await useCollectionStore
      .getState()
      .save({ name: name.trim(), folder: folder.trim() });
    if (refused) setProblem(refused);
    else onClose();
  };
  return (
    <Dialog
      title="Save request"
      onClose={onClose}
      footer={
        <DialogActions
          onDismiss={onClose}
          action={{
            label: 'Save',
            busy,
            disabled: name.trim() === '',
            form: 'save-request-form',
          }}
        />
      }
    >
      <form
        id="save-request-form"
        className="body stack"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label htmlFor="save-request-name" className="block-label">
          Name
        </label>
        <input
          id="save-request-name"
          className="input"
          value={name}
          autoFocus
          placeholder={`List ${segmentOf(example)}`}
          onChange={(e) => setName(e.target.value)}
        />
        <label htmlFor="save-request-folder" className="block-label">
          Folder
        </label>
        <input
          id="save-request-folder"
          className="input"
          value={folder}
          list="save-request-folders"
          placeholder={`${segmentOf(example)} (empty: the top of requests/)`}
          onChange={(e) => setFolder(e.target.value)}
        />
        <datalist id="save-request-folders">
          {folders.map((f) => (
            <option key={f} value={f} />
          ))}
        </datalist>
        <p className="faint mb-0">
          Written to{' '}
          <code>
            requests/{folder.trim() ? `${folder.trim()}/` : ''}
            {name.trim() || '…'}.json
          </code>{' '}
          in the project, to commit with the models.
        </p>
        {problem && <ProblemView problem={problem} className="inline" label="Save problem" />}
      </form>
    </Dialog>
  );
}

const NO_FOLDERS: readonly string[] = [];

function SavedDialogs({ dialog, onClose }: { dialog: SavedDialog | null; onClose(): void }) {
  if (!dialog) return null;
  if (dialog.kind === 'import') return <ImportRequestsDialog onClose={onClose} />;
  if (dialog.kind === 'rename')
    return <RenameRequestDialog entry={dialog.entry} onClose={onClose} />;
  if (dialog.kind === 'move') return <MoveRequestDialog entry={dialog.entry} onClose={onClose} />;
  if (dialog.kind === 'delete')
    return <DeleteRequestDialog entry={dialog.entry} onClose={onClose} />;
  if (dialog.kind === 'new-folder')
    return <NewFolderDialog parent={dialog.parent} onClose={onClose} />;
  if (dialog.kind === 'delete-folder')
    return <DeleteFolderDialog folder={dialog.folder} onClose={onClose} />;
  return <RenameFolderDialog folder={dialog.folder} onClose={onClose} />;
}

function SavedList({
  onRunFolder,
  onRunCollection,
}: {
  onRunFolder?(folder: string): void;
  onRunCollection?(): void;
}) {
  const collection = useCollectionStore((s) => s.collection);
  const error = useCollectionStore((s) => s.error);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dialog, setDialog] = useState<SavedDialog | null>(null);
  const act = async (step: Promise<Problem | null>) => {
    const refused = await step;
    setRefusal(refused ? refused.detail : null);
  };
  const importButton = (
    <button type="button" className="btn small" onClick={() => setDialog({ kind: 'import' })}>
      Import…
    </button>
  );
  const newFolderButton = (
    <button
      type="button"
      className="btn small"
      onClick={() => setDialog({ kind: 'new-folder', parent: '' })}
    >
      New folder…
    </button>
  );
  // Issue 47: with nothing saved it stays in view, disabled, with the reason beside it.
  const runCollectionButton = (disabled = false) =>
    onRunCollection && (
      <button
        type="button"
        className="btn small"
        disabled={disabled}
        aria-describedby={disabled ? 'run-collection-reason' : undefined}
        title="Every saved request with its tests, in the collection’s order"
        onClick={onRunCollection}
      >
        <span aria-hidden="true">▶</span> Run collection
      </button>
    );
  if (error) return <ProblemView problem={error} className="inline" label="Collection problem" />;
  if (!collection)
    return (
      <p className="faint history-empty saved-loading" role="status">
        <span className="spinner" aria-hidden="true" /> Loading saved requests…
      </p>
    );
  const empty = collection.requests.length === 0 && collection.folders.length === 0;
  return (
    <>
      {!empty && (
        <div className="saved-tools">
          <span className="faint">
            {collection.requests.length} request{collection.requests.length === 1 ? '' : 's'}
          </span>
          <span className="saved-tools-actions">
            {collection.requests.length > 0 && runCollectionButton()}
            {newFolderButton}
            {importButton}
          </span>
        </div>
      )}
      {refusal && (
        <p role="alert" className="error-text">
          {refusal}
        </p>
      )}
      {collection.problems.length > 0 && (
        <div className="banner warn" role="note" aria-label="Files that do not read">
          {collection.problems.map((p) => (
            <span key={p.file}>
              <code>{p.file}</code>
              {p.at ? ` ${p.at}` : ''}: {p.message}
            </span>
          ))}
        </div>
      )}
      {empty ? (
        <div className="saved-empty">
          <p className="faint m-0">
            No saved request yet: Save… (Ctrl+S) keeps the request in the project, under
            <code> requests/</code>.
          </p>
          <p className="faint mt-8">
            Or bring a Postman collection, a Bruno folder or a <code>.http</code> file:
          </p>
          <div className="saved-empty-actions mt-6">
            {importButton}
            {newFolderButton}
            {runCollectionButton(true)}
          </div>
          {onRunCollection && (
            <p id="run-collection-reason" className="faint mt-4 mb-0">
              Nothing to run yet: Run collection sends every saved request with its tests, in order,
              once there is one.
            </p>
          )}
        </div>
      ) : (
        <SavedTree
          requests={collection.requests}
          folders={collection.folders}
          onRunFolder={onRunFolder}
          onDialog={setDialog}
          onDuplicate={(entry) => void act(useCollectionStore.getState().duplicate(entry.path))}
        />
      )}
      <SavedDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}

type LeftTab = 'Saved' | 'History';
let leftTab: LeftTab = 'History';

export function CollectionPane({
  onSave,
  onRunFolder,
  onRunCollection,
}: {
  onSave(): void;
  /** Runs every saved request of a folder (`""`: the top of `requests/`), in order. */
  onRunFolder?(folder: string): void;
  /** Issue 47: runs the whole collection, in its order. */
  onRunCollection?(): void;
}) {
  // History first, as before saved requests existed; a save or an opened request shows Saved;
  // the choice stays while the page lives (leaving the Console and coming back keeps it).
  const [tab, setShown] = useState<LeftTab>(() => leftTab);
  const setTab = (next: LeftTab) => {
    leftTab = next;
    setShown(next);
  };
  const openPath = useCollectionStore((s) => s.open?.entry.path);
  useEffect(() => {
    if (openPath) {
      leftTab = 'Saved';
      setShown('Saved');
    }
  }, [openPath]);
  useEffect(() => {
    if (!useCollectionStore.getState().collection) void useCollectionStore.getState().load();
  }, []);
  return (
    <nav className="pane sidebar collection-pane" aria-label="Requests">
      {/* The keyboard's way past a long collection (shown when it has focus). */}
      <button
        type="button"
        className="skip-to-request"
        onClick={() =>
          document
            .querySelector<HTMLElement>(
              '[aria-label="Request"] input, [aria-label="Request"] button',
            )
            ?.focus()
        }
      >
        Skip to the request
      </button>
      <div className="collection-head">
        <div className="subtabs" role="tablist" aria-label="Saved and history">
          {(['Saved', 'History'] as const).map((name) => (
            <button
              key={name}
              id={`console-tab-${name}`}
              type="button"
              role="tab"
              className="tab"
              aria-selected={tab === name}
              aria-controls="console-left-panel"
              onClick={() => setTab(name)}
            >
              {name}
            </button>
          ))}
        </div>
        <span className="spacer" />
        <button
          type="button"
          className="btn small"
          onClick={onSave}
          aria-keyshortcuts="Control+S Meta+S"
        >
          Save…
        </button>
      </div>
      <div id="console-left-panel" role="tabpanel" aria-labelledby={`console-tab-${tab}`}>
        {tab === 'Saved' ? (
          <SavedList onRunFolder={onRunFolder} onRunCollection={onRunCollection} />
        ) : (
          <HistoryList />
        )}
      </div>
    </nav>
  );
}
