/**
 * The records grid: react-data-grid (ARIA grid, virtualised rows) over every row position of
 * the model; pages load as they scroll into view. Sorting asks the server. A cell edit is a
 * PATCH: a 422 keeps the typed text on the cell, outlined, with the API's message.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  type Column,
  DataGrid,
  type DataGridHandle,
  type RenderCellProps,
  type RenderEditCellProps,
  type SortColumn,
} from 'react-data-grid';

import type { FieldInfo, JsonRecord, ModelInfo, RecordKey } from '../../api';
import { cellKey, dataSelectors, LOADING_ROW, useDataStore } from '../../stores/data/data-store';
import { cellText, parseCell } from '../../stores/data/field-values';
import { UNDECLARED_COLUMN, undeclaredText } from '../../stores/data/undeclared-fields';
import {
  relationLabelsSelectors,
  useRelationLabels,
} from '../../stores/relations/relation-labels-store';
import { RelationEditor } from './relation-editor';
import { useGridFocus } from './use-grid-focus';

import 'react-data-grid/lib/styles.css';

const ROW_HEIGHT = 30;

function Cell({ row, column }: RenderCellProps<JsonRecord>) {
  const error = useDataStore((s) =>
    row === LOADING_ROW ? undefined : s.cellErrors[cellKey(row.id, column.key)],
  );
  if (row === LOADING_ROW) return <span className="cell-loading" aria-label="Loading" />;
  if (error) {
    return (
      <span className="cell-error" title={error.message}>
        <span className="cell-error-text">{error.text}</span>
        <span className="cell-error-msg" role="alert">
          {error.message}
        </span>
      </span>
    );
  }
  // The API leaves an unset optional field out of the record: an empty cell, where a stored
  // null reads "null".
  if (!(column.key in row))
    return <span className="cell-absent" title={`Not set: the record has no “${column.key}”`} />;
  const value = row[column.key];
  if (value === null || value === undefined) return <span className="faint">null</span>;
  if (typeof value === 'boolean')
    return <span className={value ? 'bool-true' : 'bool-false'}>{String(value)}</span>;
  return (
    <span className="cell-text" onMouseEnter={titleIfCut}>
      {cellText(value)}
    </span>
  );
}

/** A text cut short by its column says all of it on hover (not every cell: tooltips everywhere). */
function titleIfCut(e: React.MouseEvent<HTMLElement>): void {
  const el = e.currentTarget;
  if (el.scrollWidth > el.clientWidth) el.title = el.textContent ?? '';
  else el.removeAttribute('title');
}

/**
 * A relation's cell: the parent's id and, once read, its title (`1 Ann`), or "missing" when no
 * such parent exists (a dangling id written by another client or by hand in the datafile).
 */
function RelationCell(props: RenderCellProps<JsonRecord> & { target: string }) {
  const { row, column, target } = props;
  const value = row === LOADING_ROW ? undefined : row[column.key];
  const id = typeof value === 'number' || typeof value === 'string' ? value : undefined;
  const title = useRelationLabels((s) =>
    id === undefined ? undefined : relationLabelsSelectors.labelOf(target, id)(s),
  );
  const request = useRelationLabels((s) => s.request);
  const failed = useDataStore((s) =>
    row === LOADING_ROW ? false : cellKey(row.id, column.key) in s.cellErrors,
  );
  useEffect(() => {
    if (id !== undefined && title === undefined) request(target, id);
  }, [target, id, title, request]);
  if (id === undefined || failed) return <Cell {...props} />;
  return (
    <span className="relation-cell">
      <span className="relation-text" title={title ? `${String(id)} ${title}` : undefined}>
        {String(id)}
        {title && <span className="relation-title"> {title}</span>}
        {title === null && (
          <span className="relation-missing" title={`No ${target} has the id ${String(id)}`}>
            {' '}
            missing
          </span>
        )}
      </span>
      {title !== null && (
        <button
          type="button"
          className="relation-open"
          // The grid moves the focus between cells; Ctrl+Enter is this button's key.
          tabIndex={-1}
          aria-label={`Open ${target} ${String(id)}`}
          title={`Open ${target} ${String(id)} (Ctrl+Enter)`}
          onClick={() => void useDataStore.getState().openRecord(target, id)}
        />
      )}
    </span>
  );
}

/** Set when a printable key opens an editor, read once by that editor. */
let typedOpen = false;
function takeTypedOpen(): boolean {
  const was = typedOpen;
  typedOpen = false;
  return was;
}

