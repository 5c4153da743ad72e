/** Every route the mock API answers, generated and manual, filterable; a click opens it. */
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';

import type { RouteInfo, RouteKind } from '../../api';
import { describeRules } from '../../stores/behaviour/behaviour-form';
import { useBehaviourStore } from '../../stores/behaviour/behaviour-store';
import { useModelsStore } from '../../stores/models/models-store';
import { useRulesStore } from '../../stores/rules/rules-store';
import { serverSelectors, useServerStore } from '../../stores/server/server-store';
import { MethodBadge } from '../../ui/badges';
import { EmptyState, Loading } from '../../ui/empty-state';
import { OrphanedRules } from '../rules/route-rules';
import { openRoute } from './open-route';
import { RefusedBadge } from './refused-badge';
import { RouteBehaviourDialog } from './route-behaviour-dialog';
import { RouteInspector } from './route-inspector';
import { RuleBadge, ruleCounts } from './rule-badge';

import './endpoints.css';

const KIND_LABEL: Record<RouteKind, string> = {
  generated: 'generated',
  relation: 'relation',
  manual: 'manual',
};
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export function EndpointsView() {
  const routes = useModelsStore((s) => s.routes);
  const loaded = useModelsStore((s) => s.loaded);
  const error = useModelsStore((s) => s.error);
  const base = useServerStore(serverSelectors.url);
  const [text, setText] = useState('');
  const [method, setMethod] = useState('');
  const [kind, setKind] = useState('');
  const [editing, setEditing] = useState<RouteInfo | null>(null);
  const closeEditing = useCallback(() => setEditing(null), []);
  // Issue 29: the route whose page is open (`GET /todos`), in place of the list.
  const [inspecting, setInspecting] = useState<string | null>(null);
  const inspected = useMemo(
    () => routes.find((r) => `${r.method} ${r.path}` === inspecting) ?? null,
    [routes, inspecting],
  );
  const closeInspector = useCallback(() => {
    const key = inspecting;
    setInspecting(null);
    // Back where the user was: the route's link in the list.
    requestAnimationFrame(() => document.getElementById(inspectId(key ?? ''))?.focus());
  }, [inspecting]);
  const rules = useBehaviourStore((s) => s.behaviour.routes);
  // Rules have no event: a script may have set some through the control API since.
  useEffect(() => void useBehaviourStore.getState().loadBehaviour(), []);
  const ruleOf = useMemo(
    () => new Map(rules.map((r) => [`${r.method} ${r.path}`, describeRules(r)])),
    [rules],
  );
  // Issue 29: how many response rules each route has, switched off ones too (issue 48).
  const savedRules = useRulesStore((s) => s.state?.rules);
  const responseRules = useMemo(() => ruleCounts(savedRules ?? []), [savedRules]);
  const query = useDeferredValue(text.trim().toLowerCase());
  const shown = useMemo(
    () =>
      routes.filter(
        (r) =>
          (!method || r.method === method) &&
          (!kind || r.kind === kind) &&
          (!query ||
            `${r.method} ${r.path} ${r.model ?? ''} ${r.operation ?? ''} ${r.file ?? ''}`
              .toLowerCase()
              .includes(query)),
      ),
    [routes, method, kind, query],
  );
  if (!loaded)
    return error ? (
      <EmptyState title="The routes could not be read">{error.detail}</EmptyState>
    ) : (
      <Loading what="endpoints" />
    );
  if (inspecting)
    return (
      <>
        {inspected ? (
          <RouteInspector
            route={inspected}
            onBack={closeInspector}
            onBehaviour={() => setEditing(inspected)}
          />
        ) : (
          <EmptyState
            title="This route is gone"
            action={
              <button type="button" className="btn small" onClick={closeInspector}>
                Back to endpoints
              </button>
            }
          >
            The project no longer serves {inspecting}.
          </EmptyState>
        )}
        {editing && <RouteBehaviourDialog route={editing} onClose={closeEditing} />}
      </>
    );
  return (
    <>
      <div className="toolbar" role="search">
        <label className="sr-only" htmlFor="endpoint-filter">
          Filter endpoints
        </label>
        <input
          id="endpoint-filter"
          className="input endpoints-filter"
          placeholder="Filter by path, model, file…"
          value={text}
          onChange={(e) => setText(e.target.value)}
          type="search"
        />
        <label className="sr-only" htmlFor="endpoint-method">
          Method filter
        </label>
        <select
          id="endpoint-method"
          className="select"
          value={method}
          onChange={(e) => setMethod(e.target.value)}
        >
          <option value="">All methods</option>
          {METHODS.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
        <label className="sr-only" htmlFor="endpoint-kind">
          Kind filter
        </label>
        <select
          id="endpoint-kind"
          className="select"
          value={kind}
          onChange={(e) => setKind(e.target.value)}
        >
          <option value="">All kinds</option>
          <option value="generated">Generated</option>
          <option value="relation">Relation</option>
          <option value="manual">Manual</option>
        </select>
        <span className="faint" role="status">
          {shown.length === routes.length
            ? `${routes.length} endpoints`
            : `${shown.length} of ${routes.length} endpoints`}
        </span>
        {shown.length > 0 && (
          <span className="faint">· click one for its schema, examples and response rules</span>
        )}
        <span className="spacer" />
        {base && <span className="faint mono">{base}</span>}
      </div>
      <OrphanedRules />
      <div className="pane flex-1">
        {shown.length === 0 ? (
          <EmptyState title={routes.length ? 'No endpoint matches' : 'No endpoints'}>
            {routes.length
              ? 'Clear the filter to see every route.'
              : 'The project serves no routes yet: add a @Rest model or map a route in execute().'}
          </EmptyState>
        ) : (
          <table className="plain endpoints" aria-label="Endpoints">
            <thead>
              <tr>
                <th scope="col" className="method-col">
                  Method
                </th>
                <th scope="col">Path</th>
                <th scope="col">Kind</th>
                <th scope="col">Model</th>
                <th scope="col">Where</th>
                <th scope="col">Behaviour</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr
                  key={`${r.method} ${r.path}`}
                  className="clickable"
                  onClick={() => setInspecting(`${r.method} ${r.path}`)}
                >
                  <td>
                    <MethodBadge method={r.method} />
                  </td>
                  <td>
                    <button
                      type="button"
                      id={inspectId(`${r.method} ${r.path}`)}
                      className="path-link"
                      aria-label={`Inspect ${r.method} ${r.path}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        setInspecting(`${r.method} ${r.path}`);
                      }}
                    >
                      <code>{r.path}</code>
                    </button>
                  </td>
                  <td>
                    <span
                      className={`badge ${r.kind === 'manual' ? 'warn' : r.kind === 'relation' ? 'accent' : ''}`}
                    >
                      {KIND_LABEL[r.kind]}
                    </span>
                    {r.operation && r.operation !== r.kind && (
                      <span className="faint"> {r.operation}</span>
                    )}
                  </td>
                  <td>{r.model ? <code>{r.model}</code> : <span className="faint">—</span>}</td>
                  <td>
                    {r.file ? (
                      <code title={r.file}>{`${r.file.split(/[\\/]/).pop()}:${r.line ?? ''}`}</code>
                    ) : (
                      <span className="faint">generated</span>
                    )}
                  </td>
                  <td>
                    {ruleOf.has(`${r.method} ${r.path}`) && (
                      <span className="badge warn" title="Simulated delay or failure on this route">
                        <span className="sr-only">Simulated: </span>
                        {ruleOf.get(`${r.method} ${r.path}`)}
                      </span>
                    )}
                    <RuleBadge count={responseRules.get(`${r.method} ${r.path}`)} />
                    <RefusedBadge route={r} />
                  </td>
                  <td className="align-end nowrap">
                    <button
                      type="button"
                      className="btn small ghost"
                      title="Simulate a slow or failing route"
                      onClick={(e) => {
                        e.stopPropagation();
                        setEditing(r);
                      }}
                    >
                      Delay & failure<span className="sr-only"> {`${r.method} ${r.path}`}</span>
                    </button>
                    <button
                      type="button"
                      className="btn small ghost"
                      aria-label={`Open in Console: ${r.method} ${r.path}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        openRoute(r);
                      }}
                    >
                      Open in Console
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {editing && <RouteBehaviourDialog route={editing} onClose={closeEditing} />}
    </>
  );
}

/** The id of a route's link in the list, to give it the focus back from its page. */
function inspectId(key: string): string {
  return `inspect-${key.replace(/[^A-Za-z0-9]/g, (c) => `_${c.charCodeAt(0)}`)}`;
}
