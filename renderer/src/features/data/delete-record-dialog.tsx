/**
 * Asks before a record is deleted (the toolbar's Delete record, or the Delete key on a row):
 * a delete is written to the datafile at once and cannot be undone, and it may reach the
 * records that belong to this one, so the dialog counts them per relation and rule, through
 * every level of cascades (the control API's delete-impact), before anything is written.
 * Cancel has the focus: Delete then Enter must not remove a user and all its posts.
 */
import { useEffect, useState } from 'react';

import type { DeleteEffect, JsonRecord, ModelInfo, RelationInfo } from '../../api';
import { useDataStore } from '../../stores/data/data-store';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';

type Impact =
  | { state: 'counting' }
  | { state: 'counted'; effects: DeleteEffect[] }
  | { state: 'failed'; message: string };

/** What stops the delete first, then what it takes with it, then what it only changes. */
const RULE_ORDER: Record<DeleteEffect['rule'], number> = { restrict: 0, cascade: 1, nullify: 2 };

const count = (n: number, model: string) =>
  `${n.toLocaleString('en')} ${model} ${n === 1 ? 'record' : 'records'}`;

/** One effect in words: how many, what the rule does, and which parent they name. */
function effectWords(e: DeleteEffect, root: string): string {
  const what = count(e.count, e.model);
  const one = e.count === 1;
  const parent = e.parent === root ? 'this one' : `a ${e.parent} it deletes`;
  if (e.rule === 'cascade')
    return `${what} whose ${e.field} is ${parent} ${one ? 'is' : 'are'} deleted too.`;
  if (e.rule === 'nullify')
    return e.parent === root
      ? `${what} ${one ? 'loses its' : 'lose their'} ${e.field}: set to null.`
      : `${what} ${one ? 'loses its' : 'lose their'} ${e.field} (${parent}): set to null.`;
  return `${what} whose ${e.field} is ${parent} ${one ? 'refuses' : 'refuse'} the delete (restrict): delete or move ${one ? 'it' : 'them'} first.`;
}

/** What the rules say, without counts: shown when the counts could not be read. */
function ruleWords(r: Extract<RelationInfo, { kind: 'hasMany' }>): string {
  const who = `Its ${r.field} (${r.target} records)`;
  if (r.onDelete === 'cascade') return `${who} are deleted with it.`;
  if (r.onDelete === 'nullify') return `${who} stay, with ${r.inverse} set to null.`;
  return `${who} stop the delete while any exist (a 409 names them).`;
}

function useDeleteImpact(model: string, id: JsonRecord['id']): Impact {
  const [impact, setImpact] = useState<Impact>({ state: 'counting' });
  useEffect(() => {
    let live = true;
    void useDataStore
      .getState()
      .readDeleteImpact(model, id)
      .then((outcome) => {
        if (!live) return;
        setImpact(
          outcome.ok
            ? { state: 'counted', effects: outcome.value }
            : { state: 'failed', message: outcome.problem.detail ?? '' },
        );
      });
    return () => {
      live = false;
    };
  }, [model, id]);
  return impact;
}

export function DeleteRecordDialog({
  model,
  record,
  refocusGrid = false,
  onClose,
}: {
  model: ModelInfo;
  record: JsonRecord;
  /** Asked from the grid's row: once deleted, the row in its place takes the focus. */
  refocusGrid?: boolean;
  onClose(): void;
}) {
  const deleteRecord = useDataStore((s) => s.deleteRecord);
  const [busy, setBusy] = useState(false);
  const impact = useDeleteImpact(model.name, record.id);
  const id = String(record.id);
  const refused =
    impact.state === 'counted' ? impact.effects.filter((e) => e.rule === 'restrict') : [];
  const confirm = async () => {
    setBusy(true);
    await deleteRecord(record.id);
    if (refocusGrid) useDataStore.setState({ refocusGrid: true });
    onClose();
  };
  return (
    <Dialog
      title={`Delete ${model.name} ${id}?`}
      onClose={onClose}
      footer={
        <DialogActions
          onDismiss={onClose}
          dismissFocused
          action={{
            label: 'Delete',
            busyLabel: 'Deleting…',
            busy,
            disabled: refused.length > 0,
            tone: 'danger',
            onClick: () => void confirm(),
            title: refused.length > 0 ? 'Records that belong to it refuse the delete' : undefined,
          }}
        />
      }
    >
      <div className="body">
        <p className="m-0">
          Record {id} is removed from the datafile now; there is no undo (Save as seed keeps a copy
          of the data to reset to).
        </p>
        <div role="status" aria-label="Records the delete reaches">
          {impact.state === 'counting' ? (
            <p className="faint mt-8">Counting the records that belong to it…</p>
          ) : impact.state === 'counted' ? (
            impact.effects.length === 0 ? (
              <p className="faint mt-8">No other record belongs to it.</p>
            ) : (
              <ul className="effects-list">
                {[...impact.effects]
                  .sort((a, b) => RULE_ORDER[a.rule] - RULE_ORDER[b.rule])
                  .map((e) => (
                    <li
                      key={`${e.model}.${e.field}.${e.parent}`}
                      style={e.rule === 'restrict' ? { color: 'var(--err)' } : undefined}
                    >
                      {effectWords(e, model.name)}
                    </li>
                  ))}
              </ul>
            )
          ) : (
            <>
              <p className="faint mt-8">
                The records that belong to it could not be counted ({impact.message}); the rules:
              </p>
              <ul className="rules-list">
                {model.relations.flatMap((r) =>
                  r.kind === 'hasMany' ? [<li key={r.field}>{ruleWords(r)}</li>] : [],
                )}
              </ul>
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}
