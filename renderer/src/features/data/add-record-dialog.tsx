/** A new record as JSON, prefilled from the model's schema; the API's 422 names each field. */
import { useEffect, useState } from 'react';

import type { ModelInfo } from '../../api';
import { jsonError } from '../../stores/console/request-text';
import { useDataStore } from '../../stores/data/data-store';
import { sampleBody } from '../../stores/data/field-values';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';
import { ProblemView } from '../../ui/problem-view';

export function AddRecordDialog({ model, onClose }: { model: ModelInfo; onClose(): void }) {
  const [text, setText] = useState(() => JSON.stringify(sampleBody(model), null, 2));
  const [busy, setBusy] = useState(false);
  const problem = useDataStore((s) => s.actionError);
  const createRecord = useDataStore((s) => s.createRecord);
  const syntax = jsonError(text);
  // A problem left from an earlier action is not this record's.
  useEffect(() => useDataStore.getState().dismiss(), []);
  const submit = async () => {
    setBusy(true);
    const created = await createRecord(JSON.parse(text));
    setBusy(false);
    if (created) onClose();
  };
  return (
    <Dialog
      title={`New ${model.name}`}
      onClose={onClose}
      footer={
        <DialogActions
          onDismiss={onClose}
          action={{
            label: 'Create',
            busy,
            disabled: syntax !== null,
            onClick: () => void submit(),
          }}
        />
      }
    >
      <div className="body">
        <label htmlFor="new-record" className="block-label">
          Record JSON
        </label>
        <textarea
          id="new-record"
          className="input mono new-record-json"
          value={text}
          // The record is what the dialog is for: typing starts there, as Mockoon's editors do.
          autoFocus
          onChange={(e) => setText(e.target.value)}
          spellCheck={false}
        />
        <p className="faint mt-4">
          The id is assigned by the server when left out. Sent as <code>POST /{model.path}</code>{' '}
          would be.
        </p>
        {syntax && <p className="error-text">{syntax}</p>}
        {problem && <ProblemView problem={problem} look="form" />}
      </div>
    </Dialog>
  );
}
