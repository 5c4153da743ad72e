/**
 * Traffic's Record switch (issue 46): shown while the mock API has a proxy target (or a
 * recording is on or waits). On, what the proxy forwards is recorded; off, the recording's
 * review opens with the import preview of the project it would make.
 */
import { besideProject } from '../../stores/import/import-store';
import { useProjectStore } from '../../stores/project/project-store';
import { useRecordingStore } from '../../stores/recording/recording-store';
import { useServerStore } from '../../stores/server/server-store';

/** The folder a recording's project is offered: beside the open project. */
export function useRecordingFolder(): string {
  const root = useProjectStore((s) => s.status?.root);
  return besideProject(root, 'recorded');
}

export function RecordSwitch() {
  const proxy = useServerStore((s) => s.status?.behaviour?.proxy);
  const recording = useServerStore((s) => s.status?.recording);
  const busy = useRecordingStore((s) => s.busy);
  const folder = useRecordingFolder();
  const { start, stop, review } = useRecordingStore.getState();
  const state = recording?.state ?? 'off';
  if (proxy === undefined && state === 'off') return null;
  const on = state === 'recording';
  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        className={`btn small record-switch${on ? ' on' : ''}`}
        disabled={busy || (!on && proxy === undefined)}
        title={
          on
            ? 'Stop recording and review the project it makes'
            : `Record what the proxy forwards to ${proxy ?? 'its target'}`
        }
        onClick={() => void (on ? stop(folder) : start())}
      >
        <span className={`dot${on ? ' err' : ''}`} aria-hidden="true" /> Record
      </button>
      {state === 'stopped' && (
        <button type="button" className="btn small" onClick={() => void review(folder)}>
          Review recording…
        </button>
      )}
    </>
  );
}
