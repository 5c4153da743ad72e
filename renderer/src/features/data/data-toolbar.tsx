/** Filter, count and the record actions: add, delete, import and export JSON, refresh. */
import { useEffect, useRef, useState } from 'react';

import type { JsonRecord, ModelInfo } from '../../api';
import { filterFields, unknownFilterNames } from '../../stores/data/data-query';
import { useDataStore } from '../../stores/data/data-store';
import { recordCountsSelectors, useRecordCounts } from '../../stores/data/record-counts-store';
import { problemOf } from '../../stores/problem/problem-of';

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `197 records`; filtered, out of the model's count: `12 of 197 records`. */
function countText(shown: number, of: number | undefined): string {
  const noun = (of ?? shown) === 1 ? 'record' : 'records';
  return of === undefined
    ? `${shown.toLocaleString('en')} ${noun}`
    : `${shown.toLocaleString('en')} of ${of.toLocaleString('en')} ${noun}`;
}

export function DataToolbar({
  model,
  active,
  onAdd,
  onDelete,
}: {
  model: ModelInfo;
  active: JsonRecord | null;
  onAdd(): void;
  onDelete(): void;
}) {
  const total = useDataStore((s) => s.total);
  const status = useDataStore((s) => s.status);
  const applied = useDataStore((s) => s.filter);
  const cameFrom = useDataStore((s) => s.cameFrom);
  const all = useRecordCounts(recordCountsSelectors.countOf(model.name));
  const { setFilter, importRecords, exportRecords, refreshRows, goBack, reportProblem } =
    useDataStore.getState();
  const [filter, setFilterText] = useState(applied);
  const fileInput = useRef<HTMLInputElement>(null);
  const unknown = unknownFilterNames(applied, filterFields(model));
  useEffect(() => setFilterText(applied), [applied, model.name]);
  useEffect(() => {
    if (filter === applied) return;
    const t = setTimeout(() => void setFilter(filter), 350);
    return () => clearTimeout(t);
  }, [filter, applied, setFilter]);

  const onFile = async (file: File) => {
    let rows: unknown;
    try {
      rows = JSON.parse(await file.text());
    } catch (error) {
      reportProblem({ ...problemOf(error), title: `${file.name} is not JSON` });
      return;
    }
    if (!Array.isArray(rows)) {
      reportProblem({
        ...problemOf(new Error('The file must hold a JSON array of records.')),
        title: `${file.name} cannot be imported`,
      });
      return;
    }
    await importRecords(rows);
  };

  return (
    <div className="toolbar data-toolbar" role="toolbar" aria-label={`${model.name} records`}>
      {/* Two blocks that wrap as wholes: the filter narrows before the actions leave the line.
          The dataset actions (seed, generate) are in the model list: they made two lines. */}
      <div className="toolbar-lead">
        {cameFrom && (
          <button
            type="button"
            className="btn small"
            aria-label={`Back to ${cameFrom.model}`}
            title={`Back to ${cameFrom.model}${cameFrom.filter ? ` (${cameFrom.filter})` : ''}`}
            onClick={() => void goBack()}
          >
            ← {cameFrom.model}
          </button>
        )}
        <h2>{model.name}</h2>
        <span className="faint" role="status" aria-live="polite">
          {status === 'loading' ? (
            <span className="spinner" aria-label="Loading" />
          ) : (
            countText(total, applied.trim() === '' ? undefined : all)
          )}
        </span>
        <label className="sr-only" htmlFor="data-filter">
          Filter records
        </label>
        <input
          id="data-filter"
          type="search"
          className="input data-filter"
          placeholder="Search, or field=value"
          title="Text searches every string field; field=value filters (completed=true, user=1, content_like=milk)"
          value={filter}
          onChange={(e) => setFilterText(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && void setFilter(filter)}
          aria-describedby={unknown.length > 0 ? 'data-filter-unknown' : undefined}
          aria-invalid={unknown.length > 0 || undefined}
        />
        {unknown.length > 0 && (
          <span id="data-filter-unknown" className="badge warn">
            {unknown.join(', ')}: not a field of {model.name}, ignored
          </span>
        )}
      </div>
      <div className="toolbar-actions">
        <button
          type="button"
          className="btn small"
          onClick={() => void refreshRows()}
          title="Read the visible records again"
        >
          Refresh
        </button>
        {model.writable && (
          <>
            <button type="button" className="btn small primary" onClick={onAdd}>
              Add record
            </button>
            <button
              type="button"
              className="btn small danger"
              disabled={!active}
              onClick={onDelete}
              title={active ? 'Delete the selected record (Delete key)' : 'Select a row first'}
            >
              {active ? `Delete record ${String(active.id)}…` : 'Delete record'}
            </button>
            <button type="button" className="btn small" onClick={() => fileInput.current?.click()}>
              Import JSON…
            </button>
            <input
              ref={fileInput}
              type="file"
              accept="application/json,.json"
              hidden
              aria-label="Import JSON file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void onFile(file);
              }}
            />
          </>
        )}
        <button
          type="button"
          className="btn small"
          onClick={() =>
            void exportRecords().then(
              (records) =>
                records && download(`${model.path}.json`, `${JSON.stringify(records, null, 2)}\n`),
            )
          }
        >
          Export JSON
        </button>
      </div>
    </div>
  );
}