function Editor({
  row,
  column,
  onClose,
  field,
  target,
}: RenderEditCellProps<JsonRecord> & { field: FieldInfo | undefined; target: string | null }) {
  const relation = target !== null;
  const saveCell = useDataStore((s) => s.saveCell);
  const previous = useDataStore.getState().cellErrors[cellKey(row.id, column.key)];
  // Opened by typing on the cell: the key replaces the value, as in a spreadsheet (the browser
  // then types it into this input, which has the focus by then).
  const choices =
    field?.type.kind === 'boolean'
      ? ['true', 'false']
      : field?.type.kind === 'enum'
        ? field.type.values
        : null;
  const [text, setText] = useState(() =>
    takeTypedOpen() && !choices ? '' : (previous?.text ?? cellText(row[column.key])),
  );
  const done = useRef(false);
  const commit = () => {
    if (done.current) return;
    done.current = true;
    onClose(false, true);
    if (text !== cellText(row[column.key]) || previous)
      void saveCell(row.id, column.key, parseCell(text, field, relation), text);
  };
  const label = `Edit ${column.key} of record ${String(row.id)}`;
  const keys = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape') {
      done.current = true;
      onClose(false, true);
    } else if (e.key === 'Tab') {
      // The grid moves on and drops the editor without a blur: save first, as a click away does.
      commit();
    }
  };
  if (target !== null) {
    return (
      <RelationEditor
        label={label}
        target={target}
        current={idOf(row[column.key])}
        initialText={text}
        onCancel={() => onClose(false, true)}
        onCommit={(typed) => {
          onClose(false, true);
          if (typed !== cellText(row[column.key]) || previous)
            void saveCell(row.id, column.key, parseCell(typed, field, true), typed);
        }}
      />
    );
  }
  if (choices) {
    return (
      <select
        className="rdg-editor"
        autoFocus
        aria-label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={keys}
      >
        {!choices.includes(text) && <option value={text}>{text || '(empty)'}</option>}
        {choices.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
    );
  }
  return (
    <input
      className="rdg-editor"
      autoFocus
      aria-label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={keys}
    />
  );
}

function columnsOf(model: ModelInfo): Column<JsonRecord>[] {
  const hasMany = new Set(model.relations.filter((r) => r.kind === 'hasMany').map((r) => r.field));
  const belongTo = new Set(
    model.relations.filter((r) => r.kind === 'belongTo').map((r) => r.field),
  );
  const fields = model.fields.filter((f) => f.name !== 'id' && !hasMany.has(f.name));
  const extra = [...belongTo].filter((name) => !fields.some((f) => f.name === name));
  const id: Column<JsonRecord> = {
    key: 'id',
    name: 'id',
    width: 90,
    frozen: true,
    sortable: true,
    renderCell: Cell,
  };
  return [
    id,
    ...fields.map((f) =>
      fieldColumn(model, f.name, f, belongTo.has(f.name) ? targetOf(model, f.name) : null),
    ),
    ...extra.map((name) => fieldColumn(model, name, undefined, targetOf(model, name))),
    ...(model.open ? [undeclaredColumn(model)] : []),
  ];
}

/**
 * An open model's fields it does not declare (issue 42), one JSON object per record: shown,
 * not edited here (a PUT or PATCH through the API writes them), and sorted by the API only on
 * a field it is asked by name.
 */
function undeclaredColumn(model: ModelInfo): Column<JsonRecord> {
  return {
    key: UNDECLARED_COLUMN,
    name: 'other fields',
    sortable: false,
    resizable: true,
    minWidth: 80,
    width: `minmax(${TEXT_MIN}px, 1fr)`,
    renderCell: ({ row }) => {
      if (row === LOADING_ROW) return null;
      const text = undeclaredText(model, row);
      return (
        <span className="cell-text" title={text}>
          {text}
        </span>
      );
    },
    renderHeaderCell: () => (
      <span className="grid-head">
        <span>other fields</span>
        <span
          className="grid-type"
          title={`${model.name} is open: its records may hold fields it does not declare`}
        >
          open
        </span>
      </span>
    ),
  };
}

/**
 * The record a relation cell points at: when `field` is a relation, the cell holds an id, and
 * that id is not known to be missing.
 */
function parentOf(
  model: ModelInfo,
  field: string,
  row: JsonRecord,
): { target: string; id: RecordKey } | undefined {
  const relation = model.relations.find((r) => r.kind === 'belongTo' && r.field === field);
  const id = idOf(row[field]);
  if (!relation || id === null) return undefined;
  const title = relationLabelsSelectors.labelOf(relation.target, id)(useRelationLabels.getState());
  return title === null ? undefined : { target: relation.target, id };
}

function idOf(value: unknown): RecordKey | null {
  return typeof value === 'number' || typeof value === 'string' ? value : null;
}

function targetOf(model: ModelInfo, field: string): string {
  return model.relations.find((r) => r.field === field)?.target ?? 'id';
}

/**
 * Wide enough for the header's name and type. Text columns share what is left, each at least
 * {@link TEXT_MIN} wide: sized by their content, a long text pushed the relation columns off
 * screen; cut short, it says all of it on hover and in its editor.
 */
function widthOf(name: string, typeText: string, kind: string | undefined): number | string {
  if (kind === 'string' || kind === 'array' || kind === 'object' || kind === undefined)
    return `minmax(${Math.max(TEXT_MIN, headWidth(name, typeText))}px, 1fr)`;
  if (kind === 'date') return 210; // an ISO timestamp
  if (kind === 'relation') return 190; // an id and the parent's title
  return Math.max(110, headWidth(name, typeText));
}

