/**
 * `decorest db push [dir] --database URL [--yes]` (issue 26): makes the database's tables match
 * the project's models and prints the SQL it runs. A step that may lose data (a dropped field
 * or model, a type change) runs only with `--yes`; without it nothing at all is changed.
 * `db import` and `db export` (datafiles in and out) are in db-import.ts and db-export.ts.
 */
import { relative } from 'node:path';

import { DecorestError, INTERNAL_ERROR_CODES, UsageError } from '../../errors.js';
import { openProject } from '../../project/open-project.js';
import { type CliArgs, DATABASE_ENV, databaseUrl } from '../parse-args.js';

function stepText(step: { sql: string; reason: string; destructive: boolean }): string {
  const why = step.destructive ? `loses data: ${step.reason}` : step.reason;
  return `  -- ${why}\n  ${step.sql};`;
}

export async function runDb(args: CliArgs): Promise<number> {
  const url = databaseUrl(args);
  const action = args.dbAction ?? 'push';
  if (url === undefined)
    throw new UsageError(`db ${action} needs --database <url> (or ${DATABASE_ENV})`);
  if (action === 'import') return (await import('./db-import.js')).runDbImport(args, url);
  if (action === 'export') return (await import('./db-export.js')).runDbExport(args, url);
  // The models only: the records are the database's, and a server may be serving it now.
  const project = await openProject(args.dir, { data: false });
  await project.close();
  const { connectDatabase, describeAddress } =
    await import('../../persistence/postgres/connect.js');
  const { syncTables } = await import('../../persistence/postgres/table-diff.js');
  const database = await connectDatabase(url);
  try {
    const where = `${relative(process.cwd(), project.root) || '.'} to PostgreSQL ${describeAddress(database.address!)}`;
    const plan = await syncTables(database.pool, project.models, { dryRun: true });
    if (plan.steps.length === 0) {
      console.log(`decorest db push: ${where}: the tables already match the models`);
      return 0;
    }
    const destructive = plan.steps.filter((s) => s.destructive);
    if (destructive.length > 0 && args.yes !== true) {
      console.log(
        `decorest db push: ${where} would run:\n${plan.steps.map(stepText).join('\n')}\n`,
      );
      throw new DecorestError(
        INTERNAL_ERROR_CODES.TABLES_DIFFER,
        `${destructive.length} step${destructive.length === 1 ? '' : 's'} above lose${destructive.length === 1 ? 's' : ''} data; nothing was changed. Run again with --yes to apply them`,
      );
    }
    const { steps } = await syncTables(database.pool, project.models, {
      acceptDataLoss: args.yes === true,
    });
    console.log(`decorest db push: ${where}\n${steps.map(stepText).join('\n')}\n`);
    console.log(`decorest db push: ${steps.length} step${steps.length === 1 ? '' : 's'} applied`);
    return 0;
  } finally {
    await database.close();
  }
}
