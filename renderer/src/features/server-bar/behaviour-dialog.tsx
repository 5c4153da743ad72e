/**
 * "Mock behaviour" (issue 16): the global simulated delay and failures, the proxy for what no
 * route matches, and the route rules set in Endpoints (each clearable here). Applied live; the
 * API's field errors (a bad proxy URL) show at the field.
 */
import { useId, useState } from 'react';

import type { Problem } from '../../api';
import {
  describeRules,
  type FieldErrors,
  fieldErrorsOf,
  formOf,
  rulesOf,
} from '../../stores/behaviour/behaviour-form';
import { type GlobalBehaviour, useBehaviourStore } from '../../stores/behaviour/behaviour-store';
import { MethodBadge } from '../../ui/badges';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';
import { ProblemView } from '../../ui/problem-view';
import { RuleFields } from '../endpoints/rule-fields';

export function BehaviourDialog({ onClose }: { onClose(): void }) {
  const behaviour = useBehaviourStore((s) => s.behaviour);
  const busy = useBehaviourStore((s) => s.busy);
  const [form, setForm] = useState(() => formOf(behaviour));
  const [proxy, setProxy] = useState(behaviour.proxy ?? '');
  const [timeout, setTimeoutText] = useState(
    behaviour.proxyTimeoutMs === undefined ? '' : String(behaviour.proxyTimeoutMs),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saved, setSaved] = useState(false);
  const id = useId();

  const apply = async () => {
    const { rules, errors: own } = rulesOf(form);
    const next: GlobalBehaviour = { ...rules };
    if (proxy.trim()) next.proxy = proxy.trim();
    if (timeout.trim()) {
      if (!/^\d+$/.test(timeout.trim())) own.proxyTimeout = 'Enter whole milliseconds';
      else next.proxyTimeoutMs = Number(timeout.trim());
    }
    setErrors(own);
    setProblem(null);
    setSaved(false);
    if (Object.keys(own).length > 0) return;
    const refusal = await useBehaviourStore.getState().setGlobal(next);
    if (!refusal) {
      setSaved(true);
      return;
    }
    const mapped = fieldErrorsOf(refusal.problem, '', form.delayMode);
    setErrors(mapped);
    if (Object.keys(mapped).length === 0) setProblem(refusal.problem);
  };
  const clearRoute = async (method: (typeof behaviour.routes)[number]['method'], path: string) => {
    const refusal = await useBehaviourStore.getState().clearRoute(method, path);
    if (refusal) setProblem(refusal.problem);
  };

  return (
    <Dialog
      title="Mock behaviour"
      onClose={onClose}
      footer={
        <>
          <span className="faint" role="status" aria-live="polite">
            {saved ? 'Applied to the next request. Kept in the project’s mock-behaviour.json.' : ''}
          </span>
          <span className="spacer" />
          <DialogActions
            dismiss="Close"
            onDismiss={onClose}
            action={{ label: 'Apply', busyLabel: 'Applying…', busy, form: `${id}-form` }}
          />
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="body"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void apply();
        }}
      >
        <p className="faint mt-0">
          For every route without its own rule. Delayed and failed answers show as{' '}
          <span className="badge warn">simulated</span> in Traffic.
        </p>
        <RuleFields id={id} form={form} errors={errors} onChange={setForm} />
        <fieldset className="rule-group">
          <legend>Proxy</legend>
          <div className="rule-row">
            <span className="rule-input grow">
              <label htmlFor={`${id}-proxy`}>Forward unmatched requests to</label>
              <input
                id={`${id}-proxy`}
                className="input mono"
                placeholder="http://localhost:8080"
                value={proxy}
                onChange={(e) => setProxy(e.target.value)}
                aria-invalid={errors.proxy !== undefined}
                aria-describedby={`${id}-proxy-help`}
              />
              <span id={`${id}-proxy-help`} className={errors.proxy ? 'field-error' : 'field-help'}>
                {errors.proxy ??
                  'A request no route matches goes to this backend, tagged proxied. Empty: a 404.'}
              </span>
            </span>
            <span className="rule-input">
              <label htmlFor={`${id}-proxyTimeout`}>Timeout</label>
              <span className="with-suffix">
                <input
                  id={`${id}-proxyTimeout`}
                  className="input mono"
                  inputMode="numeric"
                  placeholder="30000"
                  value={timeout}
                  onChange={(e) => setTimeoutText(e.target.value)}
                  aria-invalid={errors.proxyTimeout !== undefined}
                  aria-describedby={errors.proxyTimeout ? `${id}-timeout-error` : undefined}
                />
                <span className="faint">ms</span>
              </span>
              {errors.proxyTimeout && (
                <span id={`${id}-timeout-error`} className="field-error">
                  {errors.proxyTimeout}
                </span>
              )}
            </span>
          </div>
        </fieldset>
        <fieldset className="rule-group">
          <legend>Route rules</legend>
          {behaviour.routes.length === 0 ? (
            <p className="faint m-0">None. Set one per route from Endpoints (Delay & failure).</p>
          ) : (
            <ul className="behaviour-route-list" aria-label="Route rules">
              {behaviour.routes.map((r) => (
                <li key={`${r.method} ${r.path}`}>
                  <MethodBadge method={r.method} /> <code>{r.path}</code>
                  <span className="badge warn">{describeRules(r)}</span>
                  <span className="spacer" />
                  <button
                    type="button"
                    className="btn small ghost"
                    disabled={busy}
                    aria-label={`Clear rule of ${r.method} ${r.path}`}
                    onClick={() => void clearRoute(r.method, r.path)}
                  >
                    Clear
                  </button>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        {problem && <ProblemView problem={problem} className="inline" maxErrors={0} />}
      </form>
    </Dialog>
  );
}
