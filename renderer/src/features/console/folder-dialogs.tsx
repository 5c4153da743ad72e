/**
 * New folder… and Delete folder… in the Saved tree, as Bruno's and Postman's collections have
 * them. A new folder is an empty folder under `requests/` (committed once it holds a request;
 * git keeps no empty folder); a deleted one takes its saved requests along, after asking, and
 * leaves any file that is not one.
 */
import { useState } from 'react';

import type { Problem } from '../../api';
import { useCollectionStore } from '../../stores/collection/collection-store';
import { createFolder, deleteFolder } from '../../stores/collection/folder-actions';
import { normalFolder } from '../../stores/collection/folder-moves';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';
import { ProblemView } from '../../ui/problem-view';
import { OneFieldDialog } from './request-move-dialogs';

/** A folder's path under `parent` (`""`: the top of `requests/`). */
const under = (parent: string, name: string) => normalFolder(parent ? `${parent}/${name}` : name);

export function NewFolderDialog({ parent, onClose }: { parent: string; onClose(): void }) {
  return (
    <OneFieldDialog
      title={parent ? `New folder in ${parent}` : 'New folder'}
      label="Name"
      action="Create"
      initial=""
      note={(name) => (
        <>
          Made as <code>requests/{under(parent, name) || '…'}/</code>; save or move requests into
          it. A <code>/</code> makes folders inside folders.
        </>
      )}
      onSubmit={async (name) => {
        const problem = await createFolder(under(parent, name));
        return problem ? { problem } : null;
      }}
      onClose={onClose}
    />
  );
}

export function DeleteFolderDialog({ folder, onClose }: { folder: string; onClose(): void }) {
  // Counted as the dialog opens, as Rename folder does.
  const [count] = useState(
    () =>
      (useCollectionStore.getState().collection?.requests ?? []).filter(
        (r) => r.folder === folder || r.folder.startsWith(`${folder}/`),
      ).length,
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [kept, setKept] = useState<string[] | null>(null);
  const remove = async () => {
    setBusy(true);
    const outcome = await deleteFolder(folder);
    setBusy(false);
    if ('problem' in outcome) setProblem(outcome.problem);
    else if (outcome.deleted.kept.length > 0) setKept(outcome.deleted.kept);
    else onClose();
  };
  return (
    <Dialog
      title="Delete folder?"
      onClose={onClose}
      footer={
        <DialogActions
          dismiss={kept ? 'Close' : 'Cancel'}
          onDismiss={onClose}
          action={
            kept
              ? undefined
              : {
                  label: 'Delete folder',
                  busy,
                  tone: 'danger',
                  onClick: () => void remove(),
                }
          }
        />
      }
    >
      <div className="body">
        {kept ? (
          <div role="status" className="banner ok inline">
            <p className="m-0">
              Its saved requests are deleted. What is not a saved request stays, with the folders
              holding it:
            </p>
            <ul className="mb-0">
              {kept.map((k) => (
                <li key={k}>
                  <code>requests/{k}</code>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p>
            <b>{folder}</b>
            {count > 0
              ? ` and its ${count} saved request${count === 1 ? '' : 's'} (subfolders included) will be deleted from `
              : ' holds no saved request; it will be removed from '}
            <code>requests/{folder}/</code>.
            {count > 0 && ' A tab that has one open keeps what it shows, as a request not saved.'}
          </p>
        )}
        {problem && <ProblemView problem={problem} className="inline" label="Delete problem" />}
      </div>
    </Dialog>
  );
}
