/**
 * Issue 29's endpoint inspector: one route as the project's OpenAPI document describes it —
 * parameters, body fields with their rules, every status with an example, a list route's
 * query conventions, curl and fetch snippets, and Try it (the Console, filled in).
 */
import { useEffect, useMemo, useRef } from 'react';

import type { RouteInfo } from '../../api';
import { modelOfPath } from '../../stores/models/model-of-path';
import { useModelsStore } from '../../stores/models/models-store';
import { useOpenApiStore } from '../../stores/openapi/openapi-store';
import { serverSelectors, useServerStore } from '../../stores/server/server-store';
import { MethodBadge } from '../../ui/badges';
import { EmptyState, Loading } from '../../ui/empty-state';
import { type RowsColumn, RowsTable } from '../../ui/rows-table';
import { RouteRules } from '../rules/route-rules';
import { Example } from './example-box';
import { inspectRoute, type ParamRow, type RouteInspection } from './inspect/inspect-route';
import type { Parameter } from './inspect/openapi-read';
import { curlSnippet, fetchSnippet, fillPath } from './inspect/snippets';
import { Chip, FieldTable, None, Responses, Section, Snippets } from './inspector-parts';
import { openQuery } from './open-query';
import { openRoute } from './open-route';
import { RefusedNote } from './refused-badge';

import './inspector.css';

const PATH_COLUMNS: readonly RowsColumn<ParamRow>[] = [
  {
    header: 'Name',
    cell: (p) => (
      <>
        <code>{p.name}</code> <span className="badge">required</span>
      </>
    ),
  },
  { header: 'Type', cell: (p) => <code>{p.type}</code> },
  {
    header: 'Rules',
    cell: (p) => (p.rules.length ? p.rules.map((r) => <Chip key={r} text={r} />) : <None />),
  },
];

const QUERY_COLUMNS: readonly RowsColumn<Parameter>[] = [
  { header: 'Name', cell: (p) => <code>{p.name}</code> },
  {
    header: 'Type',
    cell: (p) => <code>{p.schema?.['type'] ? String(p.schema['type']) : 'string'}</code>,
  },
  { header: 'Description', cell: (p) => p.description, className: 'faint' },
];

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
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => void useOpenApiStore.getState().ensureLoaded(), []);
  useEffect(() => back.current?.focus(), [route]);
  const seen = useMemo(() => (doc ? inspectRoute(doc, route, model) : null), [doc, route, model]);
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
          Delay & failure
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
      <RefusedNote route={route} />
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

function Inspection({ route, seen }: { route: RouteInfo; seen: RouteInspection }) {
  const base = useServerStore(serverSelectors.url) ?? 'http://localhost:3000';
  const example = seen.request?.example ?? null;
  const body = example === null ? '' : JSON.stringify(example, null, 2);
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
            <RowsTable
              label="Path parameters"
              className="inspector-table"
              columns={PATH_COLUMNS}
              rows={seen.pathParams}
              rowKey={(p) => p.name}
            />
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
            {example === null ? (
              <p className="faint">The document gives no example of this body.</p>
            ) : (
              <Example label="Example request body" value={body} />
            )}
          </Section>
        )}
        {seen.query && (
          <Section title="Query">
            {seen.query.list ? (
              <p className="faint inspector-note">
                Our parameters and json-server 0.17&apos;s both work; filters take any field (
                <code>field=v</code>, <code>_gte</code>, <code>_lte</code>, <code>_ne</code>,{' '}
                <code>_like</code>). A bad value is a 400 naming it. Click an example to send it
                from the Console.
              </p>
            ) : (
              <p className="faint inspector-note">
                One record reads only the relations to include (<code>embed=</code>, or
                json-server&apos;s <code>_embed=</code> and <code>_expand=</code>); a name that is
                no relation is a 400. Click an example to send it from the Console.
              </p>
            )}
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
              <RowsTable
                label="Query parameters"
                className="inspector-table"
                head={false}
                columns={QUERY_COLUMNS}
                rows={seen.query.params}
                rowKey={(p) => p.name}
              />
            </details>
          </Section>
        )}
        {seen.responses.length > 0 && (
          <Responses key={`${route.method} ${route.path}`} responses={seen.responses} />
        )}
      </div>
      <aside className="inspector-side" aria-label="Code and rules">
        <Snippets curl={curlSnippet(snippet)} fetch={fetchSnippet(snippet)} />
        <RouteRules route={route} className="inspector-section" />
      </aside>
    </div>
  );
}
