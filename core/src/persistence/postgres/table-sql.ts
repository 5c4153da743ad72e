/**
 * The statements a table's store runs (issue 26), built once from the table's spec: names
 * quoted (sql.ts), every value a `$n` parameter, in the column order record-codec.ts encodes
 * (`id` first). A list query's SELECT, which depends on the query, is query-sql.ts.
 */
import { castOf } from './record-codec.js';
import { quoteIdent } from './sql.js';
import type { TableSpec } from './table-schema.js';

/** The operations a multi-row write is made of: a put replaces a row, an insert refuses one. */
export type ManyRowsKind = 'put' | 'insert';

/**
 * A numeric id given by a client moves the identity past it, so the database never gives it
 * out again: only ever up (a concurrent smaller one does not move it back, bar a race whose
 * collision the insert's retry absorbs). `$1` is {@link TableSql.quotedTable}, `$2` the id.
 */
export const ADVANCE_IDENTITY = `SELECT setval(pg_get_serial_sequence($1, 'id'), $2::bigint)
  WHERE coalesce(pg_sequence_last_value(pg_get_serial_sequence($1, 'id')::regclass), 0) < $2::bigint`;

/** The statements of one table, built once from its spec. */
export class TableSql {
  readonly select: string;
  readonly byId: string;
  readonly forUpdate: string;
  readonly insertWithId: string;
  readonly insertAuto: string;
  readonly upsert: string;
  readonly update: string;
  readonly delete: string;
  readonly deleteAll: string;
  readonly first: string;
  readonly after: string;
  readonly sample: string;
  /** The table's name as `pg_get_serial_sequence` takes it. */
  readonly quotedTable: string;
  readonly #spec: TableSpec;
  readonly #list: string;
  readonly #fromExcluded: string;

  constructor(spec: TableSpec) {
    this.#spec = spec;
    const table = quoteIdent(spec.table);
    const names = spec.columns.map((c) => quoteIdent(c.name));
    const list = names.join(', ');
    const rest = spec.columns.slice(1);
    const values = (from: number) => rest.map((c, i) => `$${from + i}${castOf(c)}`).join(', ');
    this.quotedTable = table;
    this.#list = list;
    this.select = `SELECT ${list} FROM ${table} ORDER BY "id"`;
    this.first = `SELECT ${list} FROM ${table} ORDER BY "id" LIMIT $1`;
    // Keyset pages: each starts past the last id of the one before, along the primary key.
    this.after = `SELECT ${list} FROM ${table} WHERE "id" > $1 ORDER BY "id" LIMIT $2`;
    // Every k-th id in id order, k = ceil(rows / $1): at most $1 ids, all of them if no more.
    this.sample = `SELECT "id" FROM (SELECT "id", row_number() OVER (ORDER BY "id") - 1 AS n, count(*) OVER () AS total FROM ${table}) AS s WHERE n % ceil(total::float8 / $1::float8)::bigint = 0 ORDER BY "id"`;
    this.byId = `SELECT ${list} FROM ${table} WHERE "id" = $1`;
    this.forUpdate = `${this.byId} FOR UPDATE`;
    // ON CONFLICT DO NOTHING: a taken id answers no row instead of aborting a transaction.
    this.insertWithId = `INSERT INTO ${table} (${list}) VALUES ($1, ${values(2)}) ON CONFLICT ("id") DO NOTHING RETURNING ${list}`;
    this.insertAuto = `INSERT INTO ${table} (${names.slice(1).join(', ')}) VALUES (${values(1)}) ON CONFLICT ("id") DO NOTHING RETURNING ${list}`;
    const assign = rest.map((c, i) => `${names[i + 1]} = $${i + 2}${castOf(c)}`).join(', ');
    this.#fromExcluded = names
      .slice(1)
      .map((n) => `${n} = EXCLUDED.${n}`)
      .join(', ');
    this.upsert = `INSERT INTO ${table} (${list}) VALUES ($1, ${values(2)}) ON CONFLICT ("id") DO UPDATE SET ${this.#fromExcluded} RETURNING ${list}`;
    this.update = `UPDATE ${table} SET ${assign} WHERE "id" = $1 RETURNING ${list}`;
    this.delete = `DELETE FROM ${table} WHERE "id" = $1 RETURNING ${list}`;
    this.deleteAll = `DELETE FROM ${table}`;
  }

  /**
   * One statement writing `rows` rows, each a whole row's values in column order (`$1`… for
   * the first, the next row's after them): a put replaces a row with that id, an insert
   * answers no row for a taken one. Every row written is returned.
   */
  many(kind: ManyRowsKind, rows: number): string {
    const { columns } = this.#spec;
    const width = columns.length;
    const tuples: string[] = [];
    for (let row = 0; row < rows; row++)
      tuples.push(
        `(${columns.map((c, j) => `$${row * width + j + 1}${j === 0 ? '' : castOf(c)}`).join(', ')})`,
      );
    const tail =
      kind === 'put'
        ? `ON CONFLICT ("id") DO UPDATE SET ${this.#fromExcluded}`
        : 'ON CONFLICT ("id") DO NOTHING';
    return `INSERT INTO ${this.quotedTable} (${this.#list}) VALUES ${tuples.join(', ')} ${tail} RETURNING ${this.#list}`;
  }
}
