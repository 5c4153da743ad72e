/**
 * Issue 26: what PostgreSQL, and the network under it, answers, as Decorest's errors. One table
 * of the SQLSTATEs (PostgreSQL manual, Appendix A) and Node network codes Decorest tells apart,
 * read by every door to a database (connecting, a store's query, a transaction, a model edit),
 * so a code means the same wherever it is met.
 *
 * Errors are read by their shape (`code`, `message`, `detail`), not by pg's class: this module
 * is imported by everything through errors.ts and must not load the driver (issue 15).
 */
import { DecorestError } from './base.js';
import { DatabaseUnavailableProblem } from './http-problem.js';
import { IdConflictError, INTERNAL_ERROR_CODES, InvalidRecordError } from './internal-errors.js';

/** The database could not be reached or logged into; the message is the one line to show. */
export class DatabaseConnectError extends DecorestError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(INTERNAL_ERROR_CODES.DATABASE_CONNECT_FAILED, message, options);
  }
}

/** A step that would bring the tables to the models, as {@link TablesDifferError} names it. */
export interface LossyStep {
  /** The model stored in the table, when known. */
  readonly model?: string;
  readonly table?: string;
  /** Why it loses data, in words. */
  readonly reason: string;
}

/**
 * The database differs from the models in a way only a step that may lose data fixes: a
 * server start refuses it (`decorest db push --yes` is the consent).
 */
export class TablesDifferError extends DecorestError {
  constructor(
    /** The destructive steps, each with the model and table it concerns. */
    readonly steps: readonly LossyStep[],
  ) {
    super(
      INTERNAL_ERROR_CODES.TABLES_DIFFER,
      `the database differs from the models in ways that lose data:\n${steps.map((s) => `  ${s.model === undefined ? '' : `${s.model} `}(table ${s.table ?? '?'}): ${s.reason}`).join('\n')}`,
    );
  }
}

/** What Decorest makes of a SQLSTATE (or of a Node network code). */
export type DatabaseErrorKind =
  /** The server cannot answer now (down, restarting, full, unreachable): a 503, retried. */
  | 'unavailable'
  /** Class 28, invalid authorization: a wrong password, no such role, pg_hba.conf says no. */
  | 'login-refused'
  /** The database the URL names does not exist. */
  | 'no-database'
  /** A unique key (an id) is taken: the client's 409. */
  | 'id-taken'
  /** A foreign key names a row that does not exist: the client's 422. */
  | 'missing-parent'
  /** A value the column type cannot hold (a date out of range …): the client's 422. */
  | 'bad-value'
  /** Another session holds the rows or the table (a lock, a deadlock): try again, a 409. */
  | 'busy';

interface Entry {
  readonly kind: DatabaseErrorKind;
  /** Why, in words, when the kind is `unavailable` (a 503's detail). */
  readonly reason?: string;
}

/**
 * SQLSTATEs, five characters, or classes, their first two: a code's own entry wins over its
 * class's. A code found in neither is a refusal the caller passes on as it is.
 */
export const SQLSTATES: Readonly<Record<string, Entry>> = {
  '57P01': { kind: 'unavailable', reason: 'the server is shutting down (admin_shutdown)' },
  '57P02': { kind: 'unavailable', reason: 'the server crashed (crash_shutdown)' },
  '57P03': {
    kind: 'unavailable',
    reason: 'the server is starting up or shutting down (cannot_connect_now)',
  },
  '53300': {
    kind: 'unavailable',
    reason: 'the server has no free connection (too_many_connections)',
  },
  /** Class 08, connection exceptions: the reason names the code. */
  '08': { kind: 'unavailable' },
  '28': { kind: 'login-refused' },
  '3D000': { kind: 'no-database' },
  '23505': { kind: 'id-taken' },
  '23503': { kind: 'missing-parent' },
  /** Class 22, data exceptions. */
  '22': { kind: 'bad-value' },
  /** Class 40, transaction rollback (serialization failure, deadlock). */
  '40': { kind: 'busy' },
  /** Class 55, object not in prerequisite state (lock_not_available, object_in_use). */
  '55': { kind: 'busy' },
};

/**
 * Node's network codes, all meaning the database cannot be reached: `fault` words the 503 of
 * a database lost while serving, `connect` the start that could not connect (what to check).
 */
export const NETWORK_CODES: Readonly<
  Record<string, { readonly fault: string; readonly connect?: string }>
