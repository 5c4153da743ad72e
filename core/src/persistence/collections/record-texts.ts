/**
 * Issue 45: each record's JSON text as the API answers it, kept beside the record, so a read
 * writes bytes instead of serialising an object on every request: a `GET /todos/7` answers the
 * kept text, a page joins the texts of its records.
 *
 * A text is `JSON.stringify(record)` of the stored object, made the first time the record is
 * answered and kept under its id. Records are never changed in place (a write stores a new
 * object, collection.ts), and the table forgets an id's text on every write of that id, so a
 * kept text is always the stored record's; a record read before a write replaced it is
 * answered as it was, never from the text kept for its id.
 *
 * Memory is bounded by {@link TEXT_BUDGET} characters per collection (the texts of about
 * 300,000 bench todos): once the texts answered would pass it, all are dropped and kept again
 * from the next answer on, so a collection larger than the budget keeps the records read most
 * recently. Nothing is made before a record is answered: memory at ready does not change.
 */
import type { RecordId } from '../../model/schema.js';
import type { StoredRecord } from '../collection.js';

/** UTF-16 code units of kept texts per collection (one byte each for ASCII texts in V8). */
export const TEXT_BUDGET = 32 * 1024 * 1024;

export class RecordTexts {
  /**
   * By id: a text kept under an id is always the text of the record stored under it, since every
   * write of that id forgets it; a read by id (`GET /todos/7`) then finds its answer in one
   * lookup, without reaching the record itself (issue 45: at N = 100,000 each lookup is a miss
   * of the CPU's caches).
   */
  #texts = new Map<RecordId, string>();
  #chars = 0;
  readonly #budget: number;

  /** @param budget characters kept at most ({@link TEXT_BUDGET}) */
  constructor(budget = TEXT_BUDGET) {
    this.#budget = budget;
  }

  /** The kept text of the record stored under `id`, if one is kept. */
  kept(id: RecordId): string | undefined {
    return this.#texts.get(id);
  }

  /**
   * `JSON.stringify(record)`, kept while `record` is the one `stored` holds under its id: a
   * record read before a write replaced it is answered as it was, and not kept.
   */
  text(record: StoredRecord, stored: ReadonlyMap<RecordId, StoredRecord>): string {
    if (stored.get(record.id) !== record) return JSON.stringify(record);
    return this.#texts.get(record.id) ?? this.keep(record);
  }

  /** Makes and keeps the text of `record`, the stored record under its id. */
  keep(record: StoredRecord): string {
    const text = JSON.stringify(record);
    if (this.#chars + text.length > this.#budget) this.clear();
    if (text.length <= this.#budget) {
      this.#texts.set(record.id, text);
      this.#chars += text.length;
    }
    return text;
  }

  /** A write replaced or removed the record under `id`: its text is no longer the answer. */
  forget(id: RecordId): void {
    const kept = this.#texts.get(id);
    if (kept === undefined) return;
    this.#texts.delete(id);
    this.#chars -= kept.length;
  }

  clear(): void {
    // A new map: clearing a large one keeps its grown table.
    this.#texts = new Map();
    this.#chars = 0;
  }

  /** How many texts are kept (tests, the bench's notes). */
  get size(): number {
    return this.#texts.size;
  }

  /** Characters kept, at most the budget. */
  get chars(): number {
    return this.#chars;
  }
}
