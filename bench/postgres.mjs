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
import { spawnSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { describeSplit, pinSelf, planCpuSplit } from './cpu-split.mjs';
import { generateData } from './data.mjs';
import { pickClient } from './load.mjs';
import { postgresUnavailable, postgresVersion, startPostgres } from './pg-cluster.mjs';
import { listCellsMarkdown, runListCells } from './pg-list-cells.mjs';
import { procTicks, TICKS } from './proc-cpu.mjs';
import {
  describeExit,
  freePort,
  HOST,
  killAllSync,
  rssMiB,
  startChild,
  stopChild,
  waitReady,
} from './processes.mjs';
import { fmt, median } from './report.mjs';
import { mergeRounds, roundOrder } from './rounds.mjs';
import { SCENARIOS } from './scenarios.mjs';
import { ROOT, TARGETS } from './targets.mjs';

const log = (line) => process.stderr.write(`${line}\n`);
const SCENARIO_LIST = ['byId', 'list10', 'create'];
const READS = ['byId', 'list10'];
/** decorest's pool (core/src/persistence/postgres/sql.ts: `max: options.max ?? 10`). */
const POOL_SIZE = 10;
const RSS_SETTLE_MS = 500;
const START_POLL_MS = 10;
/** The tests' cluster settings (postgres-cluster.ts), and pg_stat_statements to see the SQL. */
const PG_SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: 200,
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track': 'top',
};
const ROUTES = { list: '/todos?limit=10', listItems: (json) => json };
/** Start-up is timed to the first 200 on a byId, whose cost does not depend on N (see notes). */
const READY_PATH = '/todos/1';

export const POSTGRES_USAGE = `Usage: node bench/postgres.mjs [options]

  --sizes <list>       PostgreSQL sizes (default 100000,1000000)
  --file-size <n>      the file-store baseline's size (default 100000)
  --duration <s>       measured seconds per cell and round (default 2)
  --warmup <s>         unmeasured seconds before each cell's first round (default 1)
  --rounds <r>         interleaved rounds; each cell shows its median round (default 5)
  --connections <c>    keep-alive connections per load generator (default 10)
  --spawns <k>         timed starts of decorest per size (default 5; the last one is loaded)
  --client <c>         auto (wrk when installed, else autocannon), wrk or autocannon
  --no-pin             do not pin the load generator to the first CPU
  --no-two             skip two servers on one database
  --query-size <n>     the list cells' size (issue 44; default 1000000, 0 skips them)
  --quick              N = 1000,10000, file store at 1000, list cells at 10000, 1 s cells,
                       1 round, 1 start
  --no-write           print only; leave bench/POSTGRES-RESULTS.md alone
  --keep               keep the temp folders
  -h, --help           this text`;

