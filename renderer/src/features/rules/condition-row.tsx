/** One condition of a response rule: which request part, how it matches, and the value. */
import { useId } from 'react';

import type { RuleCondition } from '../../api';
import { paramNames } from '../../stores/rules/rule-form';

const PARTS: { value: RuleCondition['part']; label: string; placeholder: string }[] = [
  { value: 'header', label: 'Header', placeholder: 'authorization' },
  { value: 'query', label: 'Query parameter', placeholder: 'q' },
  { value: 'param', label: 'Path parameter', placeholder: 'id' },
  { value: 'body', label: 'Body (JSON pointer)', placeholder: '/name' },
  { value: 'method', label: 'Method', placeholder: '' },
];

const MATCHERS: { value: RuleCondition['matcher']; label: string }[] = [
  { value: 'equals', label: 'equals' },
  { value: 'regex', label: 'matches regex' },
  { value: 'exists', label: 'is present' },
  { value: 'missing', label: 'is missing' },
];

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="error-text rule-field-error">
      {message}
    </span>
  );
}

export function ConditionRow({
  condition,
  index,
  route,
  errors,
  onChange,
  onRemove,
}: {
  condition: RuleCondition;
  index: number;
  route: { path: string };
  errors: Map<string, string>;
  onChange(next: RuleCondition): void;
  onRemove(): void;
}) {
  const id = useId();
  const part = PARTS.find((p) => p.value === condition.part)!;
  const needsValue = condition.matcher === 'equals' || condition.matcher === 'regex';
  const nameError = errors.get(`/when/${index}/name`);
  const valueError = errors.get(`/when/${index}/value`);
  const n = index + 1;
  return (
    <div className="rule-condition" role="group" aria-label={`Condition ${n}`}>
      <select
        className="select"
        aria-label={`Condition ${n} part`}
        value={condition.part}
        onChange={(e) => onChange({ ...condition, part: e.target.value as RuleCondition['part'] })}
      >
        {PARTS.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
      </select>
      {condition.part !== 'method' && (
        <span className="rule-cell">
          <input
            className="input mono"
            aria-label={`Condition ${n} name`}
            placeholder={part.placeholder}
            value={condition.name ?? ''}
            list={condition.part === 'param' ? `${id}-params` : undefined}
            aria-invalid={nameError !== undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            onChange={(e) => onChange({ ...condition, name: e.target.value })}
          />
          {condition.part === 'param' && (
            <datalist id={`${id}-params`}>
              {paramNames(route.path).map((p) => (
                <option key={p} value={p} />
              ))}
            </datalist>
          )}
          <FieldError id={`${id}-name-error`} message={nameError} />
        </span>
      )}
      <select
        className="select"
        aria-label={`Condition ${n} matcher`}
        value={condition.matcher}
        onChange={(e) =>
          onChange({ ...condition, matcher: e.target.value as RuleCondition['matcher'] })
        }
      >
        {MATCHERS.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </select>
      {needsValue && (
        <span className="rule-cell">
          <input
            className="input mono"
            aria-label={`Condition ${n} value`}
            value={condition.value ?? ''}
            placeholder={condition.matcher === 'regex' ? '^Bearer ' : 'value'}
            aria-invalid={valueError !== undefined}
            aria-describedby={valueError ? `${id}-value-error` : undefined}
            onChange={(e) => onChange({ ...condition, value: e.target.value })}
          />
          <FieldError id={`${id}-value-error`} message={valueError} />
        </span>
      )}
      {condition.matcher === 'regex' && (
        <label className="check-row">
          <input
            type="checkbox"
            checked={condition.ignoreCase ?? false}
            onChange={(e) => onChange({ ...condition, ignoreCase: e.target.checked || undefined })}
          />
          Ignore case
        </label>
      )}
      <span className="spacer" />
      <button
        type="button"
        className="btn ghost small"
        aria-label={`Remove condition ${n}`}
        onClick={onRemove}
      >
        ×
      </button>
    </div>
  );
}
