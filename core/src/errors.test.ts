import { describe, expect, it } from 'vitest';

import { HttpProblem, LOAD_ERROR_CODES, LoadError, problems } from './errors.js';

/** One sample call per factory; the table test fails when a factory is added without one. */
const SAMPLES: { [K in keyof typeof problems]: () => HttpProblem } = {
  badRequest: () => problems.badRequest('bad'),
  malformedJson: () => problems.malformedJson('invalid JSON at line 1, column 2'),
  badQuery: () => problems.badQuery('limit', 'must be an integer >= 0, got "x"'),
  malformedId: () => problems.malformedId('abc', 'a positive integer'),
  notFound: () => problems.notFound('no todo with id 1'),
  routeNotFound: () => problems.routeNotFound('GET', '/x'),
  methodNotAllowed: () => problems.methodNotAllowed('PUT', '/x', ['GET']),
  operationNotSupported: () => problems.operationNotSupported('memory', 'save'),
  conflict: () => problems.conflict('id 1 is already taken'),
  payloadTooLarge: () => problems.payloadTooLarge(1024),
  unsupportedMediaType: () => problems.unsupportedMediaType('text/plain'),
  invalidBody: () => problems.invalidBody('Invalid todo', [{ field: 'a', message: 'is required' }]),
  internal: () => problems.internal(),
  storageFailed: () => problems.storageFailed('ENOSPC'),
  malformedRequest: () => problems.malformedRequest('HPE_INVALID_METHOD'),
  headersTooLarge: () => problems.headersTooLarge(),
  requestTimeout: () => problems.requestTimeout(),
  expectationFailed: () => problems.expectationFailed('teapot'),
  reloading: () => problems.reloading(),
  handlerTimeout: () => problems.handlerTimeout('GET', '/x', 100),
  unauthorized: () => problems.unauthorized(),
  forbidden: () => problems.forbidden('Host evil.example is not this machine'),
  portInUse: () => problems.portInUse('127.0.0.1', 3000),
  readOnlyModel: () => problems.readOnlyModel('Quote', 'quotes'),
  projectUnavailable: () => problems.projectUnavailable('the project did not load'),
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
