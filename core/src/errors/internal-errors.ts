/**
 * Errors that are neither problems nor load errors: the record store's (mapped to answers by
 * class in app/write/store-problem.ts), the transport's, the loader's and the CLI's.
 */
import { DecorestError } from './base.js';

/** Codes of errors that are neither problems nor load errors: CLI, decorators, lower layers. */
export const INTERNAL_ERROR_CODES = {
  ID_CONFLICT: 'ID_CONFLICT',
  ID_KIND: 'ID_KIND',
  INVALID_RECORD: 'INVALID_RECORD',
  STORAGE_WRITE_FAILED: 'STORAGE_WRITE_FAILED',
  COLLECTION_CLOSED: 'COLLECTION_CLOSED',
  FIELD_NOT_INDEXED: 'FIELD_NOT_INDEXED',
  COMPACTION_ABORTED: 'COMPACTION_ABORTED',
  CLIENT_GONE: 'CLIENT_GONE',
  ROUTE_MAPPED_TWICE: 'ROUTE_MAPPED_TWICE',
  EVALUATION_TIMEOUT: 'EVALUATION_TIMEOUT',
  USAGE: 'USAGE',
  LISTEN_PORT_IN_USE: 'LISTEN_PORT_IN_USE',
  BAD_HOST: 'BAD_HOST',
  PORT_DENIED: 'PORT_DENIED',
  LISTEN_FAILED: 'LISTEN_FAILED',
  BAD_SERVLET_PATTERN: 'BAD_SERVLET_PATTERN',
  DATA_SOURCE_NAME_REQUIRED: 'DATA_SOURCE_NAME_REQUIRED',
  MODEL_EDIT_REFUSED: 'MODEL_EDIT_REFUSED',
  /** Issue 26: the PostgreSQL database could not be reached or logged into. */
  DATABASE_CONNECT_FAILED: 'DATABASE_CONNECT_FAILED',
  /** Issue 26: the database's tables differ from the models in a way only data loss fixes. */
  TABLES_DIFFER: 'TABLES_DIFFER',
  /** Issue 28: an import source that cannot be read (malformed, too large, of no known kind). */
  IMPORT_SOURCE_UNREADABLE: 'IMPORT_SOURCE_UNREADABLE',
  /** Issue 28: an import plan that cannot be written (files in the way, a refused name). */
  IMPORT_PLAN_REFUSED: 'IMPORT_PLAN_REFUSED',
} as const;

// ---------------------------------------------------------------- the record store's errors
// The HTTP layer maps them by class (app/write/store-problem.ts): a taken id is the client's
// 409, a wrong id kind or unstorable record its 422, a closed collection a 503 during a reload,
// a failed write our 507 (issue 7), anything else our 500.

/** CONTRACT §1: "A client may send an unused `id` on POST; a used one gets 409." */
export class IdConflictError extends DecorestError {
  readonly id: string | number;

  constructor(id: string | number) {
    super(INTERNAL_ERROR_CODES.ID_CONFLICT, `id ${JSON.stringify(id)} is already taken`);
    this.id = id;
  }
}

/** An id that is not of the collection's kind (a string for a numeric id, 1.5, ''). */
export class IdKindError extends DecorestError {
  readonly id: unknown;
  readonly expected: 'number' | 'string';

  constructor(id: unknown, expected: 'number' | 'string', rule?: string) {
    const wanted = rule ?? (expected === 'number' ? 'an integer' : 'a non-empty string');
    super(INTERNAL_ERROR_CODES.ID_KIND, `id must be ${wanted}, got ${describeValue(id)}`);
    this.id = id;
    this.expected = expected;
  }
}

/**
 * A record the datafile format cannot hold faithfully: a top-level key starting with `$`
 * (NeDB reads `$$deleted` as a deletion and refuses `$` keys) or a value JSON cannot encode.
 */
export class InvalidRecordError extends DecorestError {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(INTERNAL_ERROR_CODES.INVALID_RECORD, reason, options);
  }
}

/**
 * The datafile could not be written (ENOSPC, EACCES, EROFS, EFBIG …). `osCode` is the
 * operating system's code; memory was rolled back, so nothing claims the unstored write.
 */
export class StorageWriteError extends DecorestError {
  readonly file: string;
  readonly osCode: string;

  constructor(file: string, cause: unknown, message?: string) {
    const osCode = osCodeOf(cause);
    super(
      INTERNAL_ERROR_CODES.STORAGE_WRITE_FAILED,
      message ?? `could not write ${file}: ${cause instanceof Error ? cause.message : osCode}`,
      { cause },
    );
    this.file = file;
    this.osCode = osCode;
  }
}

/** A write after `close()`. */
export class CollectionClosedError extends DecorestError {
  constructor(file: string) {
    super(INTERNAL_ERROR_CODES.COLLECTION_CLOSED, `${file} is closed`);
  }
}

/** `lookup`/`countBy` on a field opened without an index: a programming error, not a 4xx. */
export class FieldNotIndexedError extends DecorestError {
  constructor(field: string) {
    super(
      INTERNAL_ERROR_CODES.FIELD_NOT_INDEXED,
      `field "${field}" has no index; open the collection with indexes: ['${field}']`,
    );
  }
}

/** A compaction gave up because an append failed while it ran; the old datafile stays. */
export class CompactionAborted extends DecorestError {
  constructor() {
    super(
      INTERNAL_ERROR_CODES.COMPACTION_ABORTED,
      'compaction abandoned: an append failed while it ran',
    );
  }
}

/** The operating system's code of an I/O error (`ENOSPC`), `EIO` when it gave none. */
export function osCodeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return 'EIO';
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return typeof value;
  }
}

// ---------------------------------------------------------------- transport, loader and CLI

/**
 * The client went away before its body was in (aborted, or the connection reset). No one is
 * left to answer, and nothing went wrong on our side: dispatch drops it without a log line.
 */
export class ClientGoneError extends DecorestError {
  constructor(cause: string) {
    super(
      INTERNAL_ERROR_CODES.CLIENT_GONE,
      `the client closed the connection before its body was read (${cause})`,
    );
  }
}

/** Two manual routes claim the same method and path; the loader reports it as a load error. */
export class DuplicateRouteError extends DecorestError {
  constructor(
    readonly method: string,
    readonly path: string,
  ) {
    super(INTERNAL_ERROR_CODES.ROUTE_MAPPED_TWICE, `${method} ${path} is mapped twice`);
  }
}

/** A project's top-level code was stopped by the watchdog; the loader names the file. */
export class EvaluationTimeout extends DecorestError {
  constructor(readonly timeoutMs: number) {
    super(
      INTERNAL_ERROR_CODES.EVALUATION_TIMEOUT,
      `evaluation did not finish within ${timeoutMs} ms`,
    );
  }
}

/** A mistake in how the CLI was called: one line, exit code 2, never a stack. */
export class UsageError extends DecorestError {
  constructor(message: string) {
    super(INTERNAL_ERROR_CODES.USAGE, message);
  }
}

/** Why a model edit cannot be made (no such class or field, a name taken, …): a 422 to the studio. */
export class ModelEditError extends DecorestError {
  constructor(message: string) {
    super(INTERNAL_ERROR_CODES.MODEL_EDIT_REFUSED, message);
  }
}
