/**
 * Record changes, whoever made them: every write of the one write path (generated routes,
 * `dao()`, the studio's control API) and the delete rules it applies are published here, so
 * the studio can refresh a grid written to by any client (issue 12).
 */
import type { RecordId } from '../../model/schema.js';

export type RecordChangeOp = 'create' | 'update' | 'delete' | 'import' | 'reset';

export interface RecordChange {
  /** The model's class name. */
  readonly model: string;
  readonly op: RecordChangeOp;
  readonly ids: readonly RecordId[];
  /**
   * Heard from another server on the same database (issue 26), not written here: told to this
   * process's subscribers, not relayed again.
   */
  readonly remote?: boolean;
}

export type RecordChangeListener = (change: RecordChange) => void;

/** One per loaded project; cheap when nobody listens (one length check per write). */
export class RecordChangeBus {
  #listeners: readonly RecordChangeListener[] = [];

  subscribe(listener: RecordChangeListener): () => void {
    this.#listeners = [...this.#listeners, listener];
    return () => {
      this.#listeners = this.#listeners.filter((l) => l !== listener);
    };
  }

  publish(change: RecordChange): void {
    for (const listener of this.#listeners) {
      try {
        listener(change);
      } catch {
        // A broken subscriber must never fail a write that already reached the datafile.
      }
    }
  }
}
