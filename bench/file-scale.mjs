#!/usr/bin/env node
// The file store at a million records (issue 44): `decorest serve` on a data folder of
// 1,000,000 todos and 10,000 users, and the pages a frontend asks for (a first page, a filtered
// page, a user's todos, a deep offset, sorts by id and by plain fields, a search), each as a
// ratio to the same server's `GET /todos/:id` in the same round. Every cell is checked once
// before its load against the answer worked out here from the generated records, exact
// `X-Total-Count` included: a fast wrong page never passes for a fast server.
//
// `node bench/file-scale.mjs [--n 1000000] [--quick] [--no-write] …` writes
// bench/FILE-SCALE-RESULTS.md; `npm run bench -- --file-scale` runs it instead of the main bench.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { describeSplit, pinSelf, planCpuSplit } from './cpu-split.mjs';
import { generateData, writeNedbFile } from './data.mjs';
import { FILE_CELLS, withPriority, WRITE_CELLS } from './file-scale-cells.mjs';
import { pickClient } from './load.mjs';
import {
  describeExit,
  freePort,
  HOST,
  httpJson,
  killAllSync,
  rssMiB,
  startChild,
  stopChild,
  waitReady,
} from './processes.mjs';
import { fmt, median } from './report.mjs';
import { ROOT, USER_MODEL } from './targets.mjs';

const log = (line) => process.stderr.write(`${line}\n`);
const RESULTS = join(ROOT, 'bench/FILE-SCALE-RESULTS.md');
const RSS_SETTLE_MS = 500;

/** The bench's Todo with one plain number field to sort on (issue 44's `_sort=priority`). */
const TODO_MODEL = `import { BelongTo, FromDataSource, Rest } from 'decorest';

import { User } from './user.js';

@Rest
@FromDataSource
export class Todo {
  id!: number;
  content!: string;
  completed!: boolean;
  priority!: number;

  @BelongTo
  user?: User;
}
`;

export const FILE_SCALE_USAGE = `Usage: node bench/file-scale.mjs [options]

  --n <count>          todos (default 1000000; users are n / 100)
  --duration <s>       measured seconds per cell and round (default 2)
  --warmup <s>         unmeasured seconds before each cell's first round (default 1)
  --rounds <r>         rounds over every cell; each cell shows its median ratio (default 3)
  --connections <c>    keep-alive connections (default 10)
  --cells <list>       comma list of cells (default all: ${Object.keys(FILE_CELLS).join(', ')})
  --client <c>         auto (wrk when installed, else autocannon), wrk or autocannon
  --no-pin             do not pin the load generator to the first CPU
  --quick              N = 10000, 1 s cells, 1 round, no warm-up
  --no-writes          skip the write cells (PATCH and POST, after the reads and on a server
                       that never answered a list)
  --no-write           print only; leave bench/FILE-SCALE-RESULTS.md alone
  --keep               keep the temp folder
  -h, --help           this text`;

export function readFileScaleOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      n: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      rounds: { type: 'string' },
      connections: { type: 'string' },
      cells: { type: 'string' },
      client: { type: 'string', default: 'auto' },
      'no-pin': { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
      'no-writes': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const q = values.quick;
  const num = (name, text) => {
    const v = Number(text);
    if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} wants a number, got "${text}"`);
    return v;
  };
  const cells = values.cells?.split(',') ?? Object.keys(FILE_CELLS);
  for (const c of cells) if (!FILE_CELLS[c]) throw new Error(`--cells: no cell "${c}"`);
  return {
    help: values.help,
    quick: q,
    n: num('n', values.n ?? (q ? '10000' : '1000000')),
    duration: num('duration', values.duration ?? (q ? '1' : '2')),
    warmup: num('warmup', values.warmup ?? (q ? '0' : '1')),
    rounds: Math.max(1, num('rounds', values.rounds ?? (q ? '1' : '3'))),
    connections: num('connections', values.connections ?? '10'),
    cells: cells.includes('byId') ? cells : ['byId', ...cells],
    client: values.client,
    pin: !values['no-pin'],
    write: !values['no-write'],
    writes: !values['no-writes'],
    keep: values.keep,
  };
}

async function writeProject(dir, data) {
  await mkdir(join(dir, 'data'), { recursive: true });
  await writeFile(join(dir, 'todo.ts'), TODO_MODEL);
  await writeFile(join(dir, 'user.ts'), USER_MODEL);
  await writeNedbFile(join(dir, 'data/todos.db'), data.todos);
  await writeNedbFile(join(dir, 'data/users.db'), data.users);
}

/** `decorest serve dir` on the server CPUs, up and answering; RSS once it settled. */
async function startServer(dir, data, split, running) {
  const port = await freePort();
  const args = [join(ROOT, 'core/bin/decorest.js'), 'serve', dir, '--port', String(port)];
  const handle = startChild('decorest', [...args, '--quiet'], { cwd: dir, cpus: split.servers });
  running.add(handle);
  const base = `http://${HOST}:${port}`;
  const startMs = await waitReady(handle, `${base}/todos/1`, 300_000);
  await sleep(RSS_SETTLE_MS);
  const server = { handle, base, data, startMs, rssReady: rssMiB(handle) };
  log(`${dir}: ready in ${fmt.whole(startMs)} ms, RSS ${fmt.whole(server.rssReady)} MiB`);
  return server;
}

