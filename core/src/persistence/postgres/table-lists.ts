/**
 * A table's list pages (issue 26, issue 44): the statements query-sql.ts writes, run as named
 * statements (prepared-names.ts), with the caches that make a big table's pages cheap, each
 * used only while the table is in the state it was filled at: the counts of filters, and the
 * anchors of deep pages in id order. One per store; nothing here outlives a reload.
 */
import { databaseStoreError } from '../../errors.js';
import type { RecordId } from '../../model/schema.js';
import type { RecordPage, RecordQuery } from '../record-query.js';
import type { PostgresDatabase } from './postgres-database.js';
import { preparedName, tableSignature } from './prepared-names.js';
import { type Anchors, type CachedCount, type ListSql, listSql } from './query-sql.js';
import { readCounted } from './read-tables.js';
import { decodeRow } from './record-codec.js';
import { rows } from './rows.js';
import type { TableSpec } from './table-schema.js';

/** Counts of filtered lists a store keeps, each valid at one state of its table. */
const CACHED_COUNTS = 256;
/** Lists whose deep-page anchors a store keeps (each a thousandth of the list's ids). */
const CACHED_ANCHORS = 16;

/** Sets `key` in `map` as its most recent entry, the oldest dropped past `most`. */
function remember<V>(map: Map<string, V>, key: string, value: V, most: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > most) map.delete(map.keys().next().value!);
}

export class TableLists {
  /** What names its prepared list statements (prepared-names.ts). */
  readonly #signature: string;

  constructor(
    readonly database: PostgresDatabase,
    readonly spec: TableSpec,
  ) {
    this.#signature = tableSignature(spec);
  }

  /** Whether the table's rows are counted (counters-sql.ts), read once per store. */
  #counted: Promise<boolean> | undefined;
  /**
   * Counts of filtered lists by their WHERE, each at the table state it was counted at: a
   * page uses one only when its own snapshot reads that state (query-sql.ts), so it is as
   * exact as counting again. Most recently used last; the oldest goes past CACHED_COUNTS.
   */
  readonly #counts = new Map<string, CachedCount>();
  /** Anchors of deep pages in id order, by list, each at a table state (query-sql.ts). */
  readonly #anchors = new Map<string, Anchors>();
  /** The state the last deep page of each list read by OFFSET alone saw. */
  readonly #deepSeen = new Map<string, string>();
  /** Anchor reads in flight, by list. */
  readonly #anchoring = new Map<string, Promise<void>>();

  #countedOf(): Promise<boolean> {
    this.#counted ??= readCounted(this.database.admitted()).then(
      (tables) => tables.has(this.spec.table),
      (error: unknown) => {
        this.#counted = undefined;
        throw databaseStoreError(error, this.database.where);
      },
    );
    return this.#counted;
  }

  #cached(key: string): CachedCount | undefined {
    const found = this.#counts.get(key);
    if (found !== undefined) remember(this.#counts, key, found, CACHED_COUNTS);
    return found;
  }

  async list(query: RecordQuery): Promise<RecordPage | undefined> {
    const counted = await this.#countedOf();
    const sql = listSql(this.spec, query, {
      counted,
      cached: (key) => this.#cached(key),
      anchors: (key) => this.#anchors.get(key),
    });
    if (sql === undefined) return undefined;
    const db = this.database;
    const page = (statement: { text: string; values: unknown[] }) =>
      rows(
        db.admitted(),
        db.where,
        statement.text,
        statement.values,
        undefined,
        preparedName(this.#signature, statement.text),
      );
    let found = await page(sql.page);
    const width = this.spec.columns.length;
    const { deep } = sql;
    if (deep?.anchored !== undefined && found[0]?.[width + 1] !== deep.anchored.state) {
      // The table moved since the anchors were taken (or the page is past the last): read
      // the page by its offset alone, as without anchors.
      this.#anchors.delete(deep.key);
      found = await page(deep.anchored.plain);
    } else if (deep !== undefined && deep.anchored === undefined)
      await this.#anchorLater(deep, found[0]?.[width + 1]);
    if (found.length > 0) {
      const total = await this.#totalOf(sql, found[0]![width]);
      if (sql.stated) this.#remember(sql.key, found[0]![width + 1], total);
      return { items: found.map((row) => decodeRow(this.spec, row.slice(0, width))), total };
    }
    // No row, so no count beside it: an empty match, or a window past the matches.
    if (query.offset === 0 && query.limit !== 0 && query.after === undefined)
      return { items: [], total: 0 };
    const [count] = await rows(db.admitted(), db.where, sql.count.text, sql.count.values);
    const total = await this.#totalOf(sql, count![0]);
    if (sql.stated) this.#remember(sql.key, count![1], total);
    return { items: [], total };
  }

  #remember(key: string | undefined, state: unknown, total: number): void {
    if (key !== undefined && typeof state === 'string')
      remember(this.#counts, key, { state, total }, CACHED_COUNTS);
  }

  /**
   * After a deep page read by OFFSET alone: when the one before it saw the same table state
   * (the table holds still), the list's anchors are read, one ordered pass over the index, and
   * the next deep pages start from them. A table written between every deep page never pays
   * for anchors it could not use. A failed read only leaves the pages to their offsets.
   */
  async #anchorLater(deep: NonNullable<ListSql['deep']>, state: unknown): Promise<void> {
    if (typeof state !== 'string') return;
    const seen = this.#deepSeen.get(deep.key);
    remember(this.#deepSeen, deep.key, state, CACHED_ANCHORS);
    if (seen !== state) return;
    // Concurrent deep pages of one list wait for the same read.
    let reading = this.#anchoring.get(deep.key);
    if (reading === undefined) {
      const db = this.database;
      reading = rows(db.pool, db.where, deep.anchorsSql.text, deep.anchorsSql.values)
        .then(
          (found) => {
            const at = found[0]?.[1];
            if (typeof at === 'string')
              remember(
                this.#anchors,
                deep.key,
                { state: at, ids: found.map((row) => row[0] as RecordId) },
                CACHED_ANCHORS,
              );
          },
          () => undefined,
        )
        .finally(() => this.#anchoring.delete(deep.key));
      this.#anchoring.set(deep.key, reading);
    }
    await reading;
  }

  /** The count a statement read; NULL from counter rows someone deleted: counted instead. */
  async #totalOf(sql: ListSql, read: unknown): Promise<number> {
    if (typeof read === 'number') return read;
    this.#counted = undefined;
    const [count] = await rows(
      this.database.admitted(),
      this.database.where,
      sql.scan.text,
      sql.scan.values,
    );
    return count![0] as number;
  }
}
