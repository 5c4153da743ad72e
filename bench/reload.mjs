// Issue 15's save-to-serve loop: under `decorest serve --watch`, the time from the write of a
// changed model file to the changed route answering, in an m-model project, while a client
// keeps writing records to another model (no acknowledged write may be lost by the reload).
//
// Alone: node bench/reload.mjs [--models 20] [--repeats 7]   (needs core/dist: npm run build)
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { writeModelProject } from './models.mjs';
import { startChild, stopChild, waitReady } from './processes.mjs';
import { ROOT } from './targets.mjs';

/** What a developer's save adds: a model class appended to an existing model file. */
const extraModel = (i) =>
  `\n@Rest\n@FromDataSource\nexport class Extra${i} {\n  id!: number;\n  label!: string;\n}\n`;

const POLL_MS = 2;

function statusOf(agent, base, path, method = 'GET', body) {
  return new Promise((resolve) => {
    const req = http.request(`${base}${path}`, { method, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
    if (body) req.setHeader('content-type', 'application/json');
    req.end(body);
  });
}

async function untilStatus(agent, base, path, status) {
  while ((await statusOf(agent, base, path)) !== status) await sleep(POLL_MS);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sequential POSTs until `stop()`; counts what was acknowledged and what was refused. */
function startWriter(base, path, body) {
  const agent = new http.Agent({ keepAlive: true });
  const counts = { acked: 0, refused: 0, failed: 0 };
  let running = true;
  const done = (async () => {
    while (running) {
      const status = await statusOf(agent, base, path, 'POST', body);
      if (status === 201) counts.acked++;
      else if (status === 503) counts.refused++;
      else counts.failed++;
    }
  })();
  return {
    counts,
    stop: async () => {
      running = false;
      await done;
      agent.destroy();
    },
  };
}

/** Lines of a NeDB datafile that hold a record (not deletions, index or meta lines). */
async function recordLines(file) {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.split('\n').filter((line) => line.startsWith('{"_id"') && !line.includes('$$deleted'))
    .length;
}

/**
 * Serves the m-model project in `dir` with --watch and times `repeats` saves that add a model
 * (until its route answers 200) and the saves that remove it again (until it answers 404).
 * `cli`: core/bin/decorest.js of the build to measure; `cpus`: taskset list for the server.
 */
export async function timeSaveToServe({ cli, dir, repeats, cpus, log = () => {} }) {
  const handle = startChild(
    'decorest --watch',
    [cli, 'serve', dir, '--port', '0', '--watch', '--quiet'],
    {
      cwd: dir,
      cpus,
    },
  );
  const agent = new http.Agent({ keepAlive: true });
  // A model file other than the one the writer writes to (account.ts).
  const files = (await readdir(dir)).filter((f) => f.endsWith('.ts') && f !== 'account.ts');
  const edited = join(dir, files.sort().at(-1) ?? 'account.ts');
  const original = await readFile(edited, 'utf8');
  try {
    const addressOf = (output) => / at (http:\/\/[^\s]+)/.exec(output)?.[1];
    await waitReady(handle, (out) => addressOf(out) && `${addressOf(out)}/accounts`, 60_000, 10);
    const base = addressOf(handle.head);
    const before = await recordLines(join(dir, 'data/accounts.db'));
    const writer = startWriter(
      base,
      '/accounts',
      JSON.stringify({ name: 'writer', amount: 1, active: true }),
    );
    const addMs = [];
    const removeMs = [];
    for (let i = 0; i < repeats; i++) {
      let started = performance.now();
      await writeFile(edited, original + extraModel(i));
      await untilStatus(agent, base, `/extra${i}s`, 200);
      addMs.push(performance.now() - started);
      started = performance.now();
      await writeFile(edited, original);
      await untilStatus(agent, base, `/extra${i}s`, 404);
      removeMs.push(performance.now() - started);
      log(
        `save to serve #${i + 1}: add ${Math.round(addMs.at(-1))} ms, remove ${Math.round(removeMs.at(-1))} ms`,
      );
      await sleep(200); // past the watcher's quiet time, so the next save is a burst of its own
    }
    await writer.stop();
    await stopChild(handle); // SIGINT: the server flushes its datafiles before it exits
    const inDatafile = (await recordLines(join(dir, 'data/accounts.db'))) - before;
    return { addMs, removeMs, ...writer.counts, inDatafile };
  } finally {
    agent.destroy();
    await writeFile(edited, original);
    await stopChild(handle);
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      models: { type: 'string', default: '20' },
      repeats: { type: 'string', default: '7' },
    },
  });
  const dir = join(tmpdir(), `decorest-reload-${process.pid}`);
  await writeModelProject(dir, Number(values.models));
  try {
    const result = await timeSaveToServe({
      cli: join(ROOT, 'core/bin/decorest.js'),
      dir,
      repeats: Number(values.repeats),
      log: (line) => process.stderr.write(`${line}\n`),
    });
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const show = (xs) =>
      `median ${Math.round(median(xs))} ms (${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))})`;
    console.log(`${values.models}-model project, ${values.repeats} saves`);
    console.log(`save → new model's route answers: ${show(result.addMs)}`);
    console.log(`save → removed model's route 404: ${show(result.removeMs)}`);
    console.log(
      `writes during the reloads: ${result.acked} acknowledged, ${result.inDatafile} in the datafile, ${result.refused} answered 503, ${result.failed} other`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
