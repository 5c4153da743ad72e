// The PostgreSQL bench's list cells (issue 44): one decorest server on a database of 1,000,000
// todos (with a plain number field, `priority`) and 10,000 users, made by `decorest db push`,
// each list convention a frontend asks measured against the same server's `GET /todos/:id` in
// the same rounds. Every cell first checks one answer against the data in memory, the exact
// X-Total-Count included: a fast wrong answer never passes.
//
// Also measured once here, the choices for totals (bench/POSTGRES-RESULTS.md "Totals"):
// `count(*)`, the trigger-kept counter, PostgreSQL's own estimate (`pg_class.reltuples`), and
// what the triggers cost a write (pgbench, on copies of the table with and without them).
import { spawnSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { copyRows } from './pg-copy.mjs';
import { httpJson } from './processes.mjs';
import { ROOT } from './targets.mjs';

/** `priority` of todo `id`: 1–5, spread evenly, the same on every run. */
export const priorityOf = (id) => 1 + ((id * 31) % 5);

const TODO_MODEL = `import { BelongTo, FromDataSource, Rest } from 'decorest';

import { User } from './user.js';

/** The example's Todo and a plain number field, declared with no option (issue 44's cells). */
@Rest
@FromDataSource
export class Todo {
  id!: number;
  content!: string;
  completed!: boolean;
  priority!: number;

  @BelongTo
  user?: User;
}
`;

/** The todo example's User, and its Todo with `priority`. */
export async function writeQueryProject(dir) {
  await mkdir(dir, { recursive: true });
  copyFileSync(join(ROOT, 'examples/todo/user.ts'), join(dir, 'user.ts'));
  await writeFile(join(dir, 'todo.ts'), TODO_MODEL);
}

/**
 * COPY the users and todos in. The indexes `db push` made are dropped first and made again by
 * a second `db push` afterwards (building an index over a million rows beats keeping it up
 * row by row); the counting triggers stay and count the COPY as it goes. Returns the ms taken
 * by the second push (the index builds).
 */
export function loadQueryRows(cluster, db, data, push) {
  const indexes = copyRows(cluster, db, data, {
    todoColumns: ['id', 'content', 'completed', 'priority', 'user'],
    todoRow: (t) => [t.id, t.content, t.completed ? 't' : 'f', priorityOf(t.id), t.user],
  });
  const t0 = performance.now();
  push();
  const indexMs = performance.now() - t0;
  cluster.psql(db, 'VACUUM ANALYZE;');
  return { indexes, indexMs };
}

function sameTodo(got, want) {
  return (
    got !== null &&
    typeof got === 'object' &&
    got.id === want.id &&
    got.content === want.content &&
    got.completed === want.completed &&
    got.priority === priorityOf(want.id)
  );
}

/** What is wrong with a list answer: its records and its exact X-Total-Count. */
function checkPage(res, want, total) {
  if (res.status !== 200 || !Array.isArray(res.json))
    return `answered ${res.status} ${res.text.slice(0, 200)}`;
  if (res.json.length !== want.length) return `${res.json.length} records, not ${want.length}`;
  if (!res.json.every((t, i) => sameTodo(t, want[i]))) return 'other records';
  const count = Number(res.headers['x-total-count']);
  return count === total ? undefined : `X-Total-Count ${count}, not ${total}`;
}

/**
 * The cells, in the order of a round (create last: it grows the table). Each: `path` (or a
 * spread over users), a check of one answer, the target as a ratio to byId.
 */
export function queryCells(data) {
  const todos = data.todos;
  const first = (keep, n = 10) => {
    const out = [];
    let count = 0;
    for (const t of todos)
      if (keep(t)) {
        if (out.length < n) out.push(t);
        count++;
      }
    return { want: out, total: count };
  };
  const fixed = (path, want, total, target) => ({
    path,
    target,
    request: () => ({ method: 'GET', path }),
    check: async (base) =>
      checkPage(await httpJson('GET', base + path, undefined, 60_000), want, total),
  });
  const n = todos.length;
  const done = first((t) => t.completed);
  const third = first((t) => priorityOf(t.id) === 3);
  const review = first((t) => t.content.toLowerCase().includes('review'));
  const lowest = first((t) => priorityOf(t.id) === 1);
  const user = data.users[Math.floor(data.users.length / 2)];
  const nestedPath = (id) => `/users/${id}/todos?limit=10`;
  return {
    byId: {
      path: '/todos/:id',
      target: undefined,
      request: () => ({
        method: 'GET',
        spread: { count: n, prefix: '/todos/', suffix: '' },
      }),
      check: async (base) => {
        const want = todos[n - 1];
        const res = await httpJson('GET', `${base}/todos/${want.id}`, undefined, 60_000);
        return res.status === 200 && sameTodo(res.json, want)
          ? undefined
          : `answered ${res.status}`;
      },
    },
    list10: fixed('/todos?limit=10', todos.slice(0, 10), n, 0.5),
    sortIdAsc: fixed('/todos?_sort=id&_order=asc&_limit=10', todos.slice(0, 10), n, 0.5),
    sortIdDesc: fixed('/todos?_sort=-id&_limit=10', todos.slice(-10).reverse(), n, 0.5),
    filterBool: fixed('/todos?completed=true&limit=10', done.want, done.total, 0.25),
    filterNumber: fixed('/todos?priority=3&limit=10', third.want, third.total, 0.25),
    nested: {
      path: '/users/:id/todos?limit=10',
      target: 0.25,
      request: () => ({
        method: 'GET',
        spread: { count: data.users.length, prefix: '/users/', suffix: '/todos?limit=10' },
      }),
      check: async (base) => {
        const mine = data.todosOf[user.id - 1];
        const res = await httpJson('GET', base + nestedPath(user.id), undefined, 60_000);
        return checkPage(res, mine.slice(0, 10), mine.length);
      },
    },
    sortPlain: fixed('/todos?_sort=priority&_limit=10', lowest.want, n, 0.25),
    offset: fixed('/todos?limit=10&offset=500000', todos.slice(500_000, 500_010), n, 0.1),
    q: fixed('/todos?q=review&limit=10', review.want, review.total, 0.05),
    create: {
      path: 'POST /todos',
      target: undefined,
      request: () => ({
        method: 'POST',
        path: '/todos',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'Bench todo', completed: false, priority: 3 }),
      }),
      check: async (base) => {
        const res = await httpJson(
          'POST',
          `${base}/todos`,
          { content: 'Bench todo', completed: false, priority: 3 },
          60_000,
        );
        return res.status === 201 ? undefined : `answered ${res.status} ${res.text.slice(0, 200)}`;
      },
    },
  };
}

