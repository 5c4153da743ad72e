#!/usr/bin/env node
// `npm run bench`: decorest, a bare node:http baseline and json-server 0.17 / 1.x serve the same
// generated todos on 127.0.0.1; autocannon loads each in turn per scenario (interleaved, so
// drift of the shared machine hits every target alike), and one table comes out (issue 6).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { generateData } from './data.mjs';
import { runLoad } from './load.mjs';
import { readOptions, USAGE } from './options.mjs';
import {
  describeExit,
  freePort,
  HOST,
  killAllSync,
  rssMiB,
  startChild,
  stopChild,
  waitReady,
} from './processes.mjs';
import { badCount, resultsMarkdown, resultsTable, startupTable, targetLines } from './report.mjs';
import { mergeRounds, roundOrder } from './rounds.mjs';
import { SCENARIOS } from './scenarios.mjs';
import { ROOT, TARGETS } from './targets.mjs';

const OWN_TARGETS = new Set(['decorest', 'baseline']);
const log = (line) => process.stderr.write(`${line}\n`);

function ensureCoreBuilt(root, force) {
  const dist = join(root, 'core/dist/cli/main.js');
  if (!force && existsSync(dist)) return;
  log(`building core (tsc -b core) in ${root} ...`);
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-b', 'core'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('tsc -b core failed; the bench needs core/dist');
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

async function startTargets(opts, data, workRoot, started, problems, labels) {
  for (const name of opts.targets) {
    const target = TARGETS[name];
    const avail = target.check(opts);
    if (avail.reason) {
      problems.push({ target: name, text: `${labels[name]} left out: ${avail.reason}` });
      continue;
    }
    const dir = join(workRoot, name);
    await mkdir(dir, { recursive: true });
    const port = await freePort();
    const { args, cwd } = await target.prepare(dir, data, port, opts);
    const handle = startChild(name, args, { cwd });
    started.push({ target: name, handle, base: `http://${HOST}:${port}` });
    const entry = started[started.length - 1];
    try {
      // Generous: json-server 1.x reads 100k records slowly; a cold start is measured, not judged.
      entry.readyMs = await waitReady(handle, entry.base + target.routes.list, 60_000 + opts.n);
      log(`${labels[name]} ready in ${Math.round(entry.readyMs)} ms (pid ${handle.child.pid})`);
    } catch (error) {
      problems.push({ target: name, text: `${labels[name]} did not start: ${error.message}` });
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

/** A busy shared machine changes more than the absolute figures: say so beside the table. */
function busyNote(load, cores) {
  if (load <= cores * 0.75) return [];
  return [
    `The machine was busy when this run started (1-min load ${load.toFixed(2)} on ${cores} cores, from other work): absolute req/s are far below a quiet machine's, and ratios between the fastest targets may be compressed too, since autocannon shares the same cores and a client-bound cell narrows the gap.`,
  ];
}

/** Says when a target ran on a Node older than its package declares (json-server 1.x). */
function engineNotes(started, opts) {
  const notes = [];
  for (const s of started) {
    const wanted = TARGETS[s.target].check(opts).engines?.node;
    const major = Number(/>=\s*(\d+)/.exec(wanted ?? '')?.[1]);
    if (major > Number(process.versions.node.split('.')[0]) && !s.dead) {
      notes.push(
        `${TARGETS[s.target].label()} declares engines.node "${wanted}"; it ran on ${process.version} here and answered every check before load.`,
      );
    }
  }
  return notes;
}

async function runCell(opts, scenarioName, entry, data, labels, round) {
  const scenario = SCENARIOS[scenarioName];
  const target = TARGETS[entry.target];
  const cell = { scenario: scenarioName, target: entry.target };
  if (entry.dead) return { ...cell, problem: 'server not running' };
  if (entry.handle.exit) {
    entry.dead = true;
    return { ...cell, problem: `server exited between cells: ${describeExit(entry.handle)}` };
  }
  const wrong = await scenario.check(entry.base, target, data).catch((e) => e.message);
  if (wrong) return { ...cell, problem: `wrong answer before load: ${wrong}` };
  const request = scenario.request(target, opts.n);
  const load = (durationSec) =>
    runLoad({ url: entry.base, connections: opts.connections, durationSec, request });
  if (opts.warmup > 0) await load(opts.warmup);
  const result = await load(opts.duration);
  if (entry.handle.exit) {
    entry.dead = true;
    return { ...cell, result, problem: `server died under load: ${describeExit(entry.handle)}` };
  }
  log(
    `${scenarioName.padEnd(7)} ${labels[entry.target].padEnd(26)} ${Math.round(result.rps)} req/s` +
      (opts.rounds > 1 ? `  (round ${round + 1}/${opts.rounds})` : '') +
      (result.errors + result.non2xx
        ? `  (${result.errors} errors, ${result.non2xx} non-2xx)`
        : ''),
  );
  return { ...cell, result };
}

async function main() {
  const opts = readOptions(process.argv.slice(2));
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }
  if (opts.targets.includes('decorest')) ensureCoreBuilt(opts.decorestRoot, opts.build);

  const labels = Object.fromEntries(opts.targets.map((t) => [t, TARGETS[t].label()]));
  const data = generateData(opts.n);
  const loadBefore = os.loadavg()[0];
  const servedRevision = revision(opts.decorestRoot); // before the run: others may rebuild core
  const workRoot = await mkdtemp(join(os.tmpdir(), 'decorest-bench-'));
  const started = [];
  const problems = [];
  const cells = [];
  const onSignal = (signal) => {
    killAllSync(started.map((s) => s.handle));
    if (!opts.keep) rmSync(workRoot, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('exit', () => killAllSync(started.map((s) => s.handle)));

  try {
    log(
      `bench: N=${opts.n}, ${opts.duration} s cells${opts.rounds > 1 ? ` × ${opts.rounds} rounds` : ''}, ${opts.connections} connections, in ${workRoot}`,
    );
    await startTargets(opts, data, workRoot, started, problems, labels);
    for (const scenarioName of opts.scenarios) {
      const rounds = new Map(started.map((e) => [e.target, { results: [], problem: undefined }]));
      for (let round = 0; round < opts.rounds; round++) {
        for (const entry of roundOrder(started, round)) {
          const cell = await runCell(opts, scenarioName, entry, data, labels, round);
          const acc = rounds.get(entry.target);
          if (cell.result) acc.results.push(cell.result);
          if (cell.problem && !acc.problem) {
            acc.problem = cell.problem;
            const where = `${scenarioName} × ${labels[entry.target]}`;
            problems.push({ target: entry.target, text: `${where}: ${cell.problem}` });
          }
          await sleep(200); // let the last in-flight writes settle before the next target
        }
      }
      for (const entry of started) {
        const { results, problem } = rounds.get(entry.target);
        const result = results.length ? mergeRounds(results) : undefined;
        cells.push({ scenario: scenarioName, target: entry.target, result, problem });
        if (!problem && result && badCount(result) > 0) {
          const where = `${scenarioName} × ${labels[entry.target]}`;
          const statuses = JSON.stringify(result.statuses);
          const text = `${where}: ${result.errors} errors (${result.timeouts} timeouts), ${result.non2xx} non-2xx; statuses ${statuses}`;
          problems.push({ target: entry.target, text });
        }
      }
    }
    for (const s of started) s.rss = s.dead ? undefined : rssMiB(s.handle);
  } finally {
    await Promise.all(started.map((s) => stopChild(s.handle)));
    if (opts.keep) log(`kept ${workRoot}`);
    else await rm(workRoot, { recursive: true, force: true });
  }

  const table = resultsTable(cells, labels, opts.rounds);
  console.log(table);
  const targets = targetLines(cells, opts.n);
  if (targets.length) console.log(`\n${targets.join('\n')}`);
  for (const p of problems) console.log(`\nPROBLEM ${p.text}`);

  if (opts.write) {
    const cpus = os.cpus();
    const meta = {
      command: ['node bench/run.mjs', ...process.argv.slice(2)].join(' '),
      date: new Date().toISOString(),
      node: process.version,
      cpu: cpus[0]?.model ?? 'unknown CPU',
      cores: cpus.length,
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      load: `1-min load average ${loadBefore.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end`,
      revision: servedRevision,
      ...opts,
    };
    const notes = [
      'The baseline keeps writes in memory only; decorest acknowledges a write once it is in its datafile, and both json-servers rewrite their whole db.json per write.',
      'json-server 1.x has no `_limit`: its list10 cell asks `?_page=1&_per_page=10`, the same ten records inside its pagination envelope. json-server 0.17 asks `?_limit=10`.',
      "create grows each target's collection by as many records as it answered, so the targets hold different sizes afterwards; patch touches only the original ids 1..N.",
      'Before each cell one request checks the answer (the right ten records, the right record, a 201 with an id, the merged record); a target that answers wrongly is not measured.',
      ...busyNote(loadBefore, cpus.length),
      ...engineNotes(started, opts),
      ...problems.map((p) => p.text),
    ];
    const startup = startupTable(
      started.filter((s) => s.readyMs !== undefined),
      labels,
    );
    const file = join(ROOT, 'bench/RESULTS.md');
    const markdown = resultsMarkdown({ meta, table, startup, targets, notes });
    await writeFile(file, await prettierFormatted(file, markdown));
    log('wrote bench/RESULTS.md');
  }
  return problems.some((p) => OWN_TARGETS.has(p.target)) ? 1 : 0;
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
