#!/usr/bin/env node
// `npm run bench`: decorest, a bare node:http baseline and json-server 0.17 / 1.x serve the same
// generated todos (and users) on 127.0.0.1, at every size of the run at once; autocannon loads
// each in turn per scenario (targets and sizes interleaved, so drift of the shared machine hits
// every cell alike), and one report comes out (issue 6): the cells, then cold start, RSS,
// durability of acknowledged writes, and the load time of a generated many-model project.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { describeSplit, pinSelf, planCpuSplit } from './cpu-split.mjs';
import { generateData } from './data.mjs';
import { checkDurability } from './durability.mjs';
import { FILE_SCALE_USAGE, readFileScaleOptions, runFileScale } from './file-scale.mjs';
import { timeFirstStart } from './first-start.mjs';
import { issue15Lines } from './issue15.mjs';
import { issue27Lines } from './issue27.mjs';
import { issue45Lines } from './issue45.mjs';
import { pickClient, readsClient } from './load.mjs';
import { writeModelProject } from './models.mjs';
import { runNotes } from './notes.mjs';
import { readOptions, USAGE } from './options.mjs';
import { readPostgresOptions, runPostgresBench, writePostgresResults } from './postgres.mjs';
import { cpuSince, usPerRequest } from './proc-cpu.mjs';
import {
  describeExit,
  freePort,
  HOST,
  httpJson,
  killAllSync,
  killChild,
  rssMiB,
  startChild,
  stopChild,
  waitReady,
} from './processes.mjs';
import { timeSaveToServe } from './reload.mjs';
import {
  badCount,
  fmt,
  median,
  resultsMarkdown,
  resultsTable,
  startupTable,
  studioSection,
  targetLines,
} from './report.mjs';
import { mergeRounds, roundOrder } from './rounds.mjs';
import { READ_SCENARIOS, SCENARIOS } from './scenarios.mjs';
import { ROOT, TARGETS } from './targets.mjs';

const OWN_TARGETS = new Set(['decorest', 'baseline']);
/** Polling interval while timing a start: the cold-start figure is only as fine as this. */
const START_POLL_MS = 10;
/** Settling after RSS-relevant moments, so a collection in progress is not what we read. */
const RSS_SETTLE_MS = 500;
const log = (line) => process.stderr.write(`${line}\n`);

function buildCore(root) {
  log(`building core (core/build.mjs: tsc -b core, then the CLI bundle) in ${root} ...`);
  // A snapshot from before the bundle (issue 15) has no build script: tsc alone builds it.
  const script = join(root, 'core/build.mjs');
  const args = existsSync(script)
    ? [script]
    : [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'core'];
  const r = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('core/build.mjs failed; the bench needs core/dist');
}

function ensureCoreBuilt(root, force) {
  if (force || !existsSync(join(root, 'core/dist/cli/main.js'))) buildCore(root);
}

function revision(root) {
  const git = (...args) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout?.trim();
  const head = git('rev-parse', '--short', 'HEAD') || 'unknown commit';
  const dirty = git('status', '--porcelain', '--', 'core') ? ' + uncommitted changes in core/' : '';
  const from = root === ROOT ? '' : `; core served from ${root}, not this checkout`;
  // tsc -b rewrites its build info on every build, even when no output changed.
  const info = join(root, 'core/dist/.tsbuildinfo');
  const built = existsSync(info)
    ? `; core/dist last built ${statSync(info).mtime.toISOString()}`
    : '';
  return `checkout at ${head}${dirty}${from}${built}`;
}

const nameOf = (entry, labels) => `${labels[entry.target]} (N=${fmt.n(entry.n)})`;

