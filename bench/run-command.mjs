// `node bench/run-command.mjs [--runs 7]`: how long `decorest run --serve` takes on the todo
// example's saved requests, from spawning the command to its exit (issue 47's target: under
// 2 s): the project loaded, its mock API served from a temp copy of seed/, the seven requests
// (a chained POST → GET → PATCH → DELETE) run with their tests, the server stopped. Runs the
// built CLI (`node core/build.mjs` first) on a temp copy of examples/todo; prints the median
// and every run; exits 1 if a run fails or the median misses the target.
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'core/bin/decorest.js');
const at = process.argv.indexOf('--runs');
const RUNS = at === -1 ? 7 : Number(process.argv[at + 1]);
const TARGET_MS = 2000;

const dir = await mkdtemp(join(tmpdir(), 'decorest-bench-run-'));
const source = join(ROOT, 'examples/todo');
await cp(source, dir, {
  recursive: true,
  filter: (src) => !/[\\/]data([\\/]|$)/.test(src.slice(source.length)),
});

const times = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const run = spawnSync(process.execPath, [CLI, 'run', dir, '--serve'], { encoding: 'utf8' });
    const ms = performance.now() - started;
    if (run.status !== 0) {
      console.error(`run ${i + 1} exited ${run.status}:\n${run.stdout}${run.stderr}`);
      process.exit(1);
    }
    times.push(ms);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
const round = (ms) => `${Math.round(ms)} ms`;
console.log(
  `decorest run --serve on examples/todo (7 requests, 17 tests): median ${round(median)} ` +
    `over ${RUNS} runs (${times.map(round).join(', ')}); target < ${TARGET_MS} ms; ` +
    `${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}`,
);
if (median >= TARGET_MS) process.exit(1);
