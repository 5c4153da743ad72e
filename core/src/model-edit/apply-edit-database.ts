/**
 * A model edit whose model lives in PostgreSQL (issue 26): the table changes with the source,
 * in one transaction, so the reload that follows finds a table matching the model (a start or
 * reload refuses a difference that loses data: table-diff.ts).
 *
 * Order: BEGIN (waiting at most 5 s for a lock, then 409); the schema lock every decorest
 * server takes for table changes; the table locked against other servers' writes; the edited
 * column's values (ids and that column only) read and migrated as the file store migrates its
 * records (migrate-rows.ts: a conversion with no reading is the same 422, before any change);
 * the DDL and updates (a rename is RENAME COLUMN, a removal DROP COLUMN, a retype ALTER COLUMN
 * TYPE with the values convert-values.ts gives, a new field ADD COLUMN with its default); then
 * a journal (project/edit-journal.ts: the transaction's id, each file before and
 * after), the seed and source files, each replaced durably; then COMMIT. A refusal
 * before COMMIT (ours, or the database's: a value its cast does not read, say) rolls back and
 * puts back every file already written: nothing of the edit remains. A COMMIT that fails puts
 * the files back too, unless the database says the transaction committed after all
 * (`txid_status`: the connection may drop after the server committed).
 *
 * Loaded only when a project is served from a database, so `pg` stays unloaded otherwise.
 */
import { readFile, rm } from 'node:fs/promises';

import type { ModelRuntime } from '../app/model-runtime.js';
import type { JsonValue, ModelEdit } from '../contract/control-api.js';
import {
  connectionFault,
  databaseErrorKind,
  HttpProblem,
  InvalidRecordError,
  isServerError,
  problems,
} from '../errors.js';
import type { FieldSchema } from '../model/schema.js';
import type { StoredRecord } from '../persistence/collection.js';
import { replaceProjectFile } from '../persistence/inside-project.js';
import { searchIndexName } from '../persistence/postgres/field-indexes.js';
import { PostgresStore } from '../persistence/postgres/postgres-store.js';
import { decodeRow, nullMeansAbsent, param } from '../persistence/postgres/record-codec.js';
import { type PoolClient, quoteIdent } from '../persistence/postgres/sql.js';
import { SCHEMA_LOCK } from '../persistence/postgres/table-diff.js';
import {
  type ColumnSpec,
  columnSql,
  columnType,
  EXTRA_COLUMN,
  foreignKeyName,
  indexName,
  NULLS_COLUMN,
  SQL_TYPE,
  type TableSpec,
} from '../persistence/postgres/table-schema.js';
import { replaceFile } from '../persistence/replace-file.js';
import { writeDatabaseEditJournal } from '../project/edit-journal.js';
import { seedText } from '../seed/seed-data.js';
import { changedRecords, checkHashes, faultPoint, migratedSeed } from './apply-edit.js';
import { fieldTypeOf } from './field-edits.js';
import type { EditPlan } from './plan-edit.js';

const NULLS = quoteIdent(NULLS_COLUMN);

/** How long the edit waits for the schema lock and the table's lock before answering 409. */
const LOCK_WAIT = '5s';

interface Statement {
  readonly text: string;
  readonly values?: unknown[];
}

/** A value's parameter in `column`, as text PostgreSQL casts to the column's type. */
function textParam(column: ColumnSpec, value: unknown): string {
  const encoded = param(column, value);
  return typeof encoded === 'string' ? encoded : String(encoded);
}

/** Sets `column` of each listed row, in one statement (the values cast from text). */
function setValues(
  spec: TableSpec,
  column: ColumnSpec,
  values: readonly (readonly [StoredRecord['id'], unknown])[],
): Statement[] {
  if (values.length === 0) return [];
  const t = quoteIdent(spec.table);
  const c = quoteIdent(column.name);
  const idType = spec.idKind === 'number' ? 'bigint' : 'text';
  return [
    {
      text: `UPDATE ${t} SET ${c} = v.value::${SQL_TYPE[column.type]} FROM unnest($1::${idType}[], $2::text[]) AS v(id, value) WHERE ${t}."id" = v.id`,
      values: [values.map(([id]) => id), values.map(([, value]) => textParam(column, value))],
    },
  ];
}

/**
 * A NULL in `column` reads as absent or as null depending on the field's declaration (record-
 * codec.ts); when an edit changes which, the rows naming it in `$nulls` are flipped, so each
 * NULL reads back as what it was stored as.
 */
