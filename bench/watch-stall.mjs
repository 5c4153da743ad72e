// Issue 24: files written under folders the watcher ignores (an `npm install`, a checkout,
// build output) must not stall the server. Under `decorest serve --watch`, a client times
// sequential GETs while 10,000 files appear under node_modules/, .git/ and dist/; then a save
// of a model file must still reload. Prints the worst request latency during the files beside
// the worst one in a quiet period of the same length, measured in the same run.
//
// node bench/watch-stall.mjs [--files 10000]   (needs core/dist: npm run build)
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { freePort, startChild, stopChild, waitReady } from './processes.mjs';
import { ROOT } from './targets.mjs';

const { values } = parseArgs({ options: { files: { type: 'string', default: '10000' } } });
const FILES = Number(values.files);

function get(agent, url) {
  return new Promise((resolve) => {
    const started = performance.now();
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      })
      .on('error', () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

/** Sequential GETs while `work` runs; the worst and median latency. */
async function probe(agent, url, work) {
  const times = [];
  let running = true;
  const loop = (async () => {
    while (running) times.push((await get(agent, url)).ms);
  })();
  const started = performance.now();
  await work();
  const elapsed = performance.now() - started;
  running = false;
  await loop;
  times.sort((a, b) => a - b);
  return { requests: times.length, worst: times.at(-1), median: times[times.length >> 1], elapsed };
}

const dir = await mkdtemp(join(tmpdir(), 'decorest-watch-stall-'));
await cp(join(ROOT, 'examples', 'todo'), dir, {
  recursive: true,
  filter: (src) => !src.includes('/data'),
});
const port = await freePort();
const server = startChild(
  'decorest',
  [
    join(ROOT, 'core', 'bin', 'decorest.js'),
    'serve',
    dir,
    '--watch',
    '--quiet',
    '--port',
    String(port),
  ],
  { cwd: ROOT },
);
const base = `http://127.0.0.1:${port}`;
try {
  await waitReady(server, `${base}/todos/1`, 20_000);
  const agent = new http.Agent({ keepAlive: true });
  const perFolder = Math.ceil(FILES / 3);
  const writeFiles = async () => {
    for (const folder of ['node_modules/pkg/lib', '.git/objects/ab', 'dist/assets']) {
      await mkdir(join(dir, folder), { recursive: true });
      for (let i = 0; i < perFolder; i++)
        await writeFile(join(dir, folder, `f${i}.js`), 'module.exports = 1;\n');
    }
  };
  const during = await probe(agent, `${base}/todos/1`, writeFiles);
  const quiet = await probe(
    agent,
    `${base}/todos/1`,
    () => new Promise((resolve) => setTimeout(resolve, during.elapsed)),
  );
  // A save after all that is still heard.
  const todo = join(dir, 'todo.ts');
  const source = await readFile(todo, 'utf8');
  const saved = performance.now();
  await writeFile(
    todo,
    source.replace('completed!: boolean;', 'completed!: boolean;\n  due?: string;'),
  );
  let reloaded;
  while (reloaded === undefined && performance.now() - saved < 20_000) {
    const answer = await new Promise((resolve) => {
      const req = http.request(
        `${base}/todos`,
        { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        },
      );
      req.end(JSON.stringify({ content: 'x', completed: false, due: 'soon' }));
    });
    if (answer === 201) reloaded = performance.now() - saved;
  }
  const f = (ms) => `${ms.toFixed(1)} ms`;
  console.log(`files written under ignored folders: ${perFolder * 3} in ${f(during.elapsed)}`);
  console.log(
    `  while writing: ${during.requests} GETs, worst ${f(during.worst)}, median ${f(during.median)}`,
  );
  console.log(
    `  quiet period:  ${quiet.requests} GETs, worst ${f(quiet.worst)}, median ${f(quiet.median)}`,
  );
  console.log(`  target: worst while writing <= 50 ms: ${during.worst <= 50 ? 'met' : 'NOT met'}`);
  console.log(
    `  a save afterwards: ${reloaded === undefined ? 'NOT reloaded in 20 s' : `served after ${f(reloaded)}`}`,
  );
  agent.destroy();
} finally {
  await stopChild(server);
  await rm(dir, { recursive: true, force: true });
}
