/**
 * Issue 47, request chaining: "Save from answer", the values a request's answer gives the
 * requests after it (its `set`): a variable's name and where in the answer, a JSON pointer into
 * the body (`/id`) or `header:<name>` (`header:Location`). Send keeps them for the next sends;
 * Run folder, Run collection and `decorest run` fill them into the requests that follow.
 */
import { useId } from 'react';

import { HEADER_SOURCE, VARIABLE_NAME } from '../../api';
import type { SaveRow } from '../../stores/console/console-state';
import { useConsoleStore } from '../../stores/console/console-store';

/** Why a row would not save, in words, or null: the file format's own checks, said early. */
export function saveRowProblem(row: SaveRow): { name?: string; source?: string } | null {
  const source = row.source.trim();
  const name = row.name.trim();
  const problem: { name?: string; source?: string } = {};
  if (name !== '' && !VARIABLE_NAME.test(name))
    problem.name = 'A variable name: letters, digits, _ . $ -';
  const header = source.toLowerCase().startsWith(HEADER_SOURCE);
  if (source !== '' && !source.startsWith('/') && !(header && source.length > HEADER_SOURCE.length))
    problem.source = 'A JSON pointer (/id, /items/0/id) or header:<name> (header:Location)';
  return problem.name || problem.source ? problem : null;
}

function SaveRowEditor({
  row,
  n,
  onChange,
  onRemove,
}: {
  row: SaveRow;
  n: number;
  onChange(row: SaveRow): void;
  onRemove(): void;
}) {
  const problem = saveRowProblem(row);
  return (
    <div className="rows-row save-row">
      <input
        className="input mono"
        value={row.name}
        aria-label={`Saved value ${n} variable`}
        aria-invalid={problem?.name ? true : undefined}
        title={problem?.name ?? 'The variable the next requests use as {{name}}'}
        placeholder="newId"
        onChange={(e) => onChange({ ...row, name: e.target.value })}
      />
      <span aria-hidden="true" className="faint">
        from
      </span>
      <input
        className="input mono"
        value={row.source}
        aria-label={`Saved value ${n} source`}
        aria-invalid={problem?.source ? true : undefined}
        title={
          problem?.source ??
          'A JSON pointer into the body (/id; empty: the whole body) or header:Location'
        }
        placeholder="/id or header:Location"
        onChange={(e) => onChange({ ...row, source: e.target.value })}
      />
      <button
        type="button"
        className="btn small ghost"
        aria-label={`Remove saved value ${n}`}
        onClick={onRemove}
      >
        ×
      </button>
    </div>
  );
}

export function SaveFromAnswerSection() {
  const id = useId();
  const saves = useConsoleStore((s) => s.saves);
  const { setSaves } = useConsoleStore.getState();
  return (
    <section className="req-section" aria-labelledby={`${id}-title`}>
      <div className="section-head">
        <h3 className="section-title" id={`${id}-title`}>
          Save from answer
        </h3>
        <span className="faint">as {'{{variables}}'} for the next requests</span>
      </div>
      <div role="group" aria-label="Save from answer" className="rows-editor">
        {saves.map((row, i) => (
          <SaveRowEditor
            key={i}
            row={row}
            n={i + 1}
            onChange={(next) => setSaves(saves.map((x, j) => (j === i ? next : x)))}
            onRemove={() => setSaves(saves.filter((_, j) => j !== i))}
          />
        ))}
        <button
          type="button"
          className="btn small ghost add-row"
          onClick={() => setSaves([...saves, { name: '', source: '/id' }])}
        >
          + Save a value
        </button>
      </div>
    </section>
  );
}
