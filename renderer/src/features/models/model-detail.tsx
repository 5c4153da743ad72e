/** One model's schema: fields with type, required, rules and default; relations; endpoints. */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';

import type { ModelInfo, RouteInfo } from '../../api';
import { useModelsStore } from '../../stores/models/models-store';
import { useUiStore } from '../../stores/ui/ui-store';
import { MethodBadge, Requirement } from '../../ui/badges';
import { type RowsColumn, RowsTable } from '../../ui/rows-table';
import { RuleChips } from '../../ui/rule-chips';
import { openRoute } from '../endpoints/open-route';
import { type FieldAction, FieldActionDialog } from './field-dialogs';
import { OpenModelDialog } from './open-model-dialog';
import { SourceSection } from './source-section';

export function ModelDetail({ model }: { model: ModelInfo }) {
  // Its generated routes, plus manual ones mapped on its path (they win over generated ones).
  const base = `/${model.path}`;
  const routes = useModelsStore(
    useShallow((s) =>
      s.routes.filter(
        (r) =>
          r.model === model.name ||
          (r.kind === 'manual' && (r.path === base || r.path.startsWith(`${base}/`))),
      ),
    ),
  );
  const showView = useUiStore((s) => s.showView);
  const [action, setAction] = useState<FieldAction | null>(null);
  const [openDialog, setOpenDialog] = useState(false);
  const relationFields = new Set(model.relations.map((r) => r.field));
  const file = model.file.split(/[\\/]/).slice(-2).join('/');
  return (
    <article className="model-detail">
      <div className="model-head">
        <h2>{model.name}</h2>
        <code className="faint">/{model.path}</code>
        <StorageBadge model={model} />
        <span className="spacer" />
        {model.dataSource === null && (
          <button type="button" className="btn small" onClick={() => setOpenDialog(true)}>
            {model.open ? 'Close model…' : 'Keep undeclared fields…'}
          </button>
        )}
        {model.writable && (
          <button type="button" className="btn small" onClick={() => showView('Data')}>
            Browse records
          </button>
        )}
      </div>
      <dl className="facts">
        <dt>Source</dt>
        <dd>
          <code title={model.file}>
            {file}:{model.line}
          </code>
        </dd>
        <dt>Id</dt>
        <dd>
          {model.idKind === 'number' ? 'number, assigned 1, 2, 3 …' : 'string, random unique'}
        </dd>
        {model.open && (
          <>
            <dt>Fields</dt>
            <dd>
              <span className="badge" title="@Rest({ open: true })">
                open
              </span>{' '}
              records keep fields {model.name} does not declare; remove <code>open: true</code> to
              refuse them
            </dd>
          </>
        )}
        {model.parent && (
          <>
            <dt>Extends</dt>
            <dd>
              <code>{model.parent}</code>
            </dd>
          </>
        )}
        {model.datafile && (
          <>
            <dt>Datafile</dt>
            <dd>
              <code>{model.datafile}</code>
            </dd>
          </>
        )}
        {model.database && (
          <>
            <dt>Database</dt>
            <dd>
              <code>{model.database}</code> (table <code>{model.path}</code>)
            </dd>
          </>
        )}
        {!model.writable && model.readOnlyReason && (
          <>
            <dt>Writes</dt>
            <dd>{model.readOnlyReason}</dd>
          </>
        )}
      </dl>
      <section aria-label={`Fields of ${model.name}`}>
        <div className="section-head">
          <h3 className="section-title">Fields ({model.fields.length})</h3>
          <span className="spacer" />
          <button type="button" className="btn small" onClick={() => setAction({ kind: 'add' })}>
            Add field
          </button>
          <button type="button" className="btn small" onClick={() => setAction({ kind: 'link' })}>
            Link models
          </button>
        </div>
        <div className="card">
          <RowsTable
            columns={fieldColumns(model, relationFields, setAction)}
            rows={model.fields}
            rowKey={(f) => f.name}
          />
        </div>
      </section>
      <section aria-label={`Relations of ${model.name}`}>
        <h3 className="section-title">Relations ({model.relations.length})</h3>
        {model.relations.length === 0 ? (
          <p className="faint m-0">
            No relations. <code>@BelongTo</code> and <code>@HasMany</code> fields link models.
          </p>
        ) : (
          <div className="card">
            <RowsTable columns={RELATION_COLUMNS} rows={model.relations} rowKey={(r) => r.field} />
          </div>
        )}
      </section>
      <section aria-label={`Endpoints of ${model.name}`}>
        <h3 className="section-title">Endpoints ({routes.length})</h3>
        <div className="card">
          <RowsTable
            className="endpoints"
            head={false}
            columns={ROUTE_COLUMNS}
            rows={routes}
            rowKey={(r) => `${r.method} ${r.path}`}
          />
        </div>
      </section>
      <SourceSection model={model} />
      {action && (
        <FieldActionDialog model={model} action={action} onClose={() => setAction(null)} />
      )}
      {openDialog && <OpenModelDialog model={model} onClose={() => setOpenDialog(false)} />}
    </article>
  );
}

