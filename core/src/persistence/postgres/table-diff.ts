/**
 * What differs between the database's tables and the models' (issue 26), and the DDL that
 * makes them match: read (read-tables.ts), compared, and turned into steps, each marked when
 * it may lose data. The tables' shapes themselves are table-schema.ts; the indexes of fields
 * field-indexes.ts and the row counters counters-sql.ts (issue 44).
 */
import { TablesDifferError } from '../../errors.js';
import type { ModelSchema } from '../../model/schema.js';
import { fieldIndexes, possibleFieldIndexNames, TRIGRAM_EXTENSION } from './field-indexes.js';
import { type MigrationStep, migrationSteps } from './migration-steps.js';
import { type DatabaseTable, readFacts, readTables } from './read-tables.js';
import type { Pool, PoolClient } from './sql.js';
import {
  type ColumnType,
  type DeleteRule,
  EXTRA_COLUMN,
  indexName,
  TABLE_TAG,
  tableOf,
  type TableSpec,
} from './table-schema.js';

export { type MigrationStep, migrationSteps } from './migration-steps.js';
export type { DatabaseColumn, DatabaseFacts, DatabaseTable } from './read-tables.js';
export { readTables } from './read-tables.js';

// --------------------------------------------------------------------------------- differences

export type TableDifference =
  | { readonly kind: 'missing-table'; readonly table: string }
  /** A table tagged as a model's that no model has now (a removed or renamed model). */
  | { readonly kind: 'extra-table'; readonly table: string; readonly counted?: true }
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
  /** A relation's index, or (`index` named) a field's (field-indexes.ts). */
  | {
      readonly kind: 'missing-index';
      readonly table: string;
      readonly column: string;
      readonly index?: string;
    }
  /** A field index of ours that its field no longer wants (opted out, retyped: made again). */
  | {
      readonly kind: 'extra-index';
      readonly table: string;
      readonly column: string;
      readonly index: string;
    }
  /** The table's rows are not counted (yet). */
  | { readonly kind: 'missing-counter'; readonly table: string };

/** What the tables should have that depends on the database (read-tables.ts `readFacts`). */
export interface DiffOptions {
  /** Trigram indexes for `q` can be made (pg_trgm is installed): want them. */
  readonly search?: boolean;
}

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
  options: DiffOptions = {},
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
    out.push(...fieldIndexDifferences(spec, found, out, options.search === true));
    if (found.counted !== true) out.push({ kind: 'missing-counter', table });
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
      out.push({
        kind: 'extra-table',
        table: t.name,
        ...(t.counted !== undefined ? { counted: true as const } : {}),
      });
  return out;
}

/**
 * The field indexes `found` lacks, and ours it has that no field wants. A column whose type
 * changes loses its indexes before the change (a `COLLATE "C"` key cannot hold a number) and
 * gets them again after. A search index is never dropped for want of pg_trgm: without it the
 * wish is unknown, not gone.
 */
function fieldIndexDifferences(
  spec: TableSpec,
  found: DatabaseTable,
  before: readonly TableDifference[],
  search: boolean,
): TableDifference[] {
  const table = spec.table;
  const retyped = new Set<string>();
  for (const d of before) if (d.kind === 'type-differs' && d.table === table) retyped.add(d.column);
  const out: TableDifference[] = [];
  const wantedIndexes = fieldIndexes(spec, search);
  const wantedNames = new Set(fieldIndexes(spec, true).map((i) => i.name));
  for (const [index, column] of possibleFieldIndexNames(spec))
    if (found.indexes.has(index) && (!wantedNames.has(index) || retyped.has(column)))
      out.push({ kind: 'extra-index', table, column, index });
  for (const { name, column } of wantedIndexes)
    if (!found.indexes.has(name) || retyped.has(column))
      out.push({ kind: 'missing-index', table, column, index: name });
  return out;
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
    const extension = await searchExtension(client, specs, options.dryRun === true);
    const actual = await readTables(client);
    const search = extension !== undefined || (await readFacts(client)).search;
    const differences = diffTables(specs, actual, { search });
    const planned = migrationSteps(specs, differences, { search });
    const steps = [...(extension === undefined ? [] : [extension]), ...planned].map((step) => {
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
      // The extension, if any, is made already (searchExtension).
      for (const step of planned) await client.query(step.sql);
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
 * pg_trgm, installed when some string field wants a search index and the database offers the
 * extension but lacks it: the step that did it (a dry run only plans it). A role without the
 * right to install it (pg_trgm is a trusted extension: the database's CREATE right suffices)
 * leaves `q` without an index, not the start refused: the savepoint undoes the attempt.
 */
async function searchExtension(
  client: PoolClient,
  specs: readonly TableSpec[],
  dryRun: boolean,
): Promise<MigrationStep | undefined> {
  if (!specs.some((s) => fieldIndexes(s, true).some((i) => i.kind === 'search'))) return undefined;
  const facts = await readFacts(client);
  if (facts.search || !facts.searchInstallable) return undefined;
  const step: MigrationStep = {
    sql: `CREATE EXTENSION IF NOT EXISTS ${TRIGRAM_EXTENSION}`,
    destructive: false,
    upkeep: true,
    reason: 'q searches text through trigram indexes',
  };
  if (dryRun) return step;
  await client.query('SAVEPOINT decorest_search');
  try {
    await client.query(step.sql);
    await client.query('RELEASE SAVEPOINT decorest_search');
    return (await readFacts(client)).search ? step : undefined;
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT decorest_search');
    return undefined;
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
