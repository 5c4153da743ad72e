/**
 * Asks before a record is deleted (the toolbar's Delete record, or the Delete key on a row):
 * a delete is written to the datafile at once and cannot be undone, and it may reach the
 * records that belong to this one, so the dialog says how.
 */
import { useState } from 'react';

import type { JsonRecord, ModelInfo, RelationInfo } from '../../api';
import { useDataStore } from '../../stores/data-store';
import { Dialog } from '../../ui/dialog';

/** What a delete does to the records that belong to this one, by the relation's rule. */
function ruleWords(r: Extract<RelationInfo, { kind: 'hasMany' }>): string {
  const who = `Its ${r.field} (${r.target} records)`;
  if (r.onDelete === 'cascade') return `${who} are deleted with it.`;
  if (r.onDelete === 'nullify') return `${who} stay, with ${r.inverse} set to null.`;
  return `${who} stop the delete while any exist (a 409 names them).`;
}

export function DeleteRecordDialog({
  model,
  record,
  onClose,
}: {
  model: ModelInfo;
  record: JsonRecord;
  onClose(): void;
}) {
  const deleteRecord = useDataStore((s) => s.deleteRecord);
  const [busy, setBusy] = useState(false);
  const id = String(record.id);
  const children = model.relations.flatMap((r) => (r.kind === 'hasMany' ? [r] : []));
  const confirm = async () => {
    setBusy(true);
    await deleteRecord(record.id);
    onClose();
  };
  return (
    <Dialog
      title={`Delete ${model.name} ${id}?`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn danger"
            onClick={() => void confirm()}
            disabled={busy}
            autoFocus
          >
            {busy ? 'Deleting…' : 'Delete'}
          </button>
        </>
      }
    >
      <div className="body">
        <p style={{ margin: 0 }}>
          Record {id} is removed from the datafile now; there is no undo (Save as seed keeps a copy
          of the data to reset to).
        </p>
        {children.length > 0 && (
          <ul style={{ margin: '8px 0 0', paddingLeft: 18 }}>
            {children.map((r) => (
              <li key={r.field}>{ruleWords(r)}</li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
