/**
 * A read-only table of rows (fields, parameters, relations, routes): a header row of column
 * names and one row per item. The one markup for them all (issue 43 §5), so each keeps the
 * table, column-header and row roles the e2e page objects find.
 */
import type { ReactNode } from 'react';

export interface RowsColumn<R> {
  /** The column's name in the header row (an `sr-only` span for an unnamed actions column). */
  header: ReactNode;
  cell(row: R): ReactNode;
  /** Class of the column's cells (`method-cell`, `align-end`). */
  className?: string;
}

export function RowsTable<R>({
  label,
  columns,
  rows,
  rowKey,
  className,
  head = true,
  rowHeader = false,
  rowClassName,
}: {
  /** The table's accessible name, when the section around it does not give one. */
  label?: string;
  columns: readonly RowsColumn<R>[];
  rows: readonly R[];
  rowKey(row: R): string;
  /** Classes besides `plain`. */
  className?: string;
  /** `false`: rows that speak for themselves (name and value), no header row. */
  head?: boolean;
  /** The first column names its row (`<th scope="row">`). */
  rowHeader?: boolean;
  rowClassName?(row: R): string | undefined;
}) {
  return (
    <table className={className ? `plain ${className}` : 'plain'} aria-label={label}>
      {head && (
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName?.(row)}>
            {columns.map((column, i) =>
              rowHeader && i === 0 ? (
                <th key={i} scope="row" className={column.className}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={i} className={column.className}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
