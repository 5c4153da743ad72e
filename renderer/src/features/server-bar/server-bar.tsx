/** Always on screen: the project, the mock API's state, URL, port and controls (CONTRACT §8). */
import { useCallback, useState } from 'react';

import { behaviourSelectors, useBehaviourStore } from '../../stores/behaviour-store';
import { projectSelectors, useProjectStore } from '../../stores/project-store';
import { serverSelectors, useServerStore } from '../../stores/server-store';
import { CopyButton } from '../../ui/copy-button';
import { OpenProjectDialog } from '../project/open-project-dialog';
import { BehaviourDialog } from './behaviour-dialog';
import { PortField } from './port-field';

export function ServerBar() {
  const project = useProjectStore((s) => s.status);
  const loadError = useProjectStore(projectSelectors.loadError);
  const stream = useProjectStore((s) => s.stream);
  const reloading = useProjectStore((s) => s.busy);
  const reloadProject = useProjectStore((s) => s.reloadProject);
  const server = useServerStore((s) => s.status);
  const running = useServerStore(serverSelectors.running);
  const busy = useServerStore((s) => s.busy);
  const serverError = useServerStore((s) => s.error);
  const { startServer, stopServer } = useServerStore.getState();
  const [opening, setOpening] = useState(false);
  const [behaving, setBehaving] = useState(false);
  // Stable: the dialog's effect depends on it (the bar re-renders on every server change).
  const closeBehaviour = useCallback(() => setBehaving(false), []);
  const rules = useBehaviourStore(behaviourSelectors.activeCount);

  return (
    <header className="serverbar" aria-label="Server bar">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          D
        </span>
        <span className="sr-only">Decorest Studio</span>
      </div>
      <div className="project-name">
        <strong>{project?.name ?? 'No project'}</strong>
        <span title={project?.root}>{project?.root ?? 'Loading…'}</span>
      </div>
      <button type="button" className="btn small" onClick={() => setOpening(true)}>
        Open…
      </button>
      <button
        type="button"
        className="btn small"
        onClick={() => void reloadProject()}
        disabled={reloading}
        title="Load the project's files again"
      >
        {reloading ? 'Reloading…' : 'Reload'}
      </button>
      {loadError && (
        <a className="badge err" href="#load-error" title={loadError.message}>
          Load error
        </a>
      )}
      <span className="sep" aria-hidden="true" />
      <span
        className="badge"
        role="status"
        aria-label={`Mock API ${running ? 'running' : 'stopped'}`}
      >
        <span className={`dot ${running ? 'ok' : server ? 'err' : ''}`} aria-hidden="true" />
        &nbsp;{server ? (running ? 'Running' : 'Stopped') : 'Checking…'}
      </span>
      {running && server?.url ? (
        <span className="server-url">
          <a
            href={server.url}
            target="_blank"
            rel="noreferrer"
            title="Mock API URL (opens in a new tab)"
          >
            {server.url}
          </a>
          <CopyButton text={server.url} label="Copy mock API URL" />
        </span>
      ) : (
        <span className="faint">{server ? 'The mock API is not answering' : ''}</span>
      )}
      <PortField />
      {running ? (
        <button
          type="button"
          className="btn small"
          onClick={() => void stopServer()}
          disabled={busy}
        >
          Stop
        </button>
      ) : (
        <button
          type="button"
          className="btn small primary"
          onClick={() => void startServer()}
          disabled={busy || !server}
        >
          Start
        </button>
      )}
      <button
        type="button"
        className={`btn small${rules > 0 ? ' behaviour-on' : ''}`}
        onClick={() => {
          void useBehaviourStore.getState().loadBehaviour();
          setBehaving(true);
        }}
        aria-haspopup="dialog"
        title="Simulated latency and failures, and the proxy for unmatched requests"
      >
        Mock behaviour
        {rules > 0 && (
          <span className="badge warn">
            {rules}
            <span className="sr-only"> active</span>
          </span>
        )}
      </button>
      {serverError && (
        <span className="badge err server-error" role="alert" title={serverError.detail}>
          {serverError.detail}
          <button
            type="button"
            className="badge-close"
            aria-label="Dismiss"
            onClick={() => useServerStore.getState().dismissError()}
          >
            ×
          </button>
        </span>
      )}
      {server?.note && <span className="badge warn">{server.note}</span>}
      <span className="spacer" />
      <span className="faint" role="status" title="Live updates from the studio">
        <span
          className={`dot ${stream === 'open' ? 'ok' : stream === 'closed' ? 'err' : 'warn'}`}
          aria-hidden="true"
        />{' '}
        {stream === 'open'
          ? 'Live'
          : stream === 'closed'
            ? 'Disconnected'
            : stream === 'reconnecting'
              ? 'Reconnecting…'
              : 'Connecting…'}
      </span>
      {opening && <OpenProjectDialog onClose={() => setOpening(false)} />}
      {behaving && <BehaviourDialog onClose={closeBehaviour} />}
    </header>
  );
}
