/** Traffic: every request the mock API answered, from any client, live. */
import { serverSelectors, useServerStore } from '../../stores/server/server-store';
import {
  type TrafficFilter,
  trafficSelectors,
  useTrafficStore,
} from '../../stores/traffic/traffic-store';
import { EmptyState } from '../../ui/empty-state';
import { RecordSwitch } from './record-switch';
import { TrafficDetail } from './traffic-detail';
import { TrafficList } from './traffic-list';

import './traffic.css';

export function TrafficView() {
  const visible = useTrafficStore(trafficSelectors.visible);
  const total = useTrafficStore((s) => s.exchanges.length);
  const selected = useTrafficStore(trafficSelectors.selected);
  const selectedSeq = useTrafficStore((s) => s.selectedSeq);
  const paused = useTrafficStore((s) => s.paused);
  const missed = useTrafficStore((s) => s.missed);
  const dropped = useTrafficStore((s) => s.dropped);
  const resyncs = useTrafficStore((s) => s.resyncs);
  const filter = useTrafficStore((s) => s.filter);
  const { setFilter, setPaused, clearTraffic, selectExchange } = useTrafficStore.getState();
  const base = useServerStore(serverSelectors.url);
  return (
    <>
      <div className="toolbar" role="search" aria-label="Traffic filters">
        <label className="sr-only" htmlFor="traffic-text">
          Filter by path
        </label>
        <input
          id="traffic-text"
          type="search"
          className="input traffic-filter"
          placeholder="Filter by path…"
          value={filter.text}
          onChange={(e) => setFilter({ text: e.target.value })}
        />
        <label className="sr-only" htmlFor="traffic-method">
          Method filter
        </label>
        <select
          id="traffic-method"
          className="select"
          value={filter.method}
          onChange={(e) => setFilter({ method: e.target.value })}
        >
          <option value="">All methods</option>
          {['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
        <label className="sr-only" htmlFor="traffic-status">
          Status filter
        </label>
        <select
          id="traffic-status"
          className="select"
          value={filter.status}
          onChange={(e) => setFilter({ status: e.target.value })}
        >
          <option value="">All statuses</option>
          <option value="2xx">2xx success</option>
          <option value="3xx">3xx redirect</option>
          <option value="4xx">4xx client error</option>
          <option value="5xx">5xx server error</option>
        </select>
        <label className="sr-only" htmlFor="traffic-tag">
          Answered by
        </label>
        <select
          id="traffic-tag"
          className="select"
          value={filter.tag}
          onChange={(e) => setFilter({ tag: e.target.value as TrafficFilter['tag'] })}
        >
          <option value="">All answers</option>
          <option value="mocked">Mocked</option>
          <option value="simulated">Simulated</option>
          <option value="proxied">Proxied</option>
          <option value="outgoing">Outgoing</option>
        </select>
        <span className="faint" role="status">
          {visible.length === total
            ? `${total} ${total === 1 ? 'exchange' : 'exchanges'}`
            : `${visible.length} of ${total} exchanges`}
          {paused && missed > 0 ? ` · ${missed} held until Resume` : ''}
        </span>
        {dropped > 0 && (
          <span
            className="faint"
            title={
              resyncs > 0
                ? 'This window stopped reading the log for a while (a busy or hidden tab), so the studio sent it the newest exchanges it holds instead of all it missed. Every request was still answered.'
                : 'The studio sends its windows about 20 MB of exchanges a second, shared among them; the mock API answered more, so the log shows the newest. Every request was still answered.'
            }
          >
            {dropped.toLocaleString('en')} skipped:{' '}
            {resyncs > 0 ? 'this window fell behind' : 'answered faster than the log can follow'}
          </span>
        )}
        <span className="spacer" />
        <RecordSwitch />
        <button
          type="button"
          className="btn small"
          aria-pressed={paused}
          onClick={() => setPaused(!paused)}
        >
          {paused ? 'Resume' : 'Pause'}
        </button>
        <button type="button" className="btn small" onClick={clearTraffic} disabled={total === 0}>
          Clear
        </button>
      </div>
      {total === 0 ? (
        <EmptyState title={paused ? 'Paused' : 'No traffic yet'}>
          {base ? (
            <>
              Every request the mock API answers shows up here, from the console, your frontend or{' '}
              <code>curl {base}/todos</code>.
            </>
          ) : (
            'Start the mock API from the server bar; the requests it answers show up here.'
          )}
        </EmptyState>
      ) : (
        <div className={selected ? 'split traffic-split with-detail' : 'split traffic-split'}>
          <div className="pane column-pane">
            {visible.length === 0 ? (
              <EmptyState title="No exchange matches the filters" />
            ) : (
              <TrafficList exchanges={visible} selected={selectedSeq} onSelect={selectExchange} />
            )}
          </div>
          {selected && <TrafficDetail exchange={selected} />}
        </div>
      )}
    </>
  );
}