export function readPostgresOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      sizes: { type: 'string' },
      'file-size': { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      rounds: { type: 'string' },
      connections: { type: 'string' },
      spawns: { type: 'string' },
      client: { type: 'string', default: 'auto' },
      'no-pin': { type: 'boolean', default: false },
      'no-two': { type: 'boolean', default: false },
      'query-size': { type: 'string' },
      quick: { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const q = values.quick;
  const num = (name, text) => {
    const v = Number(text);
    if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} wants a number, got "${text}"`);
    return v;
  };
  const sizes = (values.sizes ?? (q ? '1000,10000' : '100000,1000000'))
    .split(',')
    .map((s) => num('sizes', s))
    .sort((a, b) => a - b);
  return {
    help: values.help,
    quick: q,
    sizes,
    fileSize: num('file-size', values['file-size'] ?? (q ? '1000' : '100000')),
    duration: num('duration', values.duration ?? (q ? '1' : '2')),
    warmup: num('warmup', values.warmup ?? (q ? '0' : '1')),
    rounds: num('rounds', values.rounds ?? (q ? '1' : '5')),
    connections: num('connections', values.connections ?? '10'),
    spawns: Math.max(1, num('spawns', values.spawns ?? (q ? '1' : '5'))),
    client: values.client,
    pin: !values['no-pin'],
    two: !values['no-two'],
    querySize: num('query-size', values['query-size'] ?? (q ? '10000' : '1000000')),
    write: !values['no-write'],
    keep: values.keep,
  };
}

// ---------------------------------------------------------------- CPU accounting (Linux /proc)

/**
 * PostgreSQL's CPU so far: the postmaster's own and its reaped children's (a backend whose
 * connection closed is counted there once it exits), plus every live child's.
 */
function postgresTicks(postmasterPid) {
  let total = procTicks(postmasterPid, true);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(f[1]) === postmasterPid) total += Number(f[11]) + Number(f[12]);
    } catch {
      // gone
    }
  }
  return total;
}

function machineBusyTicks() {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const v = cpu.trim().split(/\s+/).slice(1).map(Number);
  const idle = v[3] + (v[4] ?? 0);
  return { busy: v.reduce((a, b) => a + b, 0) - idle };
}

/** CPU use over a stretch of time: per named pid group, in ticks; call `.end()` for % of a core. */
function cpuMeter(groups, postmasterPid) {
  const read = () => ({
    t: performance.now(),
    machine: machineBusyTicks().busy,
    groups: Object.fromEntries(
      Object.entries(groups).map(([k, pids]) => [k, pids.reduce((s, p) => s + procTicks(p), 0)]),
    ),
    postgres: postgresTicks(postmasterPid),
    // This process and its reaped children: the load generator (wrk, or autocannon in-process).
    generator: procTicks(process.pid, true),
  });
  const start = read();
  return {
    end() {
      const stop = read();
      const seconds = (stop.t - start.t) / 1000;
      const pct = (a, b) => (100 * (b - a)) / TICKS / seconds;
      return {
        seconds,
        machine: pct(start.machine, stop.machine),
        postgres: pct(start.postgres, stop.postgres),
        generator: pct(start.generator, stop.generator),
        groups: Object.fromEntries(
          Object.keys(groups).map((k) => [k, pct(start.groups[k], stop.groups[k])]),
        ),
      };
    },
  };
}

// ---------------------------------------------------------------- database and projects

function decorestCli() {
  return join(ROOT, 'core/bin/decorest.js');
}

/** The todo example's models (examples/todo: Todo belongs to User), nothing else. */
async function writeProject(dir) {
  await mkdir(dir, { recursive: true });
  for (const f of ['todo.ts', 'user.ts'])
    copyFileSync(join(ROOT, 'examples/todo', f), join(dir, f));
}

/** `decorest db push` of the project onto `url`, as a user would; returns its output. */
function dbPush(dir, url) {
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
function loadRows(cluster, db, data, push) {
  const indexes = cluster
    .psql(
      db,
      "SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND tablename IN ('todos', 'users') AND indexname NOT LIKE '%_pkey';",
    )
    .trim()
    .split('\n')
    .filter(Boolean);
  if (indexes.length > 0)
    cluster.psql(db, indexes.map((name) => `DROP INDEX "${name}";`).join('\n'));
  const users = data.users.map((u) => `${u.id}\t${u.name}`).join('\n');
  cluster.psql(db, 'COPY "users" ("id", "name") FROM STDIN;', `${users}\n\\.\n`);
  // Chunks of 200k rows keep psql's input (and this process's string) moderate.
  const CHUNK = 200_000;
  for (let from = 0; from < data.todos.length; from += CHUNK) {
    let text = '';
    for (const t of data.todos.slice(from, from + CHUNK))
      text += `${t.id}\t${t.content}\t${t.completed ? 't' : 'f'}\t${t.user}\n`;
    cluster.psql(
      db,
      'COPY "todos" ("id", "content", "completed", "user") FROM STDIN;',
      `${text}\\.\n`,
    );
  }
  cluster.psql(
    db,
    `SELECT setval(pg_get_serial_sequence('users', 'id'), ${data.users.length});
     SELECT setval(pg_get_serial_sequence('todos', 'id'), ${data.n});`,
  );
  push();
  cluster.psql(db, 'VACUUM ANALYZE;');
}

// ---------------------------------------------------------------- servers

function entryName(e) {
  return `${e.label} (N=${fmt.n(e.n)})`;
}

/**
 * Spawns the entry's server and times spawn → first 200. Another engineer's build may be
 * rewriting core/dist at that moment (a bundle chunk missing for a second): a start that fails
 * is retried twice, 3 s apart, and said so in the notes; such a start is not among the timed ones.
 */
async function startTimed(entry, cpus, notes = []) {
  for (let attempt = 0; ; attempt++) {
    const handle = startChild(entryName(entry), entry.args, {
      cwd: entry.cwd,
      cpus,
      env: entry.env,
    });
    try {
      const ms = await waitReady(handle, entry.base + READY_PATH, 120_000, START_POLL_MS);
      return { handle, ms, retried: attempt > 0 };
    } catch (error) {
      await stopChild(handle);
      if (attempt >= 2) throw error;
      const why = error.message.split('\n').find((l) => /Error|error/.test(l)) ?? error.message;
      notes.push(`${entryName(entry)} failed to start once (${why.slice(0, 200)}); retried.`);
      log(`${entryName(entry)} failed to start; retrying in 3 s`);
      await sleep(3000);
    }
  }
}

/** `spawns` timed starts of each entry, interleaved; the last stays up; RSS after it. */
async function startEntries(entries, opts, running) {
  for (let round = 0; round < opts.spawns; round++) {
    const last = round === opts.spawns - 1;
    for (const entry of entries) {
      if (!last && !entry.timedStarts) continue;
      const { handle, ms, retried } = await startTimed(entry, opts.serverCpus, opts.notes);
      running.add(handle);
      if (!retried) entry.startMs.push(ms);
      if (last) {
        entry.handle = handle;
        await sleep(RSS_SETTLE_MS);
        entry.rss = rssMiB(handle);
        log(`${entryName(entry)} ready in ${Math.round(ms)} ms, RSS ${fmt.whole(entry.rss)} MiB`);
      } else {
        await sleep(RSS_SETTLE_MS);
        entry.rssProbes.push(rssMiB(handle));
        await stopChild(handle);
        running.delete(handle);
        log(`${entryName(entry)} start ${Math.round(ms)} ms (probe ${round + 1})`);
      }
    }
  }
}

// ---------------------------------------------------------------- load

/**
 * Waits until no client query runs in the cluster: a request the generator gave up on at the end
 * of a cell (a list10 at N = 1,000,000 takes a good part of a second) keeps its backend busy,
 * which would be billed to the next cell. Returns the ms waited.
 */
async function waitPostgresIdle(cluster, timeoutMs = 60_000) {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    const active = Number(
      cluster
        .psql(
          'bench',
          "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND backend_type = 'client backend' AND pid <> pg_backend_pid();",
        )
        .trim(),
    );
    if (active === 0) break;
    await sleep(50);
  }
  return performance.now() - t0;
}

async function loadCell(
  opts,
  scenarioName,
  entries,
  { warm, meterGroups, cluster, scenario: own },
) {
  const postmasterPid = cluster.postmasterPid;
  const scenario = own ?? SCENARIOS[scenarioName];
  for (const e of entries) {
    if (e.handle.exit) throw new Error(`${entryName(e)} exited: ${describeExit(e.handle)}`);
    const wrong = await scenario.check(e.base, { routes: ROUTES }, e.data, e);
    if (wrong) throw new Error(`${scenarioName} × ${entryName(e)}: wrong answer: ${wrong}`);
  }
  const run = (durationSec) =>
    Promise.all(
      entries.map((e) =>
        opts.driver.run({
          url: e.base,
          connections: opts.connections,
          durationSec,
          plan: scenario.request({ routes: ROUTES }, e.data, e),
        }),
      ),
    );
  if (warm && opts.warmup > 0) await run(opts.warmup);
  await waitPostgresIdle(cluster);
  const meter = cpuMeter(meterGroups, postmasterPid);
  const results = await run(opts.duration);
  const cpu = meter.end();
  const drainMs = await waitPostgresIdle(cluster);
  for (const e of entries)
    if (e.handle.exit)
      throw new Error(`${entryName(e)} died under load: ${describeExit(e.handle)}`);
  const sum = (k) => results.reduce((s, r) => s + r[k], 0);
  const requests = sum('requests');
  const seconds = Math.max(...results.map((r) => r.seconds));
  return {
    ...results[0],
    requests,
    rps: results.reduce((s, r) => s + r.rps, 0),
    seconds,
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    non2xx: sum('non2xx'),
    statuses: results.reduce((acc, r) => {
      for (const [k, v] of Object.entries(r.statuses)) acc[k] = (acc[k] ?? 0) + v;
      return acc;
    }, {}),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    perServer: results.map((r) => r.rps),
    cpu,
    drainMs,
  };
}

/** CPU µs per answered request from a % of a core over the cell. */
function usPerRequest(pct, result) {
  return result.rps > 0 ? ((pct / 100) * 1e6) / result.rps : NaN;
}

async function runScenarios(entries, opts, cluster, problems) {
  const cells = new Map(); // `${scenario}|${key}` → merged result
  for (const scenarioName of SCENARIO_LIST) {
    const acc = new Map(entries.map((e) => [e, []]));
    for (let round = 0; round < opts.rounds; round++) {
      for (const e of roundOrder(entries, round)) {
        if (e.dead) continue;
        try {
          const r = await loadCell(opts, scenarioName, [e], {
            warm: round === 0,
            meterGroups: { server: [e.handle.child.pid] },
            cluster,
          });
          acc.get(e).push(r);
          log(
            `${scenarioName.padEnd(7)} ${entryName(e).padEnd(34)} ${fmt.rps(r.rps).padStart(7)} req/s  server ${fmt.whole(r.cpu.groups.server)} %, postgres ${fmt.whole(r.cpu.postgres)} %, machine ${fmt.whole(r.cpu.machine)} % of a core` +
              (r.errors + r.non2xx ? `  (${r.errors} errors, ${r.non2xx} non-2xx)` : '') +
              (opts.rounds > 1 ? `  (round ${round + 1}/${opts.rounds})` : ''),
          );
        } catch (error) {
          problems.push(error.message);
          e.dead = true;
        }
        await sleep(200);
      }
    }
    for (const e of entries) {
      const rs = acc.get(e);
      if (rs.length === 0) continue;
      const merged = mergeRounds(rs);
      // CPU per request, median over the rounds: steadier than req/s when other work takes
      // the cores (a server given less CPU answers fewer requests, at about the same cost each).
      merged.serverUs = median(rs.map((r) => usPerRequest(r.cpu.groups.server, r)));
      merged.postgresUs = median(rs.map((r) => usPerRequest(r.cpu.postgres, r)));
      cells.set(`${scenarioName}|${e.key}`, merged);
      if (merged.errors + merged.non2xx > 0)
        problems.push(
          `${scenarioName} × ${entryName(e)}: ${merged.errors} errors, ${merged.non2xx} non-2xx`,
        );
    }
  }
  return cells;
}

/** One decorest server loaded alone, then two on the same database loaded together. */
async function runTwoServers(one, two, opts, cluster, problems) {
  const out = {};
  for (const scenarioName of READS) {
    const acc = { one: [], two: [] };
    for (let round = 0; round < opts.rounds; round++) {
      const order = round % 2 === 0 ? ['one', 'two'] : ['two', 'one'];
      for (const which of order) {
        const entries = which === 'one' ? [one] : [one, two];
        try {
          const r = await loadCell(opts, scenarioName, entries, {
            warm: round === 0,
            meterGroups: { servers: entries.map((e) => e.handle.child.pid) },
            cluster,
          });
          acc[which].push(r);
          log(
            `${scenarioName.padEnd(7)} ${which === 'one' ? 'one decorest server ' : 'two decorest servers'} ${fmt.rps(r.rps).padStart(7)} req/s  node ${fmt.whole(r.cpu.groups.servers)} %, postgres ${fmt.whole(r.cpu.postgres)} %, machine ${fmt.whole(r.cpu.machine)} % of a core`,
          );
        } catch (error) {
          problems.push(`two servers, ${scenarioName}: ${error.message}`);
          return out;
        }
        await sleep(200);
      }
    }
    out[scenarioName] = { one: mergeRounds(acc.one), two: mergeRounds(acc.two) };
  }
  return out;
}

// ---------------------------------------------------------------- SQL seen by the database

/** Per database and role, the statements run, with calls, rows per call and mean time. */
function statements(cluster, db) {
  const out = cluster.psql(
    db,
    `SELECT r.rolname, s.calls, s.rows, round(s.mean_exec_time::numeric, 4), regexp_replace(s.query, '\\s+', ' ', 'g')
       FROM pg_stat_statements s JOIN pg_roles r ON r.oid = s.userid JOIN pg_database d ON d.oid = s.dbid
      WHERE d.datname = current_database() ORDER BY s.calls DESC;`,
  );
  return out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [role, calls, rows, meanMs, ...query] = line.split('|');
      return {
        role,
        calls: Number(calls),
        rows: Number(rows),
        meanMs: Number(meanMs),
        query: query.join('|'),
      };
    });
}

// ---------------------------------------------------------------- report

const ratio = (a, b) => (a && b ? a.rps / b.rps : NaN);
/** The machine's busy CPU that is neither the servers, PostgreSQL nor the load generator. */
const restOf = (cpu) =>
  cpu.machine - Object.values(cpu.groups).reduce((a, b) => a + b, 0) - cpu.postgres - cpu.generator;

function report({ opts, meta, cells, entries, two, sql, problems, lists }) {
  const pgSizes = opts.sizes;
  const get = (s, key) => cells.get(`${s}|${key}`);
  const lines = [];
  const head = ['scenario'];
  for (const n of pgSizes)
    head.push(`decorest + PG, N=${fmt.n(n)}`, `bare pg, N=${fmt.n(n)}`, 'decorest ÷ bare');
  head.push(`decorest file store, N=${fmt.n(opts.fileSize)}`);
  head.push(`PG ÷ file (N=${fmt.n(pgSizes[0])})`);
  lines.push(`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`);
  for (const s of SCENARIO_LIST) {
    const row = [`${s} (${SCENARIOS[s].describe})`];
    for (const n of pgSizes) {
      const d = get(s, `decorest-pg-${n}`);
      const b = get(s, `bare-${n}`);
      row.push(fmt.rps(d?.rps), fmt.rps(b?.rps), fmt.ratio(ratio(d, b)));
    }
    const f = get(s, 'file');
    row.push(fmt.rps(f?.rps), fmt.ratio(ratio(get(s, `decorest-pg-${pgSizes[0]}`), f)));
    lines.push(`| ${row.join(' | ')} |`);
  }
  const rpsTable = lines.join('\n');

  // The same comparison by CPU: µs of the server's CPU per answered request.
  const cpuLines = [];
  const cpuHead = ['scenario'];
  for (const n of pgSizes)
    cpuHead.push(`decorest + PG, N=${fmt.n(n)}`, `bare pg, N=${fmt.n(n)}`, 'bare ÷ decorest');
  cpuHead.push(`decorest file store, N=${fmt.n(opts.fileSize)}`);
  cpuLines.push(`| ${cpuHead.join(' | ')} |`, `|${cpuHead.map(() => ' --- ').join('|')}|`);
  for (const s of SCENARIO_LIST) {
    const row = [s];
    for (const n of pgSizes) {
      const d = get(s, `decorest-pg-${n}`);
      const b = get(s, `bare-${n}`);
      row.push(
        fmt.whole(d?.serverUs),
        fmt.whole(b?.serverUs),
        fmt.ratio(b?.serverUs / d?.serverUs),
      );
    }
    row.push(fmt.whole(get(s, 'file')?.serverUs));
    cpuLines.push(`| ${row.join(' | ')} |`);
  }
  const cpuTable = cpuLines.join('\n');

  const lat = [
    '| scenario | server | N | req/s (min–max of rounds) | p50 ms | p99 ms | server CPU, µs/req | PostgreSQL CPU, µs/req | % of a core: server, PostgreSQL, load generator, rest of the machine |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const s of SCENARIO_LIST) {
    for (const e of entries) {
      const c = get(s, e.key);
      if (!c) continue;
      const u = c.cpu;
      const rest = u.machine - u.groups.server - u.postgres - u.generator;
      lat.push(
        `| ${s} | ${e.label} | ${fmt.n(e.n)} | ${fmt.rps(c.rps)} (${fmt.rps(c.minRps)}–${fmt.rps(c.maxRps)}) | ${fmt.ms(c.p50)} | ${fmt.ms(c.p99)} | ${fmt.whole(c.serverUs)} | ${e.key === 'file' ? '–' : fmt.whole(c.postgresUs)} | ${[u.groups.server, u.postgres, u.generator, rest].map(fmt.whole).join(', ')} |`,
      );
    }
  }
  const detailTable = lat.join('\n');

  const st = [
    '| server | N | start, spawn → first 200 (median of starts; all) | RSS at ready, MiB (median; all) |',
    '| --- | --- | --- | --- |',
  ];
  for (const e of entries) {
    const rss = [...e.rssProbes, e.rss];
    st.push(
      `| ${e.label} | ${fmt.n(e.n)} | ${fmt.whole(median(e.startMs))} ms (${e.startMs.map(fmt.whole).join(', ')}) | ${fmt.whole(median(rss))} (${rss.map(fmt.whole).join(', ')}) |`,
    );
  }
  const startTable = st.join('\n');

  let twoTable = '';
  if (two && Object.keys(two).length) {
    const t = [
      '| reads | one server, req/s | two servers, req/s (each) | two ÷ one | % of a core, one → two: decorest servers | PostgreSQL | load generators | rest of the machine |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ];
    for (const [s, { one, two: both }] of Object.entries(two)) {
      t.push(
        `| ${s} | ${fmt.rps(one.rps)} | ${fmt.rps(both.rps)} (${both.perServer.map(fmt.rps).join(' + ')}) | ${fmt.ratio(both.rps / one.rps)} | ${fmt.whole(one.cpu.groups.servers)} → ${fmt.whole(both.cpu.groups.servers)} | ${fmt.whole(one.cpu.postgres)} → ${fmt.whole(both.cpu.postgres)} | ${fmt.whole(one.cpu.generator)} → ${fmt.whole(both.cpu.generator)} | ${fmt.whole(restOf(one.cpu))} → ${fmt.whole(restOf(both.cpu))} |`,
      );
    }
    twoTable = t.join('\n');
  }

  // Targets.
  const targets = [];
  for (const s of SCENARIO_LIST) {
    for (const n of pgSizes) {
      const d = get(s, `decorest-pg-${n}`);
      const b = get(s, `bare-${n}`);
      const r = ratio(d, b);
      const byCpu = b?.serverUs / d?.serverUs;
      targets.push(
        `- ${s} at N=${fmt.n(n)}: decorest ${fmt.ratio(r)} the bare pg server's req/s (target ≥ 0.8×): ${r >= 0.8 ? 'met' : 'MISSED'}; by server CPU per request ${fmt.ratio(byCpu)}`,
      );
    }
  }
  const dec = entries.filter((e) => e.key.startsWith('decorest-pg-'));
  if (dec.length >= 2) {
    const [a, b] = [dec[0], dec[dec.length - 1]];
    const sa = median(a.startMs);
    const sb = median(b.startMs);
    const ra = median([...a.rssProbes, a.rss]);
    const rb = median([...b.rssProbes, b.rss]);
    targets.push(
      `- start-up, N=${fmt.n(a.n)} → N=${fmt.n(b.n)}: ${fmt.whole(sa)} → ${fmt.whole(sb)} ms (${fmt.ratio(sb / sa)}); RSS at ready ${fmt.whole(ra)} → ${fmt.whole(rb)} MiB (${fmt.ratio(rb / ra)}); ${sb / sa < 1.25 && rb / ra < 1.25 ? 'does not grow with N (target met)' : 'GROWS with N'}`,
    );
  }
  const fullReads = sql.fullReads;
  targets.push(
    fullReads.length === 0
      ? `- no statement decorest sent returned more than ${fmt.n(1000)} rows a call, at start-up or under load: no full-table read into the server`
      : `- statements decorest sent that returned more than ${fmt.n(1000)} rows a call: ${fullReads.map((s) => `\`${s.query}\` (${s.calls} calls)`).join('; ')}`,
  );
  if (two && Object.keys(two).length) {
    for (const [s, { one, two: both }] of Object.entries(two)) {
      const r = both.rps / one.rps;
      targets.push(
        `- two servers on one database, ${s}: ${fmt.ratio(r)} one server (target ≥ 1.5×): ${r >= 1.5 ? 'met' : `missed; the machine was ${fmt.whole(both.cpu.machine)} % busy of ${os.cpus().length * 100} %: the decorest servers ${fmt.whole(both.cpu.groups.servers)} %, PostgreSQL ${fmt.whole(both.cpu.postgres)} %, the load generators ${fmt.whole(both.cpu.generator)} %, other work ${fmt.whole(restOf(both.cpu))} %`}`,
      );
    }
  }

  if (lists) targets.push(...lists.targets);
  const sqlLines = sql.lines;
  const md = `# PostgreSQL bench (issues 26, 44)

