/**
 * Issue 30: "Run folder": the requests of a folder sent in order, each passed or failed, live.
 * Issue 47: "Run collection" shows the same list for the whole tree; both show the command line
 * that runs the same in CI, to copy.
 */
import { useMemo } from 'react';

import { useCollectionStore } from '../../stores/collection/collection-store';
import { ciCommand, ciSecretVariables } from '../../stores/console/ci-command';
import {
  requestsOfFolder,
  type RunItem,
  type RunTarget,
  useFolderRunStore,
} from '../../stores/console/folder-run';
import { formatMs, StatusBadge } from '../../ui/badges';
import { CopyButton } from '../../ui/copy-button';
import { Dialog } from '../../ui/dialog';
import { RunAnswerView } from './run-answer';
import { TestLines } from './test-results';

const STATE_WORDS: Record<RunItem['state'], string> = {
  waiting: 'not run',
  running: 'running…',
  passed: 'passed',
  failed: 'failed',
  sent: 'no tests',
};

function RunRow({ item }: { item: RunItem }) {
  return (
    <li className={`run-item ${item.state}`}>
      <div className="run-line">
        <span className={`badge run-state ${item.state}`}>{STATE_WORDS[item.state]}</span>
        {item.method && <span className={`method ${item.method}`}>{item.method}</span>}
        <span className={item.unreadable ? 'run-name mono' : 'run-name'}>{item.name}</span>
        <span className="spacer" />
        {item.status !== undefined && <StatusBadge status={item.status} />}
        {item.timeMs !== undefined && <span className="faint">{formatMs(item.timeMs)}</span>}
      </div>
      {item.error && <p className="error-text run-detail">{item.error}</p>}
      {((item.results?.length ?? 0) > 0 || (item.captures?.length ?? 0) > 0) && (
        <div className="run-detail">
          <TestLines
            results={item.results ?? []}
            captures={item.captures ?? []}
            label={`Tests of ${item.name}`}
          />
        </div>
      )}
      {item.answer && <RunAnswerView name={item.name} answer={item.answer} />}
    </li>
  );
}

/** `Running 2 of 5…` while it runs; the count of each outcome after. */
function summaryOf(items: readonly RunItem[], running: boolean, whole: boolean): string {
  const sendable = items.filter((i) => !i.unreadable);
  if (running) {
    const at = sendable.findIndex((i) => i.state === 'running') + 1;
    return `Running ${Math.max(at, 1)} of ${sendable.length}…`;
  }
  if (items.length === 0)
    return whole ? 'The collection has no saved requests.' : 'This folder has no requests.';
  const count = (state: RunItem['state']) => items.filter((i) => i.state === state).length;
  const untested = count('sent');
  const notRun = count('waiting');
  return [
    `${count('passed')} passed`,
    `${count('failed')} failed`,
    ...(untested ? [`${untested} without tests`] : []),
    ...(notRun ? [`stopped: ${notRun} not run`] : []),
  ].join(', ');
}

/** The command that runs the same in CI (CONTRACT §7), to copy. */
function CiCommand({ target }: { target: RunTarget }) {
  const collection = useCollectionStore((s) => s.collection);
  const environment = useCollectionStore((s) => s.environment);
  const { command, secrets } = useMemo(() => {
    const env = collection?.environments.find((e) => e.environment.name === environment);
    return {
      command: ciCommand({
        folder: target.folder,
        environment: env ? environment : '',
        requests: requestsOfFolder(collection?.requests ?? [], target.folder),
        environmentBaseUrl:
          env?.environment.variables.some((v) => v.name === 'baseUrl' && v.enabled !== false) ??
          false,
      }),
      secrets: ciSecretVariables(env?.environment),
    };
  }, [collection, environment, target.folder]);
  return (
    <section className="run-ci" aria-label="Run it in CI">
      <div className="run-ci-line">
        <span className="faint">In CI, from the project folder:</span>
        <span className="spacer" />
        <CopyButton text={command} label="Copy the CI command" />
      </div>
      <code className="run-ci-command mono">{command}</code>
      {secrets.length > 0 && (
        <p className="faint run-detail">
          Its secrets are not in the project: set{' '}
          {secrets.map((name, i) => (
            <span key={name}>
              {i > 0 && ', '}
              <code>{name}</code>
            </span>
          ))}{' '}
          in the CI job.
        </p>
      )}
    </section>
  );
}

export function RunFolderDialog({ onRunAgain }: { onRunAgain(target: RunTarget): void }) {
  const target = useFolderRunStore((s) => s.target);
  const items = useFolderRunStore((s) => s.items);
  const running = useFolderRunStore((s) => s.running);
  const { stop, dismiss } = useFolderRunStore.getState();
  if (target === null) return null;
  const whole = target.whole === true;
  const sendable = items.filter((i) => !i.unreadable).length;
  const finished = items.filter(
    (i) => !i.unreadable && i.state !== 'waiting' && i.state !== 'running',
  ).length;
  const failed = items.some((i) => i.state === 'failed');
  return (
    <Dialog
      title={whole ? 'Run collection' : `Run folder ${target.folder || '(all requests)'}`}
      onClose={dismiss}
      size="wide"
      footer={
        <>
          {running ? (
            <button type="button" className="btn" onClick={stop}>
              Stop
            </button>
          ) : (
            <button type="button" className="btn" onClick={() => onRunAgain(target)}>
              Run again
            </button>
          )}
          <button type="button" className="btn primary" onClick={dismiss}>
            Done
          </button>
        </>
      }
    >
      <div className="body">
        <div className="run-progress">
          <p role="status" className={!running && failed ? 'badge err' : 'faint'}>
            {summaryOf(items, running, whole)}
          </p>
          {running && sendable > 0 && (
            <progress max={sendable} value={finished} aria-label="Requests run" />
          )}
        </div>
        <ol className="run-list" aria-label="Run results">
          {items.map((item) => (
            <RunRow key={item.path} item={item} />
          ))}
        </ol>
        {items.length > 0 && <CiCommand target={target} />}
      </div>
    </Dialog>
  );
}
