// The load of `npm run bench`: one cell is one target at one size under one scenario, checked
// for a right answer first; a scenario runs every live entry in interleaved rounds (drift of the
// shared machine hits every cell alike) and keeps each cell's median round and per-round figures.
import { setTimeout as sleep } from 'node:timers/promises';

import { cpuSince, usPerRequest } from './proc-cpu.mjs';
import { describeExit, httpJson } from './processes.mjs';
import { badCount, fmt, median } from './report-format.mjs';
import { mergeRounds, roundOrder } from './rounds.mjs';
import { READ_SCENARIOS, SCENARIOS } from './scenarios.mjs';
import { nameOf } from './target-starts.mjs';
import { TARGETS } from './targets.mjs';

const log = (line) => process.stderr.write(`${line}\n`);

async function runCell(opts, scenarioName, entry, labels, round) {
  const scenario = SCENARIOS[scenarioName];
  const target = TARGETS[entry.target];
  const cell = { scenario: scenarioName, target: entry.target, n: entry.n };
  if (entry.dead) return { ...cell, problem: 'server not running' };
  if (entry.handle.exit) {
    entry.dead = true;
    return { ...cell, problem: `server exited between cells: ${describeExit(entry.handle)}` };
  }
  const wrong = await scenario.check(entry.base, target, entry.data, entry).catch((e) => e.message);
  if (wrong) return { ...cell, problem: `wrong answer before load: ${wrong}` };
  const plan = scenario.request(target, entry.data, entry);
  const load = (durationSec) =>
    opts.driver.run({ url: entry.base, connections: opts.connections, durationSec, plan });
  if (round === 0 && opts.warmup > 0) await load(opts.warmup);
  // Issue 45: the server's CPU over the measured cell, per answered request (bench/proc-cpu.mjs).
  const cpu = cpuSince(entry.handle.child.pid);
  const result = await load(opts.duration);
  result.cpuUs = usPerRequest(cpu.end(), result.requests);
  if (entry.handle.exit) {
    entry.dead = true;
    return { ...cell, result, problem: `server died under load: ${describeExit(entry.handle)}` };
  }
  log(
    `${scenarioName.padEnd(8)} ${nameOf(entry, labels).padEnd(38)} ${fmt.rps(result.rps).padStart(7)} req/s` +
      `  ${fmt.ms(result.cpuUs)} µs CPU/req` +
      (opts.rounds > 1 ? `  (round ${round + 1}/${opts.rounds})` : '') +
      (result.errors + result.non2xx
        ? `  (${result.errors} errors, ${result.non2xx} non-2xx)`
        : ''),
  );
  return { ...cell, result };
}

/** After a write cell: one bounded read, so a target still writing its file is done first. */
async function settle(entry) {
  if (entry.dead || entry.handle.exit) return;
  await httpJson('GET', entry.base + TARGETS[entry.target].routes.list, undefined, 30_000).catch(
    () => undefined,
  );
}

export async function runScenarios(entries, opts, labels, problems, scenarios = opts.scenarios) {
  const cells = [];
  const live = entries.filter((e) => !e.dead);
  for (const scenarioName of scenarios) {
    const rounds = new Map(
      live.map((e) => [e, { results: [], byRound: [], usByRound: [], problem: undefined }]),
    );
    for (let round = 0; round < opts.rounds; round++) {
      for (const entry of roundOrder(live, round)) {
        const cell = await runCell(opts, scenarioName, entry, labels, round);
        const acc = rounds.get(entry);
        if (cell.result) acc.results.push(cell.result);
        acc.byRound[round] = cell.result?.rps ?? NaN;
        acc.usByRound[round] = cell.result?.cpuUs ?? NaN;
        if (cell.problem && !acc.problem) {
          acc.problem = cell.problem;
          const where = `${scenarioName} × ${nameOf(entry, labels)}${opts.clientNote ?? ''}`;
          problems.push({ target: entry.target, text: `${where}: ${cell.problem}` });
        }
        if (!READ_SCENARIOS.has(scenarioName)) await settle(entry);
        await sleep(200); // let the last in-flight requests settle before the next target
      }
    }
    for (const entry of live) {
      const { results, byRound, usByRound, problem } = rounds.get(entry);
      const result = results.length ? mergeRounds(results) : undefined;
      // roundRps: each round's req/s in round order (NaN where a round had no result), for ratioOf;
      // roundUs the same for server CPU per request, cpuUs its median (issue 45, cpuRatioOf).
      const { target, n } = entry;
      cells.push({
        scenario: scenarioName,
        target,
        n,
        result,
        roundRps: byRound,
        roundUs: usByRound,
        cpuUs: median(usByRound),
        problem,
      });
      if (!problem && result && badCount(result) > 0) {
        const where = `${scenarioName} × ${nameOf(entry, labels)}${opts.clientNote ?? ''}`;
        const statuses = JSON.stringify(result.statuses);
        const text = `${where}: ${result.errors} errors (${result.timeouts} timeouts), ${result.non2xx} non-2xx; statuses ${statuses}`;
        problems.push({ target: entry.target, text });
      }
    }
  }
  return cells;
}
