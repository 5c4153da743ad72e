/**
 * Issue 44: the answers to the list queries a server is asked again and again (a filtered page,
 * a sort on a plain field, a search), kept in memory and brought up to date by every write, so
 * the next page, a refresh or the next client costs O(log n + limit) instead of a walk over a
 * million records and a sort of them.
 *
 * A view holds the records a query keeps, in the order it asks, with ties in id order: what a
 * stable sort of the matches in id order gives (app/query/list-records.ts), kept by binary
 * insertion. That is only the same order while the comparator is a total order, so a sorted
 * view is kept only while every record in it holds one kind of value (numbers, strings or
 * booleans, or none) in each sorted field; a record that mixes them drops the view and the
 * query is answered by the scan again.
 *
 * Memory is bounded: at most {@link MAX_VIEWS} views and {@link BUDGET_PER_RECORD} kept
 * references per record of the collection, the least recently used going first; nothing is
 * built until a query is asked (RSS at ready does not change). A query that keeps some records
 * and not others is kept from the second time it is asked among the last {@link SEEN} distinct
 * queries, so a stream of one-off searches (a search box being typed into) does not evict the
 * views in use; a plain sort (it keeps every record) is kept from the first.
 */
import type { StoredRecord } from '../collection.js';
import type { RecordView, ViewSpec } from '../record-query.js';
import { SortedBlocks } from './sorted-blocks.js';

/** Views kept per collection. */
export const MAX_VIEWS = 8;
/** Records referenced by all views together, per record of the collection. */
export const BUDGET_PER_RECORD = 4;
/** Below this many records a view is never worth its bookkeeping: the scan is as quick. */
export const MIN_RECORDS = 2000;
/** Distinct queries remembered for the second-sight rule. */
export const SEEN = 64;

type Kind = 'number' | 'string' | 'boolean' | 'none' | 'mixed';

/** The kind a sorted field holds; `mixed` for objects and arrays, which have no total order. */
function kindOf(value: unknown): Kind {
  if (value === undefined || value === null) return 'none';
  const type = typeof value;
  return type === 'number' || type === 'string' || type === 'boolean' ? type : 'mixed';
}

class View implements RecordView {
  /** Per sorted field, the one kind its records hold (`none` until a value is seen). */
  readonly kinds: Kind[];

  constructor(
    readonly spec: ViewSpec,
    readonly list: SortedBlocks<StoredRecord>,
    kinds: Kind[],
  ) {
    this.kinds = kinds;
  }

  get size(): number {
    return this.list.size;
  }

  slice(offset: number, limit: number): StoredRecord[] {
    return this.list.slice(offset, limit);
  }

  keeps(record: StoredRecord): boolean {
    return this.spec.keep === undefined || this.spec.keep(record);
  }

  /** Whether `record` can join without mixing kinds; notes the kinds it brings. */
  admits(record: StoredRecord): boolean {
    const { fields } = this.spec;
    for (let i = 0; i < fields.length; i++) {
      const kind = kindOf(record[fields[i]!]);
      if (kind === 'none') continue;
      if (kind === 'mixed') return false;
      const known = this.kinds[i]!;
      if (known === 'none') this.kinds[i] = kind;
      else if (known !== kind) return false;
    }
    return true;
  }
}

export class RecordViews {
  /** Least recently used first (a Map iterates in insertion order; a use re-inserts). */
  readonly #views = new Map<string, View>();
  /** Keys asked but not kept, least recent first: how often, or `Infinity` when unkeepable. */
  readonly #seen = new Map<string, { times: number; version: number }>();
  /** Counts writes, so an unkeepable mark lasts only until the records change. */
  #version = 0;

  readonly #minRecords: number;

