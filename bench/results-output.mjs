// What `npm run bench` prints and writes once the servers are down: the scenario tables, the
// start-up table, the targets of issues 6, 15, 27 and 45, the problems, and bench/RESULTS.md.
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';

import { describeSplit } from './cpu-split.mjs';
import { issue15Lines } from './issue15.mjs';
import { issue27Lines } from './issue27.mjs';
import { issue45Lines } from './issue45.mjs';
import { runNotes } from './notes.mjs';
import {
  resultsMarkdown,
  resultsTable,
  startupTable,
  studioSection,
  targetLines,
} from './report.mjs';
import { RSS_SETTLE_MS, START_POLL_MS } from './target-starts.mjs';
import { ROOT } from './targets.mjs';

const log = (line) => process.stderr.write(`${line}\n`);

/** RESULTS.md is checked by `npm run format`: write it the way Prettier would. */
async function prettierFormatted(file, text) {
  try {
    const prettier = await import('prettier');
    const config = (await prettier.resolveConfig(file)) ?? {};
    return await prettier.format(text, { ...config, filepath: file });
  } catch {
    return text;
  }
}

/**
 * Prints the run's tables, targets and problems; with `opts.write`, writes bench/RESULTS.md
 * (the machine, the command and the notes around them).
 */
export async function printResults({
  startedAt,
  opts,
  labels,
  entries,
  cells,
  readCells,
  models,
  reload,
  problems,
  eventNotes,
  loadBefore,
  servedRevision,
}) {
  const table = resultsTable(cells, labels, opts);
  const readTable = readCells.length ? resultsTable(readCells, labels, opts) : undefined;
  const served = entries.filter((e) => e.startMs.length);
  const startup = startupTable(served, labels, { ...opts, models });
  const targets = targetLines(cells, served, opts.sizes, models);
  const targets15 = issue15Lines({
    cells,
    entries: served,
    sizes: opts.sizes,
    models,
    reload,
    modelCount: opts.models,
  });
  const targets27 = issue27Lines({
    clients: [
      { name: opts.driver.name, cells },
      ...(readCells.length ? [{ name: opts.readsDriver.name, cells: readCells }] : []),
    ],
    entries: served,
    sizes: opts.sizes,
    reload,
  });
  const targets45 = issue45Lines({ cells, entries: served, sizes: opts.sizes });
  console.log(table);
  if (readTable) console.log(`\nReads under ${opts.readsDriver.label}\n\n${readTable}`);
  console.log(`\n${startup}`);
  if (targets.length) console.log(`\n${targets.join('\n')}`);
  if (targets15.length) console.log(`\n${targets15.join('\n')}`);
  if (targets27.length) console.log(`\n${targets27.join('\n')}`);
  if (targets45.length) console.log(`\n${targets45.join('\n')}`);
  for (const p of problems) console.log(`\nPROBLEM ${p.text}`);

  if (opts.write) {
    const cpus = os.cpus();
    const loadAfter = os.loadavg()[0];
    const minutes = (performance.now() - startedAt) / 60_000;
    const meta = {
      command: ['node bench/run.mjs', ...process.argv.slice(2)].join(' '),
      date: new Date().toISOString(),
      node: process.version,
      cpu: cpus[0]?.model ?? 'unknown CPU',
      cores: cpus.length,
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      load: `1-min load average ${loadBefore.toFixed(2)} at the start, ${loadAfter.toFixed(2)} at the end`,
      revision: servedRevision,
      cpus: describeSplit(opts.split),
      client: opts.driver.label,
      readsClient: opts.readsDriver?.label,
      elapsed: `${minutes.toFixed(1)} min`,
      ...opts,
    };
    const notes = runNotes({
      opts,
      loadBefore,
      loadAfter,
      cores: cpus.length,
      entries,
      startPollMs: START_POLL_MS,
      rssSettleMs: RSS_SETTLE_MS,
      extra: [...eventNotes, ...problems.map((p) => p.text)],
    });
    const file = join(ROOT, 'bench/RESULTS.md');
    const studioResults = await readFile(join(ROOT, 'bench/STUDIO-RESULTS.md'), 'utf8').catch(
      () => undefined,
    );
    const markdown = resultsMarkdown({
      meta,
      table,
      readTable,
      startup,
      targets,
      targets15,
      targets27,
      targets45,
      studio: studioSection(studioResults),
      notes,
    });
    await writeFile(file, await prettierFormatted(file, markdown));
    log('wrote bench/RESULTS.md');
  }
}