/** One cell under load, after checking its answer once (write cells have no check). */
async function loadCell(opts, server, cell, warm) {
  if (server.handle.exit) throw new Error(`the server exited: ${describeExit(server.handle)}`);
  const wrong = await cell.check?.(server.base, server.data);
  if (wrong) throw new Error(`wrong answer: ${wrong}`);
  const plan = cell.request(server.data);
  const run = async (durationSec) => {
    const result = await opts.driver.run({
      url: server.base,
      connections: opts.connections,
      durationSec,
      plan,
    });
    await drain(server);
    return result;
  };
  if (warm && opts.warmup > 0) await run(opts.warmup);
  return run(opts.duration);
}

/**
 * Waits until the server answered what the load generator left behind (a slow cell's requests
 * outlive its seconds): node answers in turn, so one more request comes back after them.
 */
async function drain(server) {
  await httpJson('GET', `${server.base}/todos/1`, undefined, 300_000);
}

/**
 * `rounds` passes over `names` (cells of `table`, byId first); per cell the median req/s and
 * the median of its per-round ratio to byId.
 */
async function measure(opts, server, table, names, problems) {
  const perRound = new Map(names.map((c) => [c, []]));
  for (let round = 0; round < opts.rounds; round++) {
    for (const name of names) {
      try {
        const r = await loadCell(opts, server, table[name], round === 0);
        perRound.get(name).push(r);
        log(
          `${name.padEnd(14)} ${fmt.rps(r.rps).padStart(8)} req/s  p50 ${fmt.ms(r.p50)} ms` +
            (r.errors + r.non2xx ? `  (${r.errors} errors, ${r.non2xx} non-2xx)` : '') +
            `  (round ${round + 1}/${opts.rounds})`,
        );
      } catch (error) {
        problems.push(`${name}: ${error.message}`);
        perRound.get(name).push(undefined);
      }
    }
  }
  const byId = perRound.get('byId');
  return names.map((name) => {
    const rs = perRound.get(name);
    const ratios = rs.map((r, i) => (r && byId[i] ? r.rps / byId[i].rps : NaN));
    const bad = rs.reduce((s, r) => s + (r ? r.errors + r.non2xx : 0), 0);
    if (bad) problems.push(`${name}: ${bad} errors or non-2xx answers under load`);
    return {
      name,
      describe: table[name].describe,
      target: table[name].target,
      rps: median(rs.map((r) => r?.rps)),
      p50: median(rs.map((r) => r?.p50)),
      ratio: median(ratios),
    };
  });
}

function table(rows) {
  const lines = [
    '| cell | request | req/s | p50 ms | ÷ byId | target |',
    '|---|---|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const ratio = r.name === 'byId' ? '1×' : fmt.ratio(r.ratio);
    const missed = r.target !== undefined && !(r.ratio >= r.target);
    lines.push(
      `| ${r.name} | \`${r.describe}\` | ${fmt.rps(r.rps)} | ${fmt.ms(r.p50)} | ${missed ? `**${ratio}**` : ratio} | ${r.target === undefined ? '' : `≥ ${r.target}×`} |`,
    );
  }
  return lines;
}

