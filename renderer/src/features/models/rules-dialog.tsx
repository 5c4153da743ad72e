/** The Rules dialog of a field: its `@Field({ ... })` options, previewed as a diff. */
import { type ReactNode, useId, useState } from 'react';

import type { FieldInfo, FieldRulesEdit, ModelInfo } from '../../api';
import { EditDialog } from './edit-dialog';

const NUMBER_RULES = ['min', 'max', 'minLength', 'maxLength'] as const;

export function EditRules({
  model,
  field,
  onClose,
}: {
  model: ModelInfo;
  field: FieldInfo;
  onClose(): void;
}) {
  const id = useId();
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      [...NUMBER_RULES, 'pattern', 'format'].map((k) => [
        k,
        String(field.rules[k as keyof typeof field.rules] ?? ''),
      ]),
    ),
  );
  const set = (key: string, value: string) => setTexts((t) => ({ ...t, [key]: value }));
  return (
    <EditDialog
      title={`Rules of ${model.name}.${field.name}`}
      onClose={onClose}
      build={() => {
        const rules: FieldRulesEdit = {};
        for (const key of NUMBER_RULES) {
          const text = texts[key]!.trim();
          if (text === '') continue;
          const n = Number(text);
          if (!Number.isFinite(n)) return `${key} must be a number.`;
          rules[key] = n;
        }

        if (texts['pattern']) rules.pattern = texts['pattern'];
        if (texts['format'])
          rules.format = texts['format'] as NonNullable<FieldRulesEdit['format']>;
        if (field.default !== undefined) rules.default = field.default;
        return { kind: 'setRules', model: model.name, field: field.name, rules };
      }}
    >
      {NUMBER_RULES.map((key, i) => (
        <FragmentRow key={key} id={`${id}-${key}`} label={key}>
          <input
            id={`${id}-${key}`}
            className="input mono"
            inputMode="numeric"
            value={texts[key]}
            onChange={(e) => set(key, e.target.value)}
            autoFocus={i === 0}
          />
        </FragmentRow>
      ))}
      <FragmentRow id={`${id}-pattern`} label="pattern">
        <input
          id={`${id}-pattern`}
          className="input mono"
          value={texts['pattern']}
          onChange={(e) => set('pattern', e.target.value)}
        />
      </FragmentRow>
      <FragmentRow id={`${id}-format`} label="format">
        <select
          id={`${id}-format`}
          className="select"
          value={texts['format']}
          onChange={(e) => set('format', e.target.value)}
        >
          <option value="">none</option>
          <option value="email">email</option>
          <option value="uri">uri</option>
          <option value="date-time">date-time</option>
        </select>
      </FragmentRow>
      <p className="faint span">
        Written as <code>@Field({'{ … }'})</code> above the field; empty rules remove it.
      </p>
    </EditDialog>
  );
}

function FragmentRow({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {children}
    </>
  );
}
