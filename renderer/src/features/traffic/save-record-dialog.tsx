/**
 * Saves a logged answer as a record (issue 16): the model its path names is preselected, the
 * JSON to send is shown and editable, and the API validates it like a POST (a 422 names each
 * field). Records events refresh any grid showing the model.
 */
import { useMemo, useState } from 'react';

import type { JsonRecord, Problem, TrafficExchange } from '../../api';
import { jsonError } from '../../stores/console/request-text';
import { useDataStore } from '../../stores/data/data-store';
import { useModelsStore } from '../../stores/models/models-store';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';
import { ProblemView } from '../../ui/problem-view';
import { draftRecord } from './save-as-record';

export function SaveRecordDialog({
  exchange,
  onClose,
}: {
  exchange: TrafficExchange;
  onClose(): void;
}) {
  const models = useModelsStore((s) => s.models);
  const writable = useMemo(() => models.filter((m) => m.writable), [models]);
  const first = useMemo(() => draftRecord(exchange, models), [exchange, models]);
  const [model, setModel] = useState(first.ok ? (first.model ?? writable[0]?.name ?? '') : '');
  const draft = useMemo(() => draftRecord(exchange, models, model), [exchange, models, model]);
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (draft.ok ? JSON.stringify(draft.body, null, 2) : '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saved, setSaved] = useState<JsonRecord | null>(null);
  const syntax = draft.ok ? jsonError(shown) : null;

  const save = async () => {
    setBusy(true);
    setProblem(null);
    const outcome = await useDataStore.getState().saveRecordAs(model, JSON.parse(shown));
    if (outcome.ok) setSaved(outcome.value);
    else setProblem(outcome.problem);
    setBusy(false);
  };

  return (
    <Dialog
      title="Save as record"
      onClose={onClose}
      footer={
        <>
          <span className="faint" role="status" aria-live="polite">
            {saved ? `Saved as ${model} ${String(saved.id)}.` : ''}
          </span>
          <span className="spacer" />
          <DialogActions
            dismiss={saved ? 'Close' : 'Cancel'}
            onDismiss={onClose}
            action={
              saved
                ? undefined
                : {
                    label: 'Save',
                    busyLabel: 'Saving…',
                    busy,
                    disabled: !draft.ok || model === '' || syntax !== null,
                    onClick: () => void save(),
                  }
            }
          />
        </>
      }
    >
      <div className={draft.ok && writable.length > 0 ? 'body form-grid' : 'body'}>
        {!draft.ok ? (
          <p role="alert">{draft.reason}</p>
        ) : writable.length === 0 ? (
          <p role="alert">No model of this project can be written: nothing to save into.</p>
        ) : (
          <>
            <label htmlFor="save-record-model">Model</label>
            <select
              id="save-record-model"
              className="select"
              value={model}
              disabled={saved !== null}
              onChange={(e) => {
                setModel(e.target.value);
                setText(null);
                setProblem(null);
              }}
            >
              {writable.map((m) => (
                <option key={m.name} value={m.name}>
                  {m.name} (/{m.path})
                </option>
              ))}
            </select>
            <label htmlFor="save-record-json">Record JSON</label>
            <textarea
              id="save-record-json"
              className="input mono saved-record-json"
              value={shown}
              readOnly={saved !== null}
              onChange={(e) => setText(e.target.value)}
              spellCheck={false}
            />
            <p className="faint span mt-4">
              Validated like <code>POST /{writable.find((m) => m.name === model)?.path}</code>; the
              id is assigned by the mock API.
              {draft.leftOut.length > 0 && (
                <> Left out: {draft.leftOut.map((k) => `"${k}"`).join(', ')}.</>
              )}
            </p>
            {syntax && <p className="span error-text">{syntax}</p>}
            {problem && <ProblemView problem={problem} look="form" className="span" />}
          </>
        )}
      </div>
    </Dialog>
  );
}
