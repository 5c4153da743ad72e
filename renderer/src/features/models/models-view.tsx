/** Models: a list on the left, one model's schema or the diagram of all of them on the right. */
import { lazy, Suspense, useState } from 'react';

import { useModelsStore } from '../../stores/models/models-store';
import { projectSelectors, useProjectStore } from '../../stores/project/project-store';
import { EmptyState, Loading } from '../../ui/empty-state';
import { ImportProjectDialog } from '../project/import-project-dialog';
import { ModelDetail } from './model-detail';
import { NewModelDialog } from './new-model-dialog';

import './models.css';

const ModelDiagram = lazy(() => import('./model-diagram'));
const DIAGRAM = '\u0000diagram';

export function ModelsView() {
  const models = useModelsStore((s) => s.models);
  const loaded = useModelsStore((s) => s.loaded);
  const error = useModelsStore((s) => s.error);
  const servingNothing = useProjectStore(projectSelectors.servingNothing);
  const [selected, setSelected] = useState<string>(DIAGRAM);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const newModel = creating && (
    <NewModelDialog onClose={() => setCreating(false)} onCreated={(name) => setSelected(name)} />
  );
  const newButton = (
    <button type="button" className="btn small primary" onClick={() => setCreating(true)}>
      New model
    </button>
  );
  if (!loaded) {
    if (error) return <EmptyState title="The models could not be read">{error.detail}</EmptyState>;
    return <Loading what="models" />;
  }
  if (models.length === 0 && servingNothing) {
    // The models are in the project's files; it just does not load now (the banner says why).
    return (
      <EmptyState title="The project does not load">
        Its models show here once it loads: the banner above says what stops it.
      </EmptyState>
    );
  }
  if (models.length === 0) {
    return (
      <>
        <EmptyState
          title="No models yet"
          action={
            <div className="start-actions">
              {newButton}
              <button type="button" className="btn small" onClick={() => setImporting(true)}>
                New project from a file…
              </button>
            </div>
          }
        >
          Add a class with <code>@Rest</code> and <code>@FromDataSource</code> to a .ts file of the
          project; it shows up here when you save. Or create a model here, or start a new project
          from a json-server <code>db.json</code>, an OpenAPI document, a Mockoon environment or a
          HAR recording.
        </EmptyState>
        {newModel}
        {importing && <ImportProjectDialog onClose={() => setImporting(false)} />}
      </>
    );
  }
  const model = models.find((m) => m.name === selected) ?? null;
  return (
    <div className="split models-split">
      <nav className="pane sidebar" aria-label="Models">
        <div className="sidebar-actions">{newButton}</div>
        <ul className="nav-list">
          <li>
            <button
              type="button"
              className="nav-item"
              aria-current={selected === DIAGRAM ? 'page' : undefined}
              onClick={() => setSelected(DIAGRAM)}
            >
              Diagram <span className="faint">all {models.length}</span>
            </button>
          </li>
          <li className="nav-heading" aria-hidden="true">
            Models
          </li>
          {models.map((m) => (
            <li key={m.name}>
              <button
                type="button"
                className="nav-item"
                aria-current={selected === m.name ? 'page' : undefined}
                onClick={() => setSelected(m.name)}
              >
                <span className="nav-name">{m.name}</span>
                <span className="faint mono">/{m.path}</span>
                {m.dataSource !== null && (
                  <span className="faint nav-note">
                    “{m.dataSource}” datasource{m.writable ? '' : ' · read-only'}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section
        className="pane"
        aria-label={model ? `Model ${model.name}` : 'Diagram of the models'}
      >
        {model ? (
          <ModelDetail model={model} />
        ) : (
          <Suspense fallback={<Loading what="the diagram" />}>
            <ModelDiagram models={models} onOpen={setSelected} />
          </Suspense>
        )}
      </section>
      {newModel}
    </div>
  );
}
