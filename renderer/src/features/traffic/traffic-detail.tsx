/** One exchange: request and response headers and bodies; replay it from the console. */
import type { TrafficExchange } from '../../../../core/src/control/contract';
import { useConsoleStore } from '../../stores/console-store';
import { useUiStore } from '../../stores/ui-store';
import { formatBytes, formatMs, MethodBadge, StatusBadge } from '../../ui/badges';

const SKIP_HEADERS = new Set(['host', 'content-length', 'connection', 'accept-encoding']);

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function Part({
  title,
  headers,
  body,
  truncated,
  bytes,
}: {
  title: string;
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
  bytes: number;
}) {
  const entries = Object.entries(headers);
  return (
    <section className="req-section" aria-label={title}>
      <h3 className="section-title">{title}</h3>
      <table className="plain">
        <tbody>
          {entries.map(([k, v]) => (
            <tr key={k}>
              <td className="mono" style={{ width: '36%' }}>
                {k}
              </td>
              <td className="mono" style={{ wordBreak: 'break-all' }}>
                {v}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {body ? (
        <pre className="code-frame">{pretty(body)}</pre>
      ) : (
        <p className="faint" style={{ margin: '6px 0 0' }}>
          No body.
        </p>
      )}
      {truncated && <p className="faint">Showing the first 64 KB of {formatBytes(bytes)}.</p>}
    </section>
  );
}

export function openExchangeInConsole(x: TrafficExchange): void {
  const headers = Object.entries(x.requestHeaders).filter(
    ([k]) => !SKIP_HEADERS.has(k.toLowerCase()),
  );
  useConsoleStore.getState().loadRequest({
    method: x.method,
    url: x.url,
    headers,
    body: x.requestTruncated ? '' : x.requestBody,
  });
  useUiStore.getState().showView('Console');
}

export function TrafficDetail({ exchange }: { exchange: TrafficExchange }) {
  return (
    <section className="pane" aria-label="Exchange detail">
      <div className="response-meta">
        <MethodBadge method={exchange.method} />
        <code style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{exchange.url}</code>
        <StatusBadge status={exchange.status} />
        <span className="meta">{formatMs(exchange.durationMs)}</span>
        <button
          type="button"
          className="btn small primary"
          onClick={() => openExchangeInConsole(exchange)}
        >
          Open in Console
        </button>
      </div>
      <Part
        title="Request"
        headers={exchange.requestHeaders}
        body={exchange.requestBody}
        truncated={exchange.requestTruncated}
        bytes={exchange.requestBytes}
      />
      <Part
        title="Response"
        headers={exchange.responseHeaders}
        body={exchange.responseBody}
        truncated={exchange.responseTruncated}
        bytes={exchange.responseBytes}
      />
    </section>
  );
}
