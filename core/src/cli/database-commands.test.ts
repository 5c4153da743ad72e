/**
 * Issue 26 through the real CLI: `serve --database`, `DECOREST_DATABASE_URL`, one-line
 * connection failures, the start-up table check and `db push`, against a throwaway cluster.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

import {
  CLI,
  REPO_ROOT,
  runCli,
  type ServeProcess,
  serveProcessOf,
  startStudioProcess,
} from '../test-support/cli.js';
import { freePort } from '../test-support/free-port.js';
import { jsonRequest } from '../test-support/http-client.js';
import {
  describeWithPostgres,
  type PostgresCluster,
  startPostgres,
} from '../test-support/postgres-cluster.js';
import { EXAMPLES } from '../test-support/project-server.js';

let cluster: PostgresCluster | undefined;
let admin: pg.Pool;
let databases = 0;
const dirs: string[] = [];
let running: ServeProcess | undefined;

/** A fresh empty database on the cluster; its URL. */
async function freshDatabase(): Promise<string> {
  const name = `cli_${++databases}`;
  await admin.query(`CREATE DATABASE ${name}`);
  return cluster!.url.replace(/\/[^/]+$/, `/${name}`);
}

/** A copy of examples/todo without its data folder. */
async function todoCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'decorest-db-cli-'));
  dirs.push(dir);
  await cp(EXAMPLES.todo, dir, {
    recursive: true,
    filter: (src) => !/[\\/]data([\\/]|$)/.test(src.slice(EXAMPLES.todo.length)),
  });
  return dir;
}

function serve(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI, 'serve', ...args, '--port', '0', '--quiet'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
  });
  return serveProcessOf(child).then((s) => (running = s));
}

