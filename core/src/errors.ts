/**
 * Every error Decorest raises, in one table (as Fastify keeps `lib/errors.js`).
 *
 * Two families:
 * - {@link HttpProblem}: answered to the client as an RFC 9457 problem document.
 * - {@link LoadError} / {@link DecoratorUsageError}: a project could not be loaded; they name
 *   the file, line and target so the user can fix the model.
 */

import type { Problem } from './control/contract.js';

/** Base of every error thrown on purpose by Decorest. */
export class DecorestError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** One field-level finding of a validation (CONTRACT §4). */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * The RFC 9457 body we send; `message` mirrors `detail` for react-admin (CONTRACT §4). Its
 * members are the control contract's `Problem`, the one definition the studio reads too.
 */
export interface ProblemDocument extends Problem {
  [extension: string]: unknown;
}

/** An error that becomes an HTTP answer. `instance` is filled in by the server. */
export class HttpProblem extends DecorestError {
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly errors: FieldError[] | undefined;
  /** Extra response headers, such as `Allow` on a 405. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(init: {
    code: string;
    status: number;
    type: string;
    title: string;
    detail: string;
    errors?: FieldError[];
    headers?: Record<string, string>;
    cause?: unknown;
  }) {
    super(init.code, init.detail, { cause: init.cause });
    this.status = init.status;
    this.type = init.type;
    this.title = init.title;
    this.detail = init.detail;
    this.errors = init.errors;
    this.headers = init.headers ?? {};
  }

  toDocument(instance: string): ProblemDocument {
    const doc: ProblemDocument = {
      type: this.type,
      title: this.title,
      status: this.status,
      detail: this.detail,
      message: this.detail,
      instance,
    };
    if (this.errors) doc.errors = this.errors;
    return doc;
  }
}

/** The media type of every problem answer (RFC 9457 §3). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** What goes on the wire for a problem; every writer (routes, transport, control API) sends this. */
export interface ProblemWire {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * The one serialisation of a problem: `base` headers (CORS, security) first, then the
 * problem's own (`Allow`, `Retry-After`), then the content headers, which nothing overrides.
 */
export function problemWire(
  problem: HttpProblem,
  instance: string,
  base: Readonly<Record<string, string>> = {},
): ProblemWire {
  const body = JSON.stringify(problem.toDocument(instance));
  return {
    status: problem.status,
    headers: {
      ...base,
      ...problem.headers,
      'content-type': PROBLEM_CONTENT_TYPE,
      'content-length': String(new TextEncoder().encode(body).length),
    },
    body,
  };
}

/** The 422 case: carries every invalid field of one body at once (CONTRACT §4). */
export class ValidationProblem extends HttpProblem {
  constructor(title: string, errors: FieldError[]) {
    const count = errors.length;
    super({
      code: 'VALIDATION_FAILED',
      status: 422,
      type: 'validation-error',
      title,
      detail:
        count === 1 ? `${errors[0]!.field}: ${errors[0]!.message}` : `${count} fields are invalid`,
      errors,
    });
  }
}

/**
 * Named factories for every problem the server answers. Tests walk this table
 * (`errors.test.ts`), so a new entry is checked for a valid body automatically.
 */
export const problems = {
  badRequest: (detail: string, errors?: FieldError[]) =>
    new HttpProblem({
      code: 'BAD_REQUEST',
      status: 400,
      type: 'bad-request',
      title: 'Bad request',
      detail,
      ...(errors ? { errors } : {}),
    }),
  malformedJson: (detail: string) =>
    new HttpProblem({
      code: 'MALFORMED_JSON',
      status: 400,
      type: 'malformed-json',
      title: 'Malformed JSON body',
      detail,
    }),
  badQuery: (parameter: string, message: string) =>
    new HttpProblem({
      code: 'BAD_QUERY',
      status: 400,
      type: 'bad-query',
      title: 'Bad query parameter',
      detail: `${parameter}: ${message}`,
      errors: [{ field: parameter, message }],
    }),
  malformedId: (id: string, expected: string) =>
    new HttpProblem({
      code: 'MALFORMED_ID',
      status: 400,
      type: 'malformed-id',
      title: 'Malformed id',
      detail: `id must be ${expected}, got ${JSON.stringify(id)}`,
    }),
  notFound: (detail: string) =>
    new HttpProblem({
      code: 'NOT_FOUND',
      status: 404,
      type: 'not-found',
      title: 'Not found',
      detail,
    }),
  routeNotFound: (method: string, path: string) =>
    new HttpProblem({
      code: 'ROUTE_NOT_FOUND',
      status: 404,
      type: 'not-found',
      title: 'Not found',
      detail: `No route for ${method} ${path}`,
    }),
  methodNotAllowed: (method: string, path: string, allowed: readonly string[]) =>
    new HttpProblem({
      code: 'METHOD_NOT_ALLOWED',
      status: 405,
      type: 'method-not-allowed',
      title: 'Method not allowed',
      detail: `${method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`,
      headers: { allow: allowed.join(', ') },
    }),
  operationNotSupported: (datasource: string, operation: string) =>
    new HttpProblem({
      code: 'OPERATION_NOT_SUPPORTED',
      status: 405,
      type: 'operation-not-supported',
      title: 'Operation not supported by the datasource',
      detail: `datasource "${datasource}" has no ${operation}() method`,
    }),
  conflict: (detail: string) =>
    new HttpProblem({ code: 'CONFLICT', status: 409, type: 'conflict', title: 'Conflict', detail }),
  payloadTooLarge: (limitBytes: number) =>
    new HttpProblem({
      code: 'PAYLOAD_TOO_LARGE',
      status: 413,
      type: 'payload-too-large',
      title: 'Payload too large',
      detail: `request body exceeds the limit of ${limitBytes} bytes`,
    }),
  unsupportedMediaType: (contentType: string | undefined) =>
    new HttpProblem({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status: 415,
      type: 'unsupported-media-type',
      title: 'Unsupported media type',
      detail: `request body must be application/json, got ${contentType ? JSON.stringify(contentType) : 'no Content-Type'}`,
    }),
  invalidBody: (title: string, errors: FieldError[]) => new ValidationProblem(title, errors),
  internal: () =>
    new HttpProblem({
      code: 'INTERNAL_ERROR',
      status: 500,
      type: 'internal-error',
      title: 'Internal server error',
      detail: 'the handler failed; the server log has the details',
    }),
  storageFailed: (detail: string, cause?: unknown) =>
    new HttpProblem({
      code: 'STORAGE_FAILED',
      status: 507,
      type: 'storage-failed',
      title: 'The record could not be stored',
      detail,
      cause,
    }),
  malformedRequest: (reason: string) =>
    new HttpProblem({
      code: 'MALFORMED_REQUEST',
      status: 400,
      type: 'malformed-request',
      title: 'Malformed HTTP request',
      detail: `the request could not be parsed as HTTP/1.1 (${reason})`,
    }),
  headersTooLarge: () =>
    new HttpProblem({
      code: 'HEADERS_TOO_LARGE',
      status: 431,
      type: 'headers-too-large',
      title: 'Request header fields too large',
      detail: 'the request headers exceed the server limit (16 KiB, 2,000 headers)',
    }),
  requestTimeout: () =>
    new HttpProblem({
      code: 'REQUEST_TIMEOUT',
      status: 408,
      type: 'request-timeout',
      title: 'Request timeout',
      detail: 'the request was not received in time',
    }),
  expectationFailed: (expect: string) =>
    new HttpProblem({
      code: 'EXPECTATION_FAILED',
      status: 417,
      type: 'expectation-failed',
      title: 'Expectation failed',
      detail: `Expect: ${expect} is not supported; only 100-continue is`,
    }),
  reloading: () =>
    new HttpProblem({
      code: 'RELOADING',
      status: 503,
      type: 'reloading',
      title: 'The project is reloading',
      detail: 'the project is being reloaded after a change; retry in a moment',
      headers: { 'retry-after': '1' },
    }),
  unauthorized: () =>
    new HttpProblem({
      code: 'UNAUTHORIZED',
      status: 401,
      type: 'unauthorized',
      title: 'Unauthorized',
      detail: 'this control API needs the launch token as "Authorization: Bearer <token>"',
      headers: { 'www-authenticate': 'Bearer' },
    }),
  forbidden: (detail: string) =>
    new HttpProblem({
      code: 'FORBIDDEN',
      status: 403,
      type: 'forbidden',
      title: 'Forbidden',
      detail,
    }),
  portInUse: (host: string, port: number) =>
    new HttpProblem({
      code: 'PORT_IN_USE',
      status: 409,
      type: 'port-in-use',
      title: 'Port in use',
      detail: `port ${port} is already in use on ${host}; pick another port`,
    }),
  readOnlyModel: (model: string, dataSource: string) =>
    new HttpProblem({
      code: 'READ_ONLY_MODEL',
      status: 405,
      type: 'read-only-model',
      title: 'Read-only model',
      detail: `${model} is served by the named datasource "${dataSource}"; the studio shows its records read-only`,
      headers: { allow: 'GET, HEAD' },
    }),
  projectUnavailable: (detail: string) =>
    new HttpProblem({
      code: 'PROJECT_UNAVAILABLE',
      status: 409,
      type: 'project-unavailable',
      title: 'No project is serving',
      detail,
    }),
  handlerTimeout: (method: string, path: string, timeoutMs: number) =>
    new HttpProblem({
      code: 'HANDLER_TIMEOUT',
      status: 504,
      type: 'handler-timeout',
      title: 'Handler timed out',
      detail: `the handler for ${method} ${path} did not answer within ${timeoutMs} ms`,
    }),
  noSeed: (folder: string) =>
    new HttpProblem({
      code: 'NO_SEED',
      status: 404,
      type: 'no-seed',
      title: 'No seed folder',
      detail: `there is no seed folder at ${folder}; save one first (decorest seed save, or POST /api/data/seed)`,
    }),
  /** Issue 16: a failure the studio made up on purpose (`--fail 0.1:503`), said as such. */
  simulatedFailure: (status: number, method: string, path: string) =>
    new HttpProblem({
      code: 'SIMULATED_FAILURE',
      status,
      type: 'simulated-failure',
      title: 'Simulated failure',
      detail: `a simulated ${status} for ${method} ${path}: a failure rule of the mock API, not an error of the project`,
    }),
  proxyFailed: (target: string, reason: string) =>
    new HttpProblem({
      code: 'PROXY_FAILED',
      status: 502,
      type: 'proxy-failed',
      title: 'Proxy failed',
      detail: `the request forwarded to ${target} got no answer: ${reason}`,
    }),
  proxyTimeout: (target: string, timeoutMs: number) =>
    new HttpProblem({
      code: 'PROXY_TIMEOUT',
      status: 504,
      type: 'proxy-timeout',
      title: 'Proxy timed out',
      detail: `the request forwarded to ${target} did not answer within ${timeoutMs} ms`,
    }),
} as const;

export type ProblemName = keyof typeof problems;

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
  /** Anything else that stopped a load (an I/O error reading the folder, a bug). */
  LOAD_FAILED: 'LOAD_FAILED',
} as const;

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
