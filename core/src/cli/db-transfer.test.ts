/**
 * Issue 26 through the real CLI: `db import` (datafiles into PostgreSQL, one transaction, a
 * refused record named by file and line), `db export` (the tables back as datafiles NeDB
 * reads), and `seed save|reset` on a database, a reset being old data or new, never a mix.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Datastore from 'nedb-promises';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

import { readDatafile } from '../persistence/datafile/datafile-load.js';
import { runCli, type ServeProcess, startServeProcess } from '../test-support/cli.js';
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

async function freshDatabase(): Promise<string> {
  const name = `transfer_${++databases}`;
  await admin.query(`CREATE DATABASE ${name}`);
  return cluster!.url.replace(/\/[^/]+$/, `/${name}`);
}

/** A copy of examples/todo; `data` replaces its data folder's files when given. */
async function todoCopy(data?: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'decorest-db-transfer-'));
  dirs.push(dir);
  await cp(EXAMPLES.todo, dir, {
    recursive: true,
    filter: (src) => !/[\\/]data([\\/]|$)/.test(src.slice(EXAMPLES.todo.length)),
  });
  if (data !== undefined) {
    await mkdir(join(dir, 'data'));
    for (const [name, text] of Object.entries(data)) await writeFile(join(dir, 'data', name), text);
  }
  return dir;
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

