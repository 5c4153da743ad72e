#!/usr/bin/env node
// Issue 46's bench: what recording adds to a proxied request. One upstream API (its own
// process) answers JSON lists; two proxies in their own processes forward to it through the
// mock API's request path (core/dist `startServer` with a proxy behaviour), one with the
// recorder of `decorest record` journalling every exchange, one without. One client sends
// request after request (latency, not throughput: one at a time, keep-alive), alternating the
// two proxies request by request so the shared machine's drift hits both alike, and reports
// each side's median, p90 and p99 and what recording adds to the median. Target: ≤ 2 ms.
//
//   node bench/record.mjs [--requests 4000] [--no-build]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGET_MS = 2;

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
};

/** `--child upstream` and `--child proxy <target> [journal dir]`: the processes measured. */
async function child(kind) {
  if (kind === 'upstream') {
    const list = (n) =>
      JSON.stringify(
        Array.from({ length: n }, (_, i) => ({
          id: i + 1,
          name: `User ${i + 1}`,
          email: `user${i + 1}@example.com`,
          address: { city: 'Oslo', zip: '0150' },
        })),
      );
    const bodies = { '/small': list(10), '/large': list(1000) };
    const server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(bodies[req.url] ?? '[]');
    });
    server.listen(0, '127.0.0.1', () => console.log(`READY ${server.address().port}`));
    return;
  }
  const target = args[args.indexOf('proxy') + 1];
  const journalDir = args[args.indexOf('proxy') + 2];
  const { startServer } = await import('../core/dist/http/node-server.js');
  const { Behaviour } = await import('../core/dist/http/behaviour.js');
  let recorder;
  if (journalDir && !journalDir.startsWith('--')) {
    const { JournalWriter } = await import('../core/dist/record/journal.js');
    const { JournalRecorder } = await import('../core/dist/record/journal-recorder.js');
    recorder = new JournalRecorder(JournalWriter.open(journalDir, target));
  }
  const server = await startServer({
    port: 0,
    behaviour: new Behaviour({ routes: [], proxy: target }),
    ...(recorder ? { recorder: { current: recorder } } : {}),
  });
  console.log(`READY ${server.port}`);
}

function start(childArgs) {
  const proc = spawn(process.execPath, [fileURLToPath(import.meta.url), '--child', ...childArgs], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (c) => {
      out += c;
      const m = /READY (\d+)/.exec(out);
      if (m) resolve({ proc, port: Number(m[1]) });
    });
    proc.once('exit', (code) => reject(new Error(`child exited ${code}: ${out}`)));
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function timed(port, path) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - started));
    });
    req.on('error', reject);
    req.end();
  });
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function main() {
  if (!args.includes('--no-build'))
    spawnSync(process.execPath, ['core/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const requests = Number(option('requests', 4000));
  const dir = await mkdtemp(join(tmpdir(), 'decorest-bench-record-'));
  const upstream = await start(['upstream']);
  const targetUrl = `http://127.0.0.1:${upstream.port}`;
  const plain = await start(['proxy', targetUrl]);
  const recording = await start(['proxy', targetUrl, dir]);
  const rows = [];
  try {
    for (const path of ['/small', '/large']) {
      const times = { plain: [], recording: [] };
      // Warm-up: JIT, sockets, the journal file.
      for (let i = 0; i < 300; i++) {
        await timed(plain.port, path);
        await timed(recording.port, path);
      }
      for (let i = 0; i < requests; i++) {
        // Alternating which goes first: neither side always meets a just-woken machine.
        const order = i % 2 === 0 ? ['plain', 'recording'] : ['recording', 'plain'];
        for (const side of order)
          times[side].push(await timed(side === 'plain' ? plain.port : recording.port, path));
      }
      const stats = {};
      for (const side of ['plain', 'recording']) {
        const sorted = [...times[side]].sort((a, b) => a - b);
        stats[side] = {
          median: quantile(sorted, 0.5),
          p90: quantile(sorted, 0.9),
          p99: quantile(sorted, 0.99),
        };
      }
      rows.push({ path, requests, ...stats, added: stats.recording.median - stats.plain.median });
    }
  } finally {
    for (const c of [upstream, plain, recording]) c.proc.kill('SIGKILL');
    agent.destroy();
    await rm(dir, { recursive: true, force: true });
  }
  const ms = (v) => `${v.toFixed(3)} ms`;
  const lines = [
    `Recording bench (issue 46): ${requests} requests per side and body, one at a time, interleaved`,
    '',
    '| answer | proxy median | p90 | p99 | recording median | p90 | p99 | added (median) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| GET ${r.path} | ${ms(r.plain.median)} | ${ms(r.plain.p90)} | ${ms(r.plain.p99)} | ${ms(r.recording.median)} | ${ms(r.recording.p90)} | ${ms(r.recording.p99)} | ${ms(r.added)} |`,
    ),
    '',
    `target: recording adds ≤ ${TARGET_MS} ms to the median: ${rows.every((r) => r.added <= TARGET_MS) ? 'met' : 'MISSED'}`,
  ];
  console.log(lines.join('\n'));
  process.exitCode = rows.every((r) => r.added <= TARGET_MS) ? 0 : 1;
}

if (args.includes('--child')) await child(args[args.indexOf('--child') + 1]);
else await main();
