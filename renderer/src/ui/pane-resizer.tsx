/**
 * A draggable edge between a side pane and the rest (the WAI-ARIA "window splitter": a focusable
 * `separator` whose value is the pane's width), as Bruno's and VS Code's sidebars are: drag it,
 * or focus it and use ←/→ (Shift for larger steps), Home/End for the narrowest and widest, and
 * a double click for the default. The width is kept in localStorage, so a reload keeps it.
 */
import { type KeyboardEvent, type PointerEvent, useState } from 'react';

export interface PaneWidth {
  width: number;
  setWidth(width: number): void;
  readonly min: number;
  readonly max: number;
  readonly initial: number;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(n)));

function readWidth(key: string, initial: number, min: number, max: number): number {
  try {
    const saved = Number(localStorage.getItem(key));
    return Number.isFinite(saved) && saved > 0 ? clamp(saved, min, max) : initial;
  } catch {
    return initial; // storage refused (a sandboxed page): the default
  }
}

/** A pane's width between `min` and `max` pixels, kept under `key`. */
export function usePaneWidth(key: string, initial: number, min: number, max: number): PaneWidth {
  const [width, set] = useState(() => readWidth(key, initial, min, max));
  const setWidth = (next: number) => {
    const w = clamp(next, min, max);
    set(w);
    try {
      localStorage.setItem(key, String(w));
    } catch {
      // not kept: the width still applies until the page closes
    }
  };
  return { width, setWidth, min, max, initial };
}

const STEP = 16;
const BIG_STEP = 64;

export function PaneResizer({ pane, label }: { pane: PaneWidth; label: string }) {
  const [dragging, setDragging] = useState(false);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    const startX = e.clientX;
    const startWidth = pane.width;
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    setDragging(true);
    const move = (m: globalThis.PointerEvent) => pane.setWidth(startWidth + m.clientX - startX);
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
      setDragging(false);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? BIG_STEP : STEP;
    const next: Record<string, number> = {
      ArrowLeft: pane.width - step,
      ArrowRight: pane.width + step,
      Home: pane.min,
      End: pane.max,
    };
    if (!(e.key in next)) return;
    e.preventDefault();
    pane.setWidth(next[e.key]!);
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={pane.width}
      aria-valuemin={pane.min}
      aria-valuemax={pane.max}
      tabIndex={0}
      title="Drag to resize; double-click for the default width"
      className={dragging ? 'pane-resizer dragging' : 'pane-resizer'}
      style={{ left: pane.width - 3 }}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onDoubleClick={() => pane.setWidth(pane.initial)}
    />
  );
}
