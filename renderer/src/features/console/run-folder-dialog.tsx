/** Issue 30: "Run folder": the requests of a folder sent in order, each passed or failed, live. */
import { describeAssertion } from '../../api';
import { type RunItem, useFolderRunStore } from '../../stores/console/folder-run';
import { formatMs, StatusBadge } from '../../ui/badges';
import { Dialog } from '../../ui/dialog';

const STATE_WORDS: Record<RunItem['state'], string> = {
  waiting: 'not run',
  running: 'running…',
  passed: 'passed',
  failed: 'failed',
  sent: 'no tests',
};

function RunRow({ item }: { item: RunItem }) {
  const failing = item.results?.filter((r) => !r.pass) ?? [];
  return (
    <li className={`run-item ${item.state}`}>
      <div className="run-line">
        <span className={`badge run-state ${item.state}`}>{STATE_WORDS[item.state]}</span>
        <span className={`method ${item.method}`}>{item.method}</span>
        <span className="run-name">{item.name}</span>
        <span className="spacer" />
        {item.status !== undefined && <StatusBadge status={item.status} />}
        {item.timeMs !== undefined && <span className="faint">{formatMs(item.timeMs)}</span>}
      </div>
      {item.error && <p className="error-text run-detail">{item.error}</p>}
      {failing.length > 0 && (
        <ul className="run-detail">
          {failing.map((r, i) => (
            <li key={i}>
              <span className="mono">{describeAssertion(r.assertion)}</span>
              <span className="faint"> — got {r.actual}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function RunFolderDialog({ onRunAgain }: { onRunAgain(folder: string): void }) {
  const folder = useFolderRunStore((s) => s.folder);
  const items = useFolderRunStore((s) => s.items);
  const running = useFolderRunStore((s) => s.running);
  const { stop, dismiss } = useFolderRunStore.getState();
  if (folder === null) return null;
  const passed = items.filter((i) => i.state === 'passed').length;
  const failed = items.filter((i) => i.state === 'failed').length;
  const untested = items.filter((i) => i.state === 'sent').length;
  const summary = running
    ? `Running ${items.findIndex((i) => i.state === 'running') + 1} of ${items.length}…`
    : items.length === 0
      ? 'This folder has no requests.'
      : [
          `${passed} passed`,
          `${failed} failed`,
          ...(untested ? [`${untested} without tests`] : []),
        ].join(', ');
  return (
    <Dialog
      title={`Run folder ${folder || '(all requests)'}`}
      onClose={dismiss}
      size="wide"
      footer={
        <>
          {running ? (
            <button type="button" className="btn" onClick={stop}>
              Stop
            </button>
          ) : (
            <button type="button" className="btn" onClick={() => onRunAgain(folder)}>
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
        <p role="status" className={!running && failed ? 'badge err' : 'faint'}>
          {summary}
        </p>
        <ol className="run-list" aria-label="Run results">
          {items.map((item) => (
            <RunRow key={item.path} item={item} />
          ))}
        </ol>
      </div>
    </Dialog>
  );
}
