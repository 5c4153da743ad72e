/**
 * A multi-datafile batch (issue 18): per-collection operations applied all or nothing. The
 * delete rules (cascade, nullify) and a seed reset are batches. Types only.
 */
import type { RecordId } from '../model/schema.js';
import type { NewRecord, StoredRecord } from './collection.js';

/**
 * One operation on one collection: store a record whole (insert or replace), add a new one, change some
 * fields of a record as it is when the batch is planned (skipped when absent: a write racing
 * the batch is never overwritten by an older copy), remove, clear.
 */
export type BatchOp =
  | { readonly kind: 'put'; readonly record: NewRecord & { readonly id: RecordId } }
  /** A new record: its id as given (refused when taken), or the next free one. */
  | { readonly kind: 'insert'; readonly record: NewRecord }
  | {
      readonly kind: 'merge';
      readonly id: RecordId;
      readonly fields: Readonly<Record<string, unknown>>;
    }
  | { readonly kind: 'remove'; readonly id: RecordId }
  | { readonly kind: 'clear' };

/** One record's change in a plan: `undefined` is "absent". */
export interface PlannedChange {
  readonly id: RecordId;
  /** The datafile `_id` the record's lines use. */
  readonly key: string;
  readonly before: StoredRecord | undefined;
  readonly after: StoredRecord | undefined;
}

/** What a batch does to one collection: its changes and their datafile lines both ways. */
export interface CollectionPlan {
  readonly changes: readonly PlannedChange[];
  /** The after images as datafile lines (record or deletion lines). */
  readonly text: string;
  /** The before images as datafile lines: what rolls the change back. */
  readonly undoText: string;
  /** The records the plan's put and insert operations store, in operation order. */
  readonly stored: readonly StoredRecord[];
}
