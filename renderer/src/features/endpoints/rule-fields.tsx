/**
 * The delay and failure inputs shared by the route and the global behaviour dialogs: a delay
 * that is none, fixed or a min–max range, and a failure rate with its status. Errors show at
 * the input they are about (ours, or the API's field errors mapped by behaviour-form.ts).
 */
import type { FieldErrors, FormField, RuleForm } from '../../stores/behaviour/behaviour-form';

import './endpoints.css';

const STATUSES = [500, 502, 503, 504, 429, 408, 404, 401, 403, 400];

function Field({
  id,
  label,
  field,
  value,
  errors,
  onChange,
  suffix,
  list,
}: {
  id: string;
  label: string;
  field: FormField;
  value: string;
  errors: FieldErrors;
  onChange(value: string): void;
  suffix: string;
  list?: string;
}) {
  const error = errors[field];
  return (
    <span className="rule-input">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <span className="with-suffix">
        <input
          id={`${id}-${field}`}
          className="input mono"
          inputMode="numeric"
          value={value}
          list={list}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${id}-${field}-error` : undefined}
        />
        <span className="faint">{suffix}</span>
      </span>
      {error && (
        <span id={`${id}-${field}-error`} className="field-error">
          {error}
        </span>
      )}
    </span>
  );
}

export function RuleFields({
  id,
  form,
  errors,
  onChange,
}: {
  id: string;
  form: RuleForm;
  errors: FieldErrors;
  onChange(form: RuleForm): void;
}) {
  const set = (patch: Partial<RuleForm>) => onChange({ ...form, ...patch });
  return (
    <>
      <fieldset className="rule-group">
        <legend>Delay</legend>
        <div className="segmented">
          {(
            [
              ['none', 'None'],
              ['fixed', 'Fixed'],
              ['range', 'Random range'],
            ] as const
          ).map(([mode, label]) => (
            <label key={mode} className="segment">
              <input
                type="radio"
                name={`${id}-delay-mode`}
                checked={form.delayMode === mode}
                onChange={() => set({ delayMode: mode })}
              />
              {label}
            </label>
          ))}
        </div>
        {form.delayMode === 'fixed' && (
          <div className="rule-row">
            <Field
              id={id}
              label="Every answer after"
              field="delayMs"
              value={form.delayMs}
              errors={errors}
              onChange={(delayMs) => set({ delayMs })}
              suffix="ms"
            />
          </div>
        )}
        {form.delayMode === 'range' && (
          <div className="rule-row">
            <Field
              id={id}
              label="At least"
              field="delayMinMs"
              value={form.delayMinMs}
              errors={errors}
              onChange={(delayMinMs) => set({ delayMinMs })}
              suffix="ms"
            />
            <Field
              id={id}
              label="At most"
              field="delayMaxMs"
              value={form.delayMaxMs}
              errors={errors}
              onChange={(delayMaxMs) => set({ delayMaxMs })}
              suffix="ms"
            />
          </div>
        )}
      </fieldset>
      <fieldset className="rule-group">
        <legend>Failures</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={form.failOn}
            onChange={(e) => set({ failOn: e.target.checked })}
          />
          Answer some requests with a simulated error
        </label>
        {form.failOn && (
          <div className="rule-row">
            <Field
              id={id}
              label="Share of requests"
              field="failPercent"
              value={form.failPercent}
              errors={errors}
              onChange={(failPercent) => set({ failPercent })}
              suffix="%"
            />
            <Field
              id={id}
              label="Status"
              field="failStatus"
              value={form.failStatus}
              errors={errors}
              onChange={(failStatus) => set({ failStatus })}
              suffix=""
              list={`${id}-statuses`}
            />
            <datalist id={`${id}-statuses`}>
              {STATUSES.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          </div>
        )}
      </fieldset>
    </>
  );
}
