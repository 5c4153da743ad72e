/**
 * A project that could not be loaded: {@link LoadError} names the file, line and column so the
 * user can fix the model; {@link DecoratorUsageError} names the decorated target.
 */
import { DecorestError } from './base.js';

/** Where in a project a load error points. */
export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

/**
 * A project could not be loaded. The message always starts with `file:line` so editors and
 * terminals make it clickable.
 */
export class LoadError extends DecorestError {
  readonly file: string;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly reason: string;

  constructor(
    code: string,
    location: SourceLocation,
    reason: string,
    options?: { cause?: unknown },
  ) {
    const where =
      location.line === undefined
        ? location.file
        : `${location.file}:${location.line}${location.column === undefined ? '' : `:${location.column}`}`;
    super(code, `${where}: ${reason}`, options);
    this.file = location.file;
    this.line = location.line;
    this.column = location.column;
    this.reason = reason;
  }
}

/** A decorator was used where or how it cannot work; names the target (`User.prototype.todos`). */
export class DecoratorUsageError extends DecorestError {
  readonly target: string;

  constructor(code: string, target: string, reason: string) {
    super(code, `${target}: ${reason}`);
    this.target = target;
  }
}

/** Load-error codes, one place so the studio and tests can switch on them. */
export const LOAD_ERROR_CODES = {
  SYNTAX_ERROR: 'SYNTAX_ERROR',
  MODULE_THREW: 'MODULE_THREW',
  MODULE_TIMEOUT: 'MODULE_TIMEOUT',
  MODULE_NOT_FOUND: 'MODULE_NOT_FOUND',
  PROJECT_NOT_FOUND: 'PROJECT_NOT_FOUND',
  BAD_APPLICATION: 'BAD_APPLICATION',
  DUPLICATE_MODEL_PATH: 'DUPLICATE_MODEL_PATH',
  UNKNOWN_DATASOURCE: 'UNKNOWN_DATASOURCE',
  UNKNOWN_RELATION_TARGET: 'UNKNOWN_RELATION_TARGET',
  UNSUPPORTED_FIELD_TYPE: 'UNSUPPORTED_FIELD_TYPE',
  /** A `@Field` rule no validator can apply (a bad pattern, a length that is not a count). */
  BAD_FIELD_RULE: 'BAD_FIELD_RULE',
  CORRUPT_DATAFILE: 'CORRUPT_DATAFILE',
  DUPLICATE_ROUTE: 'DUPLICATE_ROUTE',
  BAD_MODEL_PATH: 'BAD_MODEL_PATH',
  MISSING_INVERSE_RELATION: 'MISSING_INVERSE_RELATION',
  DUPLICATE_DATASOURCE: 'DUPLICATE_DATASOURCE',
  BAD_DATASOURCE: 'BAD_DATASOURCE',
  DATA_LOCKED: 'DATA_LOCKED',
  /** `mock-rules.json` does not load (issue 29): the message names the JSON pointer. */
  BAD_RULES_FILE: 'BAD_RULES_FILE',
  /** Anything else that stopped a load (an I/O error reading the folder, a bug). */
  LOAD_FAILED: 'LOAD_FAILED',
} as const;
