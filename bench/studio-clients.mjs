// `node bench/studio-clients.mjs`: what event-stream clients cost the studio whatever they do
// (issue 24 §3). Reports numbers in the "Event clients" section of bench/STUDIO-RESULTS.md;
// asserts nothing.
//
// 1. A stalled client: a raw socket asks for `GET /api/events` and never reads, while the mock
//    API answers requests with 64 KiB bodies (a 422: nothing is stored, so the studio's memory
//    is the capture's and the event stream's). The studio's RSS (peak and at the end), then
//    after the client left; the same with no client and with a reading one, for comparison.
// 2. Many clients: mock-API throughput (wrk, GET by id) with no event client, and with 100
//    clients reading the stream; cells alternate within each round, the ratio is per round.
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { startStudioChild } from './studio-child.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const EXCHANGES = arg('exchanges', 8_000);
const BODY_KIB = arg('body-kib', 64);
const CLIENTS = arg('clients', 100);
const SECONDS = arg('seconds', 3);
const ROUNDS = arg('rounds', 3);
const WRITE = !process.argv.includes('--no-write');
const pin = spawnSync('taskset', ['-V']).status === 0 && cpus().length >= 2;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const MODEL = `import { FromDataSource, Rest } from 'decorest';
@Rest
@FromDataSource
export class Todo {
  id!: number;
  content!: string;
  completed!: boolean;
}
`;

function http(method, url, payload, headers = {}, agent = false) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: payload ? { 'content-type': 'application/json', ...headers } : headers,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function startStudio() {
  const dir = await mkdtemp(join(tmpdir(), 'decorest-studio-clients-'));
  await writeFile(join(dir, 'todo.ts'), MODEL);
  await mkdir(join(dir, 'config'));
  const info = await startStudioChild(dir, pin);
  const { auth } = info;
  const todos = Array.from({ length: 1_000 }, (_, i) => ({
    content: `todo ${i}`,
    completed: i % 3 === 0,
  }));
  const imported = await http(
    'POST',
    `${info.controlUrl}/api/models/Todo/import`,
    JSON.stringify(todos),
    auth,
  );
  if (imported.status !== 200) throw new Error(`import: ${imported.status}`);
  return {
    ...info,
    /** VmRSS and VmHWM (peak) of the studio process, in MB. */
    async memory() {
      const status = await readFile(`/proc/${info.pid}/status`, 'utf8');
      const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
      return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
    },
  };
}

/** A client that asks for the event stream and then never reads: a hidden tab, a stuck proxy. */
function stalledClient(studio) {
  const url = new URL(studio.controlUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(
        `GET /api/events HTTP/1.1\r\nHost: ${url.host}\r\n` +
          `Authorization: ${studio.auth.authorization}\r\n\r\n`,
      );
      socket.pause();
      resolve({ close: () => socket.destroy() });
    });
    socket.on('error', reject);
  });
}

/** An event-stream client that reads and discards, as a browser tab would, minus rendering. */
function reader(studio) {
  return new Promise((resolve, reject) => {
    const req = request(`${studio.controlUrl}/api/events`, { headers: studio.auth }, (res) => {
      let bytes = 0;
      res.on('data', (c) => (bytes += c.length));
      resolve({ close: () => req.destroy(), bytes: () => bytes });
    });
    req.on('error', () => {});
    req.once('error', reject);
    req.end();
  });
}

/**
 * `count` POSTs with a body of `BODY_KIB` KiB, 10 at a time on keep-alive connections. The body
 * is a string full of quotes, escaped once in the request's JSON and again in the event's.
 */
async function bigBodies(studio, count) {
  const agent = new Agent({ keepAlive: true, maxSockets: 10 });
  const unit = 'say "hi" \\ ';
  const content = unit.repeat(Math.ceil((BODY_KIB * 1024) / (unit.length + 3)));
  const payload = JSON.stringify({ content, completed: 'not a boolean' });
  let next = 0;
  let statuses = new Map();
  const worker = async () => {
    while (next < count) {
      next++;
      const r = await http('POST', `${studio.apiUrl}/todos`, payload, {}, agent);
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: 10 }, worker));
  agent.destroy();
  return {
    seconds: (performance.now() - started) / 1000,
    bodyBytes: Buffer.byteLength(payload),
    statuses: [...statuses].map(([s, n]) => `${n} × ${s}`).join(', '),
  };
}

/** The studio's memory under the load with no event client, a reading one, or a stalled one. */
async function memory(mode) {
  const studio = await startStudio();
  try {
    const idle = await studio.memory();
    const client =
      mode === 'stalled'
        ? await stalledClient(studio)
        : mode === 'reading'
          ? await reader(studio)
          : undefined;
    let peak = 0;
    const sampler = setInterval(async () => {
      peak = Math.max(peak, (await studio.memory()).rss);
    }, 100);
    const load = await bigBodies(studio, EXCHANGES);
    clearInterval(sampler);
    await sleep(500);
    const loaded = await studio.memory();
    client?.close();
    const after = [];
    for (const wait of [1_000, 2_000]) {
      await sleep(wait);
      after.push((await studio.memory()).rss);
    }
    return { mode, idle, peak: Math.max(peak, loaded.peak), loaded, after, load };
  } finally {
    await studio.stop();
  }
}

/**
 * wrk, run without blocking this process: the event clients read in it meanwhile (a blocking
 * run would leave them not reading, which is the stalled case, not this one).
 */