/** Writes every target's files for every size; one entry per served (target, size). */
async function prepareEntries(opts, datasets, workRoot, problems, labels) {
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
async function startEntries(entries, opts, problems, notes, labels, running) {
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

async function runScenarios(entries, opts, labels, problems, scenarios = opts.scenarios) {
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

/** Kills each decorest with SIGKILL and looks for every id it answered 201 for. */
async function checkWrites(entries, labels, problems) {
  for (const entry of entries.filter((e) => e.target === 'decorest' && e.handle && !e.dead)) {
    await killChild(entry.handle);
    const file = TARGETS.decorest.datafile(entry.dir);
    try {
      entry.durability = await checkDurability(file, entry.acked);
    } catch (error) {
      problems.push({
        target: 'decorest',
        text: `${nameOf(entry, labels)}: cannot read ${file}: ${error.message}`,
      });
      continue;
    }
    const d = entry.durability;
    log(
      `${nameOf(entry, labels)} killed after create: acknowledged ${d.acked}, in datafile ${d.found} (${d.records} live records, ${d.lines} lines, ${d.bad} unreadable)`,
    );
    if (d.missing.length) {
      problems.push({
        target: 'decorest',
        text: `${nameOf(entry, labels)}: ${d.missing.length} acknowledged creates are not in ${file} after SIGKILL (e.g. ids ${d.missing.slice(0, 10).join(', ')})`,
      });
    }
  }
}

/** Times `decorest serve <m-model project> --port 0` to its first 200, and a 1-model one. */
async function timeModelProjects(opts, workRoot, notes, problems, running) {
  const projects = [];
  for (const count of [...new Set([opts.models, 1])]) {
    const dir = join(workRoot, `models-${count}`);
    const route = await writeModelProject(dir, count);
    projects.push({ count, dir, route, records: count * 10, startMs: [] });
  }
  const cli = join(opts.decorestRoot, 'core/bin/decorest.js');
  for (let round = 0; round < opts.spawns; round++) {
    for (const p of projects) {
      const handle = startChild(
        `decorest ${p.count}-model`,
        [cli, 'serve', p.dir, '--port', '0', '--quiet'],
        { cwd: p.dir, cpus: opts.split.servers },
      );
      running.add(handle);
      const url = (output) => {
        const at = / at (http:\/\/[^\s]+)/.exec(output)?.[1];
        return at && at + p.route;
      };
      try {
        const ms = await waitReady(handle, url, 60_000, START_POLL_MS);
        p.startMs.push(ms);
        log(`decorest ${p.count}-model project: first 200 in ${Math.round(ms)} ms`);
      } catch (error) {
        problems.push({
          target: 'decorest',
          text: `${p.count}-model project did not start: ${error.message}`,
        });
        await stopChild(handle);
        running.delete(handle);
        return projects.filter((x) => x.startMs.length);
      }
      await stopChild(handle);
      running.delete(handle);
    }
  }
  notes.push(
    `The ${opts.models}-model project: ${opts.models} generated model files (4 fields each, a tree of @BelongTo/@HasMany relations with circular imports between parent and child, 10 records each); timed from spawn of \`decorest serve <dir> --port 0 --quiet\` to the first 200 on its first model's list, like cold start. The 1-model row is the same with one model, for the fixed cost of starting Node and decorest.`,
  );
  return projects;
}

/** Issue 15's save-to-serve loop on the m-model project (bench/reload.mjs). */
async function timeReload(opts, dir, problems) {
  try {
    return await timeSaveToServe({
      cli: join(opts.decorestRoot, 'core/bin/decorest.js'),
      dir,
      repeats: opts.quick ? 2 : 7,
      cpus: opts.split.servers,
      log,
    });
  } catch (error) {
    problems.push({ target: 'decorest', text: `save-to-serve loop failed: ${error.message}` });
    return undefined;
  }
}

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
  const postgresFailed = opts.postgres ? await postgresSection(opts) : false;
  return problems.some((p) => OWN_TARGETS.has(p.target)) || postgresFailed ? 1 : 0;
}

/**
 * The PostgreSQL section (bench/postgres.mjs, issue 26), after the rest: its own cluster, its own
 * sizes (100,000 and 1,000,000), the same load generator and CPU split; its own results file.
 */
async function postgresSection(opts) {
  const pg = readPostgresOptions([
    ...(opts.quick ? ['--quick'] : []),
    ...(opts.write ? [] : ['--no-write']),
    ...(opts.keep ? ['--keep'] : []),
  ]);
  Object.assign(pg, { driver: opts.driver, split: opts.split, pin: opts.pin });
  try {
    const result = await runPostgresBench(pg, {
      command: `node bench/run.mjs ${process.argv.slice(2).join(' ')}`.trim(),
    });
    if (result.skipped) {
      console.log(`\nPostgreSQL section skipped: ${result.skipped}`);
      return false;
    }
    console.log(`\nPostgreSQL (bench/postgres.mjs)\n\n${result.summary}`);
    for (const p of result.problems) console.log(`\nPROBLEM (PostgreSQL) ${p}`);
    if (pg.write) await writePostgresResults(result.markdown);
    return result.problems.length > 0;
  } catch (error) {
    console.log(`\nPROBLEM (PostgreSQL) the section failed: ${error.message}`);
    return true;
  }
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
