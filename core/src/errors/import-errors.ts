/**
 * Issue 28: `decorest init --from` and the studio's "New project from…". A source that cannot
 * be read, and a plan that cannot be written, each name what the user can fix.
 */
import { DecorestError } from './base.js';
import { INTERNAL_ERROR_CODES } from './internal-errors.js';

/** A source that cannot be read: the file, where in it (line/column or JSON pointer), and why. */
export class ImportError extends DecorestError {
  constructor(
    readonly file: string,
    readonly at: string | undefined,
    readonly reason: string,
  ) {
    super(INTERNAL_ERROR_CODES.IMPORT_SOURCE_UNREADABLE, `${file}${at ? `:${at}` : ''}: ${reason}`);
  }
}

/**
 * Issue 41: a source that is a well-known file of another kind (a `package.json`, a Postman
 * collection given to `init`): it says what the file looks like and which command takes it.
 * The CLI exits 2 for it, as for a usage slip: the command was given the wrong file.
 */
export class WrongSourceError extends ImportError {}

/** A plan that cannot be written as asked (a refused name, files in the way); nothing was written. */
export class PlanWriteError extends DecorestError {
  constructor(
    message: string,
    /** Files that exist and would be replaced (only with `force`). */
    readonly existing: readonly string[] = [],
  ) {
    super(INTERNAL_ERROR_CODES.IMPORT_PLAN_REFUSED, message);
  }
}
