/**
 * One response rule (issue 29): "when <request part> <matches> <value> then answer <status,
 * headers, body>", with several answers in turn or at random, a body with placeholders and its
 * preview. Saved into `mock-rules.json` and applied to the next request; a refused save shows
 * each mistake at the input it is about.
 */
import { useId, useState } from 'react';

import { type Problem, type ResponseRule, type RuleCondition, type RuleResponse } from '../../api';
import { paramNames, problemBody, ruleErrors } from '../../stores/rules/rule-form';
import { useRulesStore } from '../../stores/rules/rules-store';
import { MethodBadge } from '../../ui/badges';
import { Dialog } from '../../ui/dialog';
import { ProblemView } from '../../ui/problem-view';

import './rules.css';

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

const PLACEHOLDER_HELP =
  '{{params.id}}, {{query.q}}, {{body.name}}, {{header.x-user}}, {{fake.person.fullName}}, {{now}}';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="error-text rule-field-error">
      {message}
    </span>
  );
}

function ConditionRow({
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

function headerText(headers: Record<string, string> | undefined): string {
  return Object.entries(headers ?? {})
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

function headersOf(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return headers;
}

function ResponseEditor({
  response,
  index,
  count,
  route,
  errors,
  onChange,
  onRemove,
}: {
  response: RuleResponse;
  index: number;
  count: number;
  route: { path: string };
  errors: Map<string, string>;
  onChange(next: RuleResponse): void;
  onRemove(): void;
}) {
  const id = useId();
  const [headers, setHeaders] = useState(() => headerText(response.headers));
  const [preview, setPreview] = useState<{ text: string } | { problem: Problem } | null>(null);
  const at = `/responses/${index}`;
  const statusError = errors.get(`${at}/status`);
  const bodyError = errors.get(`${at}/body`);
  const headersError = [...errors].find(([k]) => k.startsWith(`${at}/headers`))?.[1];
  const delayError = errors.get(`${at}/delayMs`);
  const title = count > 1 ? `Answer ${index + 1}` : 'Answer';
  const showPreview = async () => {
    const params = Object.fromEntries(paramNames(route.path).map((p) => [p, '1']));
    setPreview(
      await useRulesStore.getState().previewTemplate({
        template: response.body ?? '',
        request: { params, query: {}, headers: {}, body: {} },
      }),
    );
  };
  return (
    <fieldset className="rule-response">
      <legend>{title}</legend>
      <div className="rule-response-row">
        <span className="rule-cell">
          <label htmlFor={`${id}-status`}>Status</label>
          <input
            id={`${id}-status`}
            className="input mono rule-status"
            inputMode="numeric"
            value={String(response.status)}
            aria-invalid={statusError !== undefined}
            aria-describedby={statusError ? `${id}-status-error` : undefined}
            onChange={(e) => onChange({ ...response, status: Number(e.target.value) || 0 })}
          />
          <FieldError id={`${id}-status-error`} message={statusError} />
        </span>
        <span className="rule-cell">
          <label htmlFor={`${id}-delay`}>Delay (ms)</label>
          <input
            id={`${id}-delay`}
            className="input mono rule-status"
            inputMode="numeric"
            value={response.delayMs ? String(response.delayMs) : ''}
            placeholder="0"
            aria-invalid={delayError !== undefined}
            onChange={(e) => {
              const delayMs = Number(e.target.value);
              const next = { ...response };
              if (delayMs > 0) next.delayMs = delayMs;
              else delete next.delayMs;
              onChange(next);
            }}
          />
          <FieldError id={`${id}-delay-error`} message={delayError} />
        </span>
        <span className="spacer" />
        <button
          type="button"
          className="btn small"
          onClick={() => {
            const next = {
              ...response,
              headers: { ...response.headers, 'content-type': 'application/problem+json' },
              body: problemBody(response.status >= 400 ? response.status : 500),
            };
            setHeaders(headerText(next.headers));
            setPreview(null);
            onChange(next);
          }}
        >
          Problem body
        </button>
        {count > 1 && (
          <button type="button" className="btn ghost small" onClick={onRemove}>
            Remove {title.toLowerCase()}
          </button>
        )}
      </div>
      <label htmlFor={`${id}-headers`}>Headers (one “name: value” a line)</label>
      <textarea
        id={`${id}-headers`}
        className="input mono rule-headers"
        rows={2}
        value={headers}
        aria-invalid={headersError !== undefined}
        onChange={(e) => {
          setHeaders(e.target.value);
          onChange({ ...response, headers: headersOf(e.target.value) });
        }}
      />
      <FieldError id={`${id}-headers-error`} message={headersError} />
      <label htmlFor={`${id}-body`}>Body</label>
      <textarea
        id={`${id}-body`}
        className="input mono rule-body"
        rows={6}
        value={response.body ?? ''}
        aria-invalid={bodyError !== undefined}
        aria-describedby={`${id}-body-help${bodyError ? ` ${id}-body-error` : ''}`}
        onChange={(e) => {
          setPreview(null);
          onChange({ ...response, body: e.target.value });
        }}
      />
      <FieldError id={`${id}-body-error`} message={bodyError} />
      <div className="rule-body-help">
        <span id={`${id}-body-help`} className="faint">
          Placeholders: <code>{PLACEHOLDER_HELP}</code>
        </span>
        <span className="spacer" />
        <button type="button" className="btn small" onClick={() => void showPreview()}>
          Preview
        </button>
      </div>
      {preview && 'text' in preview && (
        <pre className="rule-preview" aria-label={`Preview of ${title.toLowerCase()}`}>
          {preview.text}
        </pre>
      )}
      {preview && 'problem' in preview && (
        <ProblemView problem={preview.problem} look="form" label="Preview problem" />
      )}
    </fieldset>
  );
}

export function RuleEditorDialog({
  rule: initial,
  isNew,
  onClose,
}: {
  rule: ResponseRule;
  isNew: boolean;
  onClose(): void;
}) {
  const id = useId();
  const [rule, setRule] = useState(initial);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const busy = useRulesStore((s) => s.busy);
  const setCondition = (i: number, next: RuleCondition | null) =>
    setRule((r) => ({
      ...r,
      when:
        next === null
          ? r.when.filter((_, j) => j !== i)
          : r.when.map((c, j) => (j === i ? next : c)),
    }));
  const setResponse = (i: number, next: RuleResponse | null) =>
    setRule((r) => ({
      ...r,
      responses:
        next === null
          ? r.responses.filter((_, j) => j !== i)
          : r.responses.map((x, j) => (j === i ? next : x)),
    }));
  const save = async () => {
    setProblem(null);
    const refusal = await useRulesStore.getState().saveRule({
      ...rule,
      name: rule.name.trim() || `${rule.method} ${rule.path}`,
    });
    if (!refusal) return onClose();
    const own =
      refusal.index === -1 ? new Map<string, string>() : ruleErrors(refusal.problem, refusal.index);
    setErrors(own);
    setProblem(refusal.problem);
  };
  const nameError = errors.get('/name');

  return (
    <Dialog
      title={isNew ? 'New response rule' : `Rule “${initial.name}”`}
      size="wide"
      onClose={onClose}
      footer={
        <>
          <label className="check-row rule-enabled">
            <input
              type="checkbox"
              checked={rule.enabled}
              onChange={(e) => setRule({ ...rule, enabled: e.target.checked })}
            />
            On
          </label>
          <span className="spacer" />
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn primary" disabled={busy} onClick={() => void save()}>
            {busy ? 'Saving…' : 'Save rule'}
          </button>
        </>
      }
    >
      <div className="body rule-editor">
        <p className="rule-route">
          <MethodBadge method={rule.method} /> <code>{rule.path}</code>
          <span className="faint">
            {' '}
            · rules are tried in order; the first that matches answers, otherwise the route does
          </span>
        </p>
        <label htmlFor={`${id}-name`} className="block-label">
          Name
        </label>
        <input
          id={`${id}-name`}
          className="input"
          value={rule.name}
          placeholder="No token → 401"
          autoFocus
          aria-invalid={nameError !== undefined}
          onChange={(e) => setRule({ ...rule, name: e.target.value })}
        />
        <FieldError id={`${id}-name-error`} message={nameError} />

        <h3 className="rule-heading">When</h3>
        {rule.when.length === 0 && (
          <p className="faint rule-always">Always: add a condition to answer only some requests.</p>
        )}
        {rule.when.map((c, i) => (
          <ConditionRow
            key={i}
            condition={c}
            index={i}
            route={rule}
            errors={errors}
            onChange={(next) => setCondition(i, next)}
            onRemove={() => setCondition(i, null)}
          />
        ))}
        <button
          type="button"
          className="btn small"
          onClick={() =>
            setRule({
              ...rule,
              when: [...rule.when, { part: 'header', name: '', matcher: 'equals', value: '' }],
            })
          }
        >
          Add condition
        </button>

        <h3 className="rule-heading">Then answer</h3>
        {rule.responses.map((r, i) => (
          <ResponseEditor
            key={i}
            response={r}
            index={i}
            count={rule.responses.length}
            route={rule}
            errors={errors}
            onChange={(next) => setResponse(i, next)}
            onRemove={() => setResponse(i, null)}
          />
        ))}
        <div className="rule-responses-actions">
          <button
            type="button"
            className="btn small"
            onClick={() =>
              setRule({
                ...rule,
                responses: [...rule.responses, { status: 503, body: problemBody(503) }],
              })
            }
          >
            Add answer
          </button>
          {rule.responses.length > 1 && (
            <label className="check-row">
              Several answers
              <select
                className="select"
                value={rule.order ?? 'sequence'}
                onChange={(e) =>
                  setRule({ ...rule, order: e.target.value as 'sequence' | 'random' })
                }
              >
                <option value="sequence">in turn (1st, 2nd, … then again)</option>
                <option value="random">at random</option>
              </select>
            </label>
          )}
        </div>
        {problem && (
          <ProblemView
            problem={problem}
            className="inline"
            label="Rule problem"
            maxErrors={errors.size > 0 ? 0 : 5}
          />
        )}
      </div>
    </Dialog>
  );
}
