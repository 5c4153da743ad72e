/**
 * Issue 29's endpoint inspector: one route as the project's OpenAPI document describes it —
 * parameters, body fields with their rules, every status with an example, a list route's
 * query conventions, curl and fetch snippets, and Try it (the Console, filled in).
 */
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';

import type { RouteInfo } from '../../api';
import { modelOfPath } from '../../stores/models/model-of-path';
import { useModelsStore } from '../../stores/models/models-store';
import { useOpenApiStore } from '../../stores/openapi/openapi-store';
import { serverSelectors, useServerStore } from '../../stores/server/server-store';
import { MethodBadge, StatusBadge } from '../../ui/badges';
import { CopyButton } from '../../ui/copy-button';
import { EmptyState, Loading } from '../../ui/empty-state';
import { RouteRules } from '../rules/route-rules';
import { inspectRoute, type ResponsePart, type RouteInspection } from './inspect/inspect-route';
import type { FieldRow } from './inspect/openapi-read';
import { curlSnippet, fetchSnippet, fillPath } from './inspect/snippets';
import { openQuery } from './open-query';
import { openRoute } from './open-route';

import './inspector.css';

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

export function RouteInspector({
  route,
  onBack,
  onBehaviour,
}: {
  route: RouteInfo;
  onBack(): void;
  onBehaviour(): void;
}) {
  const doc = useOpenApiStore((s) => s.doc);
  const error = useOpenApiStore((s) => s.error);
  const models = useModelsStore((s) => s.models);
  const model = useMemo(
    () =>
      (route.model ? models.find((m) => m.name === route.model) : undefined) ??
      modelOfPath(route.path, models) ??
      undefined,
    [route, models],
  );
  const sample = useOpenApiStore((s) => (model ? s.samples[model.name] : undefined));
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => void useOpenApiStore.getState().ensureLoaded(), []);
  useEffect(() => {
    if (model && WRITES.has(route.method)) void useOpenApiStore.getState().ensureSample(model.name);
  }, [model, route.method]);
  useEffect(() => back.current?.focus(), [route]);
  const seen = useMemo(
    () => (doc ? inspectRoute(doc, route, model, sample) : null),
    [doc, route, model, sample],
  );
  const title = `${route.method} ${route.path}`;
  return (
    <section
      className="inspector"
      aria-label={`Endpoint ${title}`}
      onKeyDown={(e) => {
        if (
          e.key === 'Escape' &&
          !e.defaultPrevented &&
          !(e.target as HTMLElement).closest('dialog')
        ) {
          e.preventDefault();
          onBack();
        }
      }}
    >
      <header className="inspector-head">
        <button
          ref={back}
          type="button"
          className="btn small ghost"
          onClick={onBack}
          aria-label="Back to endpoints"
          title="Back to endpoints (Esc)"
        >
          ← Endpoints
        </button>
        <h2 className="inspector-title">
          <MethodBadge method={route.method} />
          <code>{route.path}</code>
        </h2>
        <span
          className={`badge ${route.kind === 'manual' ? 'warn' : route.kind === 'relation' ? 'accent' : ''}`}
        >
          {route.kind}
        </span>
        {model && (
          <span className="faint">
            model <code>{model.name}</code>
          </span>
        )}
        <span className="spacer" />
        <button type="button" className="btn small" onClick={onBehaviour}>
          Delay / fail…
        </button>
        <button
          type="button"
          className="btn small primary"
          onClick={() => openRoute(route)}
          aria-label={`Try it: ${title}`}
        >
          Try it
        </button>
      </header>
      {seen?.summary && route.kind !== 'manual' && (
        <p className="inspector-summary">{seen.summary}</p>
      )}
      <div className="inspector-body">
        {!doc ? (
          error ? (
            <EmptyState
              title="The OpenAPI document could not be read"
              action={
                <button
                  type="button"
                  className="btn small"
                  onClick={() => void useOpenApiStore.getState().load()}
                >
                  Try again
                </button>
              }
            >
              {error.detail}
            </EmptyState>
          ) : (
            <Loading what="the OpenAPI document" />
          )
        ) : (
          seen && <Inspection route={route} seen={seen} />
        )}
      </div>
    </section>
  );
}

