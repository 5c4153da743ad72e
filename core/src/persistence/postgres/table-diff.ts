/**
 * What differs between the database's tables and the models' (issue 26), and the DDL that
 * makes them match: read from information_schema, compared, and turned into steps, each
 * marked when it may lose data. The tables' shapes themselves are table-schema.ts.
 */
import { TablesDifferError } from '../../errors.js';
import type { ModelSchema } from '../../model/schema.js';
import { type Pool, type Queryable, quoteIdent } from './sql.js';
import {
  type ColumnSpec,
  columnSql,
  type ColumnType,
  createTablesSql,
  type DeleteRule,
  EXTRA_COLUMN,
  foreignKeyName,
  foreignKeySql,
  indexName,
  indexSql,
  SQL_TYPE,
  TABLE_TAG,
  tableOf,
  type TableSpec,
} from './table-schema.js';

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
  }));
}

// --------------------------------------------------------------------------------- differences

export type TableDifference =
  | { readonly kind: 'missing-table'; readonly table: string }
  /** A table tagged as a model's that no model has now (a removed or renamed model). */
  | { readonly kind: 'extra-table'; readonly table: string }
  | { readonly kind: 'missing-column'; readonly table: string; readonly column: string }
  | { readonly kind: 'extra-column'; readonly table: string; readonly column: string }
  | {
      readonly kind: 'type-differs';
      readonly table: string;
      readonly column: string;
      readonly expected: ColumnType;
      readonly actual: string;
    }
  /** `id` is not the identity (numeric ids) or still is one (string ids). */
  | { readonly kind: 'identity-differs'; readonly table: string; readonly expected: boolean }
  | { readonly kind: 'missing-foreign-key'; readonly table: string; readonly column: string }
  /** A foreign key to a parent the database no longer holds (it moved to a `@DataSource`). */
  | {
      readonly kind: 'extra-foreign-key';
      readonly table: string;
      readonly column: string;
      readonly constraint: string;
    }
  | {
      readonly kind: 'delete-rule-differs';
      readonly table: string;
      readonly column: string;
      readonly expected: DeleteRule;
      readonly actual: string;
    }
  | { readonly kind: 'missing-index'; readonly table: string; readonly column: string };

/** information_schema's `delete_rule` for each of ours. */
const DELETE_RULE_NAME: Record<DeleteRule, string> = {
  nullify: 'SET NULL',
  cascade: 'CASCADE',
  restrict: 'NO ACTION',
};

/**
 * What differs between `actual` (readTables) and the tables `specs` want. Tables of the
 * database that are neither wanted nor tagged as a model's are someone else's: not mentioned.
 */
export function diffTables(
  specs: readonly TableSpec[],
  actual: readonly DatabaseTable[],
): TableDifference[] {
  const out: TableDifference[] = [];
  const byName = new Map(actual.map((t) => [t.name, t]));
  for (const spec of specs) {
    const table = spec.table;
    const found = byName.get(table);
    if (found === undefined) {
      out.push({ kind: 'missing-table', table });
      continue;
    }
    const have = new Map(found.columns.map((c) => [c.name, c]));
    for (const c of spec.columns) {
      const column = have.get(c.name);
      if (column === undefined) out.push({ kind: 'missing-column', table, column: c.name });
      else if (column.type !== c.type)
        out.push({
          kind: 'type-differs',
          table,
          column: c.name,
          expected: c.type,
          actual: column.type,
        });
      if (c.name === 'id' && column !== undefined && column.identity !== (spec.idKind === 'number'))
        out.push({ kind: 'identity-differs', table, expected: spec.idKind === 'number' });
      if (c.parent === undefined) continue;
      const key = found.foreignKeys.get(c.name);
      if (!c.parent.foreignKey) {
        // Left from when the parent lived here, it would refuse every write naming a parent.
        if (key !== undefined)
          out.push({ kind: 'extra-foreign-key', table, column: c.name, constraint: key.name });
      } else if (key === undefined || key.table !== c.parent.table)
        out.push({ kind: 'missing-foreign-key', table, column: c.name });
      else if (key.deleteRule !== DELETE_RULE_NAME[c.parent.onDelete])
        out.push({
          kind: 'delete-rule-differs',
          table,
          column: c.name,
          expected: c.parent.onDelete,
          actual: key.deleteRule,
        });
      if (!found.indexes.has(indexName(table, c.name)))
        out.push({ kind: 'missing-index', table, column: c.name });
    }
    const wanted = new Set(spec.columns.map((c) => c.name));
    // A closed model's `$extra` holds the undeclared fields its Keep kept (issue 42): they are
    // the user's data, dropped only by Fit, and answered again once the model is opened.
    for (const column of found.columns)
      if (!wanted.has(column.name) && column.name !== EXTRA_COLUMN)
        out.push({ kind: 'extra-column', table, column: column.name });
  }
  const wantedTables = new Set(specs.map((s) => s.table));
  for (const t of actual)
    if (t.tag !== undefined && !wantedTables.has(t.name))
      out.push({ kind: 'extra-table', table: t.name });
  return out;
}

