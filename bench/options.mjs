// Command-line options of `npm run bench` (bench/run.mjs).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { CLIENTS } from './load.mjs';
import { SCENARIO_NAMES } from './scenarios.mjs';
import { ROOT, TARGET_NAMES } from './targets.mjs';

export const USAGE = `Usage: node bench/run.mjs [options]

  --sizes <list>       comma list of collection sizes, all served at once and interleaved
                       (default 1000,100000: issue 6's two sizes and its 100k ÷ 1k scale ratio)
  --n <count>          one size only (same as --sizes <count>)
  --duration <s>       measured seconds per cell and round (default 2; whole seconds with wrk)
  --warmup <s>         unmeasured seconds before each cell's first round (default 1)
  --rounds <r>         interleaved rounds per scenario; each cell shows its median round
                       (default 9: short cells, many rounds, against bursts of other work; with 5
                       the same cell's median moved by up to 25 % between runs)
  --connections <c>    concurrent keep-alive connections (default 10)
  --spawns <k>         cold starts per target and size, interleaved; the median is reported
                       (default 9; the last start is the one loaded; with 5, a first start
                       at N=100,000 moved its median by ±5 % between runs)
  --models <m>         also time \`decorest serve\` of a generated m-model project to its first
                       200 (default 20; 0 skips it)
  --targets <list>     comma list of ${TARGET_NAMES.join(', ')} (default all)
  --scenarios <list>   comma list of ${SCENARIO_NAMES.join(', ')} (default all)
  --quick              smoke variant: N = 200 only, 1 s cells, 1 round, no warm-up, one start,
                       no m-model project (seconds, for CI)
  --client <c>         load generator: auto (default: wrk for every cell when installed, and
                       autocannon again for the read cells; else autocannon alone),
                       autocannon, or wrk (that client alone)
  --no-pin             let client and servers share every CPU (default on Linux: the load
                       generator on the first allowed CPU, every server on the others, via taskset)
  --no-write           print the table only; leave bench/RESULTS.md alone (and
                       bench/POSTGRES-RESULTS.md)
  --no-postgres        skip the PostgreSQL section (bench/postgres.mjs: decorest --database at
                       N = 100,000 and 1,000,000 against a bare node:http + pg server; skipped
                       with one line when Debian's PostgreSQL binaries are missing)
  --file-scale …       run only the file store at 1,000,000 records (bench/file-scale.mjs, issue
                       44); the options after it are that bench's (\`--file-scale --help\`)
  --build              rebuild core (core/build.mjs) first; otherwise only when core/dist is missing
  --decorest-root <d>  serve decorest from another checkout's core/ (built), e.g. a snapshot
  --keep               keep the temp folders (their paths are printed)
  -h, --help           this text

Loopback only; every cell is bounded in time and in request count.`;

function sizesList(text) {
  const items = text.split(',').map((s) => s.trim());
  const sizes = items.map((s) => positiveNumber('sizes', s, { integer: true }));
  if (new Set(sizes).size !== sizes.length) throw new Error(`--sizes repeats a size: ${text}`);
  return sizes.sort((a, b) => a - b);
}

function positiveNumber(name, text, { integer = false, allowZero = false } = {}) {
  const v = Number(text);
  const ok =
    Number.isFinite(v) && (allowZero ? v >= 0 : v > 0) && (!integer || Number.isInteger(v));
  if (!ok) throw new Error(`--${name} wants a ${integer ? 'whole ' : ''}number, got "${text}"`);
  return v;
}

function list(name, text, known) {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = items.filter((s) => !known.includes(s));
  if (unknown.length || items.length === 0) {
    throw new Error(
      `--${name}: unknown ${unknown.join(', ') || '(empty)'}; known: ${known.join(', ')}`,
    );
  }
  return known.filter((k) => items.includes(k));
}

/** Parses argv into the run's settings; throws a one-line Error on a usage mistake. */
export function readOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      n: { type: 'string' },
      sizes: { type: 'string' },
      spawns: { type: 'string' },
      models: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      rounds: { type: 'string' },
      targets: { type: 'string' },
      scenarios: { type: 'string' },
      quick: { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
      'no-pin': { type: 'boolean', default: false },
      'no-postgres': { type: 'boolean', default: false },
      client: { type: 'string' },
      build: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      'decorest-root': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const quick = values.quick;
  if (values.n !== undefined && values.sizes !== undefined)
    throw new Error('--n and --sizes both name the sizes: give one of them');
  const sizes =
    values.n !== undefined
      ? [positiveNumber('n', values.n, { integer: true })]
      : sizesList(values.sizes ?? (quick ? '200' : '1000,100000'));
  return {
    help: values.help,
    quick,
    sizes,
    duration: positiveNumber('duration', values.duration ?? (quick ? '1' : '2')),
    warmup: positiveNumber('warmup', values.warmup ?? (quick ? '0' : '1'), { allowZero: true }),
    rounds: positiveNumber('rounds', values.rounds ?? (quick ? '1' : '9'), { integer: true }),
    spawns: positiveNumber('spawns', values.spawns ?? (quick ? '1' : '9'), { integer: true }),
    models: positiveNumber('models', values.models ?? (quick ? '0' : '20'), {
      integer: true,
      allowZero: true,
    }),
    connections: positiveNumber('connections', values.connections ?? '10', { integer: true }),
    targets: values.targets ? list('targets', values.targets, TARGET_NAMES) : TARGET_NAMES,
    scenarios: values.scenarios
      ? list('scenarios', values.scenarios, SCENARIO_NAMES)
      : SCENARIO_NAMES,
    write: !values['no-write'],
    pin: !values['no-pin'],
    postgres: !values['no-postgres'],
    client: list('client', values.client ?? 'auto', CLIENTS)[0],
    build: values.build,
    keep: values.keep,
    decorestRoot: values['decorest-root'] ? resolve(values['decorest-root']) : ROOT,
  };
}
