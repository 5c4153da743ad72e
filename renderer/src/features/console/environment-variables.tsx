/**
 * The Environments dialog's table of one environment's variables (issue 30): name, value,
 * enabled, secret, as Bruno and Postman show them. A secret's value is masked with a Show
 * toggle; one stored already reads "stored – type to replace" and, left empty, is kept.
 */
import { useState } from 'react';

import {
  blankVariable,
  type EnvironmentDraft,
  type VariableDraft,
} from '../../stores/collection/environment-draft';

function VariableRow({
  v,
  label,
  onChange,
  onRemove,
}: {
  v: VariableDraft;
  label: string;
  onChange(patch: Partial<VariableDraft>): void;
  onRemove(): void;
}) {
  const [shown, setShown] = useState(false);
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
            value={v.value}
            aria-label={`Value of ${label}`}
            placeholder={v.secret && v.stored ? 'stored – type to replace' : 'value'}
            autoComplete="off"
            onChange={(e) => onChange({ value: e.target.value })}
          />
          {v.secret && (
            <button
              type="button"
              className="btn small ghost"
              aria-pressed={shown}
              aria-label={`Show the value of ${label}`}
              onClick={() => setShown(!shown)}
            >
              {shown ? 'Hide' : 'Show'}
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
