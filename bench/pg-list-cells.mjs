// The list cells of the PostgreSQL bench (issue 44), run by bench/postgres.mjs on its cluster:
// a database of N todos made by `db push` (bench/pg-queries.mjs), one decorest server on it,
// every read cell interleaved with byId round by round (the ratios are what the targets
// compare), then creates; and the choices for totals, measured once before the server starts.
import { join } from 'node:path';

import { loadQueryRows, measureTotals, queryCells, writeQueryProject } from './pg-queries.mjs';
import { freePort, HOST } from './processes.mjs';
import { fmt, median } from './report.mjs';
import { mergeRounds } from './rounds.mjs';

const log = (line) => process.stderr.write(`${line}\n`);

/**
 * Runs the cells at `data.n`. `helpers` are the section's own, passed by postgres.mjs:
 * `dbPush(dir, url)`, `decorestCli()` (pg-setup.mjs), `startTimed(entry, cpus, notes)`
 * (pg-servers.mjs), `loadCell(opts, name, entries, options)`, `usPerRequest(pct, result)`
 * (pg-load.mjs), `statements(cluster, db)` (pg-sql.mjs).
 */
export async function runListCells({ opts, cluster, workRoot, data, running, problems, helpers }) {
  const n = data.n;
  const db = `queries_${n}`;
  cluster.psql('bench', `CREATE DATABASE ${db};`);
  cluster.psql(db, 'CREATE EXTENSION pg_stat_statements;');
  const dir = join(workRoot, `queries-${n}`);
  await writeQueryProject(dir);
  const url = cluster.url(db);
  helpers.dbPush(dir, url);
  const t0 = performance.now();
  const { indexMs } = loadQueryRows(cluster, db, data, () => helpers.dbPush(dir, url));
  const loadMs = performance.now() - t0;
  const size = cluster.psql(db, "SELECT pg_size_pretty(pg_total_relation_size('todos'));").trim();
  log(`list cells: ${fmt.n(n)} todos loaded in ${fmt.whole(loadMs)} ms (${size} with indexes)`);
  const totals = measureTotals(cluster, db, opts.quick ? 1 : 3, opts.quick ? 1 : 3);
  log(
    `totals: count(*) ${fmt.ms(totals.countMs)} ms, counter ${fmt.ms(totals.counterMs)} ms; inserts ${fmt.whole(totals.plainTps)} → ${fmt.whole(totals.countedTps)} tps with the triggers`,
  );
  cluster.psql(db, 'VACUUM ANALYZE; SELECT pg_stat_statements_reset();');

  const port = await freePort();
  const entry = {
    key: `list-cells-${n}`,
    label: 'decorest + PostgreSQL',
    n,
    data,
    dir,
    cwd: dir,
    db,
    env: { DECOREST_CACHE_DIR: join(dir, '.start-up-cache') },
    args: [
      helpers.decorestCli(),
      'serve',
      dir,
      '--port',
      String(port),
      '--quiet',
      '--database',
      url,
    ],
    base: `http://${HOST}:${port}`,
    startMs: [],
    rssProbes: [],
    acked: new Set(),
  };
  const { handle } = await helpers.startTimed(entry, opts.serverCpus, []);
  running.add(handle);
  entry.handle = handle;

  const cells = queryCells(data);
  const reads = Object.keys(cells).filter((k) => k !== 'create');
  const acc = new Map(Object.keys(cells).map((k) => [k, []]));
  const run = async (name, round) => {
    try {
      const r = await helpers.loadCell(opts, name, [entry], {
        warm: round === 0,
        meterGroups: { server: [handle.child.pid] },
        cluster,
        scenario: cells[name],
      });
      acc.get(name).push(r);
      log(
        `list ${name.padEnd(12)} ${fmt.rps(r.rps).padStart(7)} req/s  server ${fmt.whole(r.cpu.groups.server)} %, postgres ${fmt.whole(r.cpu.postgres)} %` +
          (r.errors + r.non2xx ? `  (${r.errors} errors, ${r.non2xx} non-2xx)` : '') +
          `  (round ${round + 1}/${opts.rounds})`,
      );
    } catch (error) {
      problems.push(`list cell ${name}: ${error.message.split('\n')[0]}`);
    }
  };
  // Reads interleaved round by round (byId among them); creates after every read, since they
  // grow the table the read cells' checks count exactly.
  for (let round = 0; round < opts.rounds; round++)
    for (let i = 0; i < reads.length; i++) await run(reads[(i + round) % reads.length], round);
  for (let round = 0; round < opts.rounds; round++) await run('create', round);

  const merged = new Map();
  for (const [name, rs] of acc) {
    if (rs.length === 0) continue;
    const m = mergeRounds(rs);
    m.serverUs = median(rs.map((r) => helpers.usPerRequest(r.cpu.groups.server, r)));
    m.postgresUs = median(rs.map((r) => helpers.usPerRequest(r.cpu.postgres, r)));
    merged.set(name, m);
    if (m.errors + m.non2xx > 0)
      problems.push(`list cell ${name}: ${m.errors} errors, ${m.non2xx} non-2xx`);
  }
  const sql = helpers
    .statements(cluster, db)
    .filter((s) => s.role === 'postgres' && /^SELECT|^WITH|^INSERT/.test(s.query))
    .filter(
      (s) => !/pg_stat_statements|information_schema|pg_indexes|pg_class|pg_trigger/.test(s.query),
    )
    .slice(0, 14);
  return { n, cells, merged, totals, loadMs, indexMs, size, sql };
}

