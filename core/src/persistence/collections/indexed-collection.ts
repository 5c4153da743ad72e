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
import { IdConflictError, IdKindError } from '../../errors.js';
import type { IdKind, RecordId } from '../../model/schema.js';
import type { BatchOp, CollectionPlan, PlannedChange } from '../batch-plan.js';
import type { Collection, IndexValue, NewRecord, StoredRecord } from '../collection.js';
import { deleteLine, normalize, recordLine, serialize } from '../datafile/datafile-format.js';
import { isIdOfKind, keyOf, randomStringId } from '../datafile/id-rules.js';
import type { RecordView, ViewSpec } from '../record-query.js';
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

  pageFromLast(offset: number, limit = Infinity): StoredRecord[] {
    return this.table.pageFromLast(offset, limit);
  }

  view(spec: ViewSpec): RecordView | undefined {
    return this.table.view(spec);
  }

  json(record: StoredRecord): string {
    return this.table.json(record);
  }

  jsonOf(id: RecordId): string | undefined {
    return this.table.jsonOf(id);
  }

  version(): number {
    return this.table.version;
  }

  each(visit: (record: StoredRecord) => void): void {
    this.table.each(visit);
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

  /**
   * The lines and before/after images of `ops` on the current records, without applying them
   * (issue 18: a multi-datafile batch journals its plan before any datafile changes). Later
   * ops on the same id build on earlier ones; removing an absent id plans nothing.
   */
  planBatch(ops: readonly BatchOp[]): CollectionPlan {
    const planned = new Map<RecordId, PlannedChange>();
    const current = (id: RecordId) =>
      planned.has(id) ? planned.get(id)!.after : this.table.get(id);
    const change = (id: RecordId, after: StoredRecord | undefined): void => {
      const before = planned.has(id) ? planned.get(id)!.before : this.table.get(id);
      planned.set(id, { id, key: this.keyFor(id), before, after });
    };
    const stored: StoredRecord[] = [];
    for (const op of ops) {
      if (op.kind === 'clear') {
        for (const record of this.table.values()) change(record.id, undefined);
        for (const id of planned.keys()) if (current(id) !== undefined) change(id, undefined);
      } else if (op.kind === 'remove') {
        if (current(op.id) !== undefined) change(op.id, undefined);
      } else if (op.kind === 'merge') {
        const record = current(op.id);
        if (record !== undefined) change(op.id, normalize({ ...record, ...op.fields }, op.id));
      } else if (op.kind === 'insert') {
        const id = this.newId(op.record.id, (taken) => current(taken) !== undefined);
        const record = normalize(op.record, id);
        change(id, record);
        stored.push(record);
      } else {
        const id = op.record.id;
        if (!isIdOfKind(id, this.idKind)) throw new IdKindError(id, this.idKind);
        const record = normalize(op.record, id);
        change(id, record);
        stored.push(record);
      }
    }
    const changes = [...planned.values()].filter((c) => c.before !== c.after);
    let text = '';
    let undoText = '';
    for (const c of changes) {
      text += c.after ? serialize(c.after, c.key) : deleteLine(c.key);
      undoText += c.before ? recordLine(c.before, c.key) : deleteLine(c.key);
    }
    return { changes, text, undoText, stored };
  }

  /** Whether no write touched the plan's records since it was made (records are immutable). */
  isCurrent(plan: CollectionPlan): boolean {
    return plan.changes.every((c) => this.table.get(c.id) === c.before);
  }

  /**
   * Applies a plan to memory now and stores its lines followed by `trailer` (one line) in one
   * append; on a storage failure memory is rolled back, as for any write.
   */
  applyPlan(plan: CollectionPlan, trailer: string): Promise<void> {
    this.assertOpen();
    const undo = this.#swap(plan.changes, 'after');
    return this.persist(plan.text + trailer, plan.changes.length + 1, undo);
  }

  /**
   * Takes an applied plan back: each record still as the plan left it returns to its before
   * image (a record written since keeps that later write), stored as one append.
   */
  revertPlan(plan: CollectionPlan): Promise<void> {
    this.assertOpen();
    const still = plan.changes.filter((c) => this.table.get(c.id) === c.after);
    if (still.length === 0) return Promise.resolve();
    let text = '';
    for (const c of still) text += c.before ? recordLine(c.before, c.key) : deleteLine(c.key);
    this.#swap(still, 'before');
    // Memory stays as before even if this append fails: the journal rolls the file back.
    return this.persist(text, still.length, () => undefined);
  }

  /** Puts each change's `side` image in memory; returns the undo. */
  #swap(changes: readonly PlannedChange[], side: 'before' | 'after'): () => void {
    const other = side === 'after' ? 'before' : 'after';
    const set = (c: PlannedChange, record: StoredRecord | undefined): void => {
      if (record) {
        this.table.put(record);
        if (typeof record.id === 'number' && record.id > this.lastId) this.lastId = record.id;
      } else this.table.delete(c.id);
      if (c.key !== keyOf(c.id) && record === undefined) this.foreignKeys.delete(c.id);
      else if (c.key !== keyOf(c.id)) this.foreignKeys.set(c.id, c.key);
    };
    for (const c of changes) set(c, c[side]);
    return () => {
      for (let i = changes.length - 1; i >= 0; i--) set(changes[i]!, changes[i]![other]);
    };
  }

  protected keyFor(id: RecordId): string {
    return this.foreignKeys.get(id) ?? keyOf(id);
  }

  /** `taken` also counts ids a batch being planned has given out already. */
  private newId(
    requested: RecordId | undefined | null,
    taken: (id: RecordId) => boolean = (id) => this.table.has(id),
  ): RecordId {
    if (requested === undefined || requested === null) return this.nextId(taken);
    if (!isIdOfKind(requested, this.idKind)) throw new IdKindError(requested, this.idKind);
    // Issue 7: a lone surrogate ("\ud800" in JSON) has no URL form: the record could never be
    // addressed, and building its Location threw after it was stored (a 500 for a stored write).
    if (typeof requested === 'string' && LONE_SURROGATE.test(requested))
      throw new IdKindError(requested, this.idKind, 'well-formed Unicode (no lone surrogate)');
    if (taken(requested)) throw new IdConflictError(requested);
    return requested;
  }

  private nextId(taken: (id: RecordId) => boolean): RecordId {
    if (this.idKind === 'string') {
      let id = randomStringId();
      while (taken(id)) id = randomStringId();
      return id;
    }
    // lastId only grows (client ids raise it too), so lastId + 1 is free; the loop guards
    // against a hand-edited file whose metadata line claims less than its records.
    let id = this.lastId + 1;
    while (taken(id)) id++;
    return id;
  }
}
