/**
 * The records a real API answered for one collection path (issue 46), gathered one answer at a
 * time so recorded traffic of any length is read in memory bounded by the distinct records it
 * holds: each record is kept once by id (merged field by field, the latest answer winning),
 * while the field statistics (types, presence) count every record of every answer.
 */
import type { JsonValue } from '../contract/control-api.js';
import { addStats, type Collection } from './collection-plan.js';
import type { ImportNote } from './import-plan.js';
import type { FieldStats } from './infer-field.js';

type JsonRecord = Record<string, JsonValue>;

/** A path segment that reads as a record's id: digits, a UUID, or a long hex key (Mongo). */
export function isIdLike(segment: string): boolean {
  return (
    /^\d{1,16}$/.test(segment) ||
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment) ||
    /^[0-9a-f]{16,64}$/i.test(segment)
  );
}

/** How many distinct record shapes a collection counts before it stops telling them apart. */
const MAX_SHAPES = 64;

export class RecordedCollection {
  /** Records by their id's text (`5` and `"5"` are one record, as a path names both). */
  readonly #byId = new Map<string, JsonRecord>();
  /** Records without an id, once per distinct content. */
  readonly #noId = new Map<string, JsonRecord>();
  readonly stats = new Map<string, FieldStats>();
  /** Every record of every answer (the count the presence of a field is weighed against). */
  seen = 0;
  /** Distinct sets of field names seen, up to {@link MAX_SHAPES}. */
  readonly #shapes = new Set<string>();
  /** Records whose id came from the path (`GET /users/5` answered without `id`). */
  idsFromPath = 0;
  /** Records a recorded `DELETE` removed. */
  deleted = 0;
  /** Nested paths whose lists were read as this collection's (`/users/5/posts`). */
  readonly nested = new Set<string>();

  constructor(
    /** The full path as served (`/api/users`). */
    readonly path: string,
    /** What comes before the collection's segment (`/api`, or `` at the root). */
    readonly prefix: string,
    /** The collection's own segment: its model's path (`users`). */
    readonly key: string,
  ) {}

  /** One record of an answer: counted for the types, kept (merged into the one of its id). */
  add(record: JsonRecord): void {
    this.seen++;
    addStats(this.stats, record);
    if (this.#shapes.size < MAX_SHAPES) this.#shapes.add(Object.keys(record).sort().join('\u0000'));
    const id = record.id;
    if (id === undefined || id === null || typeof id === 'object' || typeof id === 'boolean') {
      this.#noId.set(JSON.stringify(record), record);
      return;
    }
    const key = String(id);
    const before = this.#byId.get(key);
    // Merged, not replaced: a list's summary answered after the item's detail keeps the detail.
    this.#byId.set(key, before === undefined ? record : { ...before, ...record });
  }

  /** A recorded `DELETE /x/:id` that succeeded: the record is gone after it. */
  remove(id: string): void {
    if (this.#byId.delete(id)) this.deleted++;
  }

  has(id: string): boolean {
    return this.#byId.has(id);
  }

  /** How many different sets of fields the records came in (capped at {@link MAX_SHAPES}). */
  get shapes(): number {
    return this.#shapes.size;
  }

  /** The records to seed, by id first. */
  records(): JsonRecord[] {
    return [...this.#byId.values(), ...this.#noId.values()];
  }
}

/** What reading a collection from traffic guessed beyond its fields. */
export function collectionNotes(c: RecordedCollection, collection: Collection): ImportNote[] {
  const notes: ImportNote[] = [];
  const at = collection.model.name;
  if (c.shapes > 1) {
    const partial = [...c.stats.entries()]
      .filter(([, s]) => s.present < c.seen)
      .map(([field, s]) => `${field} in ${s.present} of ${c.seen}`);
    notes.push({
      kind: 'guess',
      at,
      text: `${c.path} answered records of ${c.shapes} shapes: their fields are unioned${partial.length > 0 ? `, those some lacked optional (${partial.slice(0, 8).join(', ')}${partial.length > 8 ? ', …' : ''})` : ''}`,
    });
  }
  if (c.idsFromPath > 0)
    notes.push({
      kind: 'guess',
      at: `${at}.id`,
      text: `${c.idsFromPath} answers of ${c.path}/:id had no id: the path's id is theirs`,
    });
  if (c.nested.size > 0)
    notes.push({
      kind: 'guess',
      at,
      text: `read from ${[...c.nested].join(', ')} too, as records of ${c.path}`,
    });
  if (c.deleted > 0)
    notes.push({
      kind: 'guess',
      at: c.path,
      text: `${c.deleted} records deleted while recording are not in the seed`,
    });
  return notes;
}
