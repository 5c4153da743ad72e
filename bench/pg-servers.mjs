// Starting the PostgreSQL section's servers: each timed from spawn to its first 200 (start-up
// must not grow with N), interleaved over the entries, with RSS read once it has settled.
import { setTimeout as sleep } from 'node:timers/promises';

import { READY_PATH, RSS_SETTLE_MS, START_POLL_MS } from './pg-settings.mjs';
import { rssMiB, startChild, stopChild, waitReady } from './processes.mjs';
import { fmt } from './report-format.mjs';

const log = (line) => process.stderr.write(`${line}\n`);

export function entryName(e) {
  return `${e.label} (N=${fmt.n(e.n)})`;
}

/**
 * Spawns the entry's server and times spawn → first 200. Another engineer's build may be
 * rewriting core/dist at that moment (a bundle chunk missing for a second): a start that fails
 * is retried twice, 3 s apart, and said so in the notes; such a start is not among the timed ones.
 */
export async function startTimed(entry, cpus, notes = []) {
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
export async function startEntries(entries, opts, running) {
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
