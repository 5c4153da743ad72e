// The studio under a bench: bench/studio-server.mjs in its own process (pinned to CPU 1 when
// taskset is there), speaking one JSON line per answer on stdout. Shared by bench/studio.mjs
// and bench/studio-clients.mjs.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';

import { ROOT } from './targets.mjs';

/**
 * Starts the studio on the project in `dir` (config under `dir/config`); resolves its first
 * line (token, URLs) with `cpuMicros()`, `pid` and `stop()` (which also removes `dir`).
 */
export async function startStudioChild(dir, pin) {
  const child = spawn(
    pin ? 'taskset' : process.execPath,
    [
      ...(pin ? ['-c', '1', process.execPath] : []),
      join(ROOT, 'bench/studio-server.mjs'),
      dir,
      join(dir, 'config'),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = [];
  const waiting = [];
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
    let end;
    while ((end = out.indexOf('\n')) !== -1) {
      const line = JSON.parse(out.slice(0, end));
      out = out.slice(end + 1);
      const wake = waiting.shift();
      if (wake) wake(line);
      else lines.push(line);
    }
  });
  const nextLine = () =>
    lines.length > 0 ? Promise.resolve(lines.shift()) : new Promise((r) => waiting.push(r));
  const info = await Promise.race([
    nextLine(),
    new Promise((_, reject) =>
      child.on('exit', (code) => reject(new Error(`studio exited with ${code}`))),
    ),
  ]);
  return {
    ...info,
    pid: child.pid,
    auth: { authorization: `Bearer ${info.token}` },
    async cpuMicros() {
      child.stdin.write('cpu\n');
      return (await nextLine()).cpuMicros;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.on('exit', r));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
