/**
 * `decorest db push [dir] --database URL [--yes]` (issue 26): makes the database's tables match
 * the project's models and prints the SQL it runs; the project's `PostgresDataSource`s' too. A step that may lose data (a dropped field
 * or model, a type change) runs only with `--yes`; without it nothing at all is changed.
 * `db import` and `db export` (datafiles in and out) are in db-import.ts and db-export.ts.
 */
import { relative } from 'node:path';

import { DecorestError, INTERNAL_ERROR_CODES, UsageError } from '../../errors.js';
import type { PostgresDatabase } from '../../persistence/postgres/postgres-database.js';
import { PostgresDataSource } from '../../persistence/postgres-data-source.js';
import { instantiateDataSources } from '../../project/datasources.js';
import { openProject, type ProjectRuntime } from '../../project/open-project.js';
import { type CliArgs, DATABASE_ENV, databaseUrl } from '../parse-args.js';

type PrintedStep = { sql: string; reason: string; destructive: boolean };

/** The steps as SQL, each reason as a comment once before the statements that share it. */
function stepsText(steps: readonly PrintedStep[]): string {
  const lines: string[] = [];
  let last: string | undefined;
  for (const step of steps) {
    const why = step.destructive ? `loses data: ${step.reason}` : step.reason;
    if (why !== last) lines.push(`  -- ${why}`);
    last = why;
    lines.push(`  ${step.sql};`);
  }
  return lines.join('\n');
}

/** One database `db push` brings to its models: the default datasource's, or a named one's. */
interface PushTarget {
  readonly url: string;
  /** Undefined for the default datasource. */
  readonly dataSource: string | undefined;
}

/** `--database` (the default datasource) and every `PostgresDataSource` of the project. */
function pushTargets(url: string | undefined, project: ProjectRuntime): PushTarget[] {
  const targets: PushTarget[] = url === undefined ? [] : [{ url, dataSource: undefined }];
  for (const [name, source] of instantiateDataSources(project.loaded))
    if (source instanceof PostgresDataSource) targets.push({ url: source.url!, dataSource: name });
  return targets;
}

export async function runDb(args: CliArgs): Promise<number> {
  const url = databaseUrl(args);
  const action = args.dbAction ?? 'push';
  if (url === undefined && action !== 'push')
    throw new UsageError(`db ${action} needs --database <url> (or ${DATABASE_ENV})`);
  if (action === 'import') return (await import('./db-import.js')).runDbImport(args, url!);
  if (action === 'export') return (await import('./db-export.js')).runDbExport(args, url!);
  // The models only: the records are the database's, and a server may be serving it now.
  const project = await openProject(args.dir, { data: false });
  await project.close();
  const targets = pushTargets(url, project);
  if (targets.length === 0)
    throw new UsageError(
      `db push needs --database <url> (or ${DATABASE_ENV}), or a PostgresDataSource in the project`,
    );
  const { connectDatabase, describeAddress } =
    await import('../../persistence/postgres/connect.js');
  const { syncTables } = await import('../../persistence/postgres/table-diff.js');
  const opened: { target: PushTarget; database: PostgresDatabase; where: string }[] = [];
  try {
    for (const target of targets) {
      const database = await connectDatabase(target.url);
      const whose = target.dataSource === undefined ? '' : ` (datasource "${target.dataSource}")`;
      const where = `${relative(process.cwd(), project.root) || '.'} to PostgreSQL ${describeAddress(database.address!)}${whose}`;
      opened.push({ target, database, where });
    }
    // Every database is planned before any is changed: a refusal changes none of them.
    let refused = 0;
    for (const { target, database, where } of opened) {
      const plan = await syncTables(database.pool, project.models, {
        dryRun: true,
        dataSource: target.dataSource,
      });
      const destructive = plan.steps.filter((s) => s.destructive).length;
      if (destructive === 0 || args.yes === true) continue;
      refused += destructive;
      console.log(`decorest db push: ${where} would run:\n${stepsText(plan.steps)}\n`);
    }
    if (refused > 0)
      throw new DecorestError(
        INTERNAL_ERROR_CODES.TABLES_DIFFER,
        `${refused} step${refused === 1 ? '' : 's'} above lose${refused === 1 ? 's' : ''} data; nothing was changed. Run again with --yes to apply them`,
      );
    for (const { target, database, where } of opened) {
      const { steps } = await syncTables(database.pool, project.models, {
        acceptDataLoss: args.yes === true,
        dataSource: target.dataSource,
      });
      if (steps.length === 0) {
        console.log(`decorest db push: ${where}: the tables already match the models`);
        continue;
      }
      console.log(`decorest db push: ${where}\n${stepsText(steps)}\n`);
      console.log(`decorest db push: ${steps.length} step${steps.length === 1 ? '' : 's'} applied`);
    }
    return 0;
  } finally {
    await Promise.allSettled(opened.map(({ database }) => database.close()));
  }
}