function wrk(url) {
  const args = ['-t1', '-c10', `-d${SECONDS}s`, url];
  const child = spawn(pin ? 'taskset' : 'wrk', pin ? ['-c', '0', 'wrk', ...args] : args);
  let stdout = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (c) => (stdout += c));
  return new Promise((resolve, reject) => {
    child.on('exit', () => {
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1];
      if (!rps) reject(new Error(`wrk: ${stdout}`));
      else
        resolve({
          rps: Number(rps),
          requests: Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0),
        });
    });
  });
}

async function manyClients() {
  const studio = await startStudio();
  const rounds = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ['without', 'with'] : ['with', 'without'];
      const cell = {};
      for (const mode of order) {
        const clients =
          mode === 'with'
            ? await Promise.all(Array.from({ length: CLIENTS }, () => reader(studio)))
            : [];
        await sleep(200);
        const cpuBefore = await studio.cpuMicros();
        const result = await wrk(`${studio.apiUrl}/todos/500`);
        const cpu = (await studio.cpuMicros()) - cpuBefore;
        cell[mode] = result.rps;
        cell[`${mode}Cpu`] = cpu / result.requests;
        cell[`${mode}Bytes`] =
          clients.reduce((sum, c) => sum + c.bytes(), 0) / (clients.length || 1);
        for (const c of clients) c.close();
        await sleep(300);
      }
      rounds.push(cell);
    }
  } finally {
    await studio.stop();
  }
  return rounds;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const startedAt = new Date();
const load = loadavg()[0];
const mem = [];
for (const mode of ['none', 'reading', 'stalled']) {
  console.log(`${mode} client, ${EXCHANGES} × ${BODY_KIB} KiB …`);
  mem.push(await memory(mode));
  console.log(JSON.stringify(mem.at(-1)));
}
const s = mem.at(-1);
console.log(`${CLIENTS} clients vs none …`);
const m = await manyClients();
console.log(JSON.stringify(m));

const f0 = (x) => Math.round(x).toLocaleString('en');
const f1 = (x) => x.toFixed(1);
const pct = (x) => `${Math.round(x * 100)} %`;
const ratios = m.map((c) => c.with / c.without);
const cpuKept = median(m.map((c) => c.withoutCpu)) / median(m.map((c) => c.withCpu));
const section = [
  '<!-- studio-clients: written by `node bench/studio-clients.mjs` -->',
  '',
  '## Event clients: a stalled one, and many (issue 24 §3)',
  '',
  `- date: ${startedAt.toISOString()}; node ${process.version}; ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}; 1-min load average at the start: ${load.toFixed(2)}`,
  `- ${pin ? 'the load and the clients pinned to CPU 0, the studio to CPU 1' : 'no CPU pinning (taskset missing or one CPU)'}`,
  '',
  `**A stalled client.** A raw socket asks for \`GET /api/events\` and never reads while ${f0(s.load.bodyBytes)}-byte`,
  `JSON bodies (a string full of quotes and backslashes) are POSTed to the mock API ${f0(EXCHANGES)} times, 10`,
  'at a time (each a 422, so nothing is stored). Target: RSS under 300 MB. For comparison, the',
  'same load with no event client (nothing captured) and with one client reading the stream; each',
  'row is a fresh studio process.',
  '',
  '| event client | studio RSS idle | peak during the load | at the end of the load | 1 s after the client left | 3 s after | load |',
  '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ...mem.map(
    (r) =>
      `| ${r.mode} | ${f0(r.idle.rss)} MB | ${f0(r.peak)} MB | ${f0(r.loaded.rss)} MB | ${r.after.map((x) => `${f0(x)} MB`).join(' | ')} | ${f1(r.load.seconds)} s, ${r.load.statuses} |`,
  ),
  '',
  'Before issue 24 §3 (commit e981dbc, this bench on the same machine the same day): 855 MB with',
  'the stalled client, peak and 3 s after it left; 286 MB with a reading one; 100 clients kept',
  '29 % of the throughput (26 % by CPU).',
  '',
  `**Many clients.** wrk (1 thread, 10 connections, ${SECONDS} s) on \`GET /todos/500\` with no event client`,
  `and with ${CLIENTS} clients reading the stream (in the bench's process, on the load's CPU), ${ROUNDS} rounds,`,
  "alternating. Target: with the clients, ≥ 80 % of the throughput without. The studio's CPU",
  'time per request is the steadier figure on a shared machine (see above).',
  '',
  `| req/s without (median) | req/s with ${CLIENTS} clients (median) | with ÷ without (median of rounds) | rounds | CPU µs/request without | with | throughput kept by CPU | event bytes per client per cell |`,
  '| ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |',
  `| ${f0(median(m.map((c) => c.without)))} | ${f0(median(m.map((c) => c.with)))} | ${pct(median(ratios))} | ${ratios.map(pct).join(', ')} | ${f1(median(m.map((c) => c.withoutCpu)))} | ${f1(median(m.map((c) => c.withCpu)))} | ${pct(cpuKept)} | ${f0(median(m.map((c) => c.withBytes)))} |`,
  '',
].join('\n');
console.log(section);

if (WRITE) {
  const file = join(ROOT, 'bench/STUDIO-RESULTS.md');
  const current = await readFile(file, 'utf8');
  const at = current.indexOf('<!-- studio-clients');
  const updated = `${(at === -1 ? current : current.slice(0, at)).trimEnd()}\n\n${section}`;
  const prettier = await import('prettier');
  const config = (await prettier.resolveConfig(file)) ?? {};
  await writeFile(file, await prettier.format(updated, { ...config, filepath: file }));
}