> = {
  ECONNREFUSED: {
    fault: 'connection refused',
    connect: 'connection refused (is PostgreSQL running, on that port?)',
  },
  ECONNRESET: { fault: 'the connection was reset', connect: 'the connection was reset' },
  // At a connect, pg's own message says more than "closed".
  EPIPE: { fault: 'the connection was closed' },
  ETIMEDOUT: { fault: 'no answer (timed out)', connect: 'no answer (timed out)' },
  EHOSTUNREACH: { fault: 'host unreachable', connect: 'host unreachable' },
  ENETUNREACH: { fault: 'network unreachable', connect: 'network unreachable' },
  ENOTFOUND: { fault: 'no such host', connect: 'no such host' },
  EAI_AGAIN: {
    fault: 'the host name could not be resolved',
    connect: 'the host name could not be resolved',
  },
  ENOENT: { fault: 'no such socket', connect: 'no such socket' },
};

/** pg's own messages (no code) that mean the connection is gone or never came. */
const LOST_CONNECTION: readonly (readonly [RegExp, string])[] = [
  [/^timeout exceeded when trying to connect/i, 'no connection within the connection timeout'],
  [/^Connection terminated/i, 'the connection was closed'],
  [/is not queryable/i, 'the connection was lost'],
];

/** A refusal the server sent, as pg hands it over. */
export interface ServerError extends Error {
  readonly code: string;
  readonly detail?: string;
}

/**
 * Whether `error` is the server's refusal: its code is a SQLSTATE, five digits or capitals
 * whose class is 00–58, F0, HV, P0 or XX, so never Node's `E…` system codes (EPIPE, ENOENT).
 */
export function isServerError(error: unknown): error is ServerError {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-DF-Z][0-9A-Z]{4}$/.test(code);
}

/** The table's entry for a server's refusal: its code's, else its class's. */
function entryOf(error: ServerError): Entry | undefined {
  return SQLSTATES[error.code] ?? SQLSTATES[error.code.slice(0, 2)];
}

/** What the table makes of `error`; undefined for anything it does not name (a bug, a 42…). */
export function databaseErrorKind(error: unknown): DatabaseErrorKind | undefined {
  if (isServerError(error)) return entryOf(error)?.kind;
  return connectionFault(error) === undefined ? undefined : 'unavailable';
}

/**
 * Why `error` means the database cannot answer now (a restart, a network fault, a connection
 * timeout), in words; `undefined` for any other error (a refused value, a bug). Such a fault is
 * the client's 503, not the server's 500: the same request may succeed once it is back.
 */
export function connectionFault(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code in NETWORK_CODES) return NETWORK_CODES[code]!.fault;
  if (isServerError(error)) {
    const entry = entryOf(error);
    if (entry?.kind === 'unavailable') return entry.reason ?? `connection exception ${code}`;
  }
  const message = error instanceof Error ? error.message : '';
  return LOST_CONNECTION.find(([pattern]) => pattern.test(message))?.[1];
}

/**
 * Why a first connection to `where` (`user@host:port/db`) failed, as the one line a user acts
 * on. `database` is the name the URL gives (for `createdb`).
 */
export function databaseConnectFailure(
  where: string,
  database: string,
  error: unknown,
): DatabaseConnectError {
  if (isServerError(error)) {
    const kind = entryOf(error)?.kind;
    if (kind === 'login-refused')
      return new DatabaseConnectError(
        `PostgreSQL at ${where} refused the login: ${error.message}`,
        { cause: error },
      );
    if (kind === 'no-database')
      return new DatabaseConnectError(
        `PostgreSQL at ${where}: the database "${database}" does not exist (createdb ${database})`,
        { cause: error },
      );
    return new DatabaseConnectError(`PostgreSQL at ${where} refused: ${error.message}`, {
      cause: error,
    });
  }
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const why =
    (typeof code === 'string' ? NETWORK_CODES[code]?.connect : undefined) ??
    (/timeout/i.test(message)
      ? 'no answer (timed out: is the host reachable, the port open?)'
      : message);
  // pg's own messages may quote the connection string: never repeat one with a password.
  return new DatabaseConnectError(
    `cannot reach PostgreSQL at ${where}: ${why.replace(/postgres(ql)?:\S*/gi, '(the --database URL)')}`,
    { cause: error },
  );
}

/**
 * A database's refusal of a store's query as the store's errors (app/write/store-problem.ts
 * maps those), and a database that cannot answer now as the 503 problem it is. `id` is the
 * record the query wrote, for a taken one; anything else is passed on as it is.
 */
export function databaseStoreError(error: unknown, where: string, id?: string | number): unknown {
  const fault = connectionFault(error);
  if (fault !== undefined) return new DatabaseUnavailableProblem(where, fault, 2, error);
  if (!isServerError(error)) return error;
  switch (entryOf(error)?.kind) {
    case 'id-taken':
      return id === undefined ? error : new IdConflictError(id);
    case 'missing-parent':
      return new InvalidRecordError(
        `a relation names a record that does not exist: ${error.detail ?? error.message}`,
        { cause: error },
      );
    case 'bad-value':
      return new InvalidRecordError(error.message, { cause: error });
    default:
      return error;
  }
}
