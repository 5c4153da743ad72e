// Issue 27's first start: a decorest project in a folder it has never been started from (a fresh
// clone, a CI checkout, a copied example) with an empty start-up cache, timed spawn → first 200,
// its RSS read at ready. Each start gets a fresh copy of the project and a fresh cache folder,
// so nothing from an earlier start (of this run or any other) can make it warm.
import { cp, mkdir, rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

import { rssMiB, startChild, stopChild, waitReady } from './processes.mjs';

/** The start-up cache decorest keeps beside a served bench project: never copied. */
export const CACHE_FOLDER = '.start-up-cache';

/**
 * Times first start `k` of `entry`'s project (a decorest bench entry: `dir`, `args`, `base`, `n`)
 * from a new copy `<dir>-first-<k>` and an empty cache, and appends to `firstStartMs` and
 * `firstStartRss` (MiB, `settleMs` after the first 200) on the entry. The copy is removed.
 */
export async function timeFirstStart(entry, k, { cpus, listRoute, settleMs, running, log }) {
  entry.firstStartMs ??= [];
  entry.firstStartRss ??= [];
  const dir = `${entry.dir}-first-${k}`;
  const cache = `${dir}-cache`;
  await cp(entry.dir, dir, {
    recursive: true,
    filter: (source) => !source.endsWith(`/${CACHE_FOLDER}`),
  });
  await mkdir(cache);
  const args = entry.args.map((a) => (a === entry.dir ? dir : a));
  const handle = startChild(`decorest first start ${k + 1}`, args, {
    cwd: dir,
    cpus,
    env: { DECOREST_CACHE_DIR: cache },
  });
  running.add(handle);
  try {
    entry.firstStartMs.push(await waitReady(handle, entry.base + listRoute, 60_000 + entry.n, 10));
    await sleep(settleMs);
    entry.firstStartRss.push(rssMiB(handle));
    log(
      `decorest (N=${entry.n}) first start in a new folder, empty cache: ${Math.round(entry.firstStartMs.at(-1))} ms, RSS ${Math.round(entry.firstStartRss.at(-1))} MiB`,
    );
  } finally {
    await stopChild(handle);
    running.delete(handle);
    await rm(dir, { recursive: true, force: true });
    await rm(cache, { recursive: true, force: true });
  }
}
