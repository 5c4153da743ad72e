/** Always on screen: the project, the mock API's state, URL, port and controls (CONTRACT §8). */
import { useCallback, useState } from 'react';

import type { StreamState } from '../../api';
import { behaviourSelectors, useBehaviourStore } from '../../stores/behaviour/behaviour-store';
import { projectSelectors, useProjectStore } from '../../stores/project/project-store';
import { useRecordingStore } from '../../stores/recording/recording-store';
import { serverSelectors, useServerStore } from '../../stores/server/server-store';
import { CopyButton } from '../../ui/copy-button';
import { ImportProjectDialog } from '../project/import-project-dialog';
import { OpenProjectDialog } from '../project/open-project-dialog';
import { useRecordingFolder } from '../traffic/record-switch';
import { RecordingDialog } from '../traffic/recording-dialog';
import { BehaviourDialog } from './behaviour-dialog';
import { PortField } from './port-field';
import { storageLabel } from './storage-label';

import './server-bar.css';

/**
 * While the event stream is down the page hears of no change, and the studio process itself
 * may be gone with the mock API: the last state seen is no longer known to hold.
 */
function streamDown(stream: StreamState): boolean {
  return stream === 'reconnecting' || stream === 'closed';
}

/** Running, stopped, or unknown while the studio does not answer. */
function ServerState() {
  const server = useServerStore((s) => s.status);
  const running = useServerStore(serverSelectors.running);
  const unknown = streamDown(useProjectStore((s) => s.stream));
  // Issue 48: up but with no version of the project loaded, every route is a 404: not green.
  const empty = useProjectStore(projectSelectors.servingNothing);
  const [label, text, dot] = unknown
    ? ['Mock API state unknown: the studio is not answering', 'Unknown', 'warn']
    : !server
      ? ['Mock API state not read yet', 'Checking…', '']
      : running && empty
        ? [
            'Mock API running, serving nothing: the project does not load',
            'Serving nothing',
            'warn',
          ]
        : running
          ? ['Mock API running', 'Running', 'ok']
          : ['Mock API stopped', 'Stopped', 'err'];
  return (
    <span
      className="badge"
      role="status"
      aria-label={label}
      title={unknown ? 'Not known until the studio answers again' : undefined}
    >
      <span className={`dot ${dot}`} aria-hidden="true" />
      &nbsp;{text}
    </span>
  );
}

/**
 * Issue 46: a recording on (what the proxy forwards is recorded) or waiting to be written; the
 * waiting one opens its review.
 */
function RecordingState() {
  const recording = useServerStore((s) => s.status?.recording);
  const folder = useRecordingFolder();
  if (!recording || recording.state === 'off') return null;
  const count = `${recording.exchanges.toLocaleString('en')} ${recording.exchanges === 1 ? 'exchange' : 'exchanges'}`;
  if (recording.state === 'recording')
    return (
      <span
        className="badge"
        role="status"
        aria-label={`Recording what the proxy forwards to ${recording.target ?? 'its target'}`}
        title={`Recording what the proxy forwards to ${recording.target ?? 'its target'}: stop it in Traffic`}
      >
        <span className="dot err" aria-hidden="true" />
        &nbsp;Recording
      </span>
    );
  return (
    <button
      type="button"
      className="btn small behaviour-on"
      onClick={() => void useRecordingStore.getState().review(folder)}
      title={`A recording of ${count} waits to be written as a project`}
    >
      Recording: {count}
    </button>
  );
}

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
  const [importing, setImporting] = useState(false);
  const [behaving, setBehaving] = useState(false);
  // Stable: the dialog's effect depends on it (the bar re-renders on every server change).
  const closeBehaviour = useCallback(() => setBehaving(false), []);
  const rules = useBehaviourStore(behaviourSelectors.activeCount);
  const reviewing = useRecordingStore((s) => s.reviewing);
  const unknown = streamDown(stream);
  const storage = storageLabel(project?.storage);

  return (
    <header className="serverbar" aria-label="Server bar">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          D
        </span>
        <span className="sr-only">Decorest Studio</span>
      </div>
      <div className="project-name">
        {/* Beside the name, no wider than the path below it: the bar keeps to one line. */}
        <div className="project-title">
          <strong>{project?.name ?? 'No project'}</strong>
          {storage && (
            <span
              className="storage"
              role="note"
              aria-label={storage.name}
              title={storage.title ?? storage.name}
            >
              {storage.text}
            </span>
          )}
        </div>
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
      <ServerState />
      <RecordingState />
      {running && server?.url && !unknown ? (
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
        <span className="faint">{server && !unknown ? 'The mock API is not answering' : ''}</span>
      )}
      <PortField disabled={unknown} />
      {running ? (
        <button
          type="button"
          className="btn small"
          onClick={() => void stopServer()}
          disabled={busy || unknown}
        >
          Stop
        </button>
      ) : (
        <button
          type="button"
          className="btn small primary"
          onClick={() => void startServer()}
          disabled={busy || !server || unknown}
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
      {(serverError || server?.note) && (
        // A line of its own under the controls: the whole message and its × fit at any width
        // (an inline badge was cut to "…pick anot" at 1280 px).
        <div className="serverbar-notes">
          {serverError && (
            <span className="badge err" role="alert">
              <span>{serverError.detail}</span>
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
        </div>
      )}
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
      {opening && (
        <OpenProjectDialog
          onClose={() => setOpening(false)}
          onImport={() => {
            setOpening(false);
            setImporting(true);
          }}
        />
      )}
      {importing && <ImportProjectDialog onClose={() => setImporting(false)} />}
      {behaving && <BehaviourDialog onClose={closeBehaviour} />}
      {reviewing && <RecordingDialog />}
    </header>
  );
}