  /**
   * @param records every record, in ascending id order
   * @param count how many records there are
   * @param compareIds the collection's id order
   * @param options `minRecords`: fewer records than this keep no view ({@link MIN_RECORDS})
   */
  constructor(
    private readonly records: () => Iterable<StoredRecord>,
    private readonly count: () => number,
    private readonly compareIds: (a: StoredRecord, b: StoredRecord) => number,
    options: { readonly minRecords?: number } = {},
  ) {
    this.#minRecords = options.minRecords ?? MIN_RECORDS;
  }

  /** The kept answer to `spec`, built now when it is worth keeping, else `undefined`. */
  view(spec: ViewSpec): RecordView | undefined {
    const kept = this.#views.get(spec.key);
    if (kept !== undefined) {
      this.#views.delete(spec.key);
      this.#views.set(spec.key, kept);
      return kept;
    }
    if (this.count() < this.#minRecords || !this.#admit(spec)) return undefined;
    const built = this.#build(spec);
    if (built === undefined) {
      this.#seen.set(spec.key, { times: Infinity, version: this.#version });
      return undefined;
    }
    this.#seen.delete(spec.key);
    this.#make(built);
    return built;
  }

  /** How many views are kept (for tests and the bench's notes). */
  get size(): number {
    return this.#views.size;
  }

  /** A record stored (`previous` the one it replaced, if any). */
  put(previous: StoredRecord | undefined, record: StoredRecord): void {
    this.#version++;
    for (const [key, view] of this.#views) {
      const was = previous !== undefined && view.keeps(previous);
      const is = view.keeps(record);
      if (is && !view.admits(record)) {
        this.#views.delete(key);
        continue;
      }
      if (was && is) view.list.replace(previous, record);
      else if (was) view.list.remove(previous);
      else if (is) view.list.insert(record);
    }
  }

  /** A record removed. */
  delete(previous: StoredRecord): void {
    this.#version++;
    for (const view of this.#views.values()) if (view.keeps(previous)) view.list.remove(previous);
  }

  /** Every record replaced at once (a load, a clear): nothing kept is true any more. */
  reset(): void {
    this.#version++;
    this.#views.clear();
    this.#seen.clear();
  }

  /** Whether to build `spec` now: a plain sort at once, a filter on its second asking. */
  #admit(spec: ViewSpec): boolean {
    const seen = this.#seen.get(spec.key);
    this.#seen.delete(spec.key);
    if (seen?.times === Infinity && seen.version === this.#version) {
      this.#seen.set(spec.key, seen);
      return false;
    }
    if (spec.keep === undefined || (seen !== undefined && seen.times !== Infinity)) return true;
    this.#seen.set(spec.key, { times: 1, version: this.#version });
    if (this.#seen.size > SEEN) this.#seen.delete(this.#seen.keys().next().value!);
    return false;
  }

  /** The view of `spec` over the current records, or `undefined` when its order is not total. */
  #build(spec: ViewSpec): View | undefined {
    const matches: StoredRecord[] = [];
    const kinds: Kind[] = spec.fields.map(() => 'none');
    const probe = new View(spec, new SortedBlocks(this.compareIds), kinds);
    for (const record of this.records()) {
      if (!probe.keeps(record)) continue;
      if (!probe.admits(record)) return undefined;
      matches.push(record);
    }
    const compare = spec.compare ?? this.compareIds;
    // The matches arrive in id order: already sorted when the view is in id order.
    if (spec.compare !== undefined) matches.sort(compare);
    return new View(spec, new SortedBlocks(compare, matches), kinds);
  }

  /** Keeps `view`, dropping the least recently used until the count and budget allow it. */
  #make(view: View): void {
    const budget = BUDGET_PER_RECORD * Math.max(this.count(), MIN_RECORDS);
    let used = view.size;
    for (const v of this.#views.values()) used += v.size;
    for (const [key, v] of this.#views) {
      if (this.#views.size < MAX_VIEWS && used <= budget) break;
      this.#views.delete(key);
      used -= v.size;
    }
    this.#views.set(view.spec.key, view);
  }
}
