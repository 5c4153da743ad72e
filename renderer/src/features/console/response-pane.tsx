/** The answer: status (coloured), time, size, headers, and a pretty, collapsible body. */
import { useMemo, useState } from 'react';

import { type ConsoleResponse, useConsoleStore } from '../../stores/console/console-store';
import { trafficSelectors, useTrafficStore } from '../../stores/traffic/traffic-store';
import { formatBytes, formatMs, StatusBadge } from '../../ui/badges';
import { EmptyState } from '../../ui/empty-state';
import { JsonTree } from '../../ui/json-tree';
import { useExamplePath } from './example-path';
import { TestResults } from './test-results';

const RAW_LIMIT = 256 * 1024;

const answerKeys = new WeakMap<ConsoleResponse, number>();
let nextAnswerKey = 0;
/** One key per answer object, so a new answer remounts the tree. */
function answerKey(response: ConsoleResponse): number {
  let key = answerKeys.get(response);
  if (key === undefined) answerKeys.set(response, (key = nextAnswerKey++));
  return key;
}

function Body({ response }: { response: ConsoleResponse }) {
  const [raw, setRaw] = useState(false);
  const [all, setAll] = useState(false);
  const parsed = useMemo(() => {
    if (!response.body) return { ok: false as const };
    try {
      return { ok: true as const, value: JSON.parse(response.body) as unknown };
    } catch {
      return { ok: false as const };
    }
  }, [response.body]);
  if (!response.body)
    return (
      <EmptyState title="No body">
        The answer has no content{response.status === 204 ? ' (204 No Content)' : ''}.
      </EmptyState>
    );
  const text = all ? response.body : response.body.slice(0, RAW_LIMIT);
  return (
    <>
      {parsed.ok && (
        <div className="toolbar compact">
          <button
            type="button"
            className="btn small"
            aria-pressed={!raw}
            onClick={() => setRaw(false)}
          >
            Pretty
          </button>
          <button
            type="button"
            className="btn small"
            aria-pressed={raw}
            onClick={() => setRaw(true)}
          >
            Raw
          </button>
        </div>
      )}
      {parsed.ok && !raw ? (
        // A new answer opens as new: what was collapsed in the last one stays with it.
        <JsonTree key={answerKey(response)} value={parsed.value} label="Response body" />
      ) : (
        <>
          <pre className="raw" aria-label="Response body">
            {text}
          </pre>
          {text.length < response.body.length && (
            <button type="button" className="btn small show-rest" onClick={() => setAll(true)}>
              Show the remaining {formatBytes(response.body.length - text.length)}
            </button>
          )}
        </>
      )}
    </>
  );
}

export function ResponsePane() {
  const response = useConsoleStore((s) => s.response);
  const error = useConsoleStore((s) => s.error);
  const sending = useConsoleStore((s) => s.sending);
  const [tab, setTab] = useState<'body' | 'headers'>('body');
  const example = useExamplePath();
  if (sending && !response) {
    return (
      <div className="pane" role="region" aria-label="Response">
        <div className="empty" role="status">
          <span className="spinner" aria-hidden="true" />
          <p>Waiting for the answer…</p>
        </div>
      </div>
    );
  }
  if (error) {
    return (
      <div className="pane" role="region" aria-label="Response">
        <EmptyState title="No answer">{error}</EmptyState>
      </div>
    );
  }
  if (!response) {
    return (
      <div className="pane response-empty" role="region" aria-label="Response">
        <EmptyState title="Send a request to see the answer">
          Pick an endpoint in Endpoints, type a path such as <code>{example}</code>, or paste a curl
          command into the URL field. Press <span className="kbd">Ctrl</span>+
          <span className="kbd">Enter</span> to send.
        </EmptyState>
      </div>
    );
  }
  return <Answer response={response} tab={tab} setTab={setTab} />;
}

/**
 * The response's headers: a page reads only those the API exposes (CORS), so when Traffic has
 * logged this exchange its complete list is shown instead.
 */
function useHeaders(response: ConsoleResponse): { rows: [string, string][]; complete: boolean } {
  const logged = useTrafficStore(
    trafficSelectors.sentBy(
      response.method,
      response.mockPath,
      // Clocks of one machine; the slack covers the log's own delay.
      response.sentAt - 1000,
      response.sentAt + response.timeMs + 1000,
    ),
  );
  if (!logged) return { rows: response.headers, complete: false };
  return { rows: Object.entries(logged.responseHeaders), complete: true };
}

function Answer({
  response,
  tab,
  setTab,
}: {
  response: ConsoleResponse;
  tab: 'body' | 'headers';
  setTab(tab: 'body' | 'headers'): void;
}) {
  const headers = useHeaders(response);
  const results = useConsoleStore((s) => s.results);
  const captures = useConsoleStore((s) => s.captures);
  return (
    <div className="pane stack" role="region" aria-label="Response">
      <div className="response-meta" role="status" aria-label="Response status">
        <span>
          <StatusBadge status={response.status} />{' '}
          <span className="muted">{response.statusText}</span>
        </span>
        <span className="meta">
          Time <b>{formatMs(response.timeMs)}</b>
        </span>
        <span className="meta">
          Size <b>{formatBytes(response.size)}</b>
        </span>
        <span className="meta faint mono">{response.contentType}</span>
      </div>
      {(results || captures) && <TestResults results={results ?? []} captures={captures ?? []} />}
      <div className="subtabs" role="tablist" aria-label="Response parts">
        <button
          type="button"
          role="tab"
          className="tab"
          aria-selected={tab === 'body'}
          onClick={() => setTab('body')}
        >
          Body
        </button>
        <button
          type="button"
          role="tab"
          className="tab"
          aria-selected={tab === 'headers'}
          onClick={() => setTab('headers')}
        >
          Headers <span className="count">{headers.rows.length}</span>
        </button>
      </div>
      <div
        className="response-panel"
        role="tabpanel"
        aria-label={tab === 'body' ? 'Response body' : 'Response headers'}
      >
        {tab === 'body' ? (
          <Body response={response} />
        ) : (
          <>
            <table className="plain" aria-label="Response headers">
              <tbody>
                {headers.rows.map(([k, v]) => (
                  <tr key={k}>
                    <td className="mono response-header-name">{k}</td>
                    <td className="mono break-all">{v}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="faint headers-note">
              {headers.complete
                ? 'Every header of this exchange, as the mock API sent it (from Traffic).'
                : 'A browser shows only the headers an API exposes to pages (CORS); the mock API’s exchanges show every header once Traffic logs them.'}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
