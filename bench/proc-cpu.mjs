// CPU time of processes from Linux /proc, for the bench's CPU per answered request (issue 45;
// first written for the PostgreSQL section, bench/postgres.mjs). On a shared 2-core host a
// server given less CPU answers fewer requests at about the same cost each, so µs of server CPU
// per request is steadier than req/s, and a fair figure for a server faster than its client.
import { readFileSync } from 'node:fs';

/** USER_HZ on Linux: /proc/<pid>/stat counts CPU time in these ticks per second. */
export const TICKS = 100;

/**
 * utime + stime of `pid`, every thread of it (and, with `children`, cutime + cstime: its
 * reaped children's) in ticks; 0 when /proc cannot say (not Linux, process gone).
 */
export function procTicks(pid, children = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(f[11]) + Number(f[12]);
    return children ? own + Number(f[13]) + Number(f[14]) : own;
  } catch {
    return 0;
  }
}

/** Whether /proc reports CPU time here (Linux). */
export function procCpuAvailable() {
  try {
    readFileSync(`/proc/${process.pid}/stat`, 'utf8');
    return true;
  } catch {
    return false;
  }
}

/** Starts counting `pid`'s CPU; `end()` gives the CPU seconds it used since. */
export function cpuSince(pid) {
  const start = procTicks(pid);
  return { end: () => (procTicks(pid) - start) / TICKS };
}

/**
 * µs of CPU per answered request: `cpuSeconds` over the cell's answered requests; NaN when
 * nothing was answered or /proc gave nothing.
 */
export function usPerRequest(cpuSeconds, requests) {
  return requests > 0 && cpuSeconds > 0 ? (cpuSeconds * 1e6) / requests : NaN;
}
