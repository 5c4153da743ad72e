/**
 * One response rule (issue 29): "when <request part> <matches> <value> then answer <status,
 * headers, body>", with several answers in turn or at random, a body with placeholders and its
 * preview. Saved into `mock-rules.json` and applied to the next request; a refused save shows
 * each mistake at the input it is about.
 */
import { useId, useState } from 'react';

import type { Problem, ResponseRule, RuleCondition, RuleResponse } from '../../api';
import { newAnswer, ruleErrors } from '../../stores/rules/rule-form';
import { useRulesStore } from '../../stores/rules/rules-store';
import { MethodBadge } from '../../ui/badges';
import { Dialog } from '../../ui/dialog';
import { DialogActions } from '../../ui/dialog-actions';
import { ProblemView } from '../../ui/problem-view';
import { ConditionRow, FieldError } from './condition-row';
import { ResponseEditor } from './response-editor';

import './rules.css';

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
          <DialogActions
            onDismiss={onClose}
            action={{
              label: 'Save rule',
              busyLabel: 'Saving…',
              busy,
              onClick: () => void save(),
            }}
          />
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
                // Issue 48: a new answer is a success to edit, not a failure to undo.
                responses: [...rule.responses, newAnswer()],
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
