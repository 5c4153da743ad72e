/**
 * What "New project from…" would write (issue 28): each model with its fields, relations and
 * record count, every guess the reader took shown on the row it is about, what was not
 * imported, the manual routes and the files.
 */
import type { ImportNote, ImportPreview, PreviewModel } from '../../api';
import { MethodBadge, Requirement, StatusBadge } from '../../ui/badges';
import { type RowsColumn, RowsTable } from '../../ui/rows-table';
import { RuleChips } from '../../ui/rule-chips';
import { fieldKey, type GroupedNotes, groupNotes } from './import-notes';

export const SOURCE_LABELS: Record<ImportPreview['source']['kind'], string> = {
  'json-server': 'json-server db.json',
  openapi: 'OpenAPI document',
  mockoon: 'Mockoon environment',
  har: 'HAR file',
  recording: 'Recording',
};

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** A row's guesses, in words under its name; the row itself is marked. */
function Guesses({ notes }: { notes: readonly ImportNote[] | undefined }) {
  if (!notes?.length) return null;
  return (
    <>
      {notes.map((n, i) => (
        <span key={i} className={`import-note ${n.kind}`}>
          <span className={`badge ${n.kind === 'guess' ? 'warn' : 'err'}`}>
            {n.kind === 'guess' ? 'guess' : 'not imported'}
          </span>{' '}
          {n.text}
        </span>
      ))}
    </>
  );
}

/** One row of a model's field table: a field, a relation, the id or a `@HasMany` member. */
interface PreviewRow {
  key: string;
  name: string;
  type: React.ReactNode;
  /** `null`: not asked of a client (the id, a `@HasMany` list). */
  required: boolean | null;
  rules: React.ReactNode;
  notes?: readonly ImportNote[] | undefined;
}

const FIELD_COLUMNS: readonly RowsColumn<PreviewRow>[] = [
  {
    header: 'Field',
    cell: (r) => (
      <>
        <code className="field-name">{r.name}</code>
        <Guesses notes={r.notes} />
      </>
    ),
  },
  { header: 'Type', cell: (r) => r.type },
  { header: 'Required', cell: (r) => <Requirement required={r.required} /> },
  { header: 'Rules', cell: (r) => r.rules },
];

const guessed = (r: PreviewRow) =>
  r.notes?.some((n) => n.kind === 'guess') ? 'guessed' : undefined;

const ROUTE_COLUMNS: readonly RowsColumn<ImportPreview['routes'][number]>[] = [
  { header: 'Method', cell: (r) => <MethodBadge method={r.method} /> },
  { header: 'Path', cell: (r) => <code>{r.path}</code> },
  { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
  { header: 'Source', className: 'faint mono', cell: (r) => r.source },
];

/** The id, the fields, the `@BelongTo` relations, then the `@HasMany` members other models own. */
function previewRows(
  model: PreviewModel,
  notes: GroupedNotes,
  owned: readonly { name: string; field: string; member: string }[],
): PreviewRow[] {
  const notesOf = (field: string) => notes.byField.get(fieldKey(model.name, field));
  return [
    {
      key: 'id',
      name: 'id',
      type: <code>{model.idType}</code>,
      required: null,
      rules: <span className="faint">made by the store</span>,
      notes: notesOf('id'),
    },
    ...model.fields.map((f) => ({
      key: f.name,
      name: f.wireName ? `${f.name} (“${f.wireName}” on the wire)` : f.name,
      type: <code>{f.type}</code>,
      required: !f.optional,
      rules: <RuleChips rules={f.rules} />,
      notes: notesOf(f.name),
    })),
    ...model.relations.map((r) => ({
      key: r.field,
      name: r.field,
      type: (
        <>
          <span className="badge accent">belongs to</span> <code>{r.target}</code>
        </>
      ),
      required: false,
      rules: <span className="faint">id of a {r.target}</span>,
      notes: notesOf(r.field),
    })),
    ...owned.map((c) => ({
      key: `${c.name}.${c.field}`,
      name: c.member,
      type: (
        <>
          <span className="badge accent">has many</span> <code>{c.name}</code>
        </>
      ),
      required: null,
      rules: (
        <span className="faint">
          /{model.path}/:id/… by {c.name}.{c.field}
        </span>
      ),
    })),
  ];
}

function ModelCard({
  model,
  notes,
  owned,
}: {
  model: PreviewModel;
  notes: GroupedNotes;
  owned: readonly { name: string; field: string; member: string }[];
}) {
  const id = `import-model-${model.name}`;
  const modelNotes = notes.byModel.get(model.name);
  return (
    <article className="card import-model" aria-labelledby={id}>
      <header className="import-model-head">
        <h4 id={id}>{model.name}</h4>
        <code className="faint">/{model.path}</code>
        <span className="spacer" />
        <span className="badge">{count(model.records, 'record')}</span>
      </header>
      <RowsTable
        columns={FIELD_COLUMNS}
        rows={previewRows(model, notes, owned)}
        rowKey={(r) => r.key}
        rowHeader
        rowClassName={guessed}
      />
      {modelNotes && (
        <p className="import-model-notes">
          <Guesses notes={modelNotes} />
        </p>
      )}
    </article>
  );
}

function NoteList({ title, notes }: { title: string; notes: readonly ImportNote[] }) {
  if (notes.length === 0) return null;
  return (
    <section aria-label={title}>
      <h4 className="import-section-title">{title}</h4>
      <ul className="import-notes">
        {notes.map((n, i) => (
          <li key={i}>
            <code>{n.at}</code> {n.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ImportPreviewView({ preview }: { preview: ImportPreview }) {
  const notes = groupNotes(preview);
  const records = preview.models.reduce((sum, m) => sum + m.records, 0);
  const guesses = preview.notes.filter((n) => n.kind === 'guess').length;
  const skipped = preview.notes.filter((n) => n.kind === 'not-imported').length;
  const childrenOf = (name: string) =>
    preview.models.flatMap((m) =>
      m.relations
        .filter((r) => r.target === name)
        .map((r) => ({ name: m.name, field: r.field, member: r.hasMany ?? '' })),
    );
  return (
    <section className="import-preview" aria-label="Preview">
      <p className="import-summary" role="status">
        <span className="badge accent">{SOURCE_LABELS[preview.source.kind]}</span>{' '}
        {count(preview.models.length, 'model')} · {count(records, 'record')}
        {preview.routes.length > 0 && <> · {count(preview.routes.length, 'manual route')}</>}
        {guesses > 0 && (
          <>
            {' '}
            · <span className="badge warn">{count(guesses, 'guess', 'guesses')}</span>
          </>
        )}
        {skipped > 0 && (
          <>
            {' '}
            · <span className="badge err">{skipped} not imported</span>
          </>
        )}
      </p>
      {preview.models.length === 0 && (
        <p className="faint">No collection to model: only the routes below are written.</p>
      )}
      {preview.models.map((m) => (
        <ModelCard key={m.name} model={m} notes={notes} owned={childrenOf(m.name)} />
      ))}
      {preview.routes.length > 0 && (
        <section aria-label="Manual routes">
          <h4 className="import-section-title">Manual routes (app.ts)</h4>
          <RowsTable
            head={false}
            columns={ROUTE_COLUMNS}
            rows={preview.routes}
            rowKey={(r) => `${r.method} ${r.path}`}
          />
        </section>
      )}
      <NoteList title="Other guesses" notes={notes.other.filter((n) => n.kind === 'guess')} />
      <NoteList title="Not imported" notes={notes.other.filter((n) => n.kind === 'not-imported')} />
    </section>
  );
}
