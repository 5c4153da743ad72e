/**
 * Issue 45: each record's JSON text as the API answers it, kept beside the record, so a read
 * writes bytes instead of serialising an object on every request: a `GET /todos/7` answers the
 * kept text, a page joins the texts of its records.
 *
 * A text is `JSON.stringify(record)` of the stored object, made the first time the record is
 * answered and kept under that object. Records are never changed in place (a write stores a new
 * object, collection.ts), so a kept text is always its object's; the table forgets the text of
 * a record a write replaced or removed, so memory holds only texts of records still stored.
 *
 * Memory is bounded by {@link TEXT_BUDGET} characters per collection (the texts of about
 * 300,000 bench todos): once the texts answered would pass it, all are dropped and kept again
 * from the next answer on, so a collection larger than the budget keeps the records read most
 * recently. Nothing is made before a record is answered: memory at ready does not change.
 */
import type { StoredRecord } from '../collection.js';

/** UTF-16 code units of kept texts per collection (one byte each for ASCII texts in V8). */
export const TEXT_BUDGET = 32 * 1024 * 1024;

export class RecordTexts {
  #texts = new Map<StoredRecord, string>();
  #chars = 0;
  readonly #budget: number;

  /** @param budget characters kept at most ({@link TEXT_BUDGET}) */
  constructor(budget = TEXT_BUDGET) {
    this.#budget = budget;
  }

  /**
   * `JSON.stringify(record)`, kept while `record` is the one `stored` holds under its id: a
   * record read before a write replaced it is answered as it was, and not kept.
   */
  text(record: StoredRecord, stored: ReadonlyMap<unknown, StoredRecord>): string {
    const kept = this.#texts.get(record);
    if (kept !== undefined) return kept;
    const text = JSON.stringify(record);
    if (stored.get(record.id) !== record) return text;
    if (this.#chars + text.length > this.#budget) this.clear();
    if (text.length <= this.#budget) {
      this.#texts.set(record, text);
      this.#chars += text.length;
    }
    return text;
  }

  /** A write replaced or removed `record`: its text is no longer any stored record's. */
  forget(record: StoredRecord): void {
    const kept = this.#texts.get(record);
    if (kept === undefined) return;
    this.#texts.delete(record);
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
