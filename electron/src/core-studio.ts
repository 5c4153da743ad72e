/**
 * The core's studio entry (`decorest/studio`, CONTRACT §8) as the main process uses it.
 *
 * The types below are the minimum the shell needs, written while core/src/studio.ts was being
 * built. Once `decorest/studio` exports its own, replace them with this one line:
 *   export type { StudioOptions, Studio as StudioHandle } from 'decorest/studio';
 */
export interface StudioOptions {
  /** Absolute project folder. */
  dir: string;
  /** Mock API port; 0 for any free one. */
  apiPort: number;
  /** Control API port; 0 for any free one. */
  controlPort: number;
  host: string;
  /**
   * Origins besides the control API's own that may call it, with CORS for them only: the
   * window's `app://studio` (core/src/control/control-context.ts `extraOrigins`).
   */
  extraOrigins?: readonly string[];
}

export interface StudioHandle {
  apiUrl: string;
  controlUrl: string;
  token: string;
  /** Stops both servers and lets the datafiles finish writing. */
  close(): Promise<void>;
}

export type StartStudio = (options: StudioOptions) => Promise<StudioHandle>;

/**
 * Loads `startStudio` at run time. The specifier goes through a variable so this compiles
 * before the core exports the entry; a core without it is reported in the window, not thrown
 * at start-up.
 */
export async function loadStartStudio(): Promise<StartStudio> {
  const entry = 'decorest/studio';
  const mod = (await import(entry)) as { startStudio?: unknown };
  if (typeof mod.startStudio !== 'function') {
    throw new Error(`${entry} does not export startStudio: rebuild the core with \`tsc -b core\``);
  }
  return mod.startStudio as StartStudio;
}
