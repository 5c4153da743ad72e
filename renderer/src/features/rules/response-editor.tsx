/** One answer of a response rule: status, delay, headers, a body with placeholders, its preview. */
import { useId, useState } from 'react';

import type { Problem, ResponseRule, RuleResponse } from '../../api';
import { matchingRequest, problemBody } from '../../stores/rules/rule-form';
import { useRulesStore } from '../../stores/rules/rules-store';
import { ProblemView } from '../../ui/problem-view';
import { FieldError } from './condition-row';

const PLACEHOLDER_HELP =
  '{{params.id}}, {{query.q}}, {{body.name}}, {{header.x-user}}, {{fake.person.fullName}}, {{now}}';

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

export function ResponseEditor({
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
  /** The rule being edited: Preview fills in a request its conditions match. */
  route: Pick<ResponseRule, 'path' | 'when'>;
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
    setPreview(
      await useRulesStore.getState().previewTemplate({
        template: response.body ?? '',
        request: matchingRequest(route),
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
