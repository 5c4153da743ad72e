/**
 * `--database` / `DECOREST_DATABASE_URL` for the commands that open a project's data (issue 26).
 * Nothing here loads `pg`: the project opens the database, and only when a URL is given.
 */
import { DecorestError, INTERNAL_ERROR_CODES } from '../errors.js';
import type { OpenProjectOptions } from '../project/open-project.js';
import { type CliArgs, databaseUrl } from './parse-args.js';

/** `openProject`'s options for `args`: the database when one is named, else the file store. */
export function dataOptions(args: CliArgs): OpenProjectOptions {
  const database = databaseUrl(args);
  return database === undefined ? {} : { database };
}

/**
 * A start refused because the tables differ from the models in a way that loses data, with
 * what to run; any other error as it is. The URL is not repeated (it may hold a password).
 */
export function withPushHint(error: unknown, args: CliArgs): unknown {
  if (!(error instanceof DecorestError) || error.code !== INTERNAL_ERROR_CODES.TABLES_DIFFER)
    return error;
  const dir = args.dir === '.' ? '' : ` ${args.dir}`;
  const option = args.database === undefined ? '' : ' --database <the same URL>';
  return new DecorestError(
    error.code,
    `${error.message}\nnothing was changed; to apply this, run: decorest db push${dir}${option} --yes (or change the models back)`,
    { cause: error },
  );
}
