/**
 * The studio's frame: server bar, load-error banner, the five views as tabs (Ctrl/Cmd+1…5),
 * and the list of keyboard shortcuts (`?`).
 */
import { lazy, Suspense, useEffect, useState } from 'react';

import { ConsoleView } from './features/console/console-view';
import { EndpointsView } from './features/endpoints/endpoints-view';
import { ModelsView } from './features/models/models-view';
import { ConnectionBanner } from './features/project/connection-banner';
import { LoadErrorBanner } from './features/project/load-error-banner';
import { ServerBar } from './features/server-bar/server-bar';
import { ShortcutsDialog } from './features/shortcuts/shortcuts-dialog';
import { useViewShortcuts } from './features/shortcuts/view-shortcuts';
import { TrafficView } from './features/traffic/traffic-view';
import { useModelsStore } from './stores/models/models-store';
import { useTrafficStore } from './stores/traffic/traffic-store';
import { uiSelectors, useUiStore, type ViewName, VIEWS } from './stores/ui/ui-store';
import { Loading } from './ui/empty-state';

import './app.css';

const DataView = lazy(() => import('./features/data/data-view'));

function Tabs() {
  const view = useUiStore(uiSelectors.view);
  const showView = useUiStore((s) => s.showView);
  const models = useModelsStore((s) => s.models.length);
  const routes = useModelsStore((s) => s.routes.length);
  const traffic = useTrafficStore((s) => s.exchanges.length);
  const counts: Partial<Record<ViewName, number>> = {
    Models: models,
    Endpoints: routes,
    Traffic: traffic,
  };
  const move = (delta: number) => {
    const next = VIEWS[(VIEWS.indexOf(view) + delta + VIEWS.length) % VIEWS.length]!;
    showView(next);
    document.getElementById(`tab-${next}`)?.focus();
  };
  return (
    <div
      className="tabs"
      role="tablist"
      aria-label="Views"
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') move(1);
        else if (e.key === 'ArrowLeft') move(-1);
      }}
    >
      {VIEWS.map((name) => (
        <button
          key={name}
          id={`tab-${name}`}
          type="button"
          role="tab"
          className="tab"
          aria-selected={view === name}
          aria-controls={`panel-${name}`}
          tabIndex={view === name ? 0 : -1}
          aria-keyshortcuts={`Control+${VIEWS.indexOf(name) + 1} Meta+${VIEWS.indexOf(name) + 1}`}
          onClick={() => showView(name)}
        >
          {name}
          {counts[name] ? (
            <span className="count" aria-hidden="true">
              {counts[name]}
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}

function ActiveView({ view }: { view: ViewName }) {
  switch (view) {
    case 'Models':
      return <ModelsView />;
    case 'Endpoints':
      return <EndpointsView />;
    case 'Data':
      return (
        <Suspense fallback={<Loading what="the data grid" />}>
          <DataView />
        </Suspense>
      );
    case 'Console':
      return <ConsoleView />;
    case 'Traffic':
      return <TrafficView />;
  }
}

export function App() {
  const view = useUiStore(uiSelectors.view);
  const [helping, setHelping] = useState(false);
  useViewShortcuts(() => setHelping(true));
  useEffect(() => {
    document.title = `${view} · Decorest Studio`;
  }, [view]);
  return (
    <div className="app">
      <ServerBar />
      <div className="tabs-row">
        <Tabs />
        <button
          type="button"
          className="btn ghost small shortcuts-button"
          aria-haspopup="dialog"
          aria-keyshortcuts="?"
          title="Keyboard shortcuts (?)"
          onClick={() => setHelping(true)}
        >
          Shortcuts <kbd className="kbd">?</kbd>
        </button>
      </div>
      <main className="view" id={`panel-${view}`} role="tabpanel" aria-labelledby={`tab-${view}`}>
        <ConnectionBanner />
        <LoadErrorBanner />
        <ActiveView view={view} />
      </main>
      {helping && <ShortcutsDialog onClose={() => setHelping(false)} />}
    </div>
  );
}