function resultsMarkdown({ opts, reads, writesAfter, writesFresh, servers, problems, split }) {
  const [read, fresh] = servers;
  const lines = [
    '# The file store at a million records (issue 44)',
    '',
    `Written by \`node bench/file-scale.mjs\` on ${new Date().toISOString().slice(0, 10)}: ` +
      `\`decorest serve\` on a data folder of ${fmt.n(opts.n)} todos and ` +
      `${fmt.n(read.data.users.length)} users, ${opts.driver.label}, ` +
      `${opts.connections} connections, ${opts.rounds} round(s) of ${opts.duration} s per cell; ` +
      `${describeSplit(split)}; node ${process.version}, ${os.cpus().length} CPUs.`,
    '',
    'Each ratio is the median over the rounds of the cell’s req/s over `GET /todos/:id` in the ' +
      'same round. Every read cell was checked once against the answer worked out from the ' +
      'generated records, exact `X-Total-Count` included. Targets are issue 44’s (stated for ' +
      'PostgreSQL).',
    '',
    `Start (spawn → first 200): ${fmt.whole(read.startMs)} ms; RSS at ready ` +
      `${fmt.whole(read.rssReady)} MiB, after the read cells ${fmt.whole(read.rssAfterReads)} MiB.`,
    '',
    '## Reads',
    '',
    ...table(reads),
    '',
    '## Writes',
    '',
    'On the same server after the reads (the indexes they built are kept up to date by every ' +
      'write):',
    '',
    ...table(writesAfter),
  ];
  if (writesFresh) {
    lines.push(
      '',
      `On a second server started on a copy of the same folder, which never answered a list ` +
        `(RSS at ready ${fmt.whole(fresh.rssReady)} MiB):`,
      '',
      ...table(writesFresh),
    );
  }
  if (problems.length) lines.push('', '## Problems', '', ...problems.map((p) => `- ${p}`));
  return `${lines.join('\n')}\n`;
}

/** The results file is checked by `npm run format`: written the way Prettier would. */
async function prettierFormatted(text) {
  try {
    const prettier = await import('prettier');
    const config = (await prettier.resolveConfig(RESULTS)) ?? {};
    return await prettier.format(text, { ...config, filepath: RESULTS });
  } catch {
    return text;
  }
}

export async function runFileScale(opts) {
  const split = planCpuSplit(opts.pin);
  if (split.client !== undefined) pinSelf(split);
  opts.driver = pickClient(opts.client);
  const dir = await mkdtemp(join(os.tmpdir(), 'decorest-file-scale-'));
  const running = new Set();
  const onExit = () => killAllSync(running);
  process.on('exit', onExit);
  const problems = [];
  try {
    log(`generating ${fmt.n(opts.n)} todos`);
    const data = withPriority(generateData(opts.n));
    await writeProject(join(dir, 'read'), data);
    if (opts.writes) await writeProject(join(dir, 'fresh'), data);

    const read = await startServer(join(dir, 'read'), data, split, running);
    const reads = await measure(opts, read, FILE_CELLS, opts.cells, problems);
    read.rssAfterReads = rssMiB(read.handle);
    const writeNames = ['byId', ...Object.keys(WRITE_CELLS)];
    const writeTable = { byId: FILE_CELLS.byId, ...WRITE_CELLS };
    let writesAfter = [];
    let writesFresh;
    let fresh;
    if (opts.writes) {
      writesAfter = await measure(opts, read, writeTable, writeNames, problems);
      await stopChild(read.handle);
      running.delete(read.handle);
      fresh = await startServer(join(dir, 'fresh'), data, split, running);
      writesFresh = await measure(opts, fresh, writeTable, writeNames, problems);
    }
    const text = resultsMarkdown({
      opts,
      reads,
      writesAfter,
      writesFresh,
      servers: [read, fresh],
      problems,
      split,
    });
    process.stdout.write(text);
    if (opts.write) {
      await writeFile(RESULTS, await prettierFormatted(text));
      log(`wrote ${RESULTS}`);
    }
    return { reads, problems };
  } finally {
    for (const h of running) await stopChild(h);
    process.off('exit', onExit);
    if (opts.keep) log(`kept ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const opts = readFileScaleOptions(process.argv.slice(2));
  if (opts.help) {
    process.stdout.write(`${FILE_SCALE_USAGE}\n`);
  } else {
    const { problems } = await runFileScale(opts);
    if (problems.length) process.exitCode = 1;
  }
}
