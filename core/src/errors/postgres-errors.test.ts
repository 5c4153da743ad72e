/** The PostgreSQL error table: what each SQLSTATE and network code becomes, for every entry. */
import pg from 'pg';
import { describe, expect, it } from 'vitest';

import { storeProblem } from '../app/write/store-problem.js';
import {
  connectionFault,
  databaseConnectFailure,
  type DatabaseErrorKind,
  databaseErrorKind,
  databaseStoreError,
  HttpProblem,
  NETWORK_CODES,
  SQLSTATES,
} from '../errors.js';

/** A refusal as pg hands it over. */
function refusal(code: string, message = 'refused', detail?: string): pg.DatabaseError {
  return Object.assign(new pg.DatabaseError(message, 1, 'error'), { code, detail });
}

/** A Node socket error. */
function network(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });
}

/** One code per entry (a class's entry by one of its codes), and what a request gets for it. */
const SAMPLES: Record<string, { code: string; kind: DatabaseErrorKind; status: number | null }> = {
  '57P01': { code: '57P01', kind: 'unavailable', status: 503 },
  '57P02': { code: '57P02', kind: 'unavailable', status: 503 },
  '57P03': { code: '57P03', kind: 'unavailable', status: 503 },
  '53300': { code: '53300', kind: 'unavailable', status: 503 },
  '08': { code: '08006', kind: 'unavailable', status: 503 },
  '28': { code: '28P01', kind: 'login-refused', status: null },
  '3D000': { code: '3D000', kind: 'no-database', status: null },
  '23505': { code: '23505', kind: 'id-taken', status: 409 },
  '23503': { code: '23503', kind: 'missing-parent', status: 422 },
  '22': { code: '22008', kind: 'bad-value', status: 422 },
  '40': { code: '40P01', kind: 'busy', status: null },
  '55': { code: '55P03', kind: 'busy', status: null },
};

const statusOf = (error: unknown): number => {
  const answered = storeProblem(error);
  return answered instanceof HttpProblem ? answered.status : 500;
};

describe('the PostgreSQL error table', () => {
  it('has a sample for every SQLSTATE entry', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(SQLSTATES).sort());
  });

  it.each(Object.entries(SAMPLES))('reads %s as its kind', (_entry, { code, kind, status }) => {
    const error = refusal(code);
    expect(databaseErrorKind(error)).toBe(kind);
    if (status !== null) expect(statusOf(databaseStoreError(error, 'u@h:5432/db', 7))).toBe(status);
  });

  it('answers a database that cannot answer 503, naming the code or its reason', () => {
    expect(connectionFault(refusal('08006'))).toBe('connection exception 08006');
    expect(connectionFault(refusal('57P01'))).toBe('the server is shutting down (admin_shutdown)');
    const problem = databaseStoreError(network('ECONNREFUSED'), 'u@h:5432/db');
    expect(problem).toMatchObject({
      status: 503,
      detail: 'PostgreSQL at u@h:5432/db is unavailable (connection refused); retry in a moment',
    });
    expect(connectionFault(new Error('Connection terminated unexpectedly'))).toBe(
      'the connection was closed',
    );
  });

  it('passes on what it does not name: a missing table, a taken key without an id, a bug', () => {
    for (const error of [refusal('42P01'), refusal('23505'), new Error('bug')]) {
      expect(databaseStoreError(error, 'u@h:5432/db')).toBe(error);
      expect(statusOf(error)).toBe(500);
    }
    expect(databaseErrorKind(refusal('42P01'))).toBeUndefined();
  });

  it('says which relation names a missing record, from the refusal detail', () => {
    const error = databaseStoreError(
      refusal('23503', 'insert violates fk', 'Key (author)=(9) is not present in table "user".'),
      'u@h:5432/db',
    );
    expect((error as Error).message).toBe(
      'a relation names a record that does not exist: Key (author)=(9) is not present in table "user".',
    );
  });

  it('gives a failed first connection one line to act on, never the URL', () => {
    const fail = (error: unknown) => databaseConnectFailure('u@h:5432/db', 'db', error).message;
    expect(fail(refusal('28P01', 'password authentication failed for user "u"'))).toBe(
      'PostgreSQL at u@h:5432/db refused the login: password authentication failed for user "u"',
    );
    expect(fail(refusal('3D000'))).toBe(
      'PostgreSQL at u@h:5432/db: the database "db" does not exist (createdb db)',
    );
    expect(fail(refusal('57P03', 'the database system is starting up'))).toBe(
      'PostgreSQL at u@h:5432/db refused: the database system is starting up',
    );
    for (const [code, { connect }] of Object.entries(NETWORK_CODES))
      expect(fail(network(code)), code).toBe(
        `cannot reach PostgreSQL at u@h:5432/db: ${connect ?? `connect ${code} 127.0.0.1:5432`}`,
      );
    expect(fail(new Error('bad postgres://u:secret@h/db'))).toBe(
      'cannot reach PostgreSQL at u@h:5432/db: bad (the --database URL)',
    );
  });

  it('never takes a Node system code of five capitals (EPIPE, EPERM) for a SQLSTATE', () => {
    expect(databaseErrorKind(network('EPERM'))).toBeUndefined();
    expect(databaseConnectFailure('u@h:5432/db', 'db', network('EPERM')).message).toBe(
      'cannot reach PostgreSQL at u@h:5432/db: connect EPERM 127.0.0.1:5432',
    );
  });
});