export interface MigrationStep {
  readonly sql: string;
  /** The table it changes (undefined for the DDL of new tables, which is never destructive). */
  readonly table?: string;
  /** The model stored there, when known (set by syncTables). */
  readonly model?: string;
  /** Whether the step may lose data: a dropped table or column, a type that may not hold every value. */
  readonly destructive: boolean;
  /** Why, in words, for a confirmation prompt. */
  readonly reason: string;
}

/** The only type change that keeps every value exactly (an int8 a double holds: ours are). */
function widens(from: string, to: ColumnType): boolean {
  return from === 'int8' && to === 'float8';
}

/**
 * The DDL that makes the database match `specs`, in an order that runs: new tables, columns
 * and type changes first, then foreign keys and indexes, drops last. Destructive steps are
 * marked; a caller runs them only when told to (`db push --accept-data-loss`, say).
 */
export function migrationSteps(
  specs: readonly TableSpec[],
  differences: readonly TableDifference[],
): MigrationStep[] {
  const spec = (table: string): TableSpec => specs.find((s) => s.table === table)!;
  const column = (table: string, name: string): ColumnSpec =>
    spec(table).columns.find((c) => c.name === name)!;
  const create: MigrationStep[] = [];
  const alter: MigrationStep[] = [];
  const keys: MigrationStep[] = [];
  const drops: MigrationStep[] = [];
  const newTables = specs.filter((s) =>
    differences.some((d) => d.kind === 'missing-table' && d.table === s.table),
  );
  if (newTables.length > 0) {
    for (const sql of createTablesSql(newTables))
      create.push({ sql, destructive: false, reason: 'a new model' });
  }
  for (const d of differences) {
    const t = quoteIdent(d.table);
    switch (d.kind) {
      case 'missing-table':
        break;
      case 'missing-column': {
        const c = column(d.table, d.column);
        alter.push({
          table: d.table,
          sql: `ALTER TABLE ${t} ADD COLUMN ${columnSql(spec(d.table), c)}`,
          destructive: false,
          reason: `a new field ${d.column}`,
        });
        break;
      }
      case 'type-differs': {
        const c = quoteIdent(d.column);
        const safe = widens(d.actual, d.expected);
        alter.push({
          table: d.table,
          sql: `ALTER TABLE ${t} ALTER COLUMN ${c} TYPE ${SQL_TYPE[d.expected]} USING ${c}::${SQL_TYPE[d.expected]}`,
          destructive: !safe,
          reason: safe
            ? `${d.column} widens from ${d.actual} to ${d.expected}`
            : `${d.column} changes from ${d.actual} to ${d.expected}: a value that does not convert fails the step, one that converts may not read back the same`,
        });
        break;
      }
      case 'identity-differs':
        alter.push(
          d.expected
            ? {
                table: d.table,
                sql: `ALTER TABLE ${t} ALTER COLUMN "id" ADD GENERATED BY DEFAULT AS IDENTITY`,
                destructive: false,
                reason: 'numeric ids are given out by the database',
              }
            : {
                table: d.table,
                sql: `ALTER TABLE ${t} ALTER COLUMN "id" DROP IDENTITY IF EXISTS`,
                destructive: false,
                reason: 'string ids are given out by the server',
              },
        );
        break;
      case 'missing-foreign-key':
        keys.push({
          table: d.table,
          sql: foreignKeySql(d.table, column(d.table, d.column)),
          destructive: false,
          reason: `${d.column} references its parent (fails while a record names an absent parent)`,
        });
        break;
      case 'delete-rule-differs': {
        const name = quoteIdent(foreignKeyName(d.table, d.column));
        keys.push({
          table: d.table,
          sql: `ALTER TABLE ${t} DROP CONSTRAINT IF EXISTS ${name}`,
          destructive: false,
          reason: `${d.column}'s delete rule changes from ${d.actual} to ${d.expected}`,
        });
        keys.push({
          table: d.table,
          sql: foreignKeySql(d.table, column(d.table, d.column)),
          destructive: false,
          reason: `${d.column}'s delete rule changes from ${d.actual} to ${d.expected}`,
        });
        break;
      }
      case 'extra-foreign-key':
        keys.unshift({
          table: d.table,
          sql: `ALTER TABLE ${t} DROP CONSTRAINT ${quoteIdent(d.constraint)}`,
          destructive: false,
          reason: `${d.column}'s parent is no longer in this database`,
        });
        break;
      case 'missing-index':
        keys.push({
          table: d.table,
          sql: indexSql(d.table, d.column),
          destructive: false,
          reason: `${d.column} is looked up`,
        });
        break;
      case 'extra-column':
        drops.push({
          table: d.table,
          sql: `ALTER TABLE ${t} DROP COLUMN ${quoteIdent(d.column)}`,
          destructive: true,
          reason: `no field ${d.column} any more: its values are lost`,
        });
        break;
      case 'extra-table':
        drops.push({
          table: d.table,
          sql: `DROP TABLE ${t} CASCADE`,
          destructive: true,
          reason: `no model is stored in ${d.table} any more: its records are lost`,
        });
        break;
    }
  }
  return [...create, ...alter, ...keys, ...drops];
}