Written by \`${meta.command}\` (bench/postgres.mjs); do not edit by hand. ${meta.date}, ${meta.revision}.

Machine: ${meta.cpu}, ${meta.cores} cores, ${meta.os}, Node ${meta.node}, ${meta.postgres}; ${meta.load}. ${meta.cpus}. Load generator: ${meta.client}, ${opts.connections} connections per generator, ${opts.duration} s cells × ${opts.rounds} interleaved rounds (the median round shown), ${opts.warmup} s warm-up. Run took ${meta.elapsed}.

The machine is shared with other work: absolute figures are noisy; compare the ratios, measured in the same run with the targets interleaved.

## Requests per second

${rpsTable}

Server CPU per answered request, µs (median over the rounds; steadier than req/s when other work takes the cores, since a server given less CPU answers fewer requests at about the same cost each):

${cpuTable}

- **decorest + PG**: \`decorest serve <todo example> --database postgres://…\`, pool of ${POOL_SIZE} (pg's default, core/src/persistence/postgres/sql.ts).
- **bare pg**: bench/bare-pg-server.mjs, \`node:http\` + \`pg\`, pool of ${POOL_SIZE}, the same SQL text (checked below), the same JSON bodies and headers: what a Node server on this database does at best.
- **file store**: \`decorest serve\` of the same models on its data folder (NeDB datafiles), N=${fmt.n(opts.fileSize)}.

## Targets

${targets.join('\n')}

## Per cell: latency and CPU

CPU is measured from /proc over the cell (server: its process; PostgreSQL: the postmaster and its backends), divided by the requests answered; machine busy is every CPU, other workers included.

${detailTable}

## Start-up and memory

Spawn → first 200 on \`GET ${READY_PATH}\`, polled every ${START_POLL_MS} ms; RSS ${RSS_SETTLE_MS} ms after. Ready is a byId, the same lookup at every size.

${startTable}

${lists ? `${lists.section}\n` : ''}${twoTable ? `## Two servers on one database\n\nN=${fmt.n(opts.twoSize)}. One decorest server loaded by one generator (${opts.connections} connections), then two decorest servers on the same database loaded at once, one generator each (${opts.connections} connections each), interleaved by round. Both generators share CPU ${meta.clientCpu}.\n\n${twoTable}\n` : ''}
## SQL seen by PostgreSQL (pg_stat_statements)

