// The PostgreSQL section's load: one cell is one or more servers loaded at once with the CPU each
// side used; the scenarios run every entry in interleaved rounds (drift of the shared machine hits
// every entry alike) and keep each cell's median round.
import { setTimeout as sleep } from 'node:timers/promises';

import { cpuMeter } from './pg-cpu.mjs';
import { entryName } from './pg-servers.mjs';
import { ROUTES, SCENARIO_LIST } from './pg-settings.mjs';
import { describeExit } from './processes.mjs';
import { fmt, median } from './report-format.mjs';
import { mergeRounds, roundOrder } from './rounds.mjs';
import { SCENARIOS } from './scenarios.mjs';

const log = (line) => process.stderr.write(`${line}\n`);

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

export async function loadCell(
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
export function usPerRequest(pct, result) {
  return result.rps > 0 ? ((pct / 100) * 1e6) / result.rps : NaN;
}

export async function runScenarios(entries, opts, cluster, problems) {
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
