// CPU accounting for the PostgreSQL section, from Linux /proc: on a 2-core machine CPU is what
// bounds the servers, so each cell reports who used it: the servers, PostgreSQL (postmaster and
// backends), the load generator and the rest of the machine.
import { readdirSync, readFileSync } from 'node:fs';

import { procTicks, TICKS } from './proc-cpu.mjs';

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
export function cpuMeter(groups, postmasterPid) {
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