function keepNulls(spec: TableSpec, before: ColumnSpec, after: ColumnSpec): Statement[] {
  if (nullMeansAbsent(before) === nullMeansAbsent(after)) return [];
  const c = quoteIdent(after.name);
  return [
    {
      text: `UPDATE ${quoteIdent(spec.table)} SET ${NULLS} = CASE WHEN $1 = ANY(coalesce(${NULLS}, '{}'::text[])) THEN array_remove(${NULLS}, $1) ELSE array_append(coalesce(${NULLS}, '{}'::text[]), $1) END WHERE ${c} IS NULL`,
      values: [after.name],
    },
  ];
}

/** The field a `changeField` or `addField` declares, as the loader will read it. */
function declared(
  base: FieldSchema | undefined,
  model: string,
  name: string,
  typeText: string,
  optional: boolean,
): FieldSchema {
  const { type, nullable } = fieldTypeOf(typeText);
  // `@Field({ type: 'integer' })` stays on the member and still narrows a declared number.
  const integer = base?.type.kind === 'number' && base.type.integer && type.kind === 'number';
  return {
    ...(base ?? { constraints: {}, declaredIn: model }),
    name,
    type: integer ? { kind: 'number', integer: true } : type,
    nullable,
    optional,
  };
}

/** What the edit does to the table, given its rows as they are and as the migration leaves them. */
function tableSteps(
  edit: ModelEdit,
  runtime: ModelRuntime,
  spec: TableSpec,
  rows: readonly StoredRecord[],
  changed: readonly StoredRecord[],
): Statement[] {
  const t = quoteIdent(spec.table);
  const columnOf = (name: string) => spec.columns.find((c) => c.name === name && c.name !== 'id');
  switch (edit.kind) {
    case 'renameField': {
      const column = columnOf(edit.field);
      if (column === undefined) return []; // not stored in a column (a @HasMany)
      const [from, to] = [quoteIdent(edit.field), quoteIdent(edit.to)];
      const steps: Statement[] = [
        { text: `ALTER TABLE ${t} RENAME COLUMN ${from} TO ${to}` },
        {
          text: `UPDATE ${t} SET ${NULLS} = array_replace(${NULLS}, $1, $2) WHERE $1 = ANY(${NULLS})`,
          values: [edit.field, edit.to],
        },
      ];
      const rename = (kind: 'INDEX' | 'CONSTRAINT', name: (t: string, c: string) => string) =>
        kind === 'INDEX'
          ? `ALTER INDEX IF EXISTS ${quoteIdent(name(spec.table, edit.field))} RENAME TO ${quoteIdent(name(spec.table, edit.to))}`
          : `ALTER TABLE ${t} RENAME CONSTRAINT ${quoteIdent(name(spec.table, edit.field))} TO ${quoteIdent(name(spec.table, edit.to))}`;
      // A relation's index, or a field's (issue 44): named after the column, so renamed with it.
      steps.push({ text: rename('INDEX', indexName) });
      if (column.parent === undefined) steps.push({ text: rename('INDEX', searchIndexName) });
      else if (column.parent.foreignKey) steps.push({ text: rename('CONSTRAINT', foreignKeyName) });
      return steps;
    }
    case 'removeField':
      if (columnOf(edit.field) === undefined) return [];
      return [
        { text: `ALTER TABLE ${t} DROP COLUMN ${quoteIdent(edit.field)}` },
        {
          text: `UPDATE ${t} SET ${NULLS} = array_remove(${NULLS}, $1) WHERE $1 = ANY(${NULLS})`,
          values: [edit.field],
        },
      ];
    case 'changeField': {
      const column = columnOf(edit.field);
      if (column?.field === undefined) return [];
      const field = declared(
        column.field,
        runtime.schema.name,
        edit.field,
        edit.type,
        edit.optional,
      );
      const after: ColumnSpec = { ...column, type: columnType(field.type), field };
      const c = quoteIdent(edit.field);
      const sqlType = SQL_TYPE[after.type];
      const retyped = after.type !== column.type;
      // A field's indexes may not fit the new type (a text prefix of a number): dropped here,
      // made again for the new type by the reload's syncTables (issue 44).
      const steps: Statement[] = retyped
        ? [indexName, searchIndexName].map((name) => ({
            text: `DROP INDEX IF EXISTS ${quoteIdent(name(spec.table, edit.field))}`,
          }))
        : [];
      if (edit.convert === true) {
        // The values are convert-values.ts's, not a cast's: the column is emptied and refilled.
        if (retyped)
          steps.push({ text: `ALTER TABLE ${t} ALTER COLUMN ${c} TYPE ${sqlType} USING NULL` });
        const byId = new Map(changed.map((r) => [r.id, r]));
        const source = retyped ? rows : changed;
        steps.push(
          ...setValues(
            spec,
            after,
            source
              .map((r) => byId.get(r.id) ?? r)
              .filter((r) => r[edit.field] !== undefined && r[edit.field] !== null)
              .map((r) => [r.id, r[edit.field]] as const),
          ),
        );
      } else if (retyped)
        // Kept as stored: the database's own cast, refused when a value has no reading.
        steps.push({
          text: `ALTER TABLE ${t} ALTER COLUMN ${c} TYPE ${sqlType} USING ${c}::${sqlType}`,
        });
      return [...steps, ...keepNulls(spec, column, after)];
    }
    case 'setRules': {
      const column = columnOf(edit.field);
      if (column === undefined) return [];
      return setValues(
        spec,
        column,
        changed.map((r) => [r.id, r[edit.field]] as const),
      );
    }
    case 'addField': {
      const field = declared(
        undefined,
        runtime.schema.name,
        edit.field.name,
        edit.field.type,
        edit.field.optional === true,
      );
      const column: ColumnSpec = { name: field.name, type: columnType(field.type), field };
      const steps: Statement[] = [
        { text: `ALTER TABLE ${t} ADD COLUMN ${columnSql(spec, column)}` },
      ];
      if (edit.default === undefined || rows.length === 0) return steps;
      const value: JsonValue = edit.default;
      if (value !== null)
        return [
          ...steps,
          ...setValues(
            spec,
            column,
            rows.map((r) => [r.id, value] as const),
          ),
        ];
      // A stored null where NULL reads as absent is named in `$nulls`.
      if (nullMeansAbsent(column))
        steps.push({
          text: `UPDATE ${t} SET ${NULLS} = array_append(coalesce(${NULLS}, '{}'::text[]), $1)`,
          values: [field.name],
        });
      return steps;
    }
    case 'setOpen':
      // Closing with Fit drops `$extra` (its values went with the migration); Keep leaves the
      // column and its values, unread while the model is closed, back when it is opened again.
      // Opening leaves a new column to the reload's syncTables, as a new field's is.
      if (edit.open || edit.fit !== true || !spec.columns.some((c) => c.name === EXTRA_COLUMN))
        return [];
      return [{ text: `ALTER TABLE ${t} DROP COLUMN ${quoteIdent(EXTRA_COLUMN)}` }];
    case 'createModel':
    case 'link':
      // New tables, columns and keys only: the reload's syncTables adds them.
      return [];
  }
}