const TEXT_MIN = 160;

function headWidth(name: string, typeText: string): number {
  return Math.round((name.length + typeText.length) * 7.5) + 44;
}

function fieldColumn(
  model: ModelInfo,
  name: string,
  field: FieldInfo | undefined,
  target: string | null,
): Column<JsonRecord> {
  const kind = field?.type.kind;
  const relation = target !== null;
  // An object's type is its members: the header says `{…}`, its tooltip the whole type.
  const fullType = relation ? `→ ${target}` : (field?.typeText ?? '');
  const typeText = kind === 'object' ? (field!.nullable ? '{…} | null' : '{…}') : fullType;
  return {
    key: name,
    name,
    // The API sorts by no object field (its answer would be a 400).
    sortable: kind !== 'object',
    resizable: true,
    minWidth: 80,
    width: relation ? widthOf(name, typeText, 'relation') : widthOf(name, typeText, kind),
    editable: (row) => model.writable && row !== LOADING_ROW,
    renderCell: target === null ? Cell : (props) => <RelationCell {...props} target={target} />,
    renderHeaderCell: ({ column, sortDirection }) => (
      <span className="grid-head">
        <span>{column.name as string}</span>
        <span className="grid-type" title={fullType}>
          {typeText}
        </span>
        {sortDirection && <span aria-hidden="true">{sortDirection === 'ASC' ? '▲' : '▼'}</span>}
      </span>
    ),
    renderEditCell: (props) => <Editor {...props} field={field} target={target} />,
    editorOptions: { commitOnOutsideClick: false },
  };
}

export function RecordsGrid({
  model,
  onActiveRow,
  onDeleteRow,
}: {
  model: ModelInfo;
  onActiveRow(row: JsonRecord | null): void;
  /** The Delete key on a selected cell (not while editing it); absent when read-only. */
  onDeleteRow?: (row: JsonRecord) => void;
}) {
  const rows = useDataStore(dataSelectors.rows);
  const sort = useDataStore((s) => s.sort);
  const { setSort, ensureRows } = useDataStore.getState();
  const columns = useMemo(() => columnsOf(model), [model]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sortColumns: SortColumn[] = sort
    ? [{ columnKey: sort.field, direction: sort.direction }]
    : [];
  const filter = useDataStore((s) => s.filter);
  const grid = useRef<DataGridHandle>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  // A new order or filter starts from its first page: show it from the top.
  useEffect(() => {
    if (grid.current?.element) grid.current.element.scrollTop = 0;
  }, [sort, filter]);
  const shown = rows.length > 0 && rows[0] !== LOADING_ROW;
  const focus = useGridFocus(grid, shown, rows.length);
  return (
    <DataGrid
      ref={grid}
      className="studio-grid"
      aria-label={`Records of ${model.name}`}
      columns={columns}
      rows={rows}
      rowHeight={ROW_HEIGHT}
      headerRowHeight={34}
      sortColumns={sortColumns}
      onSortColumnsChange={(next) => {
        const first = next[0];
        void setSort(first ? { field: first.columnKey, direction: first.direction } : null);
      }}
      onActivePositionChange={({ row, rowIdx, column }) => {
        if (rowIdx >= 0 && column) focus.remember({ rowIdx, idx: column.idx });
        onActiveRow(row && row !== LOADING_ROW ? row : null);
      }}
      onCellKeyDown={(args, event) => {
        // ARIA grid pattern: arrows move inside, Tab and Shift+Tab leave to the controls
        // around it (the grid walked every cell of 100,000 rows). Tab in an editor has saved
        // by now and closes it onto its cell: it leaves the editing, not the grid.
        if (event.key === 'Tab') {
          event.preventGridDefault();
          if (args.mode === 'EDIT') event.preventDefault();
          return;
        }
        if (args.mode !== 'ACTIVE' || !args.row || args.row === LOADING_ROW) return;
        const printable =
          event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
        // The grid opens the editor on a printable key; the editor then starts empty.
        typedOpen = printable;
        // The editor, if the key opens one, reads it in the render this event schedules (a
        // microtask in React 19); a key that opens none must not leave it set.
        if (printable) setTimeout(() => (typedOpen = false));
        const parent = args.column && parentOf(model, args.column.key, args.row);
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && parent) {
          event.preventGridDefault();
          void useDataStore.getState().openRecord(parent.target, parent.id);
          return;
        }
        if (event.key !== 'Delete' || !onDeleteRow) return;
        event.preventGridDefault();
        onDeleteRow(args.row);
      }}
      onScroll={(e) => {
        const el = e.currentTarget;
        // Settle first: dragging the scrollbar across 100,000 rows should not read every page.
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          const first = Math.max(0, Math.floor(el.scrollTop / ROW_HEIGHT) - 20);
          void ensureRows(first, first + Math.ceil(el.clientHeight / ROW_HEIGHT) + 40);
        }, 60);
      }}
    />
  );
}
