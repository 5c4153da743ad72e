/**
 * Recording in the studio on the wire (issue 46): while the mock API has a proxy target, the
 * exchanges it forwards can be recorded, and the recording previewed and written as a new
 * project, as `decorest record` does on the command line. Types only.
 */

/** Where the studio's recording stands (also carried by `ServerStatus.recording`). */
export interface RecordingStatus {
  /**
   * `recording`: forwarded exchanges are being recorded; `stopped`: a recording waits to be
   * previewed and written (or discarded); `off`: none.
   */
  state: 'off' | 'recording' | 'stopped';
  /** Exchanges recorded so far. */
  exchanges: number;
  /** The API recorded. */
  target?: string;
  /** When the recording started (ISO 8601). */
  started?: string;
  /** The journal, relative to the open project's folder (`.decorest/recording.jsonl`). */
  journal?: string;
}

/** `POST /api/recording/preview`: the folder it would be written to (to mark existing files). */
export interface RecordingPreviewBody {
  dir?: string;
}

/** `POST /api/recording/import`: writes the recording into `dir` and opens it. */
export interface ImportRecordingBody {
  dir: string;
  /** Replace files a recording wrote there and the user did not change since. */
  force?: boolean;
}
