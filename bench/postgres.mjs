#!/usr/bin/env node
// The PostgreSQL section of the bench (issue 26): `decorest serve --database` at N = 100,000 and
// N = 1,000,000 todos, beside two baselines measured in the same run: bench/bare-pg-server.mjs
// (node:http + pg, the same SQL, the same pool size: what a Node server on this database can do)
// and decorest on its file store at N = 100,000. Scenarios byId, list10 and create with the
// bench's load generator (wrk when installed, else autocannon); start-up (spawn → first 200) and
// RSS at ready at each N; and two decorest servers on one database against one, with the CPU
// each side used, since on a 2-core machine that is what bounds them.
//
// Standalone: `node bench/postgres.mjs [--quick] [--no-write] …` (writes bench/POSTGRES-RESULTS.md);
// `npm run bench` runs it as its last section (`--no-postgres` skips it). A throwaway cluster
// (bench/pg-cluster.mjs, the tests' recipe) is started and removed; without Debian's PostgreSQL
// binaries the section is skipped with one line.
//
// The section's parts, one job each: pg-options (flags), pg-settings, pg-setup (databases, rows,
// the servers to measure), pg-servers (timed starts), pg-load (cells and scenarios), pg-cpu
// (/proc), pg-two-servers, pg-sql (pg_stat_statements), pg-list-cells and pg-report.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describeSplit, pinSelf, planCpuSplit } from './cpu-split.mjs';
import { generateData } from './data.mjs';
import { pickClient } from './load.mjs';
import { postgresUnavailable, postgresVersion, startPostgres } from './pg-cluster.mjs';
import { listCellsMarkdown, runListCells } from './pg-list-cells.mjs';
import { loadCell, runScenarios, usPerRequest } from './pg-load.mjs';
import { POSTGRES_USAGE, readPostgresOptions } from './pg-options.mjs';
import { report } from './pg-report.mjs';
import { startEntries, startTimed } from './pg-servers.mjs';
import { PG_SETTINGS } from './pg-settings.mjs';
import { dbPush, decorestCli, prepareEntries } from './pg-setup.mjs';
import { sqlSeen, statements } from './pg-sql.mjs';
import { twoServersOnOneDatabase } from './pg-two-servers.mjs';
import { killAllSync, stopChild } from './processes.mjs';
import { fmt } from './report-format.mjs';
import { ROOT } from './targets.mjs';

export { POSTGRES_USAGE, readPostgresOptions } from './pg-options.mjs';

const log = (line) => process.stderr.write(`${line}\n`);

/**
 * Unlike the file-store bench, only the load generator is pinned: PostgreSQL and the servers may
 * use every CPU, or two servers could never use more than the one core they were pinned to.
 */
function cpuPlan(split) {
  return split.client === undefined
    ? describeSplit(split)
    : `load generator pinned to CPU ${split.client}; PostgreSQL and the servers on CPUs ${split.client},${split.servers}`;
}

/**
 * Runs the section; returns `{ skipped }` when PostgreSQL is missing, else `{ markdown, problems }`.
 * `opts.split` (cpu-split.mjs) may come from run.mjs, already applied to this process.
 */