function Section({
  title,
  children,
  aside,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="inspector-section" aria-labelledby={id}>
      <div className="section-head">
        <h3 id={id} className="section-title">
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Inspection({ route, seen }: { route: RouteInfo; seen: RouteInspection }) {
  const base = useServerStore(serverSelectors.url) ?? 'http://localhost:3000';
  const body = seen.request ? JSON.stringify(seen.request.example, null, 2) : '';
  const url = `${base}${fillPath(route.path, Object.fromEntries(seen.pathParams.map((p) => [p.name, p.type === 'string' ? 'abc' : '1'])))}`;
  const snippet = { method: route.method, url, body };
  return (
    <div className="inspector-grid">
      <div className="inspector-main">
        {route.kind === 'manual' && (
          <Section title="Hand-mapped route">
            <p>
              Mapped in{' '}
              {route.file ? (
                <code
                  title={route.file}
                >{`${route.file.split(/[\\/]/).pop()}:${route.line ?? ''}`}</code>
              ) : (
                'the application’s execute()'
              )}
              . Its OpenAPI operation says:{' '}
              {seen.described ? (
                <>
                  <q>{seen.summary || 'no summary'}</q>
                  {seen.operationId && (
                    <>
                      {' '}
                      (<code>{seen.operationId}</code>)
                    </>
                  )}
                  , answering{' '}
                  {seen.responses
                    .filter((r) => !r.fromBinding)
                    .map((r) => r.status)
                    .join(', ')}
                  .
                </>
              ) : (
                'nothing: the document does not describe this route.'
              )}
            </p>
            {seen.binding && (
              <p className="faint">
                It replaces the generated route at this path. The document takes any JSON body; a
                handler that reads <code>req.body({seen.binding.model})</code> has it validated as{' '}
                <code>{seen.binding.schemaName}</code>, shown below with the problems it answers.
              </p>
            )}
          </Section>
        )}
        {!seen.described && route.kind !== 'manual' && (
          <EmptyState title="Not in the OpenAPI document">
            The document the project serves does not describe {route.method} {route.path}.
          </EmptyState>
        )}
        {seen.pathParams.length > 0 && (
          <Section title="Path parameters">
            <table className="plain inspector-table" aria-label="Path parameters">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Type</th>
                  <th scope="col">Rules</th>
                </tr>
              </thead>
              <tbody>
                {seen.pathParams.map((p) => (
                  <tr key={p.name}>
                    <td>
                      <code>{p.name}</code> <span className="badge">required</span>
                    </td>
                    <td>
                      <code>{p.type}</code>
                    </td>
                    <td>
                      {p.rules.length ? p.rules.map((r) => <Chip key={r} text={r} />) : <None />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Section>
        )}
        {seen.request && (
          <Section
            title="Request body"
            aside={
              <span className="faint">
                {seen.request.schemaName && <code>{seen.request.schemaName}</code>}{' '}
                {seen.request.contentTypes.join(', ')}
                {seen.request.required ? '' : ' · optional'}
              </span>
            }
          >
            {seen.request.rows.length > 0 ? (
              <FieldTable rows={seen.request.rows} />
            ) : (
              <p className="faint">Any JSON: the document gives no schema for this body.</p>
            )}
            <Example label="Example request body" value={body} />
          </Section>
        )}
        {seen.query && (
          <Section title="Query">
            <p className="faint inspector-note">
              Our parameters and json-server 0.17&apos;s both work; filters take any field (
              <code>field=v</code>, <code>_gte</code>, <code>_lte</code>, <code>_ne</code>,{' '}
              <code>_like</code>). A bad value is a 400 naming it. Click an example to send it from
              the Console.
            </p>
            <ul className="query-examples" aria-label="Query examples">
              {seen.query.examples.map((q) => (
                <li key={q.query}>
                  <button
                    type="button"
                    className="query-example"
                    onClick={() => openQuery(route, q.query)}
                    title={`Send GET ${route.path}?${q.query} from the Console`}
                  >
                    <code>?{q.query}</code>
                    <span className="faint">
                      {q.label}
                      {q.style === 'json-server' && ' · json-server'}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <details className="inspector-details">
              <summary>All {seen.query.params.length} parameters the document lists</summary>
              <table className="plain inspector-table" aria-label="Query parameters">
                <tbody>
                  {seen.query.params.map((p) => (
                    <tr key={p.name}>
                      <td>
                        <code>{p.name}</code>
                      </td>
                      <td>
                        <code>{p.schema?.['type'] ? String(p.schema['type']) : 'string'}</code>
                      </td>
                      <td className="faint">{p.description}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </Section>
        )}
        {seen.responses.length > 0 && <Responses responses={seen.responses} />}
      </div>
      <aside className="inspector-side" aria-label="Code and rules">
        <Snippets curl={curlSnippet(snippet)} fetch={fetchSnippet(snippet)} />
        <RouteRules route={route} className="inspector-section" />
      </aside>
    </div>
  );
}

const None = () => <span className="faint">—</span>;
const Chip = ({ text }: { text: string }) => <span className="chip">{text}</span>;

function FieldTable({ rows }: { rows: FieldRow[] }) {
  return (
    <table className="plain inspector-table" aria-label="Request body fields">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Type</th>
          <th scope="col">Required</th>
          <th scope="col">Rules</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.name}>
            <td>
              <code>{r.name}</code>
            </td>
            <td>
              <code>{r.type}</code>
              {r.nullable && <span className="faint"> or null</span>}
            </td>
            <td>
              {r.required ? (
                <span className="badge accent">required</span>
              ) : (
                <span className="faint">optional</span>
              )}
            </td>
            <td>
              {r.rules.map((rule) => (
                <Chip key={rule} text={rule} />
              ))}
              {r.parent && <span className="faint">a {r.parent} id, or an object with its id</span>}
              {!r.rules.length && !r.parent && <None />}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Example({ label, value }: { label: string; value: string }) {
  return (
    <div className="inspector-example">
      <pre className="code-frame snippet" aria-label={label} tabIndex={0}>
        {value}
      </pre>
      <CopyButton
        text={value}
        label={`Copy ${label.toLowerCase()}`}
        className="btn small ghost inspector-copy"
      />
    </div>
  );
}

/** Tabs of a set (statuses, snippets): arrows move and select, Home and End jump. */
function useTabs(count: number) {
  const [selected, setSelected] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    let next: number | undefined;
    if (step !== undefined) next = (selected + step + count) % count;
    if (e.key === 'Home') next = 0;
    if (e.key === 'End') next = count - 1;
    if (next === undefined) return;
    e.preventDefault();
    setSelected(next);
    refs.current[next]?.focus();
  };
  return { selected: Math.min(selected, count - 1), setSelected, refs, onKeyDown };
}

function Responses({ responses }: { responses: ResponsePart[] }) {
  const tabs = useTabs(responses.length);
  const id = useId();
  const shown = responses[tabs.selected]!;
  return (
    <Section title="Responses">
      <div role="tablist" aria-label="Statuses" className="status-tabs" onKeyDown={tabs.onKeyDown}>
        {responses.map((r, i) => (
          <button
            key={r.status}
            ref={(el) => {
              tabs.refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${r.status}`}
            aria-selected={i === tabs.selected}
            aria-controls={`${id}-panel`}
            tabIndex={i === tabs.selected ? 0 : -1}
            className="status-tab"
            onClick={() => tabs.setSelected(i)}
          >
            <StatusBadge status={Number(r.status)} />
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${shown.status}`}
        className="status-panel"
      >
        <p>
          {shown.description}
          {shown.fromBinding && <span className="badge">req.body()</span>}
        </p>
        <p className="faint">
          {shown.contentType ? <code>{shown.contentType}</code> : 'No body'}
          {shown.schemaName && (
            <>
              {' · '}
              <code>{shown.schemaName}</code>
            </>
          )}
          {shown.headers.length > 0 && <> · headers {shown.headers.join(', ')}</>}
        </p>
        {shown.example !== null ? (
          <Example
            label={`Example ${shown.status} body`}
            value={JSON.stringify(shown.example, null, 2)}
          />
        ) : (
          shown.contentType && (
            <p className="faint">The document does not describe this body: the handler decides.</p>
          )
        )}
      </div>
    </Section>
  );
}

function Snippets({ curl, fetch }: { curl: string; fetch: string }) {
  const snippets = [
    { name: 'curl', text: curl },
    { name: 'fetch', text: fetch },
  ];
  const tabs = useTabs(snippets.length);
  const id = useId();
  const shown = snippets[tabs.selected]!;
  return (
    <Section
      title="Code"
      aside={<CopyButton text={shown.text} label={`Copy ${shown.name} snippet`} />}
    >
      <div
        role="tablist"
        aria-label="Snippet language"
        className="tabs subtabs snippet-tabs"
        onKeyDown={tabs.onKeyDown}
      >
        {snippets.map((s, i) => (
          <button
            key={s.name}
            ref={(el) => {
              tabs.refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${s.name}`}
            aria-selected={i === tabs.selected}
            aria-controls={`${id}-panel`}
            tabIndex={i === tabs.selected ? 0 : -1}
            className="tab"
            onClick={() => tabs.setSelected(i)}
          >
            {s.name}
          </button>
        ))}
      </div>
      <pre
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${shown.name}`}
        className="code-frame snippet"
        tabIndex={0}
      >
        {shown.text}
      </pre>
    </Section>
  );
}