type FieldInfo = ModelInfo['fields'][number];

/** The fields table's columns; a field declared here (not a relation) gets its edit buttons. */
function fieldColumns(
  model: ModelInfo,
  relationFields: ReadonlySet<string>,
  setAction: (action: FieldAction) => void,
): RowsColumn<FieldInfo>[] {
  return [
    {
      header: 'Field',
      cell: (f) => (
        <>
          <code className="field-name">{f.name}</code>
          {relationFields.has(f.name) && (
            <span className="badge accent relation-badge">relation</span>
          )}
          {f.declaredIn !== model.name && <span className="faint"> from {f.declaredIn}</span>}
        </>
      ),
    },
    { header: 'Type', cell: (f) => <code>{f.typeText}</code> },
    { header: 'Required', cell: (f) => <Requirement required={f.required} /> },
    { header: 'Rules', cell: (f) => <RuleChips rules={f.rules} /> },
    {
      header: 'Default',
      cell: (f) =>
        f.default === undefined ? (
          <span className="faint">—</span>
        ) : (
          <code>{JSON.stringify(f.default)}</code>
        ),
    },
    {
      header: <span className="sr-only">Edit</span>,
      className: 'field-actions',
      cell: (f) =>
        f.declaredIn === model.name &&
        !relationFields.has(f.name) && (
          <>
            <button
              type="button"
              className="btn small ghost"
              aria-label={`Rename ${f.name}`}
              onClick={() => setAction({ kind: 'rename', field: f })}
            >
              Rename
            </button>
            <button
              type="button"
              className="btn small ghost"
              aria-label={`Change the type of ${f.name}`}
              onClick={() => setAction({ kind: 'type', field: f })}
            >
              Type
            </button>
            <button
              type="button"
              className="btn small ghost"
              aria-label={`Rules of ${f.name}`}
              onClick={() => setAction({ kind: 'rules', field: f })}
            >
              Rules
            </button>
            <button
              type="button"
              className="btn small ghost"
              aria-label={`Remove ${f.name}`}
              onClick={() => setAction({ kind: 'remove', field: f })}
            >
              Remove
            </button>
          </>
        ),
    },
  ];
}

const RELATION_COLUMNS: readonly RowsColumn<ModelInfo['relations'][number]>[] = [
  { header: 'Field', cell: (r) => <code className="field-name">{r.field}</code> },
  {
    header: 'Kind',
    cell: (r) =>
      r.kind === 'belongTo'
        ? '@BelongTo (sent as the parent id)'
        : `@HasMany (read-only list; inverse ${r.inverse})`,
  },
  { header: 'Target', cell: (r) => <code>{r.target}</code> },
  {
    header: 'On delete / required',
    cell: (r) =>
      r.kind === 'hasMany' ? (
        <span className="chip">onDelete: {r.onDelete}</span>
      ) : r.required ? (
        'required'
      ) : (
        'optional'
      ),
  },
];

const ROUTE_COLUMNS: readonly RowsColumn<RouteInfo>[] = [
  { header: 'Method', className: 'method-cell', cell: (r) => <MethodBadge method={r.method} /> },
  { header: 'Path', cell: (r) => <code>{r.path}</code> },
  {
    header: 'Where',
    className: 'faint',
    cell: (r) =>
      r.kind === 'manual'
        ? `manual, ${r.file?.split(/[\\/]/).pop() ?? ''}:${r.line ?? ''}`
        : (r.operation ?? r.kind),
  },
  {
    header: 'Actions',
    className: 'align-end',
    cell: (r) => (
      <button
        type="button"
        className="btn small ghost"
        onClick={() => openRoute(r)}
        aria-label={`Open in Console: ${r.method} ${r.path}`}
      >
        Open in Console
      </button>
    ),
  },
];

/** Where the model's records live, and whether the studio may write them. */
function StorageBadge({ model }: { model: ModelInfo }) {
  const where = model.database === undefined ? 'file database' : 'PostgreSQL';
  if (model.dataSource === null)
    return <span className="badge ok">default datasource ({where})</span>;
  if (model.writable)
    return (
      <span className="badge ok">
        datasource “{model.dataSource}” ({where})
      </span>
    );
  return <span className="badge warn">datasource “{model.dataSource}” · read-only in Data</span>;
}
