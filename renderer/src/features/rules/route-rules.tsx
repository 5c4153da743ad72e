/**
 * A route's response rules (issue 29), in the order they are tried: each in words, on or off,
 * moved up or down, edited or deleted; "Add rule" opens the editor. A hand edit of
 * `mock-rules.json` that does not load is named here while the last good rules keep answering.
 */
import { useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';

import type { ResponseRule, RouteInfo } from '../../api';
import { describeRule, newRule } from '../../stores/rules/rule-form';
import { rulesSelectors, useRulesStore } from '../../stores/rules/rules-store';
import { ProblemView } from '../../ui/problem-view';
import { RuleEditorDialog } from './rule-editor-dialog';

import './rules.css';

/** One empty list for every render: a new `[]` each time would re-render forever. */
const NONE: readonly string[] = [];

export function RulesFileProblems() {
  const problems = useRulesStore((s) => s.state?.problems);
  const file = useRulesStore((s) => s.state?.file);
  const answering = useRulesStore((s) => (s.state?.rules.length ?? 0) > 0);
  if (!problems?.length) return null;
  return (
    <div className="banner err rules-file-problems" role="alert" aria-label="Rules file problem">
      <strong>{file?.split(/[\\/]/).pop() ?? 'mock-rules.json'} does not load</strong>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            <code>{p.pointer || '/'}</code>
            {p.offset !== undefined ? ` (at character ${p.offset})` : ''}: {p.message}
          </li>
        ))}
      </ul>
      <span className="faint">
        {/* A file broken since the start has no last good rules: none answer. */}
        {answering
          ? 'The last good rules keep answering until the file is fixed.'
          : 'No rule answers until the file is fixed.'}
      </span>
    </div>
  );
}

export function RouteRules({
  route,
  className,
}: {
  route: Pick<RouteInfo, 'method' | 'path'>;
  /** Classes added to the section (the inspector's card look). */
  className?: string;
}) {
  const rules = useRulesStore(useShallow(rulesSelectors.forRoute(route.method, route.path)));
  const loaded = useRulesStore((s) => s.state !== null);
  const error = useRulesStore((s) => s.error);
  const busy = useRulesStore((s) => s.busy);
  const orphaned = useRulesStore((s) => s.state?.orphaned ?? NONE);
  const [editing, setEditing] = useState<{ rule: ResponseRule; isNew: boolean } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const titleId = useId();
  useEffect(() => {
    if (!useRulesStore.getState().state) void useRulesStore.getState().loadRules();
  }, []);
  const act = async (step: Promise<{ problem: { detail: string } } | null>) => {
    const refused = await step;
    setRefusal(refused ? refused.problem.detail : null);
  };
  const store = useRulesStore.getState();

  return (
    <section
      className={className ? `route-rules ${className}` : 'route-rules'}
      aria-labelledby={titleId}
    >
      <div className="section-head">
        <h3 id={titleId} className="section-title">
          Response rules
        </h3>
        <span className="spacer" />
        <button
          type="button"
          className="btn small primary"
          disabled={!loaded}
          onClick={() =>
            setEditing({ rule: newRule(route, store.state?.rules ?? []), isNew: true })
          }
        >
          Add rule
        </button>
      </div>
      <RulesFileProblems />
      {error && <ProblemView problem={error} className="inline" label="Rules problem" />}
      {refusal && (
        <p role="alert" className="error-text">
          {refusal}
        </p>
      )}
      {loaded && rules.length === 0 && (
        <p className="faint rules-empty">
          No rule: the route answers as generated. A rule answers instead when the request matches
          (a header missing, a parameter, a body value), with any status, headers and body, or a
          list of answers in turn.
        </p>
      )}
      {rules.length > 0 && (
        <ol className="rules-list">
          {rules.map((rule, i) => (
            <li key={rule.id} className={rule.enabled ? undefined : 'rule-off'}>
              <label className="check-row">
                <input
                  type="checkbox"
                  checked={rule.enabled}
                  disabled={busy}
                  aria-label={`Rule ${rule.name} on`}
                  onChange={(e) => void act(store.setEnabled(rule.id, e.target.checked))}
                />
              </label>
              <span className="rule-text">
                <strong>{rule.name}</strong>
                {orphaned.includes(rule.id) && <span className="badge warn">orphaned</span>}
                {!rule.enabled && <span className="badge">off</span>}
                <span className="faint">{describeRule(rule)}</span>
              </span>
              <span className="rule-actions">
                <button
                  type="button"
                  className="btn ghost small"
                  aria-label={`Move rule ${rule.name} up`}
                  disabled={busy || i === 0}
                  onClick={() => void act(store.move(rule.id, -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn ghost small"
                  aria-label={`Move rule ${rule.name} down`}
                  disabled={busy || i === rules.length - 1}
                  onClick={() => void act(store.move(rule.id, 1))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="btn small"
                  aria-label={`Edit rule ${rule.name}`}
                  onClick={() => setEditing({ rule, isNew: false })}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="btn ghost small"
                  aria-label={`Delete rule ${rule.name}`}
                  disabled={busy}
                  onClick={() => void act(store.removeRule(rule.id))}
                >
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {editing && (
        <RuleEditorDialog
          rule={editing.rule}
          isNew={editing.isNew}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

/**
 * Rules whose route the project no longer serves (a model or mapping removed): kept in the
 * file and never applied, listed here above the routes so they can be deleted or wait for the
 * route to come back.
 */
export function OrphanedRules() {
  const state = useRulesStore((s) => s.state);
  const busy = useRulesStore((s) => s.busy);
  useEffect(() => {
    if (!useRulesStore.getState().state) void useRulesStore.getState().loadRules();
  }, []);
  const orphaned = state?.rules.filter((r) => state.orphaned.includes(r.id)) ?? [];
  if (orphaned.length === 0 && !state?.problems?.length) return null;
  return (
    <div className="orphaned-rules">
      <RulesFileProblems />
      {orphaned.length > 0 && (
        <section className="banner warn" aria-label="Rules without a route">
          <strong>
            {orphaned.length === 1
              ? '1 response rule has'
              : `${orphaned.length} response rules have`}{' '}
            no route: kept, not applied
          </strong>
          <ul>
            {orphaned.map((rule) => (
              <li key={rule.id}>
                {rule.name}{' '}
                <code>
                  {rule.method} {rule.path}
                </code>{' '}
                <button
                  type="button"
                  className="btn ghost small"
                  disabled={busy}
                  aria-label={`Delete rule ${rule.name}`}
                  onClick={() => void useRulesStore.getState().removeRule(rule.id)}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