Role \`postgres\` is decorest, \`bare\` the bare server; rows per call and mean execution time in the database.

${sqlLines.join('\n')}

## Notes

${[...meta.notes, ...problems.map((p) => `PROBLEM: ${p}`)].map((n) => `- ${n}`).join('\n')}
`;
  return { md, rpsTable, cpuTable, twoTable, targets, startTable };
}

// ---------------------------------------------------------------- main

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

    await startEntries(entries, opts, running);
    // Start-up's statements are counted with the load's: a full-table read would show either way.
    const cells = await runScenarios(entries, opts, cluster, problems);

    let two;
    if (opts.two) {
      const one = entries.find((e) => e.key === `decorest-pg-${opts.twoSize}`);
      const port = await freePort();
      const second = {
        ...one,
        key: 'second',
        label: 'decorest + PostgreSQL (second server)',
        args: [
          decorestCli(),
          'serve',
          one.dir,
          '--port',
          String(port),
          '--quiet',
          '--database',
          cluster.url(one.db),
        ],
        base: `http://${HOST}:${port}`,
        startMs: [],
        rssProbes: [],
        acked: new Set(),
      };
      try {
        const { handle } = await startTimed(second, opts.serverCpus, notes);
        running.add(handle);
        second.handle = handle;
        two = await runTwoServers(one, second, opts, cluster, problems);
      } catch (error) {
        problems.push(`two servers on one database: ${error.message.split('\n')[0]}`);
      }
    }

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

    // What each server sent: the same text; no statement of decorest's returns a whole table.
    const sqlLines = [];
    const fullReads = [];
    for (const n of opts.sizes) {
      const rows = statements(cluster, `todos_${n}`).filter(
        (s) => s.role === 'postgres' || s.role === 'bare',
      );
      const bare = rows.filter(
        (s) => s.role === 'bare' && !/^SELECT \$1$|^SELECT 1$/.test(s.query),
      );
      const dec = rows.filter((s) => s.role === 'postgres');
      const decTexts = new Set(dec.map((s) => s.query));
      const same = bare.every((s) => decTexts.has(s.query));
      sqlLines.push(
        `N=${fmt.n(n)}: every statement of the bare server is one decorest sent, byte for byte: ${same ? 'yes' : 'NO'}.`,
        '',
        '| role | calls | rows/call | mean ms in PostgreSQL | statement |',
        '| --- | --- | --- | --- | --- |',
        ...rows
          .filter((s) => s.calls >= 1 && !/pg_stat_statements|CREATE EXTENSION/.test(s.query))
          .slice(0, 14)
          .map(
            (s) =>
              `| ${s.role} | ${fmt.n(s.calls)} | ${(s.rows / s.calls).toFixed(1)} | ${s.meanMs} | \`${s.query.replaceAll('|', '\\|').slice(0, 220)}\` |`,
          ),
        '',
      );
      if (!same) problems.push(`N=${fmt.n(n)}: the bare server sent SQL decorest did not`);
      for (const s of dec)
        if (s.rows / s.calls > 1000 && !/^(COPY|VACUUM|SELECT setval)/i.test(s.query))
          fullReads.push(s);
    }

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
      sql: { lines: sqlLines, fullReads },
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
