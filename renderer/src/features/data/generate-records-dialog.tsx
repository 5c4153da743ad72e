/**
 * Generate records…: n valid made-up records of a model from its schema (issue 16), optionally
 * reproducible with a seed number. Says how many were created; the grid follows by itself.
 */
import { useId, useState } from 'react';

import type { ModelInfo, Problem } from '../../api';
import { useDataStore } from '../../stores/data/data-store';
import { useModelsStore } from '../../stores/models/models-store';
import { seedSelectors, useSeedStore } from '../../stores/seed/seed-store';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';
import { ProblemView } from '../../ui/problem-view';

const MAX = 100_000;

function wholeNumber(text: string): number | null {
  const t = text.trim().replace(/[,_\s]/g, '');
  return /^\d+$/.test(t) ? Number(t) : null;
}

export function GenerateRecordsDialog({ model, onClose }: { model: ModelInfo; onClose(): void }) {
  const models = useModelsStore((s) => s.models).filter((m) => m.writable);
  const busy = useSeedStore(seedSelectors.running('fake'));
  const [name, setName] = useState(model.name);
  const [countText, setCountText] = useState('100');
  const [seedText, setSeedText] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [created, setCreated] = useState<{ model: string; count: number } | null>(null);
  const id = useId();

  const count = wholeNumber(countText);
  const countError =
    count === null || count < 1 || count > MAX
      ? `Enter a whole number from 1 to ${MAX.toLocaleString('en')}`
      : (problem?.errors?.find((e) => e.field === 'count')?.message ?? null);
  const seed = seedText.trim() === '' ? undefined : wholeNumber(seedText);
  const seedError =
    seed === null
      ? 'Enter a whole number, or leave it empty for new records each time'
      : (problem?.errors?.find((e) => e.field === 'seed')?.message ?? null);
  const otherProblem =
    problem && !problem.errors?.some((e) => e.field === 'count' || e.field === 'seed')
      ? problem
      : null;
  const valid = count !== null && count >= 1 && count <= MAX && seed !== null;

  const submit = async () => {
    if (!valid) return;
    setProblem(null);
    setCreated(null);
    const outcome = await useSeedStore.getState().fakeRecords(name, count, seed ?? undefined);
    if (!outcome.ok) {
      setProblem(outcome.problem);
      return;
    }
    setCreated({ model: name, count: outcome.value.imported });
    useDataStore
      .getState()
      .showNotice(`Generated ${outcome.value.imported.toLocaleString('en')} ${name} records.`);
  };

  return (
    <Dialog
      title="Generate records"
      onClose={onClose}
      footer={
        <DialogActions
          dismiss={created ? 'Done' : 'Cancel'}
          onDismiss={onClose}
          action={{
            label: created ? 'Generate more' : 'Generate',
            busyLabel: 'Generating…',
            busy,
            form: `${id}-form`,
          }}
        />
      }
    >
      <form
        id={`${id}-form`}
        className="body form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <label htmlFor={`${id}-model`}>Model</label>
        <select
          id={`${id}-model`}
          className="select"
          value={name}
          onChange={(e) => setName(e.target.value)}
        >
          {models.map((m) => (
            <option key={m.name} value={m.name}>
              {m.name} (/{m.path})
            </option>
          ))}
        </select>

        <label htmlFor={`${id}-count`}>Records</label>
        <div>
          <input
            id={`${id}-count`}
            className="input mono"
            inputMode="numeric"
            value={countText}
            onChange={(e) => setCountText(e.target.value)}
            aria-invalid={countError !== null}
            aria-describedby={`${id}-count-help`}
            autoFocus
          />
          <p id={`${id}-count-help`} className={countError ? 'field-error' : 'field-help'}>
            {countError ?? `1 to ${MAX.toLocaleString('en')}, written all at once.`}
          </p>
        </div>

        <label htmlFor={`${id}-seed`}>Seed number</label>
        <div>
          <input
            id={`${id}-seed`}
            className="input mono"
            inputMode="numeric"
            placeholder="optional"
            value={seedText}
            onChange={(e) => setSeedText(e.target.value)}
            aria-invalid={seedError !== null}
            aria-describedby={`${id}-seed-help`}
          />
          <p id={`${id}-seed-help`} className={seedError ? 'field-error' : 'field-help'}>
            {seedError ?? 'The same number gives the same records for the same data.'}
          </p>
        </div>

        <p className="faint span">
          Values follow each field’s name, type and rules (an email field gets an email); parents of
          a relation are picked from existing records.
        </p>
        <div className="span" aria-live="polite">
          {created && (
            <p className="banner ok inline" role="status">
              Created {created.count.toLocaleString('en')} {created.model} records.
            </p>
          )}
        </div>
        {otherProblem && (
          // The count's and the seed's own errors are shown at their fields.
          <ProblemView problem={otherProblem} className="inline span" maxErrors={0} />
        )}
      </form>
    </Dialog>
  );
}
