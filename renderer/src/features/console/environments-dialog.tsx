/**
 * Environments… beside the Console's Environment menu (issue 30): the project's environments
 * (add, rename, delete) and, for the one selected, its variables as Bruno and Postman show
 * them: name, value, enabled, secret. A secret's value is masked, with a Show toggle; one the
 * user's config folder holds already reads "stored – type to replace" (the wire never carries
 * it), and left empty it is kept. Saving the Console's chosen environment updates its variables.
 */
import { useRef, useState } from 'react';

import type { EnvironmentEntry, Problem } from '../../api';
import { useCollectionStore } from '../../stores/collection/collection-store';
import { deleteEnvironment, saveEnvironment } from '../../stores/collection/environment-actions';
import {
  draftOf,
  draftProblem,
  type EnvironmentDraft,
  newDraft,
  saveBodyOf,
} from '../../stores/collection/environment-draft';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';
import { EmptyState, Loading } from '../../ui/empty-state';
import { ProblemView } from '../../ui/problem-view';
import { VariablesTable } from './environment-variables';

const NO_ENVIRONMENTS: readonly EnvironmentEntry[] = [];

function ConfirmDelete({
  name,
  onCancel,
  onDeleted,
}: {
  name: string;
  onCancel(): void;
  onDeleted(): void;
}) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      title="Delete environment"
      onClose={onCancel}
      footer={
        <DialogActions
          dismiss="Keep it"
          onDismiss={onCancel}
          dismissFocused
          action={{
            label: `Delete ${name}`,
            busy,
            tone: 'danger',
            onClick: () => {
              setBusy(true);
              void deleteEnvironment(name).then((refused) => {
                setBusy(false);
                if (refused) setProblem(refused);
                else onDeleted();
              });
            },
          }}
        />
      }
    >
      <div className="body">
        <p className="mt-0">
          Delete the environment <strong>{name}</strong>? Its file in <code>environments/</code> and
          its stored secret values go; requests that use its variables stay.
        </p>
        {problem && <ProblemView problem={problem} className="inline" label="Delete problem" />}
      </div>
    </Dialog>
  );
}

export function EnvironmentsDialog({ onClose }: { onClose(): void }) {
  const collection = useCollectionStore((s) => s.collection);
  const error = useCollectionStore((s) => s.error);
  const environments = collection?.environments ?? NO_ENVIRONMENTS;
  const [draft, setDraft] = useState<EnvironmentDraft | null>(() => {
    const s = useCollectionStore.getState();
    const list = s.collection?.environments ?? [];
    const first = list.find((e) => e.environment.name === s.environment) ?? list[0];
    return first ? draftOf(first) : null;
  });
  const [problem, setProblem] = useState<Problem | string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // The draft on screen now, for a save that ends after the user edited on or moved to
  // another environment (Add environment): its answer must not replace that draft, or the
  // next edit would rename the environment just saved.
  const shown = useRef(draft);
  shown.current = draft;

  const savedEntry = environments.find((e) => e.environment.name === draft?.saved);
  const dirty =
    draft !== null &&
    (savedEntry === undefined ||
      JSON.stringify(saveBodyOf(draft)) !== JSON.stringify(saveBodyOf(draftOf(savedEntry))));
  const pick = (next: EnvironmentDraft | null) => {
    setDraft(next);
    setProblem(null);
    setSaved(null);
  };
  const save = async () => {
    if (!draft) return;
    const others = environments.map((e) => e.environment.name).filter((n) => n !== draft.saved);
    const local = draftProblem(draft, others);
    if (local) return setProblem(local);
    setBusy(true);
    const sent = draft;
    const refused = await saveEnvironment(sent);
    setBusy(false);
    const now = shown.current;
    if (now?.key !== sent.key) return;
    if (refused) return setProblem(refused);
    const name = saveBodyOf(sent).environment.name;
    // Typed on while it saved: those edits stay, now of the environment saved under `name`.
    if (now !== sent) return setDraft({ ...now, saved: name });
    const entry = useCollectionStore
      .getState()
      .collection?.environments.find((e) => e.environment.name === name);
    pick(entry ? draftOf(entry) : null);
    setSaved(name);
  };

  let content;
  if (error)
    content = <ProblemView problem={error} className="inline" label="Collection problem" />;
  else if (!collection) content = <Loading what="environments" />;
  else
    content = (
      <div className="env-layout">
        <div className="env-list">
          <h3 className="section-title">Environments</h3>
          <ul className="nav-list" aria-label="Environments">
            {environments.map((e) => (
              <li key={e.path}>
                <button
                  type="button"
                  className="nav-item"
                  aria-current={draft?.saved === e.environment.name ? 'true' : undefined}
                  onClick={() => pick(draftOf(e))}
                >
                  {e.environment.name}
                </button>
              </li>
            ))}
            {draft && draft.saved === null && (
              <li>
                <span className="nav-item" aria-current="true">
                  {draft.name || 'New environment'} <span className="faint">(new)</span>
                </span>
              </li>
            )}
          </ul>
          <button
            type="button"
            className="btn small mt-6"
            onClick={() => pick(newDraft(environments.map((e) => e.environment.name)))}
          >
            Add environment
          </button>
        </div>
        <div className="env-editor">
          {draft === null ? (
            <EmptyState icon="{}" title="No environment yet">
              An environment gives <code>{'{{name}}'}</code> variables their values (a base URL, a
              token), one set per place you send to. Add one to start.
            </EmptyState>
          ) : (
            <form
              id="environment-form"
              className="stack"
              onSubmit={(e) => {
                e.preventDefault();
                void save();
              }}
            >
              <label htmlFor="environment-name" className="block-label">
                Name
              </label>
              <input
                id="environment-name"
                className="input"
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
              <p className="faint mt-4">
                Saved as <code>environments/{draft.name.trim() || '…'}.json</code>; secret values
                stay in your own config folder, never in the project.
              </p>
              <VariablesTable draft={draft} onChange={setDraft} />
              {problem && (
                <ProblemView problem={problem} className="inline" label="Environment problem" />
              )}
              {saved && !dirty && !problem && (
                <p role="status" className="faint mb-0 mt-6">
                  Saved {saved}.
                </p>
              )}
            </form>
          )}
        </div>
      </div>
    );

  return (
    <Dialog
      title="Environments"
      size="wide"
      onClose={onClose}
      footer={
        <>
          {draft?.saved && (
            <button type="button" className="btn danger" onClick={() => setDeleting(draft.saved)}>
              Delete environment…
            </button>
          )}
          <span className="spacer" />
          {dirty && (
            <span className="badge warn" role="status">
              unsaved changes
            </span>
          )}
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
          {draft && (
            <button
              type="submit"
              form="environment-form"
              className="btn primary"
              disabled={busy || !dirty}
            >
              Save
            </button>
          )}
        </>
      }
    >
      <div className="body">{content}</div>
      {deleting && (
        <ConfirmDelete
          name={deleting}
          onCancel={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            const first = useCollectionStore.getState().collection?.environments[0];
            pick(first ? draftOf(first) : null);
          }}
        />
      )}
    </Dialog>
  );
}
