/** The inspector's building blocks: a body's field table, the statuses, the snippets. */
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

import { Requirement, StatusBadge } from '../../ui/badges';
import { CopyButton } from '../../ui/copy-button';
import { type RowsColumn, RowsTable } from '../../ui/rows-table';
import type { ResponsePart } from './inspect/inspect-route';
import type { FieldRow } from './inspect/openapi-read';
import { ResponseExample } from './response-example';

/** A titled card of the inspector, with an optional control beside the title. */
export function Section({
  title,
  children,
  aside,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="inspector-section" aria-labelledby={id}>
      <div className="section-head">
        <h3 id={id} className="section-title">
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

export const None = () => <span className="faint">—</span>;
export const Chip = ({ text }: { text: string }) => <span className="chip">{text}</span>;

const FIELD_COLUMNS: readonly RowsColumn<FieldRow>[] = [
  { header: 'Field', cell: (r) => <code>{r.name}</code> },
  {
    header: 'Type',
    cell: (r) => (
      <>
        <code>{r.type}</code>
        {r.nullable && <span className="faint"> or null</span>}
      </>
    ),
  },
  { header: 'Required', cell: (r) => <Requirement required={r.required} accent /> },
  {
    header: 'Rules',
    cell: (r) => (
      <>
        {r.rules.map((rule) => (
          <Chip key={rule} text={rule} />
        ))}
        {r.parent && (
          <span className="faint">
            {r.description ?? `the ${r.parent}’s id, or an object with its id`}
          </span>
        )}
        {!r.rules.length && !r.parent && <None />}
      </>
    ),
  },
];

export function FieldTable({ rows }: { rows: FieldRow[] }) {
  return (
    <RowsTable
      label="Request body fields"
      className="inspector-table"
      columns={FIELD_COLUMNS}
      rows={rows}
      rowKey={(r) => r.name}
    />
  );
}

/** Tabs of a set (statuses, snippets): arrows move and select, Home and End jump. */
export function useTabs(count: number, initial = 0) {
  const [selected, setSelected] = useState(initial);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    let next: number | undefined;
    if (step !== undefined) next = (selected + step + count) % count;
    if (e.key === 'Home') next = 0;
    if (e.key === 'End') next = count - 1;
    if (next === undefined) return;
    e.preventDefault();
    setSelected(next);
    refs.current[next]?.focus();
  };
  return { selected: Math.min(selected, count - 1), setSelected, refs, onKeyDown };
}

/** The answer a route gives a valid request: its success, or the 405 of a refused write. */
function mainAnswer(responses: readonly ResponsePart[]): number {
  const found = responses.findIndex((r) => r.status.startsWith('2'));
  return found >= 0
    ? found
    : Math.max(
        0,
        responses.findIndex((r) => r.status === '405'),
      );
}

export function Responses({ responses }: { responses: ResponsePart[] }) {
  const tabs = useTabs(responses.length, mainAnswer(responses));
  const id = useId();
  const shown = responses[tabs.selected]!;
  return (
    <Section title="Responses">
      <div role="tablist" aria-label="Statuses" className="status-tabs" onKeyDown={tabs.onKeyDown}>
        {responses.map((r, i) => (
          <button
            key={r.status}
            ref={(el) => {
              tabs.refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${r.status}`}
            aria-selected={i === tabs.selected}
            aria-controls={`${id}-panel`}
            tabIndex={i === tabs.selected ? 0 : -1}
            className="status-tab"
            onClick={() => tabs.setSelected(i)}
          >
            <StatusBadge status={Number(r.status)} />
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${shown.status}`}
        className="status-panel"
      >
        <p>
          {shown.description}
          {shown.fromBinding && <span className="badge">req.body()</span>}
        </p>
        <p className="faint">
          {shown.contentType ? <code>{shown.contentType}</code> : 'No body'}
          {shown.schemaName && (
            <>
              {' · '}
              <code>{shown.schemaName}</code>
            </>
          )}
          {shown.headers.length > 0 && <> · headers {shown.headers.join(', ')}</>}
        </p>
        {shown.example !== null ? (
          // Keyed by status: a query chosen for one status is not carried to the next.
          <ResponseExample
            key={shown.status}
            status={shown.status}
            example={shown.example}
            {...(shown.variants ? { variants: shown.variants } : {})}
          />
        ) : (
          shown.contentType && (
            <p className="faint">The document does not describe this body: the handler decides.</p>
          )
        )}
      </div>
    </Section>
  );
}

export function Snippets({ curl, fetch }: { curl: string; fetch: string }) {
  const snippets = [
    { name: 'curl', text: curl },
    { name: 'fetch', text: fetch },
  ];
  const tabs = useTabs(snippets.length);
  const id = useId();
  const shown = snippets[tabs.selected]!;
  return (
    <Section
      title="Code"
      aside={<CopyButton text={shown.text} label={`Copy ${shown.name} snippet`} />}
    >
      <div
        role="tablist"
        aria-label="Snippet language"
        className="tabs subtabs snippet-tabs"
        onKeyDown={tabs.onKeyDown}
      >
        {snippets.map((s, i) => (
          <button
            key={s.name}
            ref={(el) => {
              tabs.refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${s.name}`}
            aria-selected={i === tabs.selected}
            aria-controls={`${id}-panel`}
            tabIndex={i === tabs.selected ? 0 : -1}
            className="tab"
            onClick={() => tabs.setSelected(i)}
          >
            {s.name}
          </button>
        ))}
      </div>
      <pre
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${shown.name}`}
        className="code-frame snippet"
        tabIndex={0}
      >
        {shown.text}
      </pre>
    </Section>
  );
}