async function stop(): Promise<void> {
  if (running === undefined) return;
  running.child.kill('SIGINT');
  await running.exited();
  running = undefined;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Exactly one line on stderr, naming `where`, without `secret`. */
function oneLine(stderr: string, where: string): string {
  const lines = stderr.trimEnd().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toContain(where);
  expect(lines[0]).not.toContain('secret');
  return lines[0]!;
}

describeWithPostgres('decorest with --database', () => {
  beforeAll(async () => {
    cluster = await startPostgres();
    admin = new pg.Pool({ connectionString: cluster.url, max: 1 });
  }, 120_000);
  afterEach(stop);
  afterAll(async () => {
    await stop();
    await admin?.end();
    await cluster?.stop();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('serves every default-datasource model from the database, seeded on the first start, no data/ folder', async () => {
    const dir = await todoCopy();
    const url = await freshDatabase();
    const server = await serve([dir, '--database', url]);
    expect(server.output()).toMatch(/\(data in PostgreSQL postgres@127\.0\.0\.1:\d+\/cli_\d+\)/);
    const seeded = await jsonRequest(server.url, 'GET', '/todos?_limit=2');
    expect(seeded.status).toBe(200);
    expect(Number(seeded.headers['x-total-count'])).toBeGreaterThan(2);
    const created = await jsonRequest(server.url, 'POST', '/users', { name: 'Zoe' });
    expect(created.status).toBe(201);
    const rows = await query<{ name: string }>(url, `SELECT name FROM users WHERE name = 'Zoe'`);
    expect(rows).toEqual([{ name: 'Zoe' }]);
    await stop();
    expect(existsSync(join(dir, 'data'))).toBe(false);

    // A second start is no first run: the seed is not imported again.
    const count = (await query<{ n: number }>(url, 'SELECT count(*)::int AS n FROM todos'))[0]!.n;
    const again = await serve([dir], { DECOREST_DATABASE_URL: url });
    const listed = await jsonRequest(again.url, 'GET', '/todos');
    expect(Number(listed.headers['x-total-count'])).toBe(count);
    expect(
      (await jsonRequest(again.url, 'GET', `/users/${(created.json as { id: number }).id}`)).json,
    ).toEqual(created.json);
  });

  it('never loads pg without a database URL', async () => {
    const dir = await todoCopy();
    const preload = join(dir, 'report-pg.cjs');
    // Asked once the server has started (a signal, so the answer comes from the running
    // process): which files of the pg package are loaded.
    await writeFile(
      preload,
      `process.on('SIGUSR2', () => process.stdout.write('pg files: ' +
        Object.keys(require.cache).filter((k) => /[\\\\/]node_modules[\\\\/]pg[\\\\/]/.test(k)).length + '\\n'));`,
    );
    const env = { NODE_OPTIONS: `--require ${preload}`, DECOREST_DATABASE_URL: '' };
    const pgFiles = async (server: ServeProcess): Promise<number> => {
      server.child.kill('SIGUSR2');
      const line = await new Promise<string>((resolve) => {
        const look = (): void => {
          const match = /pg files: (\d+)\n/.exec(server.output());
          if (match) {
            server.child.stdout!.off('data', look);
            resolve(match[1]!);
          }
        };
        server.child.stdout!.on('data', look);
        look();
      });
      return Number(line);
    };
    expect(await pgFiles(await serve([dir], env))).toBe(0);
    await stop();
    // The same probe sees pg when it is used, so the 0 above means something.
    expect(
      await pgFiles(await serve([dir, '--database', await freshDatabase()], env)),
    ).toBeGreaterThan(0);
  });

  it('says in one line why a database cannot be used, never with the password', async () => {
    const dir = await todoCopy();
    const port = await freePort();
    const unreachable = await runCli([
      'serve',
      dir,
      '--database',
      `postgres://ann:secret@127.0.0.1:${port}/shop`,
    ]);
    expect(unreachable.code).toBe(1);
    expect(oneLine(unreachable.stderr, `ann@127.0.0.1:${port}/shop`)).toMatch(
      /cannot reach PostgreSQL .*connection refused/,
    );

    const clusterPort = /:(\d+)\//.exec(cluster!.url)![1]!;
    const login = await runCli([
      'serve',
      dir,
      '--database',
      `postgres://nobody:secret@127.0.0.1:${clusterPort}/decorest_test`,
    ]);
    expect(login.code).toBe(1);
    expect(oneLine(login.stderr, `nobody@127.0.0.1:${clusterPort}/decorest_test`)).toMatch(
      /refused the login/,
    );

    const missing = await runCli([
      'studio',
      dir,
      '--port',
      '0',
      '--database',
      `postgres://postgres:secret@127.0.0.1:${clusterPort}/nowhere`,
    ]);
    expect(missing.code).toBe(1);
    expect(oneLine(missing.stderr, `127.0.0.1:${clusterPort}/nowhere`)).toMatch(
      /database "nowhere" does not exist/,
    );

    const bad = await runCli(['serve', dir, '--database', 'mysql://ann:secret@host/db']);
    expect(bad.code).not.toBe(0);
    expect(oneLine(bad.stderr, 'mysql://ann:***@host/db')).toMatch(/not a postgres:\/\/ URL/);
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  it('refuses to start on tables that differ in a way that loses data, until db push --yes', async () => {
    const dir = await todoCopy();
    const url = await freshDatabase();
    await serve([dir, '--database', url]);
    await stop();
    await query(url, 'ALTER TABLE todos ADD COLUMN legacy text');

    const refused = await runCli(['serve', dir, '--port', '0', '--database', url]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Todo (table todos): no field legacy any more');
    expect(refused.stderr).toContain('decorest db push');
    expect(refused.stderr).not.toContain(url);

    const asked = await runCli(['db', 'push', dir, '--database', url]);
    expect(asked.code).toBe(1);
    expect(asked.stdout).toContain('ALTER TABLE "todos" DROP COLUMN "legacy";');
    expect(asked.stderr).toMatch(/1 step above loses data; nothing was changed/);
    expect(
      await query(url, `SELECT 1 FROM information_schema.columns WHERE column_name = 'legacy'`),
    ).toHaveLength(1);

    const pushed = await runCli(['db', 'push', dir, '--database', url, '--yes']);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stdout).toContain('-- loses data: no field legacy any more');
    expect(pushed.stdout).toContain('1 step applied');
    expect(
      await query(url, `SELECT 1 FROM information_schema.columns WHERE column_name = 'legacy'`),
    ).toHaveLength(0);

    const same = await runCli(['db', 'push', dir], 15_000, { DECOREST_DATABASE_URL: url });
    expect(same.stdout).toContain('the tables already match the models');
    const server = await serve([dir, '--database', url]);
    expect((await jsonRequest(server.url, 'GET', '/todos')).status).toBe(200);
  });

  it('studio --database serves the mock API and the control API from the database', async () => {
    const dir = await todoCopy();
    const url = await freshDatabase();
    const config = await mkdtemp(join(tmpdir(), 'decorest-db-studio-config-'));
    dirs.push(config);
    const kills: (() => Promise<void>)[] = [];
    try {
      const studio = await startStudioProcess(
        [dir, '--port', '0', '--database', url],
        { DECOREST_STUDIO_CONFIG_DIR: config },
        (kill) => kills.push(kill),
      );
      // First launch on an empty database imported the seed.
      const todos = await jsonRequest(studio.apiUrl, 'GET', '/todos?limit=1');
      expect(Number(todos.headers['x-total-count'])).toBeGreaterThan(1);
      const created = await jsonRequest(studio.apiUrl, 'POST', '/users', { name: 'Studio' });
      expect(created.status).toBe(201);
      const token = new URL(studio.studioUrl).hash.replace('#token=', '');
      const controlUrl = new URL(studio.studioUrl).origin;
      const records = await jsonRequest(controlUrl, 'GET', '/api/models/User/records', undefined, {
        authorization: `Bearer ${token}`,
      });
      expect(records.status, records.text).toBe(200);
      expect(JSON.stringify(records.json)).toContain('Studio');
      expect(
        await query<{ name: string }>(url, `SELECT name FROM users WHERE name = 'Studio'`),
      ).toHaveLength(1);
      expect(existsSync(join(dir, 'data'))).toBe(false);
    } finally {
      for (const kill of kills) await kill();
    }
  });

  it("serve --watch adds a new field's column, and keeps serving through a change that loses data", async () => {
    const dir = await todoCopy();
    const url = await freshDatabase();
    const server = await serve([dir, '--database', url, '--watch']);
    /** Resolves once the output holds `count` matches of `pattern` (a reload's line). */
    const printed = (pattern: RegExp, count: number): Promise<void> =>
      new Promise((resolve) => {
        const look = (): void => {
          if ((server.output().match(new RegExp(pattern, 'g')) ?? []).length < count) return;
          server.child.stdout!.off('data', look);
          server.child.stderr!.off('data', look);
          resolve();
        };
        server.child.stdout!.on('data', look);
        server.child.stderr!.on('data', look);
        look();
      });
    const todo = join(dir, 'todo.ts');
    const source = await readFile(todo, 'utf8');
    await writeFile(
      todo,
      source.replace('completed!: boolean;', 'completed!: boolean;\n  notes?: string;'),
    );
    await printed(/reloaded: /, 1);
    const created = await jsonRequest(server.url, 'POST', '/todos', {
      content: 'with notes',
      completed: false,
      notes: 'kept in a new column',
    });
    expect(created.status, created.text).toBe(201);
    expect(
      await query<{ notes: string }>(url, `SELECT notes FROM todos WHERE content = 'with notes'`),
    ).toEqual([{ notes: 'kept in a new column' }]);

    await writeFile(todo, source.replace('completed!: boolean;', ''));
    await printed(/reload failed: /, 1);
    expect(server.output()).toContain('Todo (table todos): no field completed any more');
    const listed = await jsonRequest(
      server.url,
      'GET',
      `/todos/${(created.json as { id: number }).id}`,
    );
    expect(listed.json).toMatchObject({ completed: false, notes: 'kept in a new column' });
  });

  it('fakes records into the database and resets it to the seed', async () => {
    const dir = await todoCopy();
    const url = await freshDatabase();
    await serve([dir, '--database', url]);
    await stop();
    const count = async () =>
      (await query<{ n: number }>(url, 'SELECT count(*)::int AS n FROM todos'))[0]!.n;
    const seeded = await count();
    const faked = await runCli(['fake', dir, 'todos', '7', '--seed', '3'], 15_000, {
      DECOREST_DATABASE_URL: url,
    });
    expect(faked.code, faked.stderr).toBe(0);
    expect(await count()).toBe(seeded + 7);
    const reset = await runCli(['seed', 'reset', dir, '--database', url]);
    expect(reset.code, reset.stderr).toBe(0);
    expect(await count()).toBe(seeded);
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  it('db push creates the tables of an empty database, printing the SQL', async () => {
    const dir = await todoCopy();
    const url = await freshDatabase();
    const pushed = await runCli(['db', 'push', dir, '--database', url]);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stdout).toMatch(/CREATE TABLE "todos" \(/);
    expect(pushed.stdout).toMatch(/FOREIGN KEY \("user"\) REFERENCES "users"/);
    // Each reason once, naming the models, not before every statement (issue 48).
    const comments = pushed.stdout.split('\n').filter((l) => l.trim().startsWith('--'));
    expect(new Set(comments).size).toBe(comments.length);
    const models = comments.filter((c) => c.includes('new models'));
    expect(models).toHaveLength(1);
    expect(models[0]).toContain('Todo (table todos)');
    expect(models[0]).toContain('User (table users)');
    const tables = await query<{ name: string }>(
      url,
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    // The models' tables, and the row counters every table shares (issue 44).
    expect(tables.map((t) => t.name)).toEqual(['decorest_counts', 'todos', 'users']);
    const usage = await runCli(['db', 'push', dir], 15_000, { DECOREST_DATABASE_URL: '' });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/db push needs --database/);
  });

  it('db push, then serve: the first start imports the seed; once the user deleted it all, a restart keeps it empty', async () => {
    const dir = await todoCopy();
    const url = await freshDatabase();
    const pushed = await runCli(['db', 'push', dir, '--database', url]);
    expect(pushed.code, pushed.stderr).toBe(0);
    const seedOf = async (name: string): Promise<{ id: number }[]> =>
      JSON.parse(await readFile(join(dir, 'seed', `${name}.json`), 'utf8')) as { id: number }[];
    const [todos, users] = [await seedOf('todos'), await seedOf('users')];

    const first = await serve([dir, '--database', url]);
    const total = async (path: string): Promise<number> =>
      Number((await jsonRequest(running!.url, 'GET', path)).headers['x-total-count']);
    expect(await total('/todos')).toBe(todos.length);
    expect(await total('/users')).toBe(users.length);
    expect(first.output()).not.toMatch(/seed .* was not imported/);
    for (const { id } of todos)
      expect((await jsonRequest(first.url, 'DELETE', `/todos/${id}`)).status).toBe(200);
    for (const { id } of users)
      expect((await jsonRequest(first.url, 'DELETE', `/users/${id}`)).status).toBe(200);
    await stop();

    // Seeded is the database's memory, not this folder's: a restart finds empty tables again.
    await serve([dir, '--database', url]);
    expect(await total('/todos')).toBe(0);
    expect(await total('/users')).toBe(0);
  });

  it("db push brings a PostgresDataSource's database to its models too, without --database", async () => {
    const dir = await todoCopy();
    const shared = await freshDatabase();
    await writeFile(
      join(dir, 'shared.ts'),
      `import { DataSource, FromDataSource, PostgresDataSource, Rest } from 'decorest';
@DataSource('shared')
export class Shared extends PostgresDataSource {
  readonly url = process.env.SHARED_URL;
}
@Rest
@FromDataSource('shared')
export class Invoice {
  id!: number;
  total!: number;
}
`,
    );
    const pushed = await runCli(['db', 'push', dir], 15_000, {
      DECOREST_DATABASE_URL: '',
      SHARED_URL: shared,
    });
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stdout).toMatch(
      /\(datasource "shared"\)\n {2}-- .*\n {2}CREATE TABLE "invoices"/,
    );
    const tables = await query<{ name: string }>(
      shared,
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    // Only the datasource's models: todos and users stay on files.
    expect(tables.map((t) => t.name)).toEqual(['decorest_counts', 'invoices']);
    const again = await runCli(['db', 'push', dir], 15_000, {
      DECOREST_DATABASE_URL: '',
      SHARED_URL: shared,
    });
    expect(again.stdout).toContain('(datasource "shared"): the tables already match the models');
  });
});