/** The section of POSTGRES-RESULTS.md, and the target lines. */
export function listCellsMarkdown(result) {
  const { n, cells, merged, totals } = result;
  const byId = merged.get('byId');
  const rows = [
    '| cell | request | req/s (min–max of rounds) | ÷ byId | target | p50 ms | p99 ms | server CPU, µs/req | PostgreSQL CPU, µs/req |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const targets = [];
  for (const [name, cell] of Object.entries(cells)) {
    const m = merged.get(name);
    const ratio = m && byId ? m.rps / byId.rps : NaN;
    const target = cell.target === undefined ? '–' : `≥ ${cell.target}×`;
    rows.push(
      `| ${name} | \`${cell.path}\` | ${fmt.rps(m?.rps)} (${fmt.rps(m?.minRps)}–${fmt.rps(m?.maxRps)}) | ${name === 'byId' ? '1×' : fmt.ratio(ratio)} | ${target} | ${fmt.ms(m?.p50)} | ${fmt.ms(m?.p99)} | ${fmt.whole(m?.serverUs)} | ${fmt.whole(m?.postgresUs)} |`,
    );
    if (cell.target !== undefined)
      targets.push(
        `- ${name} (\`${cell.path}\`) at N=${fmt.n(n)}: ${fmt.ratio(ratio)} byId (target ≥ ${cell.target}×): ${ratio >= cell.target ? 'met' : 'MISSED'}`,
      );
  }
  const sqlRows = [
    '| calls | rows/call | mean ms in PostgreSQL | statement |',
    '| --- | --- | --- | --- |',
    ...result.sql.map(
      (s) =>
        `| ${fmt.n(s.calls)} | ${(s.rows / s.calls).toFixed(1)} | ${s.meanMs} | \`${s.query.replaceAll('|', '\\|').slice(0, 260)}\` |`,
    ),
  ];
  const e = totals.estimate;
  const section = `## Lists at N=${fmt.n(n)} (issue 44)

One \`decorest serve --database\` on ${fmt.n(n)} todos (the example's Todo plus a plain \`priority: number\`, declared with no option) and ${fmt.n(n / 100)} users, tables and indexes made by \`decorest db push\`; ${fmt.n(n)} rows loaded with COPY in ${fmt.whole(result.loadMs)} ms (${fmt.whole(result.indexMs)} ms of it the second \`db push\` building the indexes), ${result.size} with its indexes. Every cell's answer was checked first against the data, its exact \`X-Total-Count\` included. The read cells are interleaved round by round, so each ratio to byId is measured in the same minutes; creates run after them.

${rows.join('\n')}

SQL of these cells as PostgreSQL saw it (pg_stat_statements):

${sqlRows.join('\n')}

## Totals: the choices (issue 44)

Measured on the same ${fmt.n(n)}-row table before the server started (EXPLAIN ANALYZE, median of 5; inserts with pgbench, 10 clients, the median run, on empty copies of the table with its indexes: one without a trigger, one with decorest's, one with a single counter row).

| choice | exact | a read of the whole table's total | inserts a second (10 connections) |
| --- | --- | --- | --- |
| \`count(*)\` in the page's statement (before) | yes | ${fmt.ms(totals.countMs)} ms | ${fmt.whole(totals.plainTps)} |
| **counters kept by statement triggers in the write's transaction, 16 slots a table (kept)** | yes: the page's snapshot reads them | ${fmt.ms(totals.counterMs)} ms | ${fmt.whole(totals.countedTps)} (${fmt.ratio(totals.countedTps / totals.plainTps)}) |
| the same with one counter row a table | yes | about the same | ${fmt.whole(totals.singleTps)} (${fmt.ratio(totals.singleTps / totals.plainTps)}): every insert queues on the row until the one before commits |
| PostgreSQL's estimate, \`pg_class.reltuples\` | no: analyzed empty, then ${fmt.n(e.actual)} inserts later it read ${fmt.n(e.reltuples)} (the counters: ${fmt.n(e.counter)}); it moves only when (auto)vacuum or ANALYZE runs | ${fmt.ms(totals.reltuplesMs)} ms | ${fmt.whole(totals.plainTps)} |
| a count cached until a change notification (\`decorest_records\`) | no: another server's write is counted only once its notification arrives, after the commit | a \`count(*)\` after every change | ${fmt.whole(totals.plainTps)} |

Kept: the counters. They are exact in every snapshot (the write's own transaction updates them), every server on the database reads the same ones, and a read costs nothing; the price is a trigger per write statement (the inserts column; in the HTTP cells above decorest's own work per request dwarfs it). A filter's total is counted through its index once, and cached by the server at the table's state (every write statement bumps a version in its slot); the page's own statement uses the cached count only while it reads that same state, so it stays exact too, and a write anywhere makes the next page count again. A deep page in id order starts from an anchor (the id at every 1,024th row) the server reads once the table held still for two deep pages, kept for that state in the same way.
`;
  return { section, targets };
}