/** Execution ms of `sql` by EXPLAIN ANALYZE, the median of `times` runs. */
function explainMs(cluster, db, sql, times = 5) {
  const ms = [];
  for (let i = 0; i < times; i++) {
    const out = cluster.psql(db, `EXPLAIN (ANALYZE, FORMAT JSON) ${sql};`);
    ms.push(JSON.parse(out)[0]['Execution Time']);
  }
  ms.sort((a, b) => a - b);
  return ms[Math.floor(ms.length / 2)];
}

/** pgbench's tps for `script` on `db` (10 clients, 2 threads, `seconds`). */
function pgbenchTps(cluster, db, script, seconds) {
  const file = join(cluster.dir, `pgbench-${process.pid}.sql`);
  writeFileSync(file, script);
  const { port, bin } = cluster;
  const args = ['-n', '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'];
  args.push('-c', '10', '-j', '2', '-T', String(seconds), '-f', file, db);
  const run = spawnSync(join(bin, 'pgbench'), args, { encoding: 'utf8', timeout: 120_000 });
  const tps = /tps = ([\d.]+)/.exec(run.stdout ?? '')?.[1];
  if (tps === undefined) throw new Error(`pgbench failed: ${run.stdout}${run.stderr}`);
  return Number(tps);
}

/**
 * The totals' choices on `db` (a counted `todos` of N rows): what reading each costs, how far
 * the estimate is off after writes, and what the counting triggers cost inserts. Lines for the
 * report.
 */
