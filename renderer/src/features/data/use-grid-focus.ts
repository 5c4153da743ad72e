/**
 * Where the Data grid puts the keyboard's focus by itself: on the first row of a record opened
 * from a relation cell (so the keyboard goes on there), and on the row that takes a deleted
 * row's place once its dialog has closed (the dialog's opener, the deleted row's cell, is gone,
 * and focus fell to the page).
 */
import { type RefObject, useEffect, useRef } from 'react';
import type { DataGridHandle } from 'react-data-grid';

import { useDataStore } from '../../stores/data/data-store';

/** Call with the grid, whether it shows rows, and how many; feed `remember` the active cell. */
export function useGridFocus(
  grid: RefObject<DataGridHandle | null>,
  shown: boolean,
  rowCount: number,
): { remember(position: { rowIdx: number; idx: number }): void } {
  const focusFirstRow = useDataStore((s) => s.focusFirstRow);
  useEffect(() => {
    if (!focusFirstRow || !shown) return;
    useDataStore.getState().firstRowFocused();
    grid.current?.setActivePosition({ rowIdx: 0, idx: 0 }, { shouldFocus: true });
  }, [focusFirstRow, shown, grid]);

  const lastActive = useRef({ rowIdx: 0, idx: 0 });
  const refocusGrid = useDataStore((s) => s.refocusGrid);
  useEffect(() => {
    if (!refocusGrid || !shown) return;
    // After the dialog has closed and given up the focus it held.
    const frame = requestAnimationFrame(() => {
      useDataStore.getState().gridRefocused();
      const { rowIdx, idx } = lastActive.current;
      grid.current?.setActivePosition(
        { rowIdx: Math.min(rowIdx, rowCount - 1), idx },
        { shouldFocus: true },
      );
    });
    return () => cancelAnimationFrame(frame);
  }, [refocusGrid, shown, rowCount, grid]);
  return { remember: (position) => (lastActive.current = position) };
}
