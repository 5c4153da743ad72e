/**
 * Exact totals without a scan (issue 44): each model table's row count, kept by the database
 * itself in `decorest_counts`, in the same transaction as every insert and delete, so every
 * server on the database reads the same `X-Total-Count` at once (a `count(*)` reads the whole
 * table: 110–130 ms at a million rows, QUERY-DESIGN.md).
 *
 * Statement-level AFTER triggers with transition tables do it: one counter update per
 * statement, however many rows (a seed's COPY, an import's multi-row INSERT, a delete rule's
 * cascade). A table's count is spread over {@link SLOTS} rows, one per backend slot
 * (`pg_backend_pid() % 16`), each updated only by the connections of its slot: writes from
 * several connections do not queue on one row from their statement's end to their commit.
 * The total is the sum of a table's slots, at most 16 rows.
 *
 * Each write statement also bumps its slot's `version` (updates too): the slots' versions,
 * `slot:version,…`, name the table's state in a snapshot (a slot's writes are ordered by its
 * row lock, so a snapshot that sees one sees every earlier one of that slot). A count of a
 * filter a server caches at that state is used only while the page's own snapshot reads the
 * same state (query-sql.ts), so it is as exact as counting again.
 */
import { quoteIdent } from './sql.js';
import type { TableSpec } from './table-schema.js';

export const COUNTS_TABLE = 'decorest_counts';

/** Rows a table's count is spread over. */
export const SLOTS = 16;

/** The triggers every counted table has, by name: the function each runs. */
export const COUNT_TRIGGERS = {
  decorest_count_insert: 'decorest_counted_insert',
  decorest_count_delete: 'decorest_counted_delete',
  decorest_count_update: 'decorest_counted_update',
  decorest_count_truncate: 'decorest_counted_truncate',
} as const;

const COUNTS = quoteIdent(COUNTS_TABLE);

/** `'"todos"'::regclass`: the table's oid, resolved where the statement is parsed. */
export function regclass(table: string): string {
  return `'${quoteIdent(table).replaceAll("'", "''")}'::regclass`;
}

/** The table's total: the sum of its slots (NULL when it has none: not counted). */
export function totalSql(table: string): string {
  return `(SELECT sum("total")::bigint FROM ${COUNTS} WHERE "relid" = ${regclass(table)})`;
}

/** The table's state, its slots' versions as `slot:version,…` (see the file comment). */
export function stateSql(table: string): string {
  return `(SELECT string_agg("slot" || ':' || "version", ',' ORDER BY "slot") FROM ${COUNTS} WHERE "relid" = ${regclass(table)})`;
}

/** Where a counter's version starts: never a version an earlier counter of the table had. */
const CLOCK_MS = '(extract(epoch FROM clock_timestamp()) * 1000)::bigint';

/** Adds `delta` rows to this connection's slot of the trigger's table and bumps its version. */
const BUMP = (delta: string) =>
  `INSERT INTO ${COUNTS} AS c ("relid", "slot", "total", "version") VALUES (TG_RELID, pg_backend_pid() % ${SLOTS}, ${delta}, 1)
    ON CONFLICT ("relid", "slot") DO UPDATE SET "total" = c."total" + EXCLUDED."total", "version" = c."version" + 1;`;

function fn(name: string, body: string): string {
  return `CREATE OR REPLACE FUNCTION ${quoteIdent(name)}() RETURNS trigger LANGUAGE plpgsql AS $decorest$
BEGIN
  ${body}
  RETURN NULL;
END $decorest$`;
}

/** The table and functions every counted table shares, made when missing (idempotent). */
export function counterInfraSql(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${COUNTS} ("relid" oid, "slot" int, "total" bigint NOT NULL, "version" bigint NOT NULL, PRIMARY KEY ("relid", "slot"))`,
    fn(COUNT_TRIGGERS.decorest_count_insert, BUMP('(SELECT count(*) FROM decorest_new)')),
    fn(COUNT_TRIGGERS.decorest_count_delete, BUMP('-(SELECT count(*) FROM decorest_old)')),
    // An UPDATE changes no count, but what a filter matches: the version moves.
    fn(COUNT_TRIGGERS.decorest_count_update, BUMP('0')),
    fn(
      COUNT_TRIGGERS.decorest_count_truncate,
      `UPDATE ${COUNTS} SET "total" = 0, "version" = "version" + 1 WHERE "relid" = TG_RELID;`,
    ),
  ];
}

/**
 * The DDL that counts `spec`'s table from now on: its triggers (made again), then its count as
 * it is, in one slot, the others emptied. CREATE TRIGGER holds off every write to the table
 * until the commit, so the count read here stays exact. A `fresh` table (created in the same
 * transaction) has no triggers and no rows yet.
 */
export function counterTableSql(spec: TableSpec, fresh = false): string[] {
  const table = quoteIdent(spec.table);
  const rel = regclass(spec.table);
  const events: Record<keyof typeof COUNT_TRIGGERS, string> = {
    decorest_count_insert: 'AFTER INSERT ON %t REFERENCING NEW TABLE AS decorest_new',
    decorest_count_delete: 'AFTER DELETE ON %t REFERENCING OLD TABLE AS decorest_old',
    decorest_count_update: 'AFTER UPDATE ON %t',
    decorest_count_truncate: 'AFTER TRUNCATE ON %t',
  };
  const out: string[] = [];
  for (const [trigger, fnName] of Object.entries(COUNT_TRIGGERS)) {
    const when = events[trigger as keyof typeof COUNT_TRIGGERS].replace('%t', table);
    if (!fresh) out.push(`DROP TRIGGER IF EXISTS ${quoteIdent(trigger)} ON ${table}`);
    out.push(
      `CREATE TRIGGER ${quoteIdent(trigger)} ${when} FOR EACH STATEMENT EXECUTE FUNCTION ${quoteIdent(fnName)}()`,
    );
  }
  // The slots of a dropped table whose oid came back, or of an older count, go first.
  out.push(`DELETE FROM ${COUNTS} WHERE "relid" = ${rel}`);
  out.push(
    `INSERT INTO ${COUNTS} ("relid", "slot", "total", "version") ` +
      (fresh
        ? `VALUES (${rel}, 0, 0, ${CLOCK_MS})`
        : `SELECT ${rel}, 0, count(*), ${CLOCK_MS} FROM ${table}`),
  );
  return out;
}

/** Before a counted table is dropped: its counter rows, which nothing else would remove. */
export function forgetCounterSql(table: string): string {
  return `DELETE FROM ${COUNTS} WHERE "relid" = ${regclass(table)}`;
}

/** Per table of the current schema: its counting triggers, and whether it has counter rows. */
export const COUNTED_TABLES_SQL = `SELECT c.relname AS "table",
       count(DISTINCT t.tgname) AS triggers,
       EXISTS (SELECT 1 FROM ${COUNTS} k WHERE k."relid" = c.oid) AS counted
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
  JOIN pg_trigger t ON t.tgrelid = c.oid AND NOT t.tgisinternal
   AND t.tgname IN (${Object.keys(COUNT_TRIGGERS)
     .map((t) => `'${t}'`)
     .join(', ')})
 GROUP BY c.oid, c.relname`;

/** Whether the shared counter table exists in the current schema (made with the first model table). */
export const COUNTER_INFRA_SQL = `SELECT to_regclass('${COUNTS}') IS NOT NULL AS ready`;
