/**
 * The {@link problems} table every route and the control API answer from: one named factory
 * per problem (http-problem.ts holds the class and its wire form).
 */
import {
  DatabaseUnavailableProblem,
  type FieldError,
  HttpProblem,
  ValidationProblem,
} from './http-problem.js';

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
  /** Issue 42: `GET /db` of a database over its limit; `list` is one collection to page. */
  databaseTooLarge: (dbPath: string, limit: number, list: string) =>
    new HttpProblem({
      code: 'DATABASE_TOO_LARGE',
      status: 400,
      type: 'bad-request',
      title: 'Bad request',
      detail: `GET ${dbPath} answers at most ${limit} records and this database holds more: read each collection page by page (${list}?_page=1)`,
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
  /** `allow`: what the path takes (RFC 9110: a 405 says it), when the caller knows it. */
  operationNotSupported: (datasource: string, operation: string, allow?: readonly string[]) =>
    new HttpProblem({
      code: 'OPERATION_NOT_SUPPORTED',
      status: 405,
      type: 'operation-not-supported',
      title: 'Operation not supported by the datasource',
      detail: `datasource "${datasource}" has no ${operation}() method`,
      ...(allow ? { headers: { allow: allow.join(', ') } } : {}),
    }),
  /** An import of a collection whose folder is there already: the Console asks what to do. */
  importFolderExists: (folder: string, requests: number) =>
    new HttpProblem({
      code: 'IMPORT_FOLDER_EXISTS',
      status: 409,
      type: 'import-folder-exists',
      title: 'The collection is there already',
      detail: `requests/${folder} is there already, holding ${requests} saved request${requests === 1 ? '' : 's'}: import again to replace ${requests === 1 ? 'it' : 'them'}, or as a copy beside it`,
    }),
  conflict: (detail: string) =>
    new HttpProblem({ code: 'CONFLICT', status: 409, type: 'conflict', title: 'Conflict', detail }),
  /** Issue 28: a "New project from…" source that cannot be read (file, line:column, why). */
  importSourceUnreadable: (detail: string) =>
    new HttpProblem({
      code: 'SOURCE_UNREADABLE',
      status: 422,
      type: 'import-source-unreadable',
      title: 'The file cannot be imported',
      detail,
    }),
  /** Issue 28: an import the folder refuses; `existing` are files only `force` may replace. */
  importRefused: (detail: string, existing: readonly string[]) =>
    new HttpProblem({
      code: 'IMPORT_REFUSED',
      status: 409,
      type: 'import-refused',
      title: 'The project cannot be written there',
      detail,
      ...(existing.length > 0
        ? { errors: existing.map((path) => ({ field: path, message: 'exists already' })) }
        : {}),
    }),
  /** `detail` when the limit is better said another way (issue 30: a form, a file, a field). */
  payloadTooLarge: (
    limitBytes: number,
    detail = `request body exceeds the limit of ${limitBytes} bytes`,
  ) =>
    new HttpProblem({
      code: 'PAYLOAD_TOO_LARGE',
      status: 413,
      type: 'payload-too-large',
      title: 'Payload too large',
      detail,
    }),
  /** `accepted`: what the route reads (issue 30: a manual route reads forms too). */
  unsupportedMediaType: (
    contentType: string | undefined,
    accepted = 'application/json',
    detail = `request body must be ${accepted}, got ${contentType ? JSON.stringify(contentType) : 'no Content-Type'}`,
  ) =>
    new HttpProblem({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status: 415,
      type: 'unsupported-media-type',
      title: 'Unsupported media type',
      detail,
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
  databaseUnavailable: (where: string, reason: string, retryAfterSeconds = 2, cause?: unknown) =>
    new DatabaseUnavailableProblem(where, reason, retryAfterSeconds, cause),
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
  /** Issue 40 §2: a project file whose real place (symlinks followed) is not in the project. */
  outsideProject: (path: string) =>
    new HttpProblem({
      code: 'OUTSIDE_PROJECT',
      status: 403,
      type: 'outside-project',
      title: 'Outside the project',
      detail: `${path} leads outside the project folder (through a symbolic link): the studio reads and writes only inside it`,
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
  /** Issue 48: the studio's project does not load (a model error, a data folder held). */
  projectNotLoaded: (reason: string) =>
    new HttpProblem({
      code: 'PROJECT_NOT_LOADED',
      status: 503,
      type: 'project-not-loaded',
      title: 'The project does not load',
      detail: `${reason}; the mock API answers again once the project loads`,
      headers: { 'retry-after': '2' },
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
  /** Issue 30: a multipart file part the Console would send is over `UPLOAD_LIMIT`. */
  uploadTooLarge: (file: string, size: string, limit: string) =>
    new HttpProblem({
      code: 'UPLOAD_TOO_LARGE',
      status: 413,
      type: 'upload-too-large',
      title: 'File too large to send',
      detail: `${file} is ${size}; files up to ${limit} can be sent`,
    }),
  /** Issue 30: a request the core sent for the Console (`POST /api/outgoing`) got no connection. */
  outgoingUnreachable: (origin: string, reason: string) =>
    new HttpProblem({
      code: 'OUTGOING_UNREACHABLE',
      status: 502,
      type: 'outgoing-unreachable',
      title: 'Host not reachable',
      detail: `Could not reach ${origin}: ${reason}`,
    }),
  /** Issue 30: … or no answer within its timeout (`seconds` as `30 s`). */
  outgoingTimeout: (origin: string, seconds: string) =>
    new HttpProblem({
      code: 'OUTGOING_TIMEOUT',
      status: 504,
      type: 'outgoing-timeout',
      title: 'No answer in time',
      detail: `No answer from ${origin} within ${seconds}`,
    }),
  /**
   * Issue 40: an answer to `POST /api/outgoing` whose content encoding unpacks past the answer
   * limit (a gzip bomb): reading stopped there.
   */
  outgoingUnpackedTooLarge: (origin: string, encoding: string, limit: string) =>
    new HttpProblem({
      code: 'OUTGOING_UNPACKED_TOO_LARGE',
      status: 502,
      type: 'outgoing-unpacked-too-large',
      title: 'Answer too large once unpacked',
      detail:
        `The answer from ${origin} unpacks (content-encoding ${encoding}) to more than ${limit}, ` +
        `the most the Console reads of an answer; reading stopped there`,
    }),
  /** Issue 30: a form body a manual route cannot read (`detail` says where it broke). */
  malformedForm: (detail: string) =>
    new HttpProblem({
      code: 'MALFORMED_FORM',
      status: 400,
      type: 'malformed-form',
      title: 'Malformed form body',
      detail,
    }),
} as const;

export type ProblemName = keyof typeof problems;

/**
 * What no route answered: a 404 when nothing is served at `path`, else a 405 naming what is
 * (one choice for the mock API and the control API).
 */
export function unrouted(method: string, path: string, allowed: readonly string[]): HttpProblem {
  return allowed.length === 0
    ? problems.routeNotFound(method, path)
    : problems.methodNotAllowed(method, path, allowed);
}
