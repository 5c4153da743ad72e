/**
 * One route's simulated delay and failures (issue 16), applied live to the next request: a
 * route rule replaces the global ones on that route. Clear removes the rule.
 */
import { useId, useState } from 'react';

import type { Problem, RouteInfo } from '../../api';
import {
  type FieldErrors,
  fieldErrorsOf,
  formOf,
  rulesOf,
} from '../../stores/behaviour/behaviour-form';
import { behaviourSelectors, useBehaviourStore } from '../../stores/behaviour/behaviour-store';
import { MethodBadge } from '../../ui/badges';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';
import { ProblemView } from '../../ui/problem-view';
import { RouteRules } from '../rules/route-rules';
import { RuleFields } from './rule-fields';

export function RouteBehaviourDialog({ route, onClose }: { route: RouteInfo; onClose(): void }) {
  const existing = useBehaviourStore(behaviourSelectors.route(route.method, route.path));
  const hasGlobal = useBehaviourStore((s) => Boolean(s.behaviour.delay || s.behaviour.fail));
  const busy = useBehaviourStore((s) => s.busy);
  const [form, setForm] = useState(() => formOf(existing ?? {}));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const id = useId();

  const save = async () => {
    const { rules, errors: own } = rulesOf(form);
    setErrors(own);
    setProblem(null);
    if (Object.keys(own).length > 0) return;
    const refusal = await useBehaviourStore.getState().setRoute(route.method, route.path, rules);
    if (!refusal) return onClose();
    const mapped = fieldErrorsOf(refusal.problem, refusal.prefix, form.delayMode);
    setErrors(mapped);
    if (Object.keys(mapped).length === 0) setProblem(refusal.problem);
  };
  const clear = async () => {
    const refusal = await useBehaviourStore.getState().clearRoute(route.method, route.path);
    if (refusal) setProblem(refusal.problem);
    else onClose();
  };

  return (
    <Dialog
      title={`Behaviour of ${route.method} ${route.path}`}
      onClose={onClose}
      footer={
        <>
          {existing && (
            <button
              type="button"
              className="btn danger"
              disabled={busy}
              onClick={() => void clear()}
            >
              Clear rule
            </button>
          )}
          <span className="spacer" />
          <DialogActions
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
          void save();
        }}
      >
        <p className="route-line">
          <MethodBadge method={route.method} /> <code>{route.path}</code>
        </p>
        <RuleFields id={id} form={form} errors={errors} onChange={setForm} />
        <p className="faint mb-0">
          Applies to the next request, no restart, and is kept in the project’s{' '}
          <code>mock-behaviour.json</code> (as Mockoon keeps latency with the environment), so{' '}
          <code>decorest serve</code> and the next start apply it too. A failure answers an RFC 9457
          problem that says it was simulated; both show as{' '}
          <span className="badge warn">simulated</span> in Traffic.
          {hasGlobal && ' This rule replaces the global delay and failure on this route.'}
        </p>
        {problem && <ProblemView problem={problem} className="inline" maxErrors={0} />}
      </form>
      {/* Issue 29: the route's response rules, here as in its inspector. */}
      <div className="body behaviour-rules">
        <RouteRules route={route} />
      </div>
    </Dialog>
  );
}