/** The table's rows; 0 when there is no such table (yet). */
async function count(url: string, table: string): Promise<number> {
  const [found] = await query<{ exists: boolean }>(
    url,
    `SELECT to_regclass('${table}') IS NOT NULL AS exists`,
  );
  if (found?.exists !== true) return 0;
  return (await query<{ n: number }>(url, `SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
}

const lines = (records: readonly object[]): string =>
  records.map((r) => `${JSON.stringify(r)}\n`).join('');

/** Users and todos with what a datafile may hold: deletions, rewrites, NeDB line breaks, ids with gaps. */
const USERS = lines([
  { _id: '1', id: 1, name: 'Ann Lee' },
  { _id: '2', id: 2, name: 'Bob "the builder" Martin\u2028second line' },
  { _id: '7', id: 7, name: 'Chloé Dubois' },
  { $$deleted: true, _id: '2' },
  { _id: '2', id: 2, name: 'Bob Martin, rewritten' },
  { _id: '9', id: 9, name: 'gone' },
  { $$deleted: true, _id: '9' },
]);
const TODOS = lines([
  { _id: '1', id: 1, content: 'Read the models', completed: true, user: 1 },
  { _id: '2', id: 2, content: 'émoji 🎉 and\nnewline', completed: false, user: 7 },
  { _id: '5', id: 5, content: 'no owner', completed: false, user: null },
  { _id: '40', id: 40, content: 'far id', completed: true, user: 2 },
]);

describeWithPostgres('db import, db export and seed on PostgreSQL', () => {
  beforeAll(async () => {
    cluster = await startPostgres();
    admin = new pg.Pool({ connectionString: cluster.url, max: 1 });
  }, 120_000);
  afterEach(async () => {
    if (running === undefined) return;
    running.child.kill('SIGINT');
    await running.exited();
    running = undefined;
  });
  afterAll(async () => {
    await admin?.end();
    await cluster?.stop();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('imports datafiles and exports them back record for record, in a format NeDB reads', async () => {
    const dir = await todoCopy({ 'users.db': USERS, 'todos.db': TODOS });
    const url = await freshDatabase();
    const imported = await runCli(['db', 'import', dir, '--database', url]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/users\.db {2}3 User → table users/);
    expect(imported.stdout).toMatch(/todos\.db {2}4 Todo → table todos/);
    expect(imported.stdout).toContain('7 records imported in one transaction');
    expect(await count(url, 'users')).toBe(3);
    // The identity moved past every id the file used, the deleted 9 included.
    const [identity] = await query<{ last: string }>(
      url,
      `SELECT pg_sequence_last_value(pg_get_serial_sequence('users', 'id'))::text AS last`,
    );
    expect(Number(identity?.last)).toBe(9);

    const out = join(dir, 'exported');
    const exported = await runCli(['db', 'export', dir, '--database', url, '--out', out]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('7 records exported');
    for (const [name, kind] of [
      ['users.db', 'number'],
      ['todos.db', 'number'],
    ] as const) {
      const before = await readDatafile(join(dir, 'data', name), kind);
      const after = await readDatafile(join(out, name), kind);
      const inIdOrder = (records: Map<unknown, { id: unknown }>) =>
        [...records.values()].sort((a, b) => Number(a.id) - Number(b.id));
      expect(inIdOrder(after.records)).toEqual(inIdOrder(before.records));
      // NeDB (its load compacts the file: a copy) sees the same documents, keyed by id.
      const copy = join(out, `nedb-${name}`);
      await cp(join(out, name), copy);
      const nedb = Datastore.create({ filename: copy, autoload: false });
      await nedb.load();
      const docs = (await nedb.find({})) as { _id: string; id: number }[];
      expect(docs.sort((a, b) => a.id - b.id).map(({ _id, ...rest }) => [_id, rest])).toEqual(
        inIdOrder(before.records).map((r) => [String(r.id), r]),
      );
    }
    expect(await readFile(join(out, 'users.db'), 'utf8')).toMatch(
      /^\{"\$\$decorest":\{"lastId":9\}\}\n/,
    );

    // The exported folder serves as a data folder: ids continue past the database's.
    running = await startServeProcess([dir, '--port', '0', '--quiet']);
    const served = await fetch(`${running.url}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'after' }),
    });
    expect(served.status).toBe(201);
  });

  it('exports a database whose tables lack the indexes and row counters db push now makes (issue 44)', async () => {
    const dir = await todoCopy({ 'users.db': USERS, 'todos.db': TODOS });
    const url = await freshDatabase();
    expect((await runCli(['db', 'import', dir, '--database', url])).code).toBe(0);
    // As an older version left them: no field index, no counting trigger.
    await query(
      url,
      `DROP INDEX "todos_content_idx"; DROP TRIGGER "decorest_count_insert" ON "todos"`,
    );
    const out = join(dir, 'exported');
    const exported = await runCli(['db', 'export', dir, '--database', url, '--out', out]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('7 records exported');
    // db push puts them back, and counts what is there.
    const pushed = await runCli(['db', 'push', dir, '--database', url]);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stdout).toContain('CREATE INDEX "todos_content_idx"');
    const [counted] = await query<{ total: string }>(
      url,
      `SELECT sum("total")::text AS total FROM "decorest_counts" WHERE "relid" = '"todos"'::regclass`,
    );
    expect(Number(counted?.total)).toBe(await count(url, 'todos'));
  });

  it('names a refused record by file and line and imports nothing', async () => {
    const dir = await todoCopy({
      'users.db': USERS,
      'todos.db':
        TODOS +
        lines([
          { _id: '6', id: 6, content: 'fine', completed: false, user: 1 },
          { _id: '8', id: 8, content: 'bad', completed: 'yes', user: 1 },
          { _id: '11', id: 11, content: 'orphan', completed: true, user: 99 },
        ]),
    });
    const url = await freshDatabase();
    const refused = await runCli(['db', 'import', dir, '--database', url]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/todos\.db:6: completed: must be a boolean, got "yes"\n/);
    expect(refused.stderr).toMatch(/todos\.db:7: user: no user with id 99 in \S*users\.db\n/);
    expect(refused.stderr).toContain('2 records were refused (above); nothing was imported');
    expect(refused.stdout).toBe('');
    expect(await count(url, 'todos')).toBe(0);
    expect(await count(url, 'users')).toBe(0);

    // What the table cannot hold exactly is refused the same way, before any write.
    const nul = await todoCopy({
      'users.db': USERS,
      // With a BOM, which is no line of its own.
      'todos.db':
        '\uFEFF' + TODOS + lines([{ _id: '6', id: 6, content: 'a\u0000b', completed: false }]),
    });
    const held = await runCli(['db', 'import', nul, '--database', url]);
    expect(held.code).toBe(1);
    expect(held.stderr).toMatch(/todos\.db:5: .*U\+0000/);
    expect(await count(url, 'users')).toBe(0);
  });

  it('refuses tables that hold records, naming them, unless --replace', async () => {
    const dir = await todoCopy({ 'users.db': USERS, 'todos.db': TODOS });
    const url = await freshDatabase();
    expect((await runCli(['db', 'import', dir, '--database', url])).code).toBe(0);
    await query(url, `INSERT INTO users (name) VALUES ('added in the database')`);

    const again = await runCli(['db', 'import', dir, '--database', url]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/tables (todos, users|users, todos) already hold records/);
    expect(again.stderr).toContain('--replace');
    expect(await count(url, 'users')).toBe(4);

    const replaced = await runCli(['db', 'import', dir, '--database', url, '--replace']);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stdout).toMatch(/replaced/);
    expect(
      (await query<{ name: string }>(url, 'SELECT name FROM users ORDER BY id')).map((r) => r.name),
    ).toEqual(['Ann Lee', 'Bob Martin, rewritten', 'Chloé Dubois']);
    expect(await count(url, 'todos')).toBe(4);

    const usage = await runCli(['db', 'export', dir, '--replace']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--replace belongs to db import');
  });

  it('export refuses a folder a server serves, and one holding files unless --force', async () => {
    const dir = await todoCopy({ 'users.db': USERS, 'todos.db': TODOS });
    const url = await freshDatabase();
    expect((await runCli(['db', 'import', dir, '--database', url])).code).toBe(0);
    await query(url, `UPDATE users SET name = 'from the database' WHERE id = 1`);

    running = await startServeProcess([dir, '--port', '0', '--quiet']);
    const locked = await runCli(['db', 'export', dir, '--database', url, '--force']);
    expect(locked.code).toBe(1);
    expect(locked.stderr).toMatch(
      /another decorest process \(pid \d+\) is serving this data folder/,
    );
    expect(locked.stderr).toContain('--out');
    const reading = await runCli(['db', 'import', dir, '--database', url, '--replace']);
    expect(reading.code).toBe(1);
    expect(reading.stderr).toMatch(/is serving this data folder.*nothing was imported.*--data/);
    running.child.kill('SIGINT');
    await running.exited();
    running = undefined;

    const held = await runCli(['db', 'export', dir, '--database', url]);
    expect(held.code).toBe(1);
    expect(held.stderr).toMatch(/already holds files \((todos|users)\.db, (todos|users)\.db\)/);
    expect(held.stderr).toContain('--force');
    expect(await readFile(join(dir, 'data', 'users.db'), 'utf8')).toBe(USERS);

    const forced = await runCli(['db', 'export', dir, '--database', url, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    const after = await readDatafile(join(dir, 'data', 'users.db'), 'number');
    expect(after.records.get(1)).toEqual({ id: 1, name: 'from the database' });
  });

  it('seed save and reset work on the database, a failed reset leaving every old row', async () => {
    const dir = await todoCopy();
    const url = await freshDatabase();
    const env = { DECOREST_DATABASE_URL: url };
    for (const args of [
      ['db', 'push', dir],
      ['seed', 'reset', dir],
      ['fake', dir, 'todos', '5', '--seed', '1'],
    ]) {
      const run = await runCli(args, 15_000, env);
      expect(run.code, run.stderr).toBe(0);
    }
    const saved = await runCli(['seed', 'save', dir], 15_000, env);
    expect(saved.code, saved.stderr).toBe(0);
    const seededTodos = JSON.parse(await readFile(join(dir, 'seed', 'todos.json'), 'utf8')) as {
      id: number;
      content: string;
    }[];
    expect(seededTodos).toHaveLength(await count(url, 'todos'));

    const snapshot = async () => ({
      todos: await query(url, 'SELECT * FROM todos ORDER BY id'),
      users: await query(url, 'SELECT * FROM users ORDER BY id'),
    });
    await query(url, `UPDATE todos SET content = 'changed since the seed' WHERE id = 1`);
    await query(url, `DELETE FROM todos WHERE id = ${seededTodos.at(-1)!.id}`);
    const before = await snapshot();

    // A refusal in the middle: the first todo's put runs, then the last one's text cannot be held.
    const bad = [
      ...seededTodos.slice(0, -1),
      { ...seededTodos.at(-1)!, content: 'nul \u0000 inside' },
    ];
    await writeFile(join(dir, 'seed', 'todos.json'), JSON.stringify(bad));
    const midway = await runCli(['seed', 'reset', dir], 15_000, env);
    expect(midway.code).toBe(1);
    expect(midway.stderr).toMatch(/^decorest: field "content": .*U\+0000.*\n$/);
    expect(await snapshot()).toEqual(before);

    // A refusal at COMMIT, once every statement of the reset has run: a deferred trigger.
    await writeFile(join(dir, 'seed', 'todos.json'), JSON.stringify(seededTodos));
    await query(
      url,
      `CREATE FUNCTION refuse_restore() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION 'refused at commit'; END $$;
       CREATE CONSTRAINT TRIGGER refuse_restore AFTER INSERT OR UPDATE ON todos
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
         WHEN (NEW.content = '${seededTodos.at(-1)!.content.replaceAll("'", "''")}')
         EXECUTE FUNCTION refuse_restore()`,
    );
    const atCommit = await runCli(['seed', 'reset', dir], 15_000, env);
    expect(atCommit.code).toBe(1);
    expect(atCommit.stderr).toContain('refused at commit');
    expect(await snapshot()).toEqual(before);

    await query(url, 'DROP TRIGGER refuse_restore ON todos');
    const reset = await runCli(['seed', 'reset', dir], 15_000, env);
    expect(reset.code, reset.stderr).toBe(0);
    const restored = await query<{ id: number; content: string }>(
      url,
      'SELECT id::int AS id, content FROM todos ORDER BY id',
    );
    expect(restored).toEqual(seededTodos.map((t) => ({ id: t.id, content: t.content })));
  });
});
