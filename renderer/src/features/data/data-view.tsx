/** Data: pick a model, browse and edit its records (a lazily loaded chunk with the grid). */
import { useEffect, useState } from 'react';

import type { JsonRecord } from '../../api';
import { dataSelectors, useDataStore } from '../../stores/data/data-store';
import { recordCountsSelectors, useRecordCounts } from '../../stores/data/record-counts-store';
import { useModelsStore } from '../../stores/models/models-store';
import { EmptyState, Loading } from '../../ui/empty-state';
import { AddRecordDialog } from './add-record-dialog';
import { RecordsGrid } from './data-grid';
import { DataToolbar } from './data-toolbar';
import { DeleteRecordDialog } from './delete-record-dialog';
import { ProblemPanel } from './problem-panel';
import { SeedActions } from './seed-actions';

import './data.css';

export default function DataView() {
  const models = useModelsStore((s) => s.models);
  const loaded = useModelsStore((s) => s.loaded);
  const current = useDataStore((s) => s.model);
  const status = useDataStore((s) => s.status);
  const error = useDataStore((s) => s.error);
  const total = useDataStore((s) => s.total);
  const filter = useDataStore((s) => s.filter);
  const selectModel = useDataStore((s) => s.selectModel);
  const [selected, setSelected] = useState<JsonRecord | null>(null);
  // The selected row as loaded now: null once it was deleted or filtered out, so no action
  // offers a record that is not there.
  const active = useDataStore(dataSelectors.loadedRecord(selected?.id));
  const [adding, setAdding] = useState(false);
  // The record a delete dialog asks about, and whether the grid's Delete key asked (its row then
  // gives the focus on to the row in its place; the toolbar's button keeps it).
  const [deleting, setDeleting] = useState<{ record: JsonRecord; fromGrid: boolean } | null>(null);
  const model = models.find((m) => m.name === current) ?? null;
  const counts = useRecordCounts(recordCountsSelectors.counts);

  useEffect(() => {
    // First visit, or the chosen model disappeared in a reload: show the first one.
    if (loaded && models.length > 0 && !models.some((m) => m.name === current))
      void selectModel(models[0]!.name);
  }, [loaded, models, current, selectModel]);
  useEffect(() => setSelected(null), [current]);
  // Read again with every new list of models (a reload, or events lost while away).
  useEffect(() => {
    if (loaded) void useRecordCounts.getState().loadCounts(models.map((m) => m.name));
  }, [loaded, models]);

  if (!loaded) return <Loading what="models" />;
  if (models.length === 0)
    return (
      <EmptyState title="No models to show">
        Records appear here once the project has a @Rest model.
      </EmptyState>
    );

  return (
    <div className="split data-split">
      <div className="pane sidebar data-sidebar">
        <nav aria-label="Data models">
          <ul className="nav-list">
            <li className="nav-heading" aria-hidden="true">
              Models
            </li>
            {models.map((m) => (
              <li key={m.name}>
                <button
                  type="button"
                  className="nav-item"
                  aria-current={m.name === current ? 'page' : undefined}
                  onClick={() => void selectModel(m.name)}
                >
                  <span className="nav-name">{m.name}</span>
                  {!m.writable && (
                    <span className="badge warn" title={m.readOnlyReason}>
                      read-only
                    </span>
                  )}
                  {counts[m.name] !== undefined && (
                    <span className="nav-count">
                      {counts[m.name]!.toLocaleString('en')}
                      <span className="sr-only">
                        {' '}
                        {counts[m.name] === 1 ? 'record' : 'records'}
                      </span>
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {model && (
          // The whole dataset's actions (all models' seed files), beside the list of models.
          <section className="dataset-actions" aria-labelledby="dataset-heading">
            <h2 className="nav-heading" id="dataset-heading">
              Dataset
            </h2>
            <SeedActions model={model} />
          </section>
        )}
      </div>
      <section
        className="pane column-pane"
        aria-label={model ? `Records of ${model.name}` : 'Records'}
      >
        {model && (
          <>
            <DataToolbar
              model={model}
              active={active}
              onAdd={() => setAdding(true)}
              onDelete={() => active && setDeleting({ record: active, fromGrid: false })}
            />
            {!model.writable && (
              <div className="banner warn" role="note">
                <p>
                  <strong>Read-only.</strong>{' '}
                  {model.readOnlyReason ??
                    `Served by the named datasource “${model.dataSource ?? ''}”.`}{' '}
                  Its records are shown as the datasource returns them; edit them in its code.
                </p>
              </div>
            )}
            <ProblemPanel />
            {status === 'error' && error ? (
              <EmptyState title="The records could not be read">{error.detail}</EmptyState>
            ) : status === 'loading' && total === 0 ? (
              <Loading what={`${model.name} records`} />
            ) : total === 0 ? (
              <EmptyState
                title={filter ? 'No record matches the filter' : `No ${model.name} records yet`}
                action={
                  model.writable && !filter ? (
                    <button type="button" className="btn primary" onClick={() => setAdding(true)}>
                      Add a record
                    </button>
                  ) : undefined
                }
              >
                {filter
                  ? 'Clear the filter to see every record.'
                  : model.writable
                    ? `Add one here, import a JSON file, or POST to /${model.path}.`
                    : 'The datasource returned no records.'}
              </EmptyState>
            ) : (
              <RecordsGrid
                key={model.name}
                model={model}
                onActiveRow={setSelected}
                onDeleteRow={
                  model.writable ? (record) => setDeleting({ record, fromGrid: true }) : undefined
                }
              />
            )}
            <footer className="statusbar">
              {model.writable
                ? 'Double-click a cell to edit: Enter saves, Escape cancels. Tab leaves the grid. Delete removes the selected record. Ctrl+Enter on a relation opens its record. Click a header to sort.'
                : 'Read-only. Tab leaves the grid. Ctrl+Enter on a relation opens its record. Click a header to sort.'}
            </footer>
            {adding && <AddRecordDialog model={model} onClose={() => setAdding(false)} />}
            {deleting && (
              <DeleteRecordDialog
                model={model}
                record={deleting.record}
                refocusGrid={deleting.fromGrid}
                onClose={() => setDeleting(null)}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
