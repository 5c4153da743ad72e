// POSTGRES-RESULTS.md and the console summary of the PostgreSQL section: the req/s and CPU
// tables, the targets with their verdicts, latency, start-up, the two-servers table and the SQL.
import os from 'node:os';

import {
  POOL_SIZE,
  READY_PATH,
  RSS_SETTLE_MS,
  SCENARIO_LIST,
  START_POLL_MS,
} from './pg-settings.mjs';
import { fmt, median } from './report-format.mjs';
import { SCENARIOS } from './scenarios.mjs';

const ratio = (a, b) => (a && b ? a.rps / b.rps : NaN);
/** The machine's busy CPU that is neither the servers, PostgreSQL nor the load generator. */
const restOf = (cpu) =>
  cpu.machine - Object.values(cpu.groups).reduce((a, b) => a + b, 0) - cpu.postgres - cpu.generator;

export function report({ opts, meta, cells, entries, two, sql, problems, lists }) {
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
