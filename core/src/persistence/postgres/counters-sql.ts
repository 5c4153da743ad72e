/**
 * Exact totals without a scan (issue 44): each model table's row count, kept by the database
 * itself in `decorest_counts`, in the same transaction as every insert and delete, so every
 * server on the database reads the same `X-Total-Count` in O(1) (a `count(*)` reads the whole
 * table: 110–130 ms at a million rows, QUERY-DESIGN.md).
 *
 * Statement-level AFTER triggers with transition tables do it: one counter update per
 * statement, however many rows (a seed's COPY, an import's multi-row INSERT, a delete rule's
 * cascade). Each also bumps the table's `version` (updates too), so a count of a filter cached
 * by a server stays exact: it is used only while the version it was counted at is the one the
 * page's own snapshot reads (postgres-store.ts). A table with numeric ids also keeps its rows'
 * count per block of 1,024 ids in `decorest_id_buckets`, which turns a deep `offset` in id
 * order into a sum over the blocks and a skip inside one (query-sql.ts).
 *
 * The price: every write statement on a table updates its one counter row, so writes to one
 * table queue on that row from the statement's end to its commit (bench/POSTGRES-RESULTS.md
 * measures it).
 */
import { quoteIdent } from './sql.js';
import type { TableSpec } from './table-schema.js';

export const COUNTS_TABLE = 'decorest_counts';
export const BUCKETS_TABLE = 'decorest_id_buckets';
/** Ids per bucket, as a shift: `id >> 10`. */
export const BUCKET_BITS = 10;

/** The triggers every counted table has, by event: the function each runs. */
export const COUNT_TRIGGERS = {
  decorest_count_insert: 'decorest_counted_insert',
  decorest_count_delete: 'decorest_counted_delete',
  decorest_count_update: 'decorest_counted_update',
  decorest_count_truncate: 'decorest_counted_truncate',
} as const;

const COUNTS = quoteIdent(COUNTS_TABLE);
const BUCKETS = quoteIdent(BUCKETS_TABLE);

/** `'"todos"'::regclass`: the table's oid, resolved where the statement is parsed. */
export function regclass(table: string): string {
  return `'${quoteIdent(table).replaceAll("'", "''")}'::regclass`;
}

/** Where a counter's version starts: never a version an earlier counter of the table had. */
const CLOCK_MS = '(extract(epoch FROM clock_timestamp()) * 1000)::bigint';

/** A function body run by the triggers; `buckets` is TG_ARGV (set for numeric ids). */
function fn(name: string, declare: string, body: string): string {
  return `CREATE OR REPLACE FUNCTION ${quoteIdent(name)}() RETURNS trigger LANGUAGE plpgsql AS $decorest$
#variable_conflict use_column
${declare}BEGIN
${body}
  RETURN NULL;
END $decorest$`;
}

/**
 * The tables and functions every counted table shares, made when missing (idempotent). The
 * version starts at the clock's milliseconds, so a counter made again never repeats a version
 * a server may have cached a count at.
 */
