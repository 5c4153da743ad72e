/** Editable name/value rows (query params, path params, headers), a labelled group. */
import type { Row } from '../stores/console/console-store';

import './rows-editor.css';

export function RowsEditor({
  label,
  rows,
  onChange,
  fixedNames = false,
  namePlaceholder = 'name',
}: {
  label: string;
  rows: Row[];
  onChange(rows: Row[]): void;
  fixedNames?: boolean;
  namePlaceholder?: string;
}) {
  const update = (i: number, patch: Partial<Row>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div role="group" aria-label={label} className="rows-editor">
      {rows.map((row, i) => (
        <div className="rows-row" key={i}>
          {!fixedNames && (
            <input
              type="checkbox"
              checked={row.enabled}
              aria-label={`Send ${label} row ${row.name || i + 1}`}
              onChange={(e) => update(i, { enabled: e.target.checked })}
            />
          )}
          <input
            className="input mono"
            value={row.name}
            placeholder={namePlaceholder}
            aria-label={`${label} name ${i + 1}`}
            readOnly={fixedNames}
            onChange={(e) => update(i, { name: e.target.value })}
          />
          <input
            className="input mono"
            value={row.value}
            placeholder="value"
            aria-label={`${label} value ${row.name || i + 1}`}
            onChange={(e) => update(i, { value: e.target.value })}
          />
          {!fixedNames && (
            <button
              type="button"
              className="btn small ghost"
              aria-label={`Remove ${label} row ${row.name || i + 1}`}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              ×
            </button>
          )}
        </div>
      ))}
      {!fixedNames && (
        <button
          type="button"
          className="btn small ghost add-row"
          onClick={() => onChange([...rows, { name: '', value: '', enabled: true }])}
        >
          + Add {label.toLowerCase().replace(/s$/, '')}
        </button>
      )}
    </div>
  );
}
