import { readJsonFile, writeJsonFile } from './json-file.js';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** Absent until the window has been placed once: the system then centres it. */
  bounds?: Rect;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 800 } as const;
export const MIN_SIZE = { width: 900, height: 600 } as const;

/** Part of the title bar that must stay on a screen for the window to be grabbed back. */
const GRAB = 48;

/** The saved state when the file holds one; the default (centred, not maximized) otherwise. */
export function parseWindowState(data: unknown): WindowState {
  if (typeof data !== 'object' || data === null) return { maximized: false };
  const record = data as Record<string, unknown>;
  const maximized = record.maximized === true;
  return isRect(record.bounds) ? { bounds: record.bounds, maximized } : { maximized };
}

/**
 * The bounds to open with on the screens present now. A window saved on a monitor since
 * unplugged, or shrunk below the minimum, would open off-screen or unusable: such bounds are
 * dropped (the window is centred) or grown to the minimum, never trusted as they are.
 */
export function placeWindow(
  state: WindowState,
  workAreas: readonly Rect[],
): Rect | { width: number; height: number } {
  const saved = state.bounds;
  if (!saved) return { ...DEFAULT_SIZE };
  const width = Math.max(saved.width, MIN_SIZE.width);
  const height = Math.max(saved.height, MIN_SIZE.height);
  const bounds = { x: saved.x, y: saved.y, width, height };
  const titleBar = { x: bounds.x, y: bounds.y, width: bounds.width, height: GRAB };
  const visible = workAreas.some((area) => overlap(titleBar, area) >= GRAB * GRAB);
  return visible ? bounds : { width, height };
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

function isRect(value: unknown): value is Rect {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    [r.x, r.y, r.width, r.height].every((n) => typeof n === 'number' && Number.isFinite(n)) &&
    (r.width as number) > 0 &&
    (r.height as number) > 0
  );
}

/** `window-state.json` in the user-data folder. */
export const loadWindowState = async (file: string): Promise<WindowState> =>
  parseWindowState(await readJsonFile(file));

export const saveWindowState = (file: string, state: WindowState): Promise<void> =>
  writeJsonFile(file, state);
