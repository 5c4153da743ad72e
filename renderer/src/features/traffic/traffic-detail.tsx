/**
 * One exchange: the response or the request, each its body first (pretty JSON) then its
 * headers; "Open in Console" loads the request there to replay or change it.
 */
import { useMemo, useState } from 'react';

import type { ResponseRule, TrafficExchange } from '../../api';
import { useConsoleStore } from '../../stores/console/console-store';
import { inAFreeTab } from '../../stores/console/open-in-tab';
import { useModelsStore } from '../../stores/models/models-store';
import { routeOf, ruleFromExchange } from '../../stores/rules/rule-form';
import { useRulesStore } from '../../stores/rules/rules-store';
import { useUiStore } from '../../stores/ui/ui-store';
import { formatBytes, formatMs, MethodBadge, StatusBadge, TagBadge } from '../../ui/badges';
import { JsonTree } from '../../ui/json-tree';
import { RuleEditorDialog } from '../rules/rule-editor-dialog';
import { SaveRecordDialog } from './save-record-dialog';

/** Headers the browser or the transport sets: not worth replaying from the console. */
const SKIP_HEADERS = new Set(['host', 'content-length', 'connection', 'accept-encoding']);

/** The body as JSON, or undefined when it is not JSON (or was cut at 16 KiB mid-value). */
function parseJson(body: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(body) as unknown };
  } catch {
    return undefined;
  }
}

interface PartProps {
  title: string;
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
  bytes: number;
}

function Part({ title, headers, body, truncated, bytes }: PartProps) {
  const json = useMemo(() => (body === '' ? undefined : parseJson(body)), [body]);
  return (
    <div className="req-section" role="tabpanel" aria-label={title}>
      <h3 className="section-title">
        {title} body <span className="faint">{formatBytes(bytes)}</span>
      </h3>
      {body === '' ? (
        <p className="faint mt-6">No body.</p>
      ) : json ? (
        // The Console's collapsible view: a long array opens a page at a time. Focusable, so
        // the keyboard reaches a body that scrolls.
        <div className="code-frame tree-frame" tabIndex={0}>
          <JsonTree value={json.value} label={`${title} body`} />
        </div>
      ) : (
        <pre className="code-frame" tabIndex={0}>
          {body}
        </pre>
      )}
      {truncated && (
        <p className="faint">
          {formatBytes(bytes)}, first {formatBytes(new TextEncoder().encode(body).length)} shown.
        </p>
      )}
      <h3 className="section-title spaced">{title} headers</h3>
      <table className="plain">
        <tbody>
          {Object.entries(headers).map(([k, v]) => (
            <tr key={k}>
              <td className="mono header-name">{k}</td>
              <td className="mono break-all">{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function openExchangeInConsole(x: TrafficExchange): void {
  const headers = Object.entries(x.requestHeaders).filter(
    ([k]) => !SKIP_HEADERS.has(k.toLowerCase()) && !k.toLowerCase().startsWith('sec-'),
  );
  inAFreeTab(() =>
    useConsoleStore.getState().loadRequest({
      method: x.method,
      url: x.url,
      headers,
      body: x.requestTruncated ? '' : x.requestBody,
    }),
  );
  useUiStore.getState().showView('Console');
}

/**
 * Issue 29, "Answer like this": a response rule that answers requests like this one (its path
 * parameters) the way this one was answered, opened in the rule editor before it is saved.
 */
function AnswerLikeThis({ exchange }: { exchange: TrafficExchange }) {
  const routes = useModelsStore((s) => s.routes);
  const [rule, setRule] = useState<ResponseRule | null>(null);
  const match = routeOf(routes, exchange.method, exchange.url);
  return (
    <>
      <button
        type="button"
        className="btn small"
        disabled={!match}
        title={
          match
            ? `A response rule on ${match.route.method} ${match.route.path} answering like this`
            : 'No route of the project answers this path'
        }
        onClick={async () => {
          if (!match) return;
          if (!useRulesStore.getState().state) await useRulesStore.getState().loadRules();
          setRule(ruleFromExchange(exchange, match, useRulesStore.getState().state?.rules ?? []));
        }}
      >
        Answer like this…
      </button>
      {rule && <RuleEditorDialog rule={rule} isNew onClose={() => setRule(null)} />}
    </>
  );
}

export function TrafficDetail({ exchange }: { exchange: TrafficExchange }) {
  const [part, setPart] = useState<'Response' | 'Request'>('Response');
  const [saving, setSaving] = useState(false);
  return (
    <section className="pane" aria-label="Exchange detail">
      {/* Two rows: a long URL (query strings, cache-busters) takes the pane's whole width. */}
      <div className="exchange-head">
        <div className="exchange-url">
          <MethodBadge method={exchange.method} />
          <code>{exchange.url}</code>
        </div>
        <div className="response-meta">
          <StatusBadge status={exchange.status} />
          {exchange.tag && <TagBadge tag={exchange.tag} />}
          {exchange.rule && (
            <span className="badge accent" title="Answered by a response rule">
              rule: {exchange.rule.name}
            </span>
          )}
          <span className="meta">{formatMs(exchange.durationMs)}</span>
          <span className="meta">{new Date(exchange.time).toLocaleTimeString('en-GB')}</span>
          <span className="spacer" />
          {/* Another host's answer: nothing of the mock API to shape or to store. */}
          {exchange.tag !== 'outgoing' && (
            <>
              <AnswerLikeThis exchange={exchange} />
              <button type="button" className="btn small" onClick={() => setSaving(true)}>
                Save as record…
              </button>
            </>
          )}
          <button
            type="button"
            className="btn small primary"
            onClick={() => openExchangeInConsole(exchange)}
          >
            Open in Console
          </button>
        </div>
      </div>
      {saving && <SaveRecordDialog exchange={exchange} onClose={() => setSaving(false)} />}
      <div className="subtabs" role="tablist" aria-label="Exchange parts">
        {(['Response', 'Request'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            className="tab"
            aria-selected={part === name}
            onClick={() => setPart(name)}
          >
            {name}
          </button>
        ))}
      </div>
      {part === 'Response' ? (
        <Part
          key={`response-${exchange.seq}`}
          title="Response"
          headers={exchange.responseHeaders}
          body={exchange.responseBody}
          truncated={exchange.responseTruncated}
          bytes={exchange.responseBytes}
        />
      ) : (
        <Part
          key={`request-${exchange.seq}`}
          title="Request"
          headers={exchange.requestHeaders}
          body={exchange.requestBody}
          truncated={exchange.requestTruncated}
          bytes={exchange.requestBytes}
        />
      )}
    </section>
  );
}
