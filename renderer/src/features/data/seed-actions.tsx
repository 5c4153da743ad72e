/**
 * The dataset actions of the Data toolbar (issue 16): Generate records…, Reset to seed…,
 * Save as seed…. Each opens a dialog that says what it will do and then what it did; the grid
 * follows by itself through the `records` events the writes send.
 */
import { useCallback, useState } from 'react';

import type { ModelInfo, Problem, SeedResult } from '../../api';
import { useDataStore } from '../../stores/data/data-store';
import { useModelsStore } from '../../stores/models/models-store';
import { useProjectStore } from '../../stores/project/project-store';
import { noSeedReason, seedSelectors, useSeedStore } from '../../stores/seed/seed-store';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';
import { ProblemView } from '../../ui/problem-view';
import { GenerateRecordsDialog } from './generate-records-dialog';

type Open = 'fake' | 'reset' | 'save' | null;

export function SeedActions({ model }: { model: ModelInfo }) {
  const [open, setOpen] = useState<Open>(null);
  // Stable: the dialog's effect depends on it, and a new one each render would move focus.
  const close = useCallback(() => setOpen(null), []);
  const noSeed = useSeedStore(seedSelectors.noSeed);
  const project = useProjectStore((s) => s.status);
  const reason = noSeedReason(noSeed, project);
  return (
    <>
      {model.writable && (
        <button type="button" className="btn small" onClick={() => setOpen('fake')}>
          Generate records…
        </button>
      )}
      <button
        type="button"
        className="btn small"
        // Focusable while unavailable, so the reason can be reached from the keyboard.
        onClick={() => reason === null && setOpen('reset')}
        aria-disabled={reason !== null}
        aria-describedby={reason ? 'no-seed-reason' : undefined}
        title={reason ?? 'Put every record back to the project’s seed/ folder'}
      >
        Reset to seed…
      </button>
      {reason && (
        <span id="no-seed-reason" className="field-help m-0" title={reason}>
          No seed/ folder: save one first.
        </span>
      )}
      <button
        type="button"
        className="btn small"
        onClick={() => setOpen('save')}
        title="Write the current records to the project’s seed/ folder"
      >
        Save as seed…
      </button>
      {open === 'fake' && <GenerateRecordsDialog model={model} onClose={close} />}
      {(open === 'reset' || open === 'save') && <SeedDialog action={open} onClose={close} />}
    </>
  );
}

function summary(result: SeedResult): string {
  const total = result.models.reduce((n, m) => n + m.count, 0);
  const parts = result.models.map((m) => `${m.count.toLocaleString('en')} ${m.model}`);
  return `${total.toLocaleString('en')} records (${parts.join(', ') || 'no models'})`;
}

/** Confirms a reset or a seed save, naming the models and files it replaces. */
function SeedDialog({ action, onClose }: { action: 'reset' | 'save'; onClose(): void }) {
  const models = useModelsStore((s) => s.models).filter((m) => m.dataSource === null);
  const busy = useSeedStore(seedSelectors.busy);
  const [problem, setProblem] = useState<Problem | null>(null);
  const reset = action === 'reset';
  const confirm = async () => {
    const store = useSeedStore.getState();
    const outcome = reset ? await store.resetData() : await store.saveSeed();
    if (!outcome.ok) {
      setProblem(outcome.problem);
      return;
    }
    useDataStore
      .getState()
      .showNotice(
        reset
          ? `Reset to seed: ${summary(outcome.value)}.`
          : `Saved as seed: ${summary(outcome.value)} in seed/.`,
      );
    onClose();
  };
  return (
    <Dialog
      title={reset ? 'Reset data to the seed?' : 'Save the data as the seed?'}
      onClose={onClose}
      footer={
        <DialogActions
          onDismiss={onClose}
          dismissFocused
          action={{
            label: reset ? 'Reset data' : 'Save seed',
            busyLabel: reset ? 'Resetting…' : 'Saving…',
            busy: busy !== null,
            disabled: reset && problem?.status === 404,
            tone: reset ? 'danger' : 'primary',
            onClick: () => void confirm(),
          }}
        />
      }
    >
      <div className="body">
        <p className="mt-0">
          {reset
            ? 'Every record of these models is replaced by the records in the project’s seed/ folder. Edits, added and generated records are lost; a model without a seed file is emptied.'
            : 'The seed/ folder gets one file per model holding its current records, replacing the files there. A later reset puts the data back to this state.'}
        </p>
        <ul className="seed-files">
          {models.map((m) => (
            <li key={m.name}>
              <strong>{m.name}</strong> <code>seed/{m.path}.json</code>
            </li>
          ))}
        </ul>
        <p className="faint mb-0">
          {reset
            ? 'All at once: a failure leaves the current data as it is.'
            : 'Models of a named datasource are not part of the seed.'}
        </p>
        {problem && (
          <ProblemView
            problem={problem}
            className="inline"
            maxErrors={20}
            detail={
              problem.status === 404 && reset
                ? 'This project has no seed/ folder yet. Save as seed first, then reset to it.'
                : undefined
            }
          />
        )}
      </div>
    </Dialog>
  );
}
