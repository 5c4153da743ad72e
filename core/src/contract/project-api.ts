/**
 * The open project on the wire: its status (loaded or failed, what serves, where its records
 * live), why a load failed, and opening another folder. Types only (the renderer imports them).
 */

/** Why a project does not load: enough to point an editor at the line. */
export interface LoadFailure {
  /** One of the core's load-error codes (`SYNTAX_ERROR`, `MODULE_THREW`, …). */
  code: string;
  /** `file:line:column: reason`, as the CLI prints it. */
  message: string;
  reason: string;
  /** Absolute path of the file at fault. */
  file: string;
  line?: number;
  column?: number;
  /** A few source lines around `line`, the failing one marked with `>`, as in a compiler. */
  frame?: string;
}

export interface ProjectStatus {
  /** Absolute path of the project folder. */
  root: string;
  /** The folder's name. */
  name: string;
  /**
   * `loaded`: the current files serve. `failed`: the last load failed; when `serving` is true
   * the last good version still answers (a broken save), otherwise nothing loaded yet.
   */
  state: 'loaded' | 'failed';
  serving: boolean;
  error?: LoadFailure;
  /** Non-fatal findings of the last good load (a torn datafile line that was skipped, …). */
  warnings: string[];
  /** Epoch ms of the last successful load. */
  loadedAt?: number;
  /**
   * Whether the folder has a `seed/` folder for "reset to seed" (issue 16), as it is when this
   * status was made: it is not watched, so ask again after changing it by hand.
   */
  hasSeed: boolean;
  /**
   * Where the default datasource's records live, while a version serves (issue 26, shown in
   * the server bar): a PostgreSQL database (`user@host:port/db`, never the password), or the
   * data folder (relative to the project folder, `data/`, when inside it).
   */
  storage?: { kind: 'postgres'; database: string } | { kind: 'files'; dataDir: string };
  /** Most recently opened project folders, newest first (kept in the user's config folder). */
  recent: string[];
}

export interface OpenProjectBody {
  dir: string;
}
