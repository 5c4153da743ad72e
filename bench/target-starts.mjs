// Serving every target at every size for `npm run bench` (bench/run.mjs): each target's files
// written, then timed starts (spawn → first 200) interleaved over the entries, decorest's first
// starts among them (issues 15, 27), and the last start of each kept up for the load, RSS after.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { buildCore } from './core-build.mjs';
import { timeFirstStart } from './first-start.mjs';
import { freePort, HOST, rssMiB, startChild, stopChild, waitReady } from './processes.mjs';
import { fmt } from './report-format.mjs';
import { TARGETS } from './targets.mjs';

/** Polling interval while timing a start: the cold-start figure is only as fine as this. */
export const START_POLL_MS = 10;
/** Settling after RSS-relevant moments, so a collection in progress is not what we read. */
export const RSS_SETTLE_MS = 500;

const log = (line) => process.stderr.write(`${line}\n`);

export const nameOf = (entry, labels) => `${labels[entry.target]} (N=${fmt.n(entry.n)})`;

/** Writes every target's files for every size; one entry per served (target, size). */
export async function prepareEntries(opts, datasets, workRoot, problems, labels) {
  const entries = [];
  for (const data of datasets) {
    for (const name of opts.targets) {
      const target = TARGETS[name];
      const avail = target.check(opts);
      if (avail.reason) {
        if (data === datasets[0])
          problems.push({ target: name, text: `${labels[name]} left out: ${avail.reason}` });
        continue;
      }
      const dir = join(workRoot, String(data.n), name);
      await mkdir(dir, { recursive: true });
      const port = await freePort();
      const { args, cwd } = await target.prepare(dir, data, port, opts);
      entries.push({
        target: name,
        n: data.n,
        data,
        dir,
        args,
        cwd,
        base: `http://${HOST}:${port}`,
        startMs: [],
        acked: new Set(),
      });
    }
  }
  return entries;
}

/**
 * Spawns the entry's server and times spawn → first 200 on its list route. A decorest that fails
 * to start is retried once after a rebuild (core/dist may be mid-rebuild by someone else).
 */
async function startTimed(entry, opts, notes, labels) {
  const url = entry.base + TARGETS[entry.target].routes.list;
  // Generous: json-server 1.x reads 100k records slowly; a cold start is measured, then judged.
  const timeout = 60_000 + entry.n;
  for (let attempt = 0; ; attempt++) {
    const handle = startChild(entry.target, entry.args, {
      cwd: entry.cwd,
      cpus: opts.split.servers,
      env: entry.env,
    });
    try {
      const ms = await waitReady(handle, url, timeout, START_POLL_MS);
      return { handle, ms };
    } catch (error) {
      await stopChild(handle);
      if (entry.target !== 'decorest' || attempt > 0) throw error;
      notes.push(
        `${nameOf(entry, labels)} failed to start once (${error.message.split('\n')[0]}); core/dist was rebuilt and the start retried. That start is not among the timed ones.`,
      );
      log(`${nameOf(entry, labels)} failed to start; rebuilding core and retrying`);
      buildCore(opts.decorestRoot);
    }
  }
}

/**
 * Cold starts: `spawns - 1` timed starts per entry that are stopped again (interleaved over the
 * entries, with decorest's first starts among them), then the start that stays up for the load,
 * also timed; RSS right after it.
 */
export async function startEntries(entries, opts, problems, notes, labels, running) {
  // Issue 15: one decorest start per size with an empty start-up cache, reported beside; the
  // cache it fills is the warm one of every later start.
  for (const entry of entries.filter((e) => e.target === 'decorest')) {
    entry.env = { DECOREST_CACHE_DIR: join(entry.cwd, '.start-up-cache') };
    try {
      const { handle, ms } = await startTimed(entry, opts, notes, labels);
      running.add(handle);
      entry.coldMs = ms;
      await stopChild(handle);
      running.delete(handle);
      log(`${nameOf(entry, labels)} start with an empty cache ${Math.round(ms)} ms`);
    } catch (error) {
      problems.push({ target: entry.target, text: `cold start failed: ${error.message}` });
    }
  }
  // Issue 27: first starts in folders never started from, each with an empty cache of its own,
  // one per round beside every target's cold start (json-server 1.x's is the bar), so drift over
  // the run moves both alike; a block of them before the others' starts moved the verdict.
  for (let round = 0; round < opts.spawns; round++) {
    for (const entry of entries) {
      if (entry.dead) continue;
      if (entry.target === 'decorest' && !entry.firstStartFailed) {
        try {
          await timeFirstStart(entry, round, {
            cpus: opts.split.servers,
            listRoute: TARGETS.decorest.routes.list,
            settleMs: RSS_SETTLE_MS,
            running,
            log,
          });
        } catch (error) {
          entry.firstStartFailed = true;
          problems.push({ target: entry.target, text: `first start failed: ${error.message}` });
        }
      }
      // The last start of each entry stays up for the load: below.
      if (round === opts.spawns - 1) continue;
      try {
        const { handle, ms } = await startTimed(entry, opts, notes, labels);
        running.add(handle);
        entry.startMs.push(ms);
        await stopChild(handle);
        running.delete(handle);
        log(`${nameOf(entry, labels)} cold start ${Math.round(ms)} ms (probe ${round + 1})`);
      } catch (error) {
        problems.push({
          target: entry.target,
          text: `${nameOf(entry, labels)} did not start: ${error.message}`,
        });
        entry.dead = true;
      }
    }
  }
  for (const entry of entries) {
    if (entry.dead) continue;
    try {
      const { handle, ms } = await startTimed(entry, opts, notes, labels);
      running.add(handle);
      entry.handle = handle;
      entry.startMs.push(ms);
      await sleep(RSS_SETTLE_MS);
      entry.rssLoaded = rssMiB(handle);
      log(
        `${nameOf(entry, labels)} ready in ${Math.round(ms)} ms, RSS ${fmt.whole(entry.rssLoaded)} MiB (pid ${handle.child.pid})`,
      );
    } catch (error) {
      problems.push({
        target: entry.target,
        text: `${nameOf(entry, labels)} did not start: ${error.message}`,
      });
      entry.dead = true;
    }
  }
}
