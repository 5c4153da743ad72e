import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { storeProblem } from './app/write/store-problem.js';
import {
  CollectionClosedError,
  CompactionAborted,
  type DecorestError,
  FieldNotIndexedError,
  HttpProblem,
  IdConflictError,
  IdKindError,
  INTERNAL_ERROR_CODES,
  InvalidRecordError,
  LOAD_ERROR_CODES,
  LoadError,
  problems,
  StorageWriteError,
} from './errors.js';

/** One sample call per factory; the table test fails when a factory is added without one. */
const SAMPLES: { [K in keyof typeof problems]: () => HttpProblem } = {
  badRequest: () => problems.badRequest('bad'),
  databaseTooLarge: () => problems.databaseTooLarge('/db', 100_000, '/posts'),
  uploadTooLarge: () => problems.uploadTooLarge('photo.bin', '100 MiB', '50 MiB'),
  outgoingUnreachable: () => problems.outgoingUnreachable('https://api.example', 'ECONNREFUSED'),
  outgoingTimeout: () => problems.outgoingTimeout('https://api.example', '30 s'),
  outgoingUnpackedTooLarge: () =>
    problems.outgoingUnpackedTooLarge('https://api.example', 'gzip', '10 MiB'),
  malformedForm: () => problems.malformedForm('the multipart body is malformed'),
  malformedJson: () => problems.malformedJson('invalid JSON at line 1, column 2'),
  badQuery: () => problems.badQuery('limit', 'must be an integer >= 0, got "x"'),
  malformedId: () => problems.malformedId('abc', 'a positive integer'),
  notFound: () => problems.notFound('no todo with id 1'),
  importSourceUnreadable: () =>
    problems.importSourceUnreadable('db.json:3:7: is not JSON: expected a comma'),
  importRefused: () => problems.importRefused('files exist: post.ts', ['post.ts']),
  routeNotFound: () => problems.routeNotFound('GET', '/x'),
  methodNotAllowed: () => problems.methodNotAllowed('PUT', '/x', ['GET']),
  operationNotSupported: () => problems.operationNotSupported('memory', 'save'),
  conflict: () => problems.conflict('id 1 is already taken'),
  importFolderExists: () => problems.importFolderExists('Bruno Todos', 3),
  payloadTooLarge: () => problems.payloadTooLarge(1024),
  unsupportedMediaType: () => problems.unsupportedMediaType('text/plain'),
  invalidBody: () => problems.invalidBody('Invalid todo', [{ field: 'a', message: 'is required' }]),
  internal: () => problems.internal(),
  storageFailed: () => problems.storageFailed('ENOSPC'),
  malformedRequest: () => problems.malformedRequest('HPE_INVALID_METHOD'),
  headersTooLarge: () => problems.headersTooLarge(),
  requestTimeout: () => problems.requestTimeout(),
  expectationFailed: () => problems.expectationFailed('teapot'),
  databaseUnavailable: () =>
    problems.databaseUnavailable('mock@db:5432/mock', 'connection refused'),
  reloading: () => problems.reloading(),
  handlerTimeout: () => problems.handlerTimeout('GET', '/x', 100),
  unauthorized: () => problems.unauthorized(),
  forbidden: () => problems.forbidden('Host evil.example is not this machine'),
  outsideProject: () => problems.outsideProject('requests/shared/login.json'),
  portInUse: () => problems.portInUse('127.0.0.1', 3000),
  readOnlyModel: () => problems.readOnlyModel('Quote', 'quotes'),
  projectUnavailable: () => problems.projectUnavailable('the project did not load'),
  projectNotLoaded: () => problems.projectNotLoaded('todo.ts:3:1: unexpected token'),
  noSeed: () => problems.noSeed('/p/seed'),
  simulatedFailure: () => problems.simulatedFailure(503, 'GET', '/todos'),
  proxyFailed: () => problems.proxyFailed('http://127.0.0.1:9', 'ECONNREFUSED'),
  proxyTimeout: () => problems.proxyTimeout('http://127.0.0.1:9', 30000),
};

describe('the problem table', () => {
  const all = Object.entries(SAMPLES).map(([name, make]) => [name, make()] as const);

  it('has a sample for every factory', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(problems).sort());
  });

  it.each(all)('%s gives an RFC 9457 body with a 4xx or 5xx status', (_name, problem) => {
    expect(problem).toBeInstanceOf(HttpProblem);
    expect(problem.status).toBeGreaterThanOrEqual(400);
    expect(problem.status).toBeLessThan(600);
    const doc = problem.toDocument('/x');
    expect(doc).toMatchObject({
      type: expect.any(String),
      title: expect.any(String),
      status: problem.status,
      instance: '/x',
    });
    expect(doc.detail.length).toBeGreaterThan(0);
    expect(doc.message).toBe(doc.detail);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('gives every problem kind one code and one status', () => {
    const byCode = new Map<string, number>();
    for (const [, problem] of all) {
      const seen = byCode.get(problem.code);
      if (seen !== undefined) expect(seen).toBe(problem.status);
      byCode.set(problem.code, problem.status);
    }
    expect(byCode.size).toBe(all.length);
  });

  it('puts Allow on a 405', () => {
    expect(problems.methodNotAllowed('PUT', '/x', ['GET', 'HEAD']).headers).toEqual({
      allow: 'GET, HEAD',
    });
  });
});

