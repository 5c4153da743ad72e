// Child servers for the bench: each in its own process group on 127.0.0.1, polled until it
// answers, and killed (group and all) however the run ends.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export const HOST = '127.0.0.1';
const OUTPUT_TAIL = 4096;

/** A port the kernel says is free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** One HTTP exchange with a JSON body in and out; bounded by `timeoutMs`. */
export function httpJson(method, url, body, timeoutMs = 5000) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      url,
      {
        method,
        agent: false,
        timeout: timeoutMs,
        headers: payload ? { 'content-type': 'application/json' } : {},
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, headers: res.headers, text, json });
        });
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`${method} ${url}: no answer in ${timeoutMs} ms`)),
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Spawns `node <args>` detached (its own process group, so a server's own children die with it)
 * and keeps the tail of its output for crash reports. With `cpus` (a CPU list) it runs under
 * `taskset`, which execs node in place: the pid, signals and /proc stay node's.
 */
export function startChild(name, args, { cwd, env, cpus } = {}) {
  const startedAt = performance.now();
  const [file, argv] =
    cpus === undefined
      ? [process.execPath, args]
      : ['taskset', ['-c', cpus, process.execPath, ...args]];
  const child = spawn(file, argv, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // `head` keeps the start of the output (where a server names its address), `output` the tail.
  const handle = { name, child, startedAt, head: '', output: '', exit: undefined };
  const keep = (chunk) => {
    const text = chunk.toString();
    if (handle.head.length < OUTPUT_TAIL) handle.head = (handle.head + text).slice(0, OUTPUT_TAIL);
    handle.output = (handle.output + text).slice(-OUTPUT_TAIL);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  handle.exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      handle.exit = { code, signal };
      resolve(handle.exit);
    });
    child.on('error', (error) => {
      handle.exit = { code: null, signal: null, error };
      resolve(handle.exit);
    });
  });
  return handle;
}

/**
 * Polls `url` until it answers 200; returns ms from spawn to that answer. `url` may be a function
 * of the child's output so far (for `--port 0`), undefined until the output names the address.
 */
export async function waitReady(handle, url, timeoutMs, pollMs = 50) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (handle.exit)
      throw new Error(`${handle.name} exited before answering: ${describeExit(handle)}`);
    const target = typeof url === 'function' ? url(handle.head) : url;
    if (target !== undefined) {
      try {
        const res = await httpJson('GET', target, undefined, 2000);
        if (res.status === 200) return performance.now() - handle.startedAt;
      } catch {
        // not listening yet
      }
    }
    await sleep(pollMs);
  }
  const shown = typeof url === 'function' ? 'its address' : url;
  throw new Error(`${handle.name} did not answer 200 at ${shown} within ${timeoutMs} ms`);
}

/** Resident set size of the child (Linux /proc), or undefined elsewhere. */
export function rssMiB(handle) {
  try {
    const status = readFileSync(`/proc/${handle.child.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export function describeExit(handle) {
  const e = handle.exit;
  if (!e) return 'still running';
  const how = e.error
    ? `failed to start (${e.error.message})`
    : `code ${e.code}, signal ${e.signal}`;
  const tail = handle.output.trim().split('\n').slice(-15).join('\n');
  return tail ? `${how}; last output:\n${tail}` : how;
}

function killGroup(handle, signal) {
  try {
    process.kill(-handle.child.pid, signal);
  } catch {
    // group already gone
  }
}

/** SIGTERM the group, then SIGKILL whatever is left after `graceMs`. */
export async function stopChild(handle, graceMs = 2000) {
  if (handle.child.pid === undefined) return;
  killGroup(handle, 'SIGTERM');
  const timedOut = Symbol('timeout');
  const r = await Promise.race([handle.exited, sleep(graceMs, timedOut, { ref: false })]);
  // Also after a clean exit of the leader: a grandchild may still hold the group.
  killGroup(handle, 'SIGKILL');
  if (r === timedOut)
    await Promise.race([handle.exited, sleep(graceMs, undefined, { ref: false })]);
}

/** SIGKILL the group at once (a crash, as far as the server can tell) and wait for the exit. */
export async function killChild(handle, graceMs = 5000) {
  if (handle.child.pid === undefined) return;
  killGroup(handle, 'SIGKILL');
  await Promise.race([handle.exited, sleep(graceMs, undefined, { ref: false })]);
}

/** Last resort at process exit (synchronous): SIGKILL every group still known. */
export function killAllSync(handles) {
  for (const h of handles) if (h.child.pid !== undefined) killGroup(h, 'SIGKILL');
}
