// Gives the load generator and the servers different cores. A client needs a core of its own to
// keep up with a fast server; left to the scheduler on two cores, client and
// server take turns on both, so the fastest cells measure the client and every ratio between
// fast targets is squeezed towards 1×. Every target is pinned alike, so no target gains from it.
import { execFileSync, spawnSync } from 'node:child_process';

/** Parses a Linux CPU list ("0-3,6") into CPU numbers. */
export function parseCpuList(text) {
  const cpus = [];
  for (const part of text.trim().split(',')) {
    const [from, to = from] = part.split('-').map(Number);
    if (!Number.isInteger(from) || !Number.isInteger(to) || to < from) {
      throw new Error(`not a CPU list: "${text}"`);
    }
    for (let cpu = from; cpu <= to; cpu++) cpus.push(cpu);
  }
  return cpus;
}

/** The CPUs this process may run on, as `taskset` reports them, or undefined without taskset. */
function allowedCpus() {
  const r = spawnSync('taskset', ['-c', '-p', String(process.pid)], { encoding: 'utf8' });
  if (r.status !== 0) return undefined;
  const list = /list:\s*(\S+)/.exec(r.stdout)?.[1];
  return list ? parseCpuList(list) : undefined;
}

/**
 * Decides the split: the first allowed CPU for this process (the load generator), the others for the
 * servers. Returns `{ client, servers }` as CPU-list strings, or `{ reason }` when it cannot.
 */
export function planCpuSplit(enabled) {
  if (!enabled) return { reason: 'turned off with --no-pin' };
  if (process.platform !== 'linux')
    return { reason: `taskset is Linux-only (${process.platform})` };
  const cpus = allowedCpus();
  if (!cpus) return { reason: 'taskset (util-linux) is not available' };
  if (cpus.length < 2) return { reason: `only one CPU is allowed (${cpus.join(',')})` };
  return { client: String(cpus[0]), servers: cpus.slice(1).join(',') };
}

/** Moves every thread of this process onto the client CPU; wrk, its child, inherits it. */
export function pinSelf(split) {
  execFileSync('taskset', ['-a', '-c', '-p', split.client, String(process.pid)], {
    stdio: 'ignore',
  });
}

/** Describes the split for the report. */
export function describeSplit(split) {
  return split.client === undefined
    ? `client and servers share every CPU (not pinned: ${split.reason})`
    : `load generator pinned to CPU ${split.client}, every server to CPU ${split.servers}`;
}
