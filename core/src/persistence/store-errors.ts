/**
 * Errors of the record store. They extend `DecorestError` so the HTTP layer maps them by
 * class: `IdConflictError` → 409 (`problems.conflict`), `IdKindError` / `InvalidRecordError`
 * → 400/422, `StorageWriteError` → 507 (`problems.storageFailed`, issue 7: "a full or
 * read-only data folder makes writes answer a 5xx problem saying why").
 */
import { DecorestError } from '../errors.js';
import type { IdKind, RecordId } from './collection.js';

/** CONTRACT §1: "A client may send an unused `id` on POST; a used one gets 409." */
export class IdConflictError extends DecorestError {
  readonly id: RecordId;

  constructor(id: RecordId) {
    super('ID_CONFLICT', `id ${JSON.stringify(id)} is already taken`);
    this.id = id;
  }
}

/** An id that is not of the collection's kind (a string for a numeric id, 1.5, ''). */
export class IdKindError extends DecorestError {
  readonly id: unknown;
  readonly expected: IdKind;

  constructor(id: unknown, expected: IdKind, rule = describeKind(expected)) {
    super('ID_KIND', `id must be ${rule}, got ${describeValue(id)}`);
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
    super('INVALID_RECORD', reason, options);
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
      'STORAGE_WRITE_FAILED',
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
    super('COLLECTION_CLOSED', `${file} is closed`);
  }
}

/** `lookup`/`countBy` on a field opened without an index: a programming error, not a 4xx. */
export class FieldNotIndexedError extends DecorestError {
  constructor(field: string) {
    super(
      'FIELD_NOT_INDEXED',
      `field "${field}" has no index; open the collection with indexes: ['${field}']`,
    );
  }
}

export function osCodeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return 'EIO';
}

function describeKind(kind: IdKind): string {
  return kind === 'number' ? 'an integer' : 'a non-empty string';
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return typeof value;
  }
}