/**
 * A refusal as the control API answers it: 422 (the values), 409 (another session holds the
 * table), 503 (the database cannot be reached now).
 */
function refusal(error: unknown, runtime: ModelRuntime, store: PostgresStore): unknown {
  if (error instanceof HttpProblem) return error;
  const fault = connectionFault(error);
  if (fault !== undefined)
    return problems.databaseUnavailable(store.database.where, fault, 2, error);
  const where = `${runtime.schema.name} (table ${store.spec.table})`;
  if (error instanceof InvalidRecordError)
    return problems.invalidBody('The stored values cannot be migrated', [
      { field: 'edit', message: `${where}: ${error.message}; nothing was written` },
    ]);
  if (!isServerError(error)) return error;
  const reason = `PostgreSQL refused to change ${where}: ${error.message}${error.detail === undefined ? '' : ` (${error.detail})`}; nothing was written`;
  // A serialization failure or deadlock, a lock not available (LOCK_WAIT) or in use.
  if (databaseErrorKind(error) === 'busy')
    return problems.conflict(`${reason} (another session holds the table; try again)`);
  return problems.invalidBody('The database refused the edit', [
    { field: 'edit', message: reason },
  ]);
}

/**
 * Every row's id and `field` only (what a migration reads and changes; no column yet: ids
 * only), so an edit never holds a whole table in memory.
 */
async function readField(
  client: PoolClient,
  spec: TableSpec,
  field: string,
): Promise<StoredRecord[]> {
  const column = spec.columns.find((c) => c.name === field && c.name !== 'id');
  const columns = [spec.columns[0]!, ...(column ? [column] : []), spec.columns.at(-1)!];
  const narrow: TableSpec = { ...spec, columns };
  const found = await client.query<unknown[]>({
    text: `SELECT ${columns.map((c) => quoteIdent(c.name)).join(', ')} FROM ${quoteIdent(spec.table)} ORDER BY "id"`,
    rowMode: 'array',
  });
  return found.rows.map((row) => decodeRow(narrow, row));
}

