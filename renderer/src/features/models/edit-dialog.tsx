/**
 * Every model edit goes through this dialog: the form, then the diff of what will be written
 * (nothing is written before Apply), then Apply or Back. A file changed on disk since the
 * preview is refused by the core (409) and said so here; the user previews again.
 */
import { type ReactNode, useId, useState } from 'react';

import type { ModelEdit, ModelEditPreview, Problem } from '../../api';
import { useModelsStore } from '../../stores/models/models-store';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';
import { ProblemView } from '../../ui/problem-view';
import { DiffView } from './diff-view';

export interface EditDialogProps {
  title: string;
  /** The edit the form describes, or why it is not complete yet. */
  build(): ModelEdit | string;
  onClose(): void;
  /** Called after a successful write, with the edit written. */
  onDone?(edit: ModelEdit): void;
  children: ReactNode;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "6 records of Todo" and, when the seed holds the model too, "and 6 seed rows". */
function rowsText(model: string, records: number, seedRecords: number): string {
  const stored = `${count(records, 'record', 'records')} of ${model}`;
  return seedRecords > 0 ? `${stored} and ${count(seedRecords, 'seed row', 'seed rows')}` : stored;
}

function migrationText(preview: ModelEditPreview): string | null {
  const m = preview.migration;
  if (!m) return null;
  const n = rowsText(m.model, m.records, m.seedRecords);
  if (m.action === 'rename')
    return `The key “${m.field}” becomes “${m.to}” in ${n}, in one atomic rewrite of the datafile.`;
  if (m.action === 'drop')
    return `The key “${m.field}” is deleted from ${n}, in one atomic rewrite. This cannot be undone.`;
  if (m.action === 'convert')
    return `“${m.field}” becomes ${m.to ?? 'the new type'} in ${n} (the others hold it already or hold null), in one atomic rewrite of the datafile.`;
  if (m.action === 'dropUndeclared')
    return `The fields ${m.model} does not declare are deleted from ${n}, in one atomic rewrite. This cannot be undone.`;
  if (m.action === 'fit')
    return `“${m.field}” is moved inside the new rules in ${n} (numbers to the nearest bound, texts cut to the maximum length), in one atomic rewrite.`;
  return `${n} get “${m.field}”: ${JSON.stringify(m.value)}.`;
}

/** What the edit leaves invalid, when the user keeps the values as stored. */
function breakingText(preview: ModelEditPreview, model: string): string | null {
  const b = preview.breaking;
  if (!b || preview.migration?.action === 'fit') return null;
  const rows = rowsText(model, b.records, b.seedRecords);
  if (preview.migration?.action === 'dropUndeclared') return null;
  if (b.field === model)
    return `${rows} hold fields ${model} does not declare (${b.examples.join('; ')}${
      b.records + b.seedRecords > b.examples.length ? '; …' : ''
    }). Kept as stored, every write of one of them is refused until they are removed${
      b.seedRecords > 0 ? ', and so is Reset to seed' : ''
    }.`;
  return `${rows} break the new declaration of “${b.field}” (${b.examples.join('; ')}${
    b.records + b.seedRecords > b.examples.length ? '; …' : ''
  }). Kept as stored, every write of one of them is refused until it is fixed${
    b.seedRecords > 0 ? ', and so is Reset to seed' : ''
  }.`;
}

export function EditDialog({ title, build, onClose, onDone, children }: EditDialogProps) {
  const id = useId();
  const [preview, setPreview] = useState<{ edit: ModelEdit; answer: ModelEditPreview } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  /** The user's choice for stored values a tightened rule breaks (shown at once, then previewed). */
  const [fit, setFit] = useState(false);
  const [error, setError] = useState<Problem | string | null>(null);

  const showPreview = async (built: ModelEdit | string = build()) => {
    const edit = built;
    if (typeof edit === 'string') return setError(edit);
    setBusy(true);
    setError(null);
    const outcome = await useModelsStore.getState().previewEdit(edit);
    if (outcome.ok) setPreview({ edit, answer: outcome.value });
    else setError(outcome.problem);
    setBusy(false);
  };

  const apply = async () => {
    if (!preview) return;
    setBusy(true);
    setError(null);
    const { edit, answer } = preview;
    const outcome = await useModelsStore.getState().applyEdit(edit, answer);
    if (!outcome.ok) {
      setError(outcome.problem);
      setBusy(false);
      return;
    }
    onDone?.(edit);
    onClose();
  };

  const note = preview ? migrationText(preview.answer) : null;
  const edited = preview && 'model' in preview.edit ? preview.edit.model : '';
  const breaking = preview ? breakingText(preview.answer, String(edited)) : null;
  // A tightened rule offers what a type change offers: fit the values, or keep them.
  const fitChoice =
    (preview?.edit.kind === 'setRules' || preview?.edit.kind === 'setOpen') &&
    preview.answer.breaking
      ? preview.edit
      : undefined;
  // An edit that asks for what the files already say: no hunk, no record to migrate.
  const unchanged =
    preview !== null &&
    !preview.answer.migration &&
    preview.answer.files.every((f) => f.diff === '');
  return (
    <Dialog
      title={preview ? `${title}: review the change` : title}
      onClose={onClose}
      footer={
        preview ? (
          <>
            <button
              type="button"
              className="btn"
              onClick={() => {
                setPreview(null);
                setFit(false);
              }}
              disabled={busy}
            >
              Back
            </button>
            <DialogActions
              onDismiss={onClose}
              action={{
                label: 'Apply',
                busyLabel: 'Writing…',
                busy,
                disabled: unchanged,
                onClick: () => void apply(),
                autoFocus: true,
              }}
            />
          </>
        ) : (
          <DialogActions
            onDismiss={onClose}
            action={{
              label: 'Preview change',
              busyLabel: 'Preparing…',
              busy,
              form: `${id}-form`,
            }}
          />
        )
      }
    >
      {preview ? (
        <div className="body model-edit-review">
          {preview.answer.files
            .filter((f) => f.diff !== '')
            .map((f) => (
              <section key={f.file} aria-label={`Changes to ${f.relative}`}>
                <h3 className="diff-title">
                  {f.created ? 'New file ' : 'Changes to '}
                  <code>{f.relative}</code>
                </h3>
                <DiffView diff={f.diff} label={`Diff of ${f.relative}`} />
              </section>
            ))}
          {note && (
            <p className="banner warn inline" role="note">
              {note}
            </p>
          )}
          {breaking && (
            <p className="banner warn inline" role="note">
              {breaking}
            </p>
          )}
          {fitChoice && (
            <fieldset className="choice-group" disabled={busy}>
              <legend>
                {fitChoice.kind === 'setOpen'
                  ? 'Stored fields the closed model does not declare'
                  : 'Stored values that break the new rules'}
              </legend>
              <label>
                <input
                  type="radio"
                  name={`${id}-fit`}
                  checked={!fit}
                  onChange={() => {
                    setFit(false);
                    void showPreview({ ...fitChoice, fit: false });
                  }}
                />{' '}
                Keep them as stored
              </label>
              <label>
                <input
                  type="radio"
                  name={`${id}-fit`}
                  checked={fit}
                  disabled={!preview?.answer.breaking?.fittable}
                  onChange={() => {
                    setFit(true);
                    void showPreview({ ...fitChoice, fit: true });
                  }}
                />{' '}
                {fitChoice.kind === 'setOpen'
                  ? 'Remove the undeclared fields'
                  : 'Fit them inside the rules'}
                {!preview?.answer.breaking?.fittable && (
                  <span className="faint">
                    {' '}
                    (no bound can mend a pattern, format or minimum length)
                  </span>
                )}
              </label>
            </fieldset>
          )}
          {unchanged && (
            <p className="banner inline" role="note">
              Nothing changes: the model already reads so. Press Back to edit it.
            </p>
          )}
          {!unchanged && (
            <p className="faint">
              Only the lines shown change; the rest of each file stays as you wrote it.
            </p>
          )}
        </div>
      ) : (
        <form
          id={`${id}-form`}
          className="body form-grid"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void showPreview();
          }}
        >
          {children}
        </form>
      )}
      {error !== null && (
        <ProblemView problem={error} className="inline model-edit-error" describe={errorText} />
      )}
    </Dialog>
  );
}

function errorText(problem: Problem): string {
  const details = (problem.errors ?? []).map((e) => e.message).join('; ');
  if (problem.status === 409)
    return `${problem.detail}: nothing was written. Press Back, then Preview change to see the edit against the file as it is now.`;
  if (!details) return problem.detail || problem.title;
  // A refused conversion's title counts the records; its messages name the first few.
  return problem.errors?.some((e) => e.field.includes('[id='))
    ? `${problem.title}: ${details}`
    : details;
}
