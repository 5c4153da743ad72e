/**
 * The database's side of a tables diff (issue 26): its tables as information_schema and
 * pg_indexes see them, how each is counted (issue 44, counters-sql.ts), and whether pg_trgm
 * can serve `q`. table-diff.ts compares them with the models'.
 */
import { COUNT_TRIGGERS, COUNTED_TABLES_SQL, COUNTER_INFRA_SQL } from './counters-sql.js';
import { TRIGRAM_EXTENSION } from './field-indexes.js';
import type { Queryable } from './sql.js';
import { TABLE_TAG } from './table-schema.js';

export interface DatabaseColumn {
  readonly name: string;
  /** information_schema's `udt_name`: `int8`, `text`, `_text` … */
  readonly type: string;
  readonly identity: boolean;
}

export interface DatabaseTable {
  readonly name: string;
  /** The comment, when it is one of ours (`decorest model Todo`). */
  readonly tag: string | undefined;
  readonly columns: readonly DatabaseColumn[];
  /** Foreign keys by column: the referenced table and information_schema's delete rule. */
  readonly foreignKeys: ReadonlyMap<
    string,
    { readonly table: string; readonly deleteRule: string; readonly name: string }
  >;
  readonly indexes: ReadonlySet<string>;
  /** Set when its row count is kept (counters-sql.ts); absent when not counted (or not yet). */
  readonly counted?: true;
}

/** What the database offers beyond tables: trigram indexes (pg_trgm) for `q`. */
export interface DatabaseFacts {
  /** pg_trgm's operator class is usable here: search indexes can be made. */
  readonly search: boolean;
  /** pg_trgm is not installed but can be (`CREATE EXTENSION`, given the right). */
  readonly searchInstallable: boolean;
}

/** Whether pg_trgm's operator class is visible here, or could be installed. */
export async function readFacts(db: Queryable): Promise<DatabaseFacts> {
  const { rows } = await db.query<{ usable: boolean; available: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_opclass WHERE opcname = 'gin_trgm_ops' AND pg_opclass_is_visible(oid)) AS usable,
            EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = $1 AND installed_version IS NULL) AS available`,
    [TRIGRAM_EXTENSION],
  );
  return { search: rows[0]?.usable === true, searchInstallable: rows[0]?.available === true };
}

/** The tables of the current schema whose rows are counted (see {@link DatabaseTable.counted}). */
export async function readCounted(db: Queryable): Promise<Set<string>> {
  const out = new Set<string>();
  const infra = await db.query<{ ready: boolean }>(COUNTER_INFRA_SQL);
  if (infra.rows[0]?.ready !== true) return out;
  const { rows } = await db.query<{ table: string; triggers: string; counted: boolean }>(
    COUNTED_TABLES_SQL,
  );
  for (const r of rows)
    if (Number(r.triggers) === Object.keys(COUNT_TRIGGERS).length && r.counted) out.add(r.table);
  return out;
}

/** The tables of the connection's current schema, as information_schema and pg_indexes see them. */
export async function readTables(db: Queryable): Promise<DatabaseTable[]> {
  const tables = await db.query<{ name: string; tag: string | null }>(
    `SELECT t.table_name AS name,
            obj_description(format('%I.%I', t.table_schema, t.table_name)::regclass, 'pg_class') AS tag
       FROM information_schema.tables t
      WHERE t.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY t.table_name`,
  );
  const columns = await db.query<{ table: string; name: string; type: string; identity: string }>(
    `SELECT table_name AS "table", column_name AS name, udt_name AS type, is_identity AS identity
       FROM information_schema.columns
      WHERE table_schema = current_schema()
      ORDER BY table_name, ordinal_position`,
  );
  const keys = await db.query<{
    table: string;
    column: string;
    parent: string;
    rule: string;
    name: string;
  }>(
    `SELECT k.table_name AS "table", k.column_name AS "column", p.table_name AS parent,
            r.constraint_name AS name,
            r.delete_rule AS rule
       FROM information_schema.referential_constraints r
       JOIN information_schema.key_column_usage k
         ON k.constraint_schema = r.constraint_schema AND k.constraint_name = r.constraint_name
       JOIN information_schema.key_column_usage p
         ON p.constraint_schema = r.unique_constraint_schema
        AND p.constraint_name = r.unique_constraint_name
        AND p.ordinal_position = k.position_in_unique_constraint
      WHERE r.constraint_schema = current_schema()`,
  );
  const indexes = await db.query<{ table: string; name: string }>(
    `SELECT tablename AS "table", indexname AS name FROM pg_indexes WHERE schemaname = current_schema()`,
  );
  const counted = await readCounted(db);
  return tables.rows.map(({ name, tag }) => ({
    name,
    tag: tag?.startsWith(`${TABLE_TAG} `) ? tag : undefined,
    columns: columns.rows
      .filter((c) => c.table === name)
      .map((c) => ({ name: c.name, type: c.type, identity: c.identity === 'YES' })),
    foreignKeys: new Map(
      keys.rows
        .filter((k) => k.table === name)
        .map((k) => [k.column, { table: k.parent, deleteRule: k.rule, name: k.name }]),
    ),
    indexes: new Set(indexes.rows.filter((i) => i.table === name).map((i) => i.name)),
    ...(counted.has(name) ? { counted: true as const } : {}),
  }));
}