/**
 * The tables the models of one datasource need: the default's, or (a PostgresDataSource)
 * the named one's.
 */
export function tablesOf(models: readonly ModelSchema[], dataSource?: string): TableSpec[] {
  return models.filter((m) => m.dataSource === dataSource).map((m) => tableOf(m, models));
}

/** A model's name for a table: from the models, or the tag a dropped model's table keeps. */
function modelOfTable(
  table: string,
  specs: readonly TableSpec[],
  actual: readonly DatabaseTable[],
): string | undefined {
  return (
    specs.find((s) => s.table === table)?.model ??
    actual.find((t) => t.name === table)?.tag?.slice(TABLE_TAG.length + 1)
  );
}

/** What {@link syncTables} found and did. */
export interface TablesSync {
  /** Every step the models need, run or (`dryRun`, or refused) not. */
  readonly steps: readonly MigrationStep[];
  /** Whether none of the models' tables existed before: a first start, which the seed fills. */
  readonly created: boolean;
}

export interface SyncOptions {
  /** Run destructive steps too (`db push --yes`); otherwise they refuse the whole change. */
  readonly acceptDataLoss?: boolean;
  /** Plan only: read the database, change nothing. */
  readonly dryRun?: boolean;
  /** Whose models' tables: a named datasource's (a PostgresDataSource), the default's if unset. */
  readonly dataSource?: string;
}

/**
 * One key for every decorest server's table changes on a database, so two servers starting on
 * an empty database do not both create the same tables (the second waits, then finds them).
 */
export const SCHEMA_LOCK = 0x6465636f72657374n; // "decorest"

/**
 * Makes the database's tables match the default datasource's `models`, in one transaction
 * (PostgreSQL's DDL is transactional) under an advisory lock, refusing, before any change,
 * when a step would lose data unless `acceptDataLoss`.
 */
export async function syncTables(
  pool: Pool,
  models: readonly ModelSchema[],
  options: SyncOptions = {},
): Promise<TablesSync> {
  const specs = tablesOf(models, options.dataSource);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK.toString()]);
    const actual = await readTables(client);
    const differences = diffTables(specs, actual);
    const steps = migrationSteps(specs, differences).map((step) => {
      if (step.table === undefined) return step;
      const model = modelOfTable(step.table, specs, actual);
      return model === undefined ? step : { ...step, model };
    });
    const created =
      specs.length > 0 &&
      specs.every((s) =>
        differences.some((d) => d.kind === 'missing-table' && d.table === s.table),
      );
    const destructive = steps.filter((s) => s.destructive);
    if (options.dryRun !== true) {
      if (destructive.length > 0 && options.acceptDataLoss !== true)
        throw new TablesDifferError(destructive);
      for (const step of steps) await client.query(step.sql);
    }
    await client.query(options.dryRun === true ? 'ROLLBACK' : 'COMMIT');
    return { steps, created };
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError as Error;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * Creates or updates the tables of the default datasource's `models`, refusing, before any
 * change, when a step would lose data: those are a `db push` with consent, not a server start.
 */
export async function ensureTables(
  pool: Pool,
  models: readonly ModelSchema[],
): Promise<MigrationStep[]> {
  return [...(await syncTables(pool, models)).steps];
}
