/**
 * The Environments dialog's table of one environment's variables (issue 30): name, value,
 * enabled, secret, as Bruno and Postman show them. A secret's value is masked with a Show
 * toggle; one stored already reads "stored – type to replace" and, left empty, is kept. Show on a
 * stored one reads it from the user's config folder into the field, without touching the draft:
 * Save still keeps it unless the user types over it.
 */
import { useState } from 'react';

import { storedSecret } from '../../stores/collection/environment-actions';
import {
  blankVariable,
  type EnvironmentDraft,
  type VariableDraft,
} from '../../stores/collection/environment-draft';

/** What Show has read of a stored secret: nothing yet, its value, or why it could not. */
type Revealed = { value: string } | { failed: string } | null;

function VariableRow({
  v,
  label,
  environment,
  onChange,
  onRemove,
}: {
  v: VariableDraft;
  label: string;
  /** The environment's name on disk; null before its first save (nothing is stored yet). */
  environment: string | null;
  onChange(patch: Partial<VariableDraft>): void;
  onRemove(): void;
}) {
  const [shown, setShown] = useState(false);
  const [revealed, setRevealed] = useState<Revealed>(null);
  // Once typed in, the field is the user's: the stored value no longer shows through.
  const [typed, setTyped] = useState(false);
  const keepsStored = v.secret && v.stored && environment !== null && !typed && v.value === '';
  const showsStored = keepsStored && shown && revealed !== null && 'value' in revealed;
  const toggleShown = () => {
    setShown(!shown);
    if (shown || !keepsStored || (revealed !== null && 'value' in revealed)) return;
    void storedSecret(environment, v.name.trim()).then((read) =>
      setRevealed('value' in read ? read : { failed: read.problem.title }),
    );
  };
  const placeholder = !(v.secret && v.stored)
    ? 'value'
    : shown && revealed !== null && 'failed' in revealed
      ? `stored – not readable: ${revealed.failed}`
      : 'stored – type to replace';
  return (
    <tr>
      <td className="env-enabled">
        <input
          type="checkbox"
          checked={v.enabled}
          aria-label={`Enabled: ${label}`}
          onChange={(e) => onChange({ enabled: e.target.checked })}
        />
      </td>
      <td>
        <input
          className="input mono"
          value={v.name}
          aria-label={`Name of ${label}`}
          placeholder="name"
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </td>
      <td>
        <div className="env-value">
          <input
            className="input mono"
            type={v.secret && !shown ? 'password' : 'text'}
            value={showsStored ? revealed.value : v.value}
            aria-label={`Value of ${label}`}
            placeholder={placeholder}
            autoComplete="off"
            onChange={(e) => {
              setTyped(true);
              onChange({ value: e.target.value });
            }}
          />
          {v.secret && (
            // A toggle keeps its name; pressed, it shows the value (aria-pressed, pressed style).
            <button
              type="button"
              className="btn small ghost"
              aria-pressed={shown}
              aria-label={`Show the value of ${label}`}
              onClick={toggleShown}
            >
              Show
            </button>
          )}
        </div>
      </td>
      <td className="env-secret">
        <input
          type="checkbox"
          checked={v.secret}
          aria-label={`Secret: ${label}`}
          onChange={(e) => onChange({ secret: e.target.checked })}
        />
      </td>
      <td>
        <button
          type="button"
          className="btn small ghost"
          aria-label={`Remove ${label}`}
          title="Remove"
          onClick={onRemove}
        >
          ×
        </button>
      </td>
    </tr>
  );
}

export function VariablesTable({
  draft,
  onChange,
}: {
  draft: EnvironmentDraft;
  onChange(draft: EnvironmentDraft): void;
}) {
  const update = (key: number, patch: Partial<VariableDraft>) =>
    onChange({
      ...draft,
      variables: draft.variables.map((v) => (v.key === key ? { ...v, ...patch } : v)),
    });
  return (
    <>
      <table
        className="plain env-table"
        aria-label={`Variables of ${draft.name || 'the environment'}`}
      >
        <thead>
          <tr>
            <th scope="col">On</th>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">Secret</th>
            <th scope="col">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {draft.variables.map((v, i) => (
            <VariableRow
              key={v.key}
              v={v}
              label={v.name.trim() || `variable ${i + 1}`}
              environment={draft.saved}
              onChange={(patch) => update(v.key, patch)}
              onRemove={() =>
                onChange({ ...draft, variables: draft.variables.filter((x) => x.key !== v.key) })
              }
            />
          ))}
        </tbody>
      </table>
      {draft.variables.length === 0 && (
        <p className="faint">
          No variables: add one, then use it as <code>{'{{name}}'}</code>.
        </p>
      )}
      <div>
        <button
          type="button"
          className="btn small mt-6"
          onClick={() => onChange({ ...draft, variables: [...draft.variables, blankVariable()] })}
        >
          Add variable
        </button>
      </div>
    </>
  );
}
