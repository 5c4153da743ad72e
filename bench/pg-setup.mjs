// Set-up of the PostgreSQL section (bench/postgres.mjs): the todo example's project pushed onto
// a database as a user would (`decorest db push`), the generated rows loaded with COPY, and the
// servers to measure on each database.
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import { copyRows } from './pg-copy.mjs';
import { POOL_SIZE } from './pg-settings.mjs';
import { freePort, HOST } from './processes.mjs';
import { fmt } from './report-format.mjs';
import { ROOT, TARGETS } from './targets.mjs';

const log = (line) => process.stderr.write(`${line}\n`);

export function decorestCli() {
  return join(ROOT, 'core/bin/decorest.js');
}

/** The todo example's models (examples/todo: Todo belongs to User), nothing else. */
export async function writeProject(dir) {
  await mkdir(dir, { recursive: true });
  for (const f of ['todo.ts', 'user.ts'])
    copyFileSync(join(ROOT, 'examples/todo', f), join(dir, f));
}

/** `decorest db push` of the project onto `url`, as a user would; returns its output. */
export function dbPush(dir, url) {
  const r = spawnSync(process.execPath, [decorestCli(), 'db', 'push', dir, '--database', url], {
    encoding: 'utf8',
    cwd: dir,
  });
  if (r.status !== 0) throw new Error(`decorest db push failed:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

/**
 * COPY the generated users and todos in, move the identities past them, VACUUM ANALYZE. The
 * indexes `db push` made are dropped before and made again by `push` after (one build over the
 * rows beats upkeep row by row); the counting triggers count the COPY as it goes.
 */
export function loadRows(cluster, db, data, push) {
  copyRows(cluster, db, data, {
    todoColumns: ['id', 'content', 'completed', 'user'],
    todoRow: (t) => [t.id, t.content, t.completed ? 't' : 'f', t.user],
  });
  push();
  cluster.psql(db, 'VACUUM ANALYZE;');
}

/**
 * The servers the section measures: per size, a database made by `decorest db push` and loaded
 * with the generated rows, decorest on it and the bare pg server beside it (a pool of the same
 * size); then decorest on its file store, the baseline of the same models without PostgreSQL.
 */
export async function prepareEntries({ opts, cluster, workRoot, notes, dataOf }) {
  const entries = [];
  for (const n of opts.sizes) {
    const db = `todos_${n}`;
    cluster.psql('bench', `CREATE DATABASE ${db};`);
    cluster.psql(db, 'CREATE EXTENSION pg_stat_statements;');
    const dir = join(workRoot, `pg-${n}`);
    await writeProject(dir);
    const pushed = dbPush(dir, cluster.url(db));
    if (n === opts.sizes[0])
      notes.push(
        `Tables made by \`decorest db push\`: ${pushed
          .split('\n')
          .filter((l) => /^\s+(CREATE|ALTER)/.test(l) && !/FUNCTION|TRIGGER/.test(l))
          .map((l) => `\`${l.trim()}\``)
          .join(' ')}`,
      );
    const data = dataOf(n);
    const t0 = performance.now();
    loadRows(cluster, db, data, () => dbPush(dir, cluster.url(db)));
    const loadMs = performance.now() - t0;
    log(
      `N=${fmt.n(n)}: ${fmt.n(n)} todos and ${fmt.n(data.users.length)} users loaded with COPY in ${fmt.whole(loadMs)} ms`,
    );
    notes.push(
      `N=${fmt.n(n)}: ${fmt.n(n)} todos and ${fmt.n(data.users.length)} users (bench/data.mjs, the same records as the file store's) loaded with COPY (the indexes dropped before and made again by a second \`db push\` after), then VACUUM ANALYZE, in ${fmt.whole(loadMs)} ms; table size ${cluster.psql(db, "SELECT pg_size_pretty(pg_total_relation_size('todos'));").trim()} with its indexes.`,
    );
    // From here on, every statement of role postgres in this database is decorest's.
    cluster.psql(db, 'SELECT pg_stat_statements_reset();');
    const cache = join(dir, '.start-up-cache');
    const dport = await freePort();
    entries.push({
      key: `decorest-pg-${n}`,
      label: 'decorest + PostgreSQL',
      n,
      data,
      dir,
      cwd: dir,
      db,
      env: { DECOREST_CACHE_DIR: cache },
      args: [
        decorestCli(),
        'serve',
        dir,
        '--port',
        String(dport),
        '--quiet',
        '--database',
        cluster.url(db),
      ],
      base: `http://${HOST}:${dport}`,
      timedStarts: true,
    });
    const bport = await freePort();
    entries.push({
      key: `bare-${n}`,
      label: 'bare node:http + pg',
      n,
      data,
      cwd: dir,
      db,
      args: [
        join(ROOT, 'bench/bare-pg-server.mjs'),
        cluster.url(db, 'bare'),
        String(bport),
        String(POOL_SIZE),
      ],
      base: `http://${HOST}:${bport}`,
    });
  }
  {
    const n = opts.fileSize;
    const dir = join(workRoot, `file-${n}`);
    await mkdir(dir, { recursive: true });
    const port = await freePort();
    const { args, cwd } = await TARGETS.decorest.prepare(dir, dataOf(n), port, {
      decorestRoot: ROOT,
    });
    entries.push({
      key: 'file',
      label: 'decorest file store',
      n,
      data: dataOf(n),
      args,
      cwd,
      env: { DECOREST_CACHE_DIR: join(dir, '.start-up-cache') },
      base: `http://${HOST}:${port}`,
      timedStarts: true,
    });
  }
  for (const e of entries) Object.assign(e, { startMs: [], rssProbes: [], acked: new Set() });
  return entries;
}