export function measureTotals(cluster, db, seconds = 3, rounds = 3) {
  const rel = `'"todos"'::regclass`;
  const countMs = explainMs(cluster, db, 'SELECT count(*) FROM "todos"');
  const counterMs = explainMs(
    cluster,
    db,
    `SELECT sum("total") FROM "decorest_counts" WHERE "relid" = ${rel}`,
  );
  const reltuplesMs = explainMs(cluster, db, `SELECT reltuples FROM pg_class WHERE oid = ${rel}`);
  // Copies of the table, one counted by the same triggers, one not, each with its indexes.
  // And one counted the simplest way, one row for the whole table, for comparison.
  cluster.psql(
    db,
    `CREATE TABLE "ins_plain" (LIKE "todos" INCLUDING ALL);
     CREATE TABLE "ins_counted" (LIKE "todos" INCLUDING ALL);
     CREATE TABLE "ins_single" (LIKE "todos" INCLUDING ALL);
     CREATE TRIGGER "decorest_count_insert" AFTER INSERT ON "ins_counted" REFERENCING NEW TABLE AS decorest_new FOR EACH STATEMENT EXECUTE FUNCTION "decorest_counted_insert"();
     INSERT INTO "decorest_counts" VALUES ('"ins_counted"'::regclass, 0, 0, 1);
     CREATE TABLE "bench_single_count" ("total" bigint NOT NULL);
     INSERT INTO "bench_single_count" VALUES (0);
     CREATE FUNCTION "bench_single_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN UPDATE "bench_single_count" SET "total" = "total" + (SELECT count(*) FROM decorest_new); RETURN NULL; END $$;
     CREATE TRIGGER "count" AFTER INSERT ON "ins_single" REFERENCING NEW TABLE AS decorest_new FOR EACH STATEMENT EXECUTE FUNCTION "bench_single_insert"();
     ANALYZE "ins_plain", "ins_counted", "ins_single";`,
  );
  const insert = (table) =>
    `INSERT INTO "${table}" ("content", "completed", "priority", "user", "$nulls") VALUES ('Bench todo', false, 3, NULL, '{user}');\n`;
  const plain = [];
  const counted = [];
  const single = [];
  for (let round = 0; round < rounds; round++) {
    plain.push(pgbenchTps(cluster, db, insert('ins_plain'), seconds));
    counted.push(pgbenchTps(cluster, db, insert('ins_counted'), seconds));
    single.push(pgbenchTps(cluster, db, insert('ins_single'), seconds));
  }
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  // The estimate after those inserts, without an ANALYZE since: how far off it is.
  const estimate = cluster
    .psql(
      db,
      `SELECT reltuples::bigint, (SELECT count(*) FROM "ins_counted"), (SELECT sum("total") FROM "decorest_counts" WHERE "relid" = '"ins_counted"'::regclass) FROM pg_class WHERE oid = '"ins_counted"'::regclass;`,
    )
    .trim()
    .split('|')
    .map(Number);
  cluster.psql(
    db,
    `DROP TABLE "ins_plain", "ins_counted", "ins_single", "bench_single_count";
     DROP FUNCTION "bench_single_insert"();
     DELETE FROM "decorest_counts" WHERE "relid" NOT IN (SELECT oid FROM pg_class);`,
  );
  return {
    countMs,
    counterMs,
    reltuplesMs,
    plainTps: med(plain),
    countedTps: med(counted),
    singleTps: med(single),
    estimate: { reltuples: estimate[0], actual: estimate[1], counter: estimate[2] },
  };
}