export function counterInfraSql(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${COUNTS} ("relid" oid PRIMARY KEY, "total" bigint NOT NULL, "version" bigint NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${BUCKETS} ("relid" oid, "bucket" bigint, "n" bigint NOT NULL, PRIMARY KEY ("relid", "bucket"))`,
    fn(
      COUNT_TRIGGERS.decorest_count_insert,
      'DECLARE added bigint;\n',
      `  SELECT count(*) INTO added FROM decorest_new;
  IF added > 0 THEN
    UPDATE ${COUNTS} SET "total" = "total" + added, "version" = "version" + 1 WHERE "relid" = TG_RELID;
    IF TG_NARGS > 0 THEN
      -- Buckets in order: two statements never lock two of them the other way round.
      INSERT INTO ${BUCKETS} AS b ("relid", "bucket", "n")
        SELECT TG_RELID, "id" >> ${BUCKET_BITS}, count(*) FROM decorest_new GROUP BY 2 ORDER BY 2
        ON CONFLICT ("relid", "bucket") DO UPDATE SET "n" = b."n" + EXCLUDED."n";
    END IF;
  END IF;`,
    ),
    fn(
      COUNT_TRIGGERS.decorest_count_delete,
      'DECLARE removed bigint;\n',
      `  SELECT count(*) INTO removed FROM decorest_old;
  IF removed > 0 THEN
    UPDATE ${COUNTS} SET "total" = "total" - removed, "version" = "version" + 1 WHERE "relid" = TG_RELID;
    IF TG_NARGS > 0 THEN
      UPDATE ${BUCKETS} AS b SET "n" = b."n" - d."n"
        FROM (SELECT "id" >> ${BUCKET_BITS} AS "bucket", count(*) AS "n" FROM decorest_old GROUP BY 1) AS d
       WHERE b."relid" = TG_RELID AND b."bucket" = d."bucket";
    END IF;
  END IF;`,
    ),
    fn(
      COUNT_TRIGGERS.decorest_count_update,
      '',
      `  IF EXISTS (SELECT 1 FROM decorest_new) THEN
    UPDATE ${COUNTS} SET "version" = "version" + 1 WHERE "relid" = TG_RELID;
    -- decorest never changes an id; a hand-made UPDATE that does has the buckets counted again.
    IF TG_NARGS > 0 AND EXISTS (SELECT 1 FROM decorest_old o WHERE NOT EXISTS (SELECT 1 FROM decorest_new n WHERE n."id" = o."id")) THEN
      DELETE FROM ${BUCKETS} WHERE "relid" = TG_RELID;
      EXECUTE format('INSERT INTO ${BUCKETS} ("relid", "bucket", "n") SELECT %s, "id" >> ${BUCKET_BITS}, count(*) FROM %s GROUP BY 2', TG_RELID::oid, TG_RELID::regclass);
    END IF;
  END IF;`,
    ),
    fn(
      COUNT_TRIGGERS.decorest_count_truncate,
      '',
      `  UPDATE ${COUNTS} SET "total" = 0, "version" = "version" + 1 WHERE "relid" = TG_RELID;
  DELETE FROM ${BUCKETS} WHERE "relid" = TG_RELID;`,
    ),
  ];
}

/** Whether the table's ids are counted per bucket: numeric ids only (strings have no blocks). */
export function bucketed(spec: TableSpec): boolean {
  return spec.idKind === 'number';
}

/**
 * The DDL that counts `spec`'s table from now on: its triggers (made again, so a table whose id
 * kind changed gets the right ones), then its count and buckets as they are. CREATE TRIGGER
 * holds off every write to the table until the commit, so the count read here stays exact.
 * A `fresh` table (created in the same transaction) has no triggers and no rows yet.
 */
export function counterTableSql(spec: TableSpec, fresh = false): string[] {
  const table = quoteIdent(spec.table);
  const rel = regclass(spec.table);
  const arg = bucketed(spec) ? "'buckets'" : '';
  const transition: Record<keyof typeof COUNT_TRIGGERS, string> = {
    decorest_count_insert: 'AFTER INSERT ON %t REFERENCING NEW TABLE AS decorest_new',
    decorest_count_delete: 'AFTER DELETE ON %t REFERENCING OLD TABLE AS decorest_old',
    decorest_count_update:
      'AFTER UPDATE ON %t REFERENCING OLD TABLE AS decorest_old NEW TABLE AS decorest_new',
    decorest_count_truncate: 'AFTER TRUNCATE ON %t',
  };
  const out: string[] = [];
  for (const [trigger, fnName] of Object.entries(COUNT_TRIGGERS)) {
    const when = transition[trigger as keyof typeof COUNT_TRIGGERS].replace('%t', table);
    if (!fresh) out.push(`DROP TRIGGER IF EXISTS ${quoteIdent(trigger)} ON ${table}`);
    out.push(
      `CREATE TRIGGER ${quoteIdent(trigger)} ${when} FOR EACH STATEMENT EXECUTE FUNCTION ${quoteIdent(fnName)}(${arg})`,
    );
  }
  const rows = fresh
    ? `VALUES (${rel}, 0, ${CLOCK_MS})`
    : `SELECT ${rel}, count(*), ${CLOCK_MS} FROM ${table}`;
  // ON CONFLICT: a row left by a dropped table whose oid came back, or by an older count.
  out.push(
    `INSERT INTO ${COUNTS} ("relid", "total", "version") ${rows} ` +
      `ON CONFLICT ("relid") DO UPDATE SET "total" = EXCLUDED."total", "version" = ${COUNTS}."version" + EXCLUDED."version"`,
  );
  out.push(`DELETE FROM ${BUCKETS} WHERE "relid" = ${rel}`);
  if (bucketed(spec) && !fresh)
    out.push(
      `INSERT INTO ${BUCKETS} ("relid", "bucket", "n") SELECT ${rel}, "id" >> ${BUCKET_BITS}, count(*) FROM ${table} GROUP BY 2`,
    );
  return out;
}

/** Before a counted table is dropped: its counter rows, which nothing else would remove. */
export function forgetCounterSql(table: string): string {
  const rel = regclass(table);
  return `DELETE FROM ${COUNTS} WHERE "relid" = ${rel}; DELETE FROM ${BUCKETS} WHERE "relid" = ${rel}`;
}

/**
 * Per table of the current schema, whether it is counted: every trigger there, the bucket
 * argument matching, and its counter row. `infra` says whether the shared tables exist.
 */
export const COUNTED_TABLES_SQL = `SELECT c.relname AS "table",
       count(DISTINCT t.tgname) AS triggers,
       bool_and(t.tgnargs > 0) AS buckets,
       EXISTS (SELECT 1 FROM ${COUNTS} k WHERE k."relid" = c.oid) AS counted
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
  JOIN pg_trigger t ON t.tgrelid = c.oid AND NOT t.tgisinternal
   AND t.tgname IN (${Object.keys(COUNT_TRIGGERS)
     .map((t) => `'${t}'`)
     .join(', ')})
 GROUP BY c.oid, c.relname`;

/** Whether the shared counter tables exist in the current schema (made with the first model table). */
export const COUNTER_INFRA_SQL = `SELECT to_regclass('${COUNTS}') IS NOT NULL AND to_regclass('${BUCKETS}') IS NOT NULL AS ready`;
