/**
 * Rename…, Move to folder… and Rename folder… in the Saved tab (issue 30). Each is one field
 * and the core's save with the request's current path, so the file is renamed or moved on disk
 * (and in a team's next commit) rather than copied.
 */
import { useState } from 'react';

import type { Problem, RequestEntry } from '../../api';
import { useCollectionStore } from '../../stores/collection/collection-store';
import { folderMoves, normalFolder } from '../../stores/collection/folder-moves';
import { moveRequest, renameFolder } from '../../stores/collection/request-moves';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';
import { ProblemView } from '../../ui/problem-view';

const NO_FOLDERS: readonly string[] = [];

export function OneFieldDialog({
  title,
  label,
  initial,
  action,
  note,
  allowEmpty,
  folders,
  onSubmit,
  onClose,
}: {
  title: string;
  label: string;
  initial: string;
  action: string;
  note(value: string): React.ReactNode;
  allowEmpty?: boolean;
  /** Offer the collection's folders as suggestions. */
  folders?: boolean;
  /** The problem that stops it, or a message to show (done), or null to close. */
  onSubmit(value: string): Promise<{ problem?: Problem; done?: string } | null>;
  onClose(): void;
}) {
  const known = useCollectionStore((s) => s.collection?.folders ?? NO_FOLDERS);
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = title.toLowerCase().replace(/\W+/g, '-');
  const unchanged = value.trim() === initial.trim();
  const submit = async () => {
    setBusy(true);
    const outcome = await onSubmit(value.trim());
    setBusy(false);
    if (!outcome) return onClose();
    setProblem(outcome.problem ?? null);
    setDone(outcome.done ?? null);
  };
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <DialogActions
          dismiss={done ? 'Close' : 'Cancel'}
          onDismiss={onClose}
          action={
            done
              ? undefined
              : {
                  label: action,
                  busy,
                  disabled: unchanged || (!allowEmpty && value.trim() === ''),
                  form: `${id}-form`,
                }
          }
        />
      }
    >
      <form
        id={`${id}-form`}
        className="body stack"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={`${id}-field`} className="block-label">
          {label}
        </label>
        <input
          id={`${id}-field`}
          className="input"
          value={value}
          autoFocus
          list={folders ? `${id}-folders` : undefined}
          readOnly={done !== null}
          onChange={(e) => setValue(e.target.value)}
        />
        {folders && (
          <datalist id={`${id}-folders`}>
            {known.map((f) => (
              <option key={f} value={f} />
            ))}
          </datalist>
        )}
        {!done && <p className="faint mb-0 mt-6">{note(value.trim())}</p>}
        {problem && (
          <ProblemView
            problem={problem}
            className="inline"
            label={`${title} problem`}
            // The one field is this dialog's: its message, not the body's JSON pointer.
            describe={(p) =>
              p.errors?.length ? `${label} ${p.errors[0]!.message}` : p.detail || p.title
            }
          />
        )}
        {done && (
          <p role="status" className="banner ok inline">
            {done}
          </p>
        )}
      </form>
    </Dialog>
  );
}

const fileOf = (folder: string, name: string) =>
  `requests/${folder ? `${folder}/` : ''}${name || '…'}.json`;

export function RenameRequestDialog({ entry, onClose }: { entry: RequestEntry; onClose(): void }) {
  return (
    <OneFieldDialog
      title="Rename request"
      label="Name"
      action="Rename"
      initial={entry.request.name}
      note={(name) => (
        <>
          The file becomes <code>{fileOf(entry.folder, name)}</code>.
        </>
      )}
      onSubmit={async (name) => {
        const problem = await moveRequest(entry, { name });
        return problem ? { problem } : null;
      }}
      onClose={onClose}
    />
  );
}

export function MoveRequestDialog({ entry, onClose }: { entry: RequestEntry; onClose(): void }) {
  return (
    <OneFieldDialog
      title="Move request"
      label="Folder"
      action="Move"
      initial={entry.folder}
      allowEmpty
      folders
      note={(folder) => (
        <>
          {entry.request.name} goes to{' '}
          <code>{fileOf(normalFolder(folder), entry.request.name)}</code>; an empty folder is the
          top of <code>requests/</code>, a new one is made.
        </>
      )}
      onSubmit={async (folder) => {
        const problem = await moveRequest(entry, { folder: normalFolder(folder) });
        return problem ? { problem } : null;
      }}
      onClose={onClose}
    />
  );
}

/**
 * Rename folder… changes the folder's own name, where it is, as Bruno and Postman rename one
 * (`Bruno Todos/todos` → `Bruno Todos/tasks`); a `/` in the name makes folders inside.
 */
export function RenameFolderDialog({ folder, onClose }: { folder: string; onClose(): void }) {
  // Counted as the dialog opens: the list changes under it once they have moved.
  const [count] = useState(
    () => folderMoves(useCollectionStore.getState().collection?.requests ?? [], folder, '').length,
  );
  const cut = folder.lastIndexOf('/');
  const parent = cut < 0 ? '' : folder.slice(0, cut);
  const target = (name: string) => normalFolder(parent ? `${parent}/${name}` : name);
  return (
    <OneFieldDialog
      title="Rename folder"
      label="Name"
      action="Rename"
      initial={folder.slice(cut + 1)}
      note={(name) => (
        <>
          Moves {count} request{count === 1 ? '' : 's'} of <code>{folder}</code> and its subfolders
          to <code>requests/{target(name) || '…'}/</code>.
        </>
      )}
      onSubmit={async (name) => {
        const to = target(name);
        const { moved, problem } = await renameFolder(folder, to);
        const said = `${moved} request${moved === 1 ? '' : 's'} moved to ${to}.`;
        return problem
          ? { problem: { ...problem, detail: `${problem.detail} (${said})` } }
          : { done: said };
      }}
      onClose={onClose}
    />
  );
}

/** Delete from the ⋯ menu: the file goes, so it asks first (a team may not have committed it). */
export function DeleteRequestDialog({ entry, onClose }: { entry: RequestEntry; onClose(): void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  return (
    <Dialog
      title="Delete request?"
      onClose={onClose}
      footer={
        <DialogActions
          onDismiss={onClose}
          action={{
            label: 'Delete',
            busy,
            tone: 'danger',
            onClick: () => {
              setBusy(true);
              void useCollectionStore
                .getState()
                .remove(entry.path)
                .then((refused) => {
                  setBusy(false);
                  if (refused) setProblem(refused);
                  else onClose();
                });
            },
          }}
        />
      }
    >
      <div className="body">
        <p>
          <b>{entry.request.name}</b> and its file <code>requests/{entry.path}</code> will be
          deleted. A tab that has it open keeps what it shows, as a request not saved.
        </p>
        {problem && <ProblemView problem={problem} className="inline" label="Delete problem" />}
      </div>
    </Dialog>
  );
}
