#!/usr/bin/env node
// `npm run bench`: decorest, a bare node:http baseline and json-server 0.17 / 1.x serve the same
// generated todos (and users) on 127.0.0.1, at every size of the run at once; autocannon loads
// each in turn per scenario (targets and sizes interleaved, so drift of the shared machine hits
// every cell alike), and one report comes out (issue 6): the cells, then cold start, RSS,
// durability of acknowledged writes, and the load time of a generated many-model project.
//
// Its parts, one job each: options.mjs (flags), core-build (the decorest served),
// target-starts (serving every target, timed starts), scenario-cells (the load),
// durability-check, model-starts (the many-model project, save-to-serve), results-output
// (tables, targets, RESULTS.md) and postgres-section (bench/postgres.mjs).
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { ensureCoreBuilt, revision } from './core-build.mjs';
import { describeSplit, pinSelf, planCpuSplit } from './cpu-split.mjs';
import { generateData } from './data.mjs';
import { checkWrites } from './durability-check.mjs';
import { FILE_SCALE_USAGE, readFileScaleOptions, runFileScale } from './file-scale.mjs';
import { pickClient, readsClient } from './load.mjs';
import { timeModelProjects, timeReload } from './model-starts.mjs';
import { readOptions, USAGE } from './options.mjs';
import { postgresSection } from './postgres-section.mjs';
import { killAllSync, rssMiB, stopChild } from './processes.mjs';
import { fmt } from './report-format.mjs';
import { printResults } from './results-output.mjs';
import { runScenarios } from './scenario-cells.mjs';
import { READ_SCENARIOS } from './scenarios.mjs';
import { prepareEntries, RSS_SETTLE_MS, startEntries } from './target-starts.mjs';
import { ROOT, TARGETS } from './targets.mjs';

const OWN_TARGETS = new Set(['decorest', 'baseline']);
const log = (line) => process.stderr.write(`${line}\n`);

/**
 * `npm run bench -- --file-scale …`: the file store at a million records alone (issue 44,
 * bench/file-scale.mjs), the options after the flag being that bench's own.
 */
async function fileScale(argv) {
  const opts = readFileScaleOptions(argv);
  if (opts.help) {
    console.log(FILE_SCALE_USAGE);
    return 0;
  }
  ensureCoreBuilt(ROOT, false);
  const { problems } = await runFileScale(opts);
  return problems.length > 0 ? 1 : 0;
}

async function main() {
  const startedAt = performance.now();
  const at = process.argv.indexOf('--file-scale');
  if (at >= 2) return fileScale(process.argv.slice(at + 1));
  const opts = readOptions(process.argv.slice(2));
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }
  if (opts.targets.includes('decorest')) ensureCoreBuilt(opts.decorestRoot, opts.build);
  opts.driver = pickClient(opts.client);
  opts.readsDriver = readsClient(opts.client, opts.driver);
  opts.split = planCpuSplit(opts.pin);
  if (opts.split.client !== undefined) pinSelf(opts.split);

  const labels = Object.fromEntries(opts.targets.map((t) => [t, TARGETS[t].label()]));
  const datasets = opts.sizes.map((n) => generateData(n));
  const loadBefore = os.loadavg()[0];
  const servedRevision = revision(opts.decorestRoot); // before the run: others may rebuild core
  const workRoot = await mkdtemp(join(os.tmpdir(), 'decorest-bench-'));
  const running = new Set();
  const problems = [];
  const eventNotes = [];
  let entries = [];
  let cells = [];
  let readCells = [];
  let models = [];
  let reload;
  const onSignal = (signal) => {
    killAllSync([...running]);
    if (!opts.keep) rmSync(workRoot, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('exit', () => killAllSync([...running]));

  try {
    log(
      `bench: ${opts.driver.name}; ${describeSplit(opts.split)}; N=${opts.sizes.map(fmt.n).join(', ')}, ${opts.duration} s cells × ${opts.rounds} round(s), ${opts.connections} connections, ${opts.spawns} start(s) per server, in ${workRoot}`,
    );
    entries = await prepareEntries(opts, datasets, workRoot, problems, labels);
    await startEntries(entries, opts, problems, eventNotes, labels, running);
    // Reads under both clients (issue 27), before any write cell changes the collections.
    const reads = opts.scenarios.filter((s) => READ_SCENARIOS.has(s));
    cells = await runScenarios(entries, opts, labels, problems, reads);
    // Issue 45: memory with the records' texts kept (byId has answered every record by now).
    await sleep(RSS_SETTLE_MS);
    for (const e of entries) {
      if (e.handle && !e.dead && !e.handle.exit && reads.length) e.rssAfterReads = rssMiB(e.handle);
    }
    if (opts.readsDriver) {
      const second = {
        ...opts,
        driver: opts.readsDriver,
        clientNote: ` (${opts.readsDriver.name})`,
      };
      log(`reads again under ${opts.readsDriver.label}`);
      readCells = await runScenarios(entries, second, labels, problems, reads);
    }
    const writes = opts.scenarios.filter((s) => !READ_SCENARIOS.has(s));
    cells.push(...(await runScenarios(entries, opts, labels, problems, writes)));
    for (const e of entries) {
      if (e.handle && !e.dead && !e.handle.exit) e.rssAfter = rssMiB(e.handle);
    }
    if (opts.scenarios.includes('create')) await checkWrites(entries, labels, problems);
    await Promise.all(entries.filter((e) => e.handle).map((e) => stopChild(e.handle)));
    running.clear();
    if (opts.models > 0 && entries.some((e) => e.target === 'decorest')) {
      models = await timeModelProjects(opts, workRoot, eventNotes, problems, running);
      const project = models.find((m) => m.count === opts.models);
      if (project) reload = await timeReload(opts, project.dir, problems);
    }
  } finally {
    await Promise.all([...running].map((h) => stopChild(h)));
    await Promise.all(entries.filter((e) => e.handle).map((e) => stopChild(e.handle)));
    if (opts.keep) log(`kept ${workRoot}`);
    else await rm(workRoot, { recursive: true, force: true });
  }

  await printResults({
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
  });
  const postgresFailed = opts.postgres ? await postgresSection(opts) : false;
  return problems.some((p) => OWN_TARGETS.has(p.target)) || postgresFailed ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`bench: ${error.message}`);
    process.exitCode = 1;
  },
);