export async function runPostgresBench(opts, { command = 'node bench/postgres.mjs' } = {}) {
  const why = postgresUnavailable();
  if (why) return { skipped: why };
  const startedAt = performance.now();
  opts.driver ??= pickClient(opts.client);
  if (!opts.split) {
    opts.split = planCpuSplit(opts.pin);
    if (opts.split.client !== undefined) pinSelf(opts.split);
  }
  opts.serverCpus =
    opts.split.client === undefined ? undefined : `${opts.split.client},${opts.split.servers}`;
  opts.twoSize = opts.sizes[0];
  const loadBefore = os.loadavg()[0];
  const revisionNow = () => {
    const git = (...a) => spawnSync('git', a, { cwd: ROOT, encoding: 'utf8' }).stdout?.trim();
    const dirty = git('status', '--porcelain', '--', 'core')
      ? ' + uncommitted changes in core/'
      : '';
    return `checkout at ${git('rev-parse', '--short', 'HEAD') || 'unknown'}${dirty}`;
  };
  const revision = revisionNow();
  const workRoot = await mkdtemp(join(os.tmpdir(), 'decorest-bench-pgsec-'));
  const running = new Set();
  const problems = [];
  const notes = [];
  opts.notes = notes;
  let cluster;
  // Nothing else may hold the event loop while a step waits on unref'd handles (the cluster's
  // pipes, freePort's probe): without this the process would just end, mid-run, with code 0.
  const keepAlive = setInterval(() => undefined, 1 << 30);
  const onExit = () => killAllSync([...running]);
  process.once('exit', onExit);
  try {
    log(
      `postgres bench: ${opts.driver.name}; ${cpuPlan(opts.split)}; N=${opts.sizes.map(fmt.n).join(', ')} (file store ${fmt.n(opts.fileSize)}), ${opts.duration} s cells × ${opts.rounds} rounds, in ${workRoot}`,
    );
    cluster = await startPostgres({ settings: PG_SETTINGS, cpus: opts.serverCpus });
    log(`PostgreSQL ${postgresVersion()} on port ${cluster.port} (${cluster.dir})`);
    cluster.psql('bench', 'CREATE ROLE bare SUPERUSER LOGIN;');

    const datasets = new Map();
    const dataOf = (n) => {
      if (!datasets.has(n)) datasets.set(n, generateData(n));
      return datasets.get(n);
    };
    const entries = await prepareEntries({ opts, cluster, workRoot, notes, dataOf });

    await startEntries(entries, opts, running);
    // Start-up's statements are counted with the load's: a full-table read would show either way.
    const cells = await runScenarios(entries, opts, cluster, problems);

    const two = await twoServersOnOneDatabase({ entries, opts, cluster, running, notes, problems });

    let lists;
    if (opts.querySize > 0) {
      try {
        lists = await runListCells({
          opts,
          cluster,
          workRoot,
          data: dataOf(opts.querySize),
          running,
          problems,
          helpers: { dbPush, startTimed, loadCell, statements, decorestCli, usPerRequest },
        });
      } catch (error) {
        problems.push(`list cells: ${error.message.split('\n')[0]}`);
      }
    }

    const sql = sqlSeen(cluster, opts, problems);

    const cpus = os.cpus();
    const meta = {
      command,
      date: new Date().toISOString(),
      revision,
      cpu: cpus[0]?.model ?? 'unknown CPU',
      cores: cpus.length,
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      node: process.version,
      postgres: `${postgresVersion()} (throwaway cluster: ${Object.entries(PG_SETTINGS)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}; other settings default)`,
      load: `1-min load average ${loadBefore.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end`,
      cpus: cpuPlan(opts.split),
      clientCpu: opts.split.client ?? '(any)',
      client: opts.driver.label,
      elapsed: `${((performance.now() - startedAt) / 60_000).toFixed(1)} min`,
      notes: [
        ...(revisionNow() === revision
          ? []
          : [
              `The checkout moved during the run (others work in it): ${revision} at the start, ${revisionNow()} at the end; servers started before a rebuild of core/dist kept the code they loaded.`,
            ]),
        ...notes,
        'list10 is `SELECT …, (SELECT sum("total") FROM "decorest_counts" …), (SELECT string_agg(…"version"…) …) FROM "todos" ORDER BY "id" LIMIT $1`: X-Total-Count is the sum of the counters the triggers keep (issue 44), no longer a `count(*)` over every row; byId and create are an index lookup and an insert (which now also updates a counter, for both servers alike).',
        'create runs last: the tables grow by the creates of every round (a few thousand rows), read cells are not affected.',
      ],
    };
    const out = report({
      opts,
      meta,
      cells,
      entries,
      two,
      sql,
      problems,
      lists: lists === undefined ? undefined : listCellsMarkdown(lists),
    });
    return {
      markdown: out.md,
      summary: [
        out.rpsTable,
        '',
        out.cpuTable,
        '',
        out.startTable,
        '',
        out.twoTable,
        '',
        ...out.targets,
      ].join('\n'),
      problems,
    };
  } finally {
    await Promise.all([...running].map((h) => stopChild(h)));
    running.clear();
    process.off('exit', onExit);
    if (cluster) await cluster.stop();
    if (opts.keep) log(`kept ${workRoot}`);
    else await rm(workRoot, { recursive: true, force: true });
    clearInterval(keepAlive);
  }
}

/** POSTGRES-RESULTS.md is checked by `npm run format`: written the way Prettier would. */
export async function writePostgresResults(markdown) {
  const file = join(ROOT, 'bench/POSTGRES-RESULTS.md');
  let text = markdown;
  try {
    const prettier = await import('prettier');
    const config = (await prettier.resolveConfig(file)) ?? {};
    text = await prettier.format(markdown, { ...config, filepath: file });
  } catch {
    // unformatted
  }
  await writeFile(file, text);
  log('wrote bench/POSTGRES-RESULTS.md');
}

async function main() {
  const opts = readPostgresOptions(process.argv.slice(2));
  if (opts.help) {
    console.log(POSTGRES_USAGE);
    return 0;
  }
  const onSignal = () => process.exit(130);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const result = await runPostgresBench(opts, {
    command: ['node bench/postgres.mjs', ...process.argv.slice(2)].join(' '),
  });
  if (result.skipped) {
    console.log(`PostgreSQL bench skipped: ${result.skipped}`);
    return 0;
  }
  console.log(result.summary);
  for (const p of result.problems) console.log(`PROBLEM ${p}`);
  if (opts.write) await writePostgresResults(result.markdown);
  return result.problems.length ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().then(
    (code) => (process.exitCode = code),
    (error) => {
      console.error(`postgres bench: ${error.stack ?? error.message}`);
      process.exitCode = 1;
    },
  );
}
