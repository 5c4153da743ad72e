/**
 * Issue 26, faults: `decorest serve --database` as a child process while its database
 * restarts (503 problems while it is down, 200 again once it is back, the process up
 * throughout), killed with SIGKILL during concurrent writes (every acknowledged write is read
 * back by a new server), and its pool's bounded wait queue (503 at once past the bound).
 * Nothing waits a fixed time to assert: each wait polls with a deadline.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

import { connectionFault, problems } from '../../errors.js';
import { CLI, REPO_ROOT, type ServeProcess, serveProcessOf } from '../../test-support/cli.js';
import { jsonRequest, type RawAnswer } from '../../test-support/http-client.js';
import {
  describeWithPostgres,
  type PostgresCluster,
  startPostgres,
} from '../../test-support/postgres-cluster.js';
import { EXAMPLES } from '../../test-support/project-server.js';
import { connectDatabase, poolOptionsOf } from './connect.js';
import { POOL_DEFAULTS } from './sql.js';
import { createTablesSql, tableOf } from './table-schema.js';
import { field, model, STRING } from './test-models.js';

const PROBLEM = 'application/problem+json; charset=utf-8';

let cluster: PostgresCluster | undefined;
let admin: pg.Pool | undefined;
let databases = 0;
const dirs: string[] = [];
const children: ServeProcess[] = [];

async function freshDatabase(): Promise<string> {
  const name = `faults_${++databases}`;
  await admin!.query(`CREATE DATABASE ${name}`);
  return cluster!.url.replace(/\/[^/]+$/, `/${name}`);
}

async function todoCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'decorest-db-faults-'));
  dirs.push(dir);
  await cp(EXAMPLES.todo, dir, {
    recursive: true,
    filter: (src) => !/[\\/]data([\\/]|$)/.test(src.slice(EXAMPLES.todo.length)),
  });
  return dir;
}

async function serve(dir: string, database: string): Promise<ServeProcess> {
  const child = spawn(
    process.execPath,
    [CLI, 'serve', dir, '--database', database, '--port', '0', '--quiet'],
    { cwd: REPO_ROOT },
  );
  const served = await serveProcessOf(child);
  children.push(served);
  return served;
}

function alive(p: ServeProcess): boolean {
  return p.child.exitCode === null && p.child.signalCode === null;
}

/** Calls `attempt` until it returns true, failing with `what` after `ms` (no fixed sleep). */
async function until(what: string, ms: number, attempt: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await attempt()) return;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function expectUnavailable(answer: RawAnswer, where: string): void {
  expect(answer.status, answer.text).toBe(503);
  expect(answer.headers['content-type']).toBe(PROBLEM);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  const body = answer.json as Record<string, unknown>;
  expect(body).toMatchObject({ status: 503, type: 'database-unavailable' });
  expect(body['detail']).toContain(where);
  expect(answer.text).not.toMatch(/postgres:\/\//);
}

describeWithPostgres('the PostgreSQL datasource under faults', () => {
  beforeAll(async () => {
    cluster = await startPostgres();
    admin = new pg.Pool({ connectionString: cluster.url, max: 1 });
    // The restart test ends sessions: an idle admin connection must not crash this process.
    admin.on('error', () => undefined);
  }, 120_000);
  afterEach(async () => {
    for (const p of children.splice(0)) {
      if (alive(p)) p.child.kill('SIGKILL');
      await p.exited();
    }
  });
  afterAll(async () => {
    await admin?.end();
    await cluster?.stop();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('answers 503 problems while the database is down and 200 once it is back, without a restart', async () => {
    const database = await freshDatabase();
    const where = `postgres@127.0.0.1:${new URL(database).port}/${new URL(database).pathname.slice(1)}`;
    const server = await serve(await todoCopy(), database);
    const created = await jsonRequest(server.url, 'POST', '/todos', {
      content: 'before',
      completed: false,
    });
    expect(created.status).toBe(201);
    const id = (created.json as { id: number }).id;

    await cluster!.stopServer();
    try {
      // Every kind of request, reads and writes, on a database that is gone: a 503 problem.
      const requests: [string, string, unknown?][] = [
        ['GET', '/todos'],
        ['GET', `/todos?content_like=be&_sort=content&_page=1`],
        ['GET', `/todos/${id}`],
        ['GET', `/users/1/todos`],
        ['POST', '/todos', { content: 'during', completed: false }],
        ['PUT', `/todos/${id}`, { content: 'during', completed: true }],
        ['PATCH', `/todos/${id}`, { completed: true }],
        ['DELETE', `/todos/${id}`],
        ['DELETE', `/users/1`],
      ];
      for (const [method, path, body] of requests) {
        const answer = await jsonRequest(server.url, method, path, body);
        expectUnavailable(answer, where);
      }
      expect(alive(server), server.output()).toBe(true);
    } finally {
      await cluster!.startServer();
    }

    // Back: the same process answers again, once its pool has opened new connections.
    await until('GET /todos answers 200 again', 30_000, async () => {
      const answer = await jsonRequest(server.url, 'GET', '/todos');
      if (answer.status !== 200) expectUnavailable(answer, where);
      return answer.status === 200;
    });
    const again = await jsonRequest(server.url, 'GET', `/todos/${id}`);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ content: 'before', completed: false });
    const after = await jsonRequest(server.url, 'POST', '/todos', {
      content: 'after',
      completed: false,
    });
    expect(after.status).toBe(201);
    expect(alive(server)).toBe(true);
    expect(server.output()).not.toMatch(/Connection terminated|uncaught/i);
  }, 120_000);

  it('loses no acknowledged write when the server is killed with SIGKILL mid-writes', async () => {
    const database = await freshDatabase();
    const dir = await todoCopy();
    const server = await serve(dir, database);
    /** Every answer a writer got: a write is acknowledged by its 2xx answer alone. */
    const created = new Map<number, Record<string, unknown>>();
    const patched = new Map<number, Record<string, unknown>>();
    const inFlight = new Set<number>();
    let stopping = false;
    const writer = async (w: number): Promise<void> => {
      for (let i = 0; !stopping; i++) {
        try {
          const answer = await jsonRequest(server.url, 'POST', '/todos', {
            content: `w${w}-${i} '; drop table todos; --`,
            completed: false,
          });
          if (answer.status !== 201) continue;
          const record = answer.json as Record<string, unknown> & { id: number };
          created.set(record.id, record);
          if (i % 2 === 0) {
            // Sent, not yet acknowledged: after the kill, either version may be stored.
            inFlight.add(record.id);
            const change = await jsonRequest(server.url, 'PATCH', `/todos/${record.id}`, {
              completed: true,
            });
            if (change.status === 200) {
              patched.set(record.id, change.json as Record<string, unknown>);
              inFlight.delete(record.id);
            }
          }
        } catch {
          return; // the server died mid-request: that write was never acknowledged
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    // Kill once enough writes are acknowledged: a count, not a time.
    await until('40 acknowledged writes', 60_000, async () => created.size >= 40);
    server.child.kill('SIGKILL');
    await server.exited();
    stopping = true;
    await Promise.all(writers);

    const next = await serve(dir, database);
    const expected = new Map([...created, ...patched]);
    for (const [id, record] of expected) {
      const read = await jsonRequest(next.url, 'GET', `/todos/${id}`);
      expect(read.status, `acknowledged todo ${id} is gone`).toBe(200);
      if (inFlight.has(id))
        expect([record, { ...record, completed: true }]).toContainEqual(read.json);
      else expect(read.json).toEqual(record);
    }
    const listed = await jsonRequest(next.url, 'GET', '/todos?_limit=100000');
    const ids = new Set((listed.json as { id: number }[]).map((r) => r.id));
    for (const id of expected.keys()) expect(ids.has(id)).toBe(true);
  }, 120_000);

  it('answers 503 at once when every connection is busy and the wait queue is full', async () => {
    const url = await freshDatabase();
    await admin!.query(`SELECT 1`);
    const db = await connectDatabase(url, { max: 1, maxWaiting: 1, connectTimeoutMs: 30_000 });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('CREATE TABLE gate (id int PRIMARY KEY)');
      await client.query('BEGIN');
      await client.query('LOCK TABLE gate IN ACCESS EXCLUSIVE MODE');
      // The one connection waits on the lock, one request waits for the connection...
      const busy = db.admitted().query('SELECT count(*) FROM gate');
      const waiting = db.admitted().query('SELECT 1');
      await until('one request waits for the connection', 10_000, async () => {
        return db.pool.waitingCount === 1;
      });
      // ...so the next is refused at once, as the 503 problem.
      let refused: unknown;
      try {
        db.admitted();
      } catch (error) {
        refused = error;
      }
      expect(refused).toMatchObject({ status: 503, type: 'database-unavailable' });
      expect((refused as Error).message).toContain('all 1 connections are busy');
      await client.query('COMMIT');
      await Promise.all([busy, waiting]);
      expect(() => db.admitted()).not.toThrow();
    } finally {
      await client.end();
      await db.close();
    }
  }, 60_000);

  it('survives the database ending a transaction in flight (a checked-out connection), then recovers', async () => {
    const url = await freshDatabase();
    const db = await connectDatabase(url, { max: 2 });
    const schema = model('Thing', 'things', [field('name', STRING)]);
    const spec = tableOf(schema, [schema]);
    for (const sql of createTablesSql([spec])) await db.pool.query(sql);
    const store = db.store(spec);
    await store.insert({ name: 'kept' });
    const locker = new pg.Client({ connectionString: url });
    locker.on('error', () => undefined);
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE things IN ACCESS EXCLUSIVE MODE');
    // A batch inside its transaction, waiting on the lock: its connection is checked out.
    const inFlight = db.batches.write([{ store, ops: [{ kind: 'clear' }] }]).then(
      () => 'committed',
      (error: unknown) => error,
    );
    await until('the batch waits on the lock', 10_000, async () => {
      const { rows } = await admin!.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
        [new URL(url).pathname.slice(1)],
      );
      return rows[0]!.n === 1;
    });
    await cluster!.stopServer();
    try {
      // Its connection ended under it: a 503, and no uncaught 'error' event ends this process.
      expect(await inFlight).toMatchObject({ status: 503 });
      await expect(store.records()).rejects.toMatchObject({ status: 503 });
    } finally {
      await cluster!.startServer();
    }
    await until('the store answers again', 30_000, async () =>
      store.records().then(
        () => true,
        () => false,
      ),
    );
    // The transaction was rolled back: the record the batch was clearing is still there.
    expect([...(await store.records()).values()].map((r) => r['name'])).toEqual(['kept']);
    await locker.end().catch(() => undefined);
    await db.close();
  }, 120_000);

  it('takes the pool limits from the URL, which pg ignores', async () => {
    const url = await freshDatabase();
    const db = await connectDatabase(`${url}?pool_max=2&pool_queue=0&connect_timeout=3`);
    try {
      expect(db.pool.options).toMatchObject({ max: 2, connectionTimeoutMillis: 3000 });
      expect((await db.pool.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('answers 503 when a request waited for a connection past the connection timeout', async () => {
    const url = await freshDatabase();
    const db = await connectDatabase(url, { max: 1, connectTimeoutMs: 1_000 });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('CREATE TABLE gate (id int PRIMARY KEY)');
      await client.query('BEGIN');
      await client.query('LOCK TABLE gate IN ACCESS EXCLUSIVE MODE');
      const busy = db.admitted().query('SELECT count(*) FROM gate');
      // A batch (one transaction) waits for the pool's one connection until the timeout.
      await expect(db.batches.write([])).rejects.toMatchObject({
        status: 503,
        type: 'database-unavailable',
        detail: expect.stringContaining('no connection within the connection timeout'),
      });
      await client.query('COMMIT');
      await busy;
      await expect(db.batches.write([])).resolves.toEqual([]);
    } finally {
      await client.end();
      await db.close();
    }
  }, 60_000);
});

it('reads the pool limits from the URL and refuses nonsense in one line', () => {
  expect(poolOptionsOf('postgres://u:p@h/db')).toEqual({});
  expect(poolOptionsOf('postgres://u:p@h/db?pool_max=4&pool_queue=0&connect_timeout=2')).toEqual({
    max: 4,
    maxWaiting: 0,
    connectTimeoutMs: 2000,
  });
  expect(() => poolOptionsOf('postgres://u:secret@h/db?pool_max=0')).toThrow(
    /pool_max="0" must be a whole number of at least 1/,
  );
  expect(() => poolOptionsOf('postgres://u:secret@h/db?connect_timeout=1.5')).toThrow(
    /connect_timeout/,
  );
  expect(POOL_DEFAULTS).toEqual({ max: 10, maxWaiting: 100, connectTimeoutMs: 5_000 });
});

it('tells a database that cannot answer now from a query that is wrong', () => {
  const sqlError = (code: string) => Object.assign(new pg.DatabaseError('x', 1, 'error'), { code });
  for (const fault of [
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    sqlError('57P01'),
    sqlError('57P03'),
    sqlError('08006'),
    sqlError('53300'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Connection terminated unexpectedly'),
  ])
    expect(connectionFault(fault), String(fault)).toBeDefined();
  for (const other of [sqlError('22001'), sqlError('23505'), sqlError('42P01'), new Error('bug')])
    expect(connectionFault(other)).toBeUndefined();
  expect(problems.databaseUnavailable('u@h:5432/db', 'connection refused').headers).toEqual({
    'retry-after': '2',
  });
});
