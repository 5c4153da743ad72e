/**
 * An error that becomes an HTTP answer, as an RFC 9457 problem document: {@link HttpProblem},
 * its wire form ({@link problemWire}), and the two problems with state of their own (a 422's
 * field errors, an unavailable database's address). The table of every problem the server
 * answers is problems.ts.
 */
import type { Problem } from '../contract/control-api.js';
import { DecorestError } from './base.js';

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

/**
 * Issue 26: the database a project is served from cannot answer now (down, restarting,
 * refusing connections, or every pooled connection busy and the wait queue full). A problem
 * of its own, so every layer (the mock API, the control API, a write's store call) answers it
 * as the 503 it is without mapping it. `where` is `user@host:port/db`, never a password.
 */
export class DatabaseUnavailableProblem extends HttpProblem {
  readonly where: string;

  constructor(where: string, reason: string, retryAfterSeconds: number, cause?: unknown) {
    super({
      code: 'DATABASE_UNAVAILABLE',
      status: 503,
      type: 'database-unavailable',
      title: 'The database is unavailable',
      detail: `PostgreSQL at ${where} is unavailable (${reason}); retry in a moment`,
      headers: { 'retry-after': String(retryAfterSeconds) },
      cause,
    });
    this.where = where;
  }
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
