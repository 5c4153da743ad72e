// Two decorest servers on one database against one (issue 26): on a 2-core machine the CPU of
// each side is what bounds them, so both runs report it.
import { setTimeout as sleep } from 'node:timers/promises';

import { loadCell } from './pg-load.mjs';
import { startTimed } from './pg-servers.mjs';
import { READS } from './pg-settings.mjs';
import { decorestCli } from './pg-setup.mjs';
import { freePort, HOST } from './processes.mjs';
import { fmt } from './report-format.mjs';
import { mergeRounds } from './rounds.mjs';

const log = (line) => process.stderr.write(`${line}\n`);

/** One decorest server loaded alone, then two on the same database loaded together. */
async function runTwoServers(one, two, opts, cluster, problems) {
  const out = {};
  for (const scenarioName of READS) {
    const acc = { one: [], two: [] };
    for (let round = 0; round < opts.rounds; round++) {
      const order = round % 2 === 0 ? ['one', 'two'] : ['two', 'one'];
      for (const which of order) {
        const entries = which === 'one' ? [one] : [one, two];
        try {
          const r = await loadCell(opts, scenarioName, entries, {
            warm: round === 0,
            meterGroups: { servers: entries.map((e) => e.handle.child.pid) },
            cluster,
          });
          acc[which].push(r);
          log(
            `${scenarioName.padEnd(7)} ${which === 'one' ? 'one decorest server ' : 'two decorest servers'} ${fmt.rps(r.rps).padStart(7)} req/s  node ${fmt.whole(r.cpu.groups.servers)} %, postgres ${fmt.whole(r.cpu.postgres)} %, machine ${fmt.whole(r.cpu.machine)} % of a core`,
          );
        } catch (error) {
          problems.push(`two servers, ${scenarioName}: ${error.message}`);
          return out;
        }
        await sleep(200);
      }
    }
    out[scenarioName] = { one: mergeRounds(acc.one), two: mergeRounds(acc.two) };
  }
  return out;
}

/**
 * A second decorest server on the first size's database, beside the one already up, then
 * {@link runTwoServers}; `undefined` when `--no-two`. A failure is a problem, not the end of the run.
 */
export async function twoServersOnOneDatabase({
  entries,
  opts,
  cluster,
  running,
  notes,
  problems,
}) {
  let two;
  if (opts.two) {
    const one = entries.find((e) => e.key === `decorest-pg-${opts.twoSize}`);
    const port = await freePort();
    const second = {
      ...one,
      key: 'second',
      label: 'decorest + PostgreSQL (second server)',
      args: [
        decorestCli(),
        'serve',
        one.dir,
        '--port',
        String(port),
        '--quiet',
        '--database',
        cluster.url(one.db),
      ],
      base: `http://${HOST}:${port}`,
      startMs: [],
      rssProbes: [],
      acked: new Set(),
    };
    try {
      const { handle } = await startTimed(second, opts.serverCpus, notes);
      running.add(handle);
      second.handle = handle;
      two = await runTwoServers(one, second, opts, cluster, problems);
    } catch (error) {
      problems.push(`two servers on one database: ${error.message.split('\n')[0]}`);
    }
  }
  return two;
}