describe('LoadError', () => {
  it('starts its message with file:line:column', () => {
    const error = new LoadError(
      LOAD_ERROR_CODES.SYNTAX_ERROR,
      { file: 'todo.ts', line: 3, column: 9 },
      "';' expected",
    );
    expect(error.message).toBe("todo.ts:3:9: ';' expected");
    expect(error.code).toBe('SYNTAX_ERROR');
  });

  it('has unique codes', () => {
    const codes = Object.values(LOAD_ERROR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

/** The status a request gets when each lower-layer error reaches the write path; null: none. */
const INTERNAL_STATUS: Record<keyof typeof INTERNAL_ERROR_CODES, number | null> = {
  ID_CONFLICT: 409,
  ID_KIND: 422,
  INVALID_RECORD: 422,
  STORAGE_WRITE_FAILED: 507,
  COLLECTION_CLOSED: 503,
  // The server's own faults: never a 4xx (issue 11), the generic 500 problem.
  FIELD_NOT_INDEXED: 500,
  COMPACTION_ABORTED: 500,
  // Not answered over HTTP: a gone client, load errors, CLI exits.
  CLIENT_GONE: null,
  ROUTE_MAPPED_TWICE: null,
  EVALUATION_TIMEOUT: null,
  USAGE: null,
  LISTEN_PORT_IN_USE: null,
  BAD_HOST: null,
  PORT_DENIED: null,
  LISTEN_FAILED: null,
  BAD_SERVLET_PATTERN: null,
  DATA_SOURCE_NAME_REQUIRED: null,
  // The control API answers it as a 422 of its own (model-edit operations).
  MODEL_EDIT_REFUSED: null,
  // Start-up and reload refusals of the PostgreSQL store, never a request's.
  DATABASE_CONNECT_FAILED: null,
  TABLES_DIFFER: null,
  // `decorest init --from` refusals (issue 28): a CLI exit, or the studio's own 422.
  IMPORT_SOURCE_UNREADABLE: null,
  IMPORT_PLAN_REFUSED: null,
};

const STORE_SAMPLES: [keyof typeof INTERNAL_ERROR_CODES, DecorestError][] = [
  ['ID_CONFLICT', new IdConflictError(1)],
  ['ID_KIND', new IdKindError('x', 'number')],
  ['INVALID_RECORD', new InvalidRecordError('$key')],
  ['STORAGE_WRITE_FAILED', new StorageWriteError('t.db', { code: 'ENOSPC' })],
  ['COLLECTION_CLOSED', new CollectionClosedError('t.db')],
  ['FIELD_NOT_INDEXED', new FieldNotIndexedError('user')],
  ['COMPACTION_ABORTED', new CompactionAborted()],
];

describe('the error code table', () => {
  it('gives every internal code a status, or says it never reaches a client', () => {
    expect(Object.keys(INTERNAL_STATUS).sort()).toEqual(Object.keys(INTERNAL_ERROR_CODES).sort());
  });

  it.each(STORE_SAMPLES)('answers %s from the store with its status', (code, error) => {
    expect(error.code).toBe(code);
    const mapped = storeProblem(error);
    const status = mapped instanceof HttpProblem ? mapped.status : 500;
    expect(status).toBe(INTERNAL_STATUS[code]);
  });

  it('keeps problem, load and internal codes apart', () => {
    const problemCodes = Object.values(SAMPLES).map((make) => make().code);
    const all = [
      ...problemCodes,
      ...Object.values(LOAD_ERROR_CODES),
      ...Object.values(INTERNAL_ERROR_CODES),
    ];
    expect(new Set(all).size).toBe(all.length);
  });

  it('is the only place in core/src that spells an error code', async () => {
    const root = fileURLToPath(new URL('.', import.meta.url));
    const files = (await readdir(root, { recursive: true })).filter(
      (f) =>
        f.endsWith('.ts') &&
        !/\.(test|case)\.ts$|fixtures|test-support/.test(f) &&
        // The browser client (and its error, in a module of its own) runs in the renderer,
        // where the core's errors do not exist.
        f !== 'control/client.ts' &&
        f !== 'control/control-error.ts' &&
        // The table itself: errors.ts and the families it re-exports.
        f !== 'errors.ts' &&
        !f.startsWith('errors/'),
    );
    const offenders: string[] = [];
    for (const file of files) {
      const source = await readFile(join(root, file), 'utf8');
      // A code handed to an error's constructor as a literal (`super('X'`, `Error('X'`, `code: 'X'`).
      for (const m of source.matchAll(/(?:super\(|Error\(|code: )\s*'([A-Z][A-Z_]{3,})'/g))
        offenders.push(`${file}: ${m[1]}`);
      if (/class \w+ extends Error\b/.test(source)) offenders.push(`${file}: extends Error`);
    }
    expect(offenders).toEqual([]);
  });
});
