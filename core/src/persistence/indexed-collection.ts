/**
 * What both collections share: reads from the {@link RecordTable} and the meaning of every
 * write (id assignment, conflicts, record shape, undo). Subclasses only decide how a write is
 * stored, through {@link IndexedCollection.persist}.
 *
 * A write is applied to memory synchronously, in call order, before `persist` is called with
 * its datafile line(s), so memory and the datafile always list the same operations in the
 * same order; if storing fails, `persist` runs the undo and rejects (issue 7: memory never
 * claims a record the file lacks).
 */
import { IdConflictError, IdKindError, InvalidRecordError } from '../errors.js';
import type {
  Collection,
  IdKind,
  IndexValue,
  NewRecord,
  RecordId,
  StoredRecord,
} from './collection.js';
import { deleteLine, type JsonObject, recordLine, setField } from './datafile-format.js';
import { isIdOfKind, keyOf, randomStringId } from './id-rules.js';
import { RecordTable } from './record-table.js';

/** A UTF-16 surrogate not paired with its other half (`u` mode sees pairs as one code point). */
const LONE_SURROGATE = /\p{Cs}/u;

export abstract class IndexedCollection implements Collection {
  readonly idKind: IdKind;
  protected readonly table: RecordTable;
  /** Highest numeric id ever used, so ids are never reused (CONTRACT §1). */
  protected lastId = 0;
  /**
   * Records whose datafile `_id` is not `String(id)` (documents NeDB inserted with its own
   * random `_id`): later lines for them must reuse that `_id` or NeDB would see two documents.
   * Empty for files we wrote.
   */
  protected readonly foreignKeys = new Map<RecordId, string>();

  constructor(idKind: IdKind, indexes: readonly string[] = []) {
    this.idKind = idKind;
    this.table = new RecordTable(idKind, indexes);
  }

  /**
   * Stores `text` (whole lines) and resolves once it is stored. On failure it must call
   * `undo` (newest write first, together with every write queued after it) and reject.
   */
  protected abstract persist(text: string, lines: number, undo: () => void): Promise<void>;

  /** Throws when writes are no longer accepted (after `close`). */
  protected abstract assertOpen(): void;

  count(): number {
    return this.table.size;
  }

  has(id: RecordId): boolean {
    return this.table.has(id);
  }

  get(id: RecordId): StoredRecord | undefined {
    return this.table.get(id);
  }

  page(offset: number, limit = Infinity): StoredRecord[] {
    return this.table.page(offset, limit);
  }

  values(): IterableIterator<StoredRecord> {
    return this.table.values();
  }

  lookup(field: string, value: IndexValue, offset = 0, limit = Infinity): StoredRecord[] {
    return this.table.lookup(field, value, offset, limit);
  }

  countBy(field: string, value: IndexValue): number {
    return this.table.countBy(field, value);
  }

  async insert(input: NewRecord): Promise<StoredRecord> {
    this.assertOpen();
    const id = this.newId(input.id);
    const record = normalize(input, id);
    const line = serialize(record, this.keyFor(id));
    this.table.put(record);
    if (typeof id === 'number' && id > this.lastId) this.lastId = id;
    await this.persist(line, 1, () => {
      this.table.delete(id);
    });
    return record;
  }

  async replace(id: RecordId, input: NewRecord): Promise<StoredRecord | undefined> {
    this.assertOpen();
    if (!this.table.has(id)) return undefined;
    // CONTRACT §2: PUT takes the id from the path, whatever the body says.
    const record = normalize(input, id);
    const line = serialize(record, this.keyFor(id));
    const previous = this.table.put(record)!;
    await this.persist(line, 1, () => {
      this.table.put(previous);
    });
    return record;
  }

  async remove(id: RecordId): Promise<StoredRecord | undefined> {
    this.assertOpen();
    const key = this.foreignKeys.get(id);
    const previous = this.table.delete(id);
    if (previous === undefined) return undefined;
    if (key !== undefined) this.foreignKeys.delete(id);
    await this.persist(deleteLine(key ?? keyOf(id)), 1, () => {
      this.table.put(previous);
      if (key !== undefined) this.foreignKeys.set(id, key);
    });
    return previous;
  }

  async clear(): Promise<number> {
    this.assertOpen();
    const keys = new Map(this.foreignKeys);
    const removed = this.table.clear();
    if (removed.length === 0) return 0;
    this.foreignKeys.clear();
    let text = '';
    for (const record of removed) text += deleteLine(keys.get(record.id) ?? keyOf(record.id));
    await this.persist(text, removed.length, () => {
      for (const record of removed) this.table.put(record);
      for (const [id, key] of keys) this.foreignKeys.set(id, key);
    });
    return removed.length;
  }

  abstract close(): Promise<void>;

  protected keyFor(id: RecordId): string {
    return this.foreignKeys.get(id) ?? keyOf(id);
  }

  private newId(requested: RecordId | undefined | null): RecordId {
    if (requested === undefined || requested === null) return this.nextId();
    if (!isIdOfKind(requested, this.idKind)) throw new IdKindError(requested, this.idKind);
    // Issue 7: a lone surrogate ("\ud800" in JSON) has no URL form: the record could never be
    // addressed, and building its Location threw after it was stored (a 500 for a stored write).
    if (typeof requested === 'string' && LONE_SURROGATE.test(requested))
      throw new IdKindError(requested, this.idKind, 'well-formed Unicode (no lone surrogate)');
    if (this.table.has(requested)) throw new IdConflictError(requested);
    return requested;
  }

  private nextId(): RecordId {
    if (this.idKind === 'string') {
      let id = randomStringId();
      while (this.table.has(id)) id = randomStringId();
      return id;
    }
    // lastId only grows (client ids raise it too), so lastId + 1 is free; the loop guards
    // against a hand-edited file whose metadata line claims less than its records.
    let id = this.lastId + 1;
    while (this.table.has(id)) id++;
    return id;
  }
}

/**
 * The stored form of `input`: `id` first, `_id` dropped (it lives only in the file), a `Date`
 * stored as the ISO string it would read back as, `undefined` fields left out (JSON drops
 * them), and no top-level `$` keys (NeDB would read `$$deleted` as a deletion).
 */
function normalize(input: NewRecord, id: RecordId): StoredRecord {
  const record: JsonObject = { id };
  for (const name of Object.keys(input)) {
    if (name === 'id' || name === '_id') continue;
    if (name.charCodeAt(0) === 36 /* $ */) {
      throw new InvalidRecordError(
        `field "${name}": names starting with "$" are reserved by the datafile format`,
      );
    }
    let value = input[name];
    if (value === undefined) continue;
    if (value instanceof Date) {
      if (Number.isNaN(value.getTime()))
        throw new InvalidRecordError(`field "${name}": invalid date`);
      value = value.toISOString();
    }
    setField(record, name, value);
  }
  return record as StoredRecord;
}

function serialize(record: StoredRecord, key: string): string {
  try {
    return recordLine(record, key);
  } catch (error) {
    throw new InvalidRecordError(
      `the record cannot be stored as JSON: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
}
