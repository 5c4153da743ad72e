// One wrk cell. wrk is a C load generator (Debian package `wrk`): per request it costs the client
// a fraction of what autocannon's JavaScript does, so on two cores the fastest servers are
// measured rather than the client. The load plan (scenarios.mjs) becomes a Lua script that walks
// the same ids in the same order as the autocannon driver.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { spreadStride } from './data.mjs';

const WATCHDOG_GRACE_MS = 15_000;

/** wrk's version line, or undefined when it is not installed. */
export function wrkVersion() {
  const r = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
  if (r.error) return undefined;
  return /wrk\s+(\S+)/.exec(`${r.stdout}${r.stderr}`)?.[1] ?? 'unknown version';
}

/** A Lua string literal: every byte outside printable ASCII, quotes and backslashes as \ddd. */
export function luaString(text) {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    const printable = byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c;
    out += printable ? String.fromCharCode(byte) : `\\${String(byte).padStart(3, '0')}`;
  }
  return `${out}"`;
}

function luaHeaders(headers = {}) {
  const pairs = Object.entries(headers).map(([k, v]) => `[${luaString(k)}] = ${luaString(v)}`);
  return `{ ${pairs.join(', ')} }`;
}

/**
 * The Lua script for `plan`. A fixed request is formatted once by wrk itself; a spread walks
 * ids with the stride of `spreadIds`; `ackedIds` writes each 201's id to `idsFile`.
 */
export function luaScript(plan, idsFile) {
  const lines = [
    `wrk.method = ${luaString(plan.method)}`,
    `wrk.headers = ${luaHeaders(plan.headers)}`,
  ];
  if (plan.body !== undefined) lines.push(`wrk.body = ${luaString(plan.body)}`);
  if (plan.path !== undefined) lines.push(`wrk.path = ${luaString(plan.path)}`);
  if (plan.spread) {
    const { count, prefix, suffix } = plan.spread;
    const bodies = plan.bodies ? `{ ${plan.bodies.map(luaString).join(', ')} }` : 'nil';
    lines.push(
      `local count, stride = ${count}, ${spreadStride(count)}`,
      `local prefix, suffix = ${luaString(prefix)}, ${luaString(suffix)}`,
      `local bodies = ${bodies}`,
      'local i, sent = 0, 0',
      'request = function()',
      '  local path = prefix .. string.format("%d", 1 + (i * stride) % count) .. suffix',
      '  i = (i + 1) % count',
      '  local body = wrk.body',
      '  if bodies then body = bodies[math.floor(sent / count) % 2 + 1]; sent = sent + 1 end',
      '  return wrk.format(nil, path, nil, body)',
      'end',
    );
  }
  if (plan.ackedIds) {
    // Opened on the first answer, in the thread that gets it; stdio flushes it when wrk exits.
    lines.push(
      'local ids',
      'response = function(status, headers, body)',
      '  if status ~= 201 then return end',
      `  ids = ids or io.open(${luaString(idsFile)}, "a")`,
      `  local id = body:match('"id"%s*:%s*"([^"]*)"') or body:match('"id"%s*:%s*(-?[%d.eE+]+)')`,
      '  if id then ids:write(id, "\\n") end',
      'end',
    );
  }
  return `${lines.join('\n')}\n`;
}

const UNIT_MS = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function durationMs(value, unit) {
  return Number(value) * UNIT_MS[unit];
}

/** Reads wrk's `--latency` report into the cell result the report expects. */
export function parseWrkOutput(text) {
  const done = /(\d+) requests in ([\d.]+)(us|ms|s|m),/.exec(text);
  if (!done) throw new Error(`wrk printed no result:\n${text.slice(0, 500)}`);
  const requests = Number(done[1]);
  const seconds = durationMs(done[2], done[3]) / 1000;
  const latency = (pct) => {
    const m = new RegExp(`^\\s+${pct}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(text);
    return m ? durationMs(m[1], m[2]) : NaN;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const [connect, read, write, timeouts] = socket ? socket.slice(1).map(Number) : [0, 0, 0, 0];
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0);
  const statuses = { '2xx/3xx': requests - non2xx };
  if (non2xx) statuses['not 2xx/3xx'] = non2xx;
  return {
    requests,
    seconds,
    rps: seconds > 0 ? requests / seconds : 0,
    p50: latency(50),
    p99: latency(99),
    errors: connect + read + write + timeouts,
    timeouts,
    non2xx,
    statuses,
  };
}

/** Runs one wrk cell (one thread, `connections` keep-alive connections, whole seconds). */
export async function runWrk({ url, connections, durationSec, plan }) {
  const dir = await mkdtemp(join(tmpdir(), 'decorest-wrk-'));
  try {
    const script = join(dir, 'plan.lua');
    const idsFile = join(dir, 'ids.txt');
    await writeFile(script, luaScript(plan, idsFile));
    await writeFile(idsFile, '');
    const seconds = Math.max(1, Math.round(durationSec));
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '--latency'];
    const output = await runBounded('wrk', [...args, '-s', script, url], seconds * 1000);
    const result = parseWrkOutput(output);
    if (plan.ackedIds) {
      for (const id of (await readFile(idsFile, 'utf8')).split('\n')) {
        if (id) plan.ackedIds.add(id);
      }
    }
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runBounded(command, args, durationMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    const watchdog = setTimeout(() => child.kill('SIGKILL'), durationMs + WATCHDOG_GRACE_MS);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(watchdog);
      if (code === 0) resolve(out);
      else
        reject(
          new Error(`${command} ended with ${signal ?? `code ${code}`}:\n${out.slice(0, 500)}`),
        );
    });
  });
}
