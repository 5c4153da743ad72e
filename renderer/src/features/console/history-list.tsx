/** Requests sent from the console, kept across restarts; click to load, Run to send again. */
import type { HistoryEntry } from '../../stores/console/console-history';
import { useConsoleStore } from '../../stores/console/console-store';
import { inAFreeTab } from '../../stores/console/open-in-tab';
import { serverSelectors, useServerStore } from '../../stores/server/server-store';
import { MethodBadge, StatusBadge } from '../../ui/badges';
import { historyDays } from './history-days';

export function HistoryList() {
  const history = useConsoleStore((s) => s.history);
  const { loadRequest, loadSavedRequest, clearHistory } = useConsoleStore.getState();
  // Entries since issue 30 hold the whole request (a form, a file, auth, tests).
  const load = (entry: HistoryEntry) =>
    inAFreeTab(() => (entry.request ? loadSavedRequest(entry.request) : loadRequest(entry)));
  const rerun = (i: number) => {
    const entry = history[i]!;
    load(entry);
    void useConsoleStore.getState().sendRequest(serverSelectors.url(useServerStore.getState()));
  };
  return (
    <section className="history-section" aria-label="History">
      <div className="section-head history-head">
        {/* The tab above names it; the heading stays for screen readers. */}
        <h3 className="section-title sr-only">History</h3>
        <span className="spacer" />
        {history.length > 0 && (
          <button type="button" className="btn small ghost" onClick={clearHistory}>
            Clear
          </button>
        )}
      </div>
      {history.length === 0 ? (
        <p className="faint history-empty">
          Requests you send appear here and stay after a restart.
        </p>
      ) : (
        historyDays(history, Date.now()).map((day) => (
          <div key={day.key} className="history-day">
            <h4 className="history-day-title" id={`history-day-${day.key}`}>
              {day.label}
            </h4>
            <ul className="nav-list" aria-labelledby={`history-day-${day.key}`}>
              {day.entries.map(({ entry: h, index: i }) => (
                <li key={h.id} className="history-row">
                  <button
                    type="button"
                    className="history-item"
                    onClick={() => load(h)}
                    title={`${h.method} ${h.url} · ${new Date(h.at).toLocaleString()}`}
                  >
                    <MethodBadge method={h.method} />
                    <span className="mono">{h.url}</span>
                    {h.status !== null ? (
                      <StatusBadge status={h.status} />
                    ) : (
                      <span className="faint">—</span>
                    )}
                  </button>
                  <button
                    type="button"
                    className="btn small ghost"
                    aria-label={`Run again ${h.method} ${h.url}`}
                    title="Send again"
                    onClick={() => rerun(i)}
                  >
                    Run
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
