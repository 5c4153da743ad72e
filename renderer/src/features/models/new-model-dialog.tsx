/** "New model": name, fields (type, optional), the models it belongs to; previewed, then written. */
import { useId, useState } from 'react';

import type { FieldSpecInfo, NewModelSpec } from '../../api';
import { useModelsStore } from '../../stores/models/models-store';
import { EditDialog } from './edit-dialog';
import { nameError, rulesOf, TypeSelect } from './field-form';

interface Row {
  key: number;
  name: string;
  type: string;
  optional: boolean;
  rules: string;
}

let next = 1;
const row = (): Row => ({ key: next++, name: '', type: 'string', optional: false, rules: '' });

export function NewModelDialog({
  onClose,
  onCreated,
}: {
  onClose(): void;
  onCreated(name: string): void;
}) {
  const id = useId();
  const models = useModelsStore((s) => s.models);
  const [name, setName] = useState('');
  const [rows, setRows] = useState<Row[]>(() => [row()]);
  const [parents, setParents] = useState<string[]>([]);
  const update = (key: number, change: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const build = (): { kind: 'createModel'; model: NewModelSpec } | string => {
    const bad = nameError(name, 'model');
    if (bad) return bad;
    if (!/^[A-Z]/.test(name))
      return 'A model name starts with a capital letter (Invoice, QuoteBook).';
    if (models.some((m) => m.name === name)) return `A model named ${name} exists already.`;
    const fields: FieldSpecInfo[] = [];
    for (const r of rows.filter((r) => r.name.trim() !== '')) {
      const problem = nameError(r.name);
      if (problem) return problem;
      const rules = rulesOf(r.rules);
      if (typeof rules === 'string') return `${r.name}: ${rules}`;
      fields.push({ name: r.name, type: r.type, optional: r.optional, rules });
    }
    return {
      kind: 'createModel',
      model: { name, fields, belongTo: parents.map((target) => ({ target })) },
    };
  };

  return (
    <EditDialog title="New model" onClose={onClose} build={build} onDone={() => onCreated(name)}>
      <label htmlFor={`${id}-name`}>Name</label>
      <div>
        <input
          id={`${id}-name`}
          className="input mono"
          value={name}
          placeholder="Invoice"
          onChange={(e) => setName(e.target.value)}
          autoFocus
        />
        <p className="field-help">
          A class in a new file; served at once with the six generated endpoints (list, create, get,
          replace, patch, delete).
        </p>
      </div>
      <span className="form-label">Fields</span>
      <div>
        <table className="plain new-model-fields">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Optional</th>
              <th scope="col">Rules</th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.key}>
                <td>
                  <input
                    className="input mono"
                    aria-label={`Field ${i + 1} name`}
                    value={r.name}
                    onChange={(e) => update(r.key, { name: e.target.value })}
                  />
                </td>
                <td>
                  <TypeSelect
                    id={`${id}-type-${r.key}`}
                    label={`Field ${i + 1} type`}
                    value={r.type}
                    onChange={(type) => update(r.key, { type })}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Field ${i + 1} optional`}
                    checked={r.optional}
                    onChange={(e) => update(r.key, { optional: e.target.checked })}
                  />
                </td>
                <td>
                  <input
                    className="input mono"
                    aria-label={`Field ${i + 1} rules`}
                    placeholder="minLength: 1"
                    value={r.rules}
                    onChange={(e) => update(r.key, { rules: e.target.value })}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    className="btn small ghost"
                    aria-label={`Remove field ${i + 1}`}
                    onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
                  >
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" className="btn small" onClick={() => setRows((rs) => [...rs, row()])}>
          Add another field
        </button>
        <p className="field-help">
          Rules are <code>@Field</code> options: <code>min</code>, <code>max</code>,{' '}
          <code>minLength</code>, <code>maxLength</code>, <code>format: email</code>,{' '}
          <code>pattern: ^[a-z]+$</code> (last), separated by commas.
        </p>
      </div>
      {models.length > 0 && (
        <>
          <span className="form-label">Belongs to</span>
          <fieldset className="plain-fieldset">
            <legend className="sr-only">Belongs to</legend>
            {models.map((m) => (
              <label key={m.name} className="check">
                <input
                  type="checkbox"
                  checked={parents.includes(m.name)}
                  onChange={(e) =>
                    setParents((ps) =>
                      e.target.checked ? [...ps, m.name] : ps.filter((p) => p !== m.name),
                    )
                  }
                />{' '}
                {m.name}
              </label>
            ))}
            <p className="field-help">
              Each gets a <code>@HasMany</code> of the new model; the new model a{' '}
              <code>@BelongTo</code> field.
            </p>
          </fieldset>
        </>
      )}
    </EditDialog>
  );
}