/** A file as it was before the edit wrote it (`null`: it did not exist). */
interface Written {
  readonly file: string;
  readonly before: string | null;
}

async function restore(written: readonly Written[]): Promise<void> {
  for (const { file, before } of [...written].reverse()) {
    if (before === null) await rm(file, { force: true });
    else await replaceFile(file, before);
  }
}

async function textOf(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

/** Whether the transaction `xid` committed, asked on another connection; false if unknown. */
async function committed(store: PostgresStore, xid: string): Promise<boolean> {
  try {
    const { rows } = await store.database.pool.query<{ status: string | null }>(
      'SELECT txid_status($1::bigint) AS status',
      [xid],
    );
    return rows[0]?.status === 'committed';
  } catch {
    return false;
  }
}

/**
 * Writes `plan` (a field edit of a model stored in PostgreSQL): the table and the files change
 * together or not at all, also across a crash (the journal in `dataDir`:
 * project/edit-journal.ts). Answers as `applyPlan` does.
 */
export async function applyPlanOnDatabase(
  plan: EditPlan,
  edit: ModelEdit,
  hashes: Readonly<Record<string, string | null>>,
  dataDir: string,
): Promise<{ files: string[]; migrated: number; seedMigrated: number }> {
  await checkHashes(plan.files, hashes);
  const { runtime, migration, seed } = plan;
  const store = runtime?.store;
  if (runtime === undefined || !(store instanceof PostgresStore))
    throw new Error('applyPlanOnDatabase: the edited model is not stored in PostgreSQL');
  const { spec } = store;
  const client: PoolClient = await store.database.pool.connect().catch((error: unknown) => {
    throw refusal(error, runtime, store);
  });
  let broken: Error | undefined;
  const written: Written[] = [];
  let changed: StoredRecord[] = [];
  let seedChanged = 0;
  let dropJournal: (() => Promise<void>) | undefined;
  try {
    await client.query('BEGIN');
    // Another server's long transaction on the table is a 409, not a studio that hangs.
    await client.query(`SET LOCAL lock_timeout = '${LOCK_WAIT}'`);
    // The lock `syncTables` takes: a reload never meets a half edit.
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK.toString()]);
    const xid = (await client.query<{ xid: string }>('SELECT txid_current()::text AS xid')).rows[0]!
      .xid;
    const t = quoteIdent(spec.table);
    // Other servers' writes wait until the table and the model agree again.
    await client.query(`LOCK TABLE ${t} IN ACCESS EXCLUSIVE MODE`);
    const rows = migration ? await readField(client, spec, migration.field) : [];
    // Every refusal of ours comes before the first change.
    changed = migration ? changedRecords(runtime, rows, migration) : [];
    const seedAfter = migration && seed ? migratedSeed(runtime, seed, migration) : undefined;
    for (const step of tableSteps(edit, runtime, spec, rows, changed))
      await client.query(step.text, step.values);
    const files = plan.files.map((f) => ({ file: f.file, before: f.before, after: f.after }));
    if (seed && seedAfter && seedAfter.changed > 0) {
      files.unshift({
        file: seed.file,
        before: await textOf(seed.file),
        after: seedText(seedAfter.rows),
      });
      seedChanged = seedAfter.changed;
    }
    // From here a crash is decided at the next start by the transaction's fate.
    dropJournal = await writeDatabaseEditJournal(dataDir, { xid, files });
    faultPoint('journal');
    for (const f of files) {
      written.push(f);
      await replaceProjectFile(plan.root, f.file, f.after);
      faultPoint('file');
    }
    try {
      await client.query('COMMIT');
    } catch (error) {
      if (!(await committed(store, xid))) throw error;
    }
    faultPoint('commit');
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError as Error;
    });
    await restore(written);
    await dropJournal?.();
    throw refusal(error, runtime, store);
  } finally {
    client.release(broken);
  }
  await dropJournal?.();
  // Like every other write: an open Data view shows the migrated records (issue 25).
  if (changed.length > 0)
    runtime.changes.publish({
      model: runtime.schema.name,
      op: 'update',
      ids: changed.map((r) => r.id),
    });
  return {
    files: plan.files.map((f) => f.file),
    migrated: changed.length,
    seedMigrated: seedChanged,
  };
}
