// A throwaway PostgreSQL cluster for the bench (issue 26): the same recipe as the tests'
// core/src/test-support/postgres-cluster.ts (that one is TypeScript and imports vitest), ported:
// Debian's binaries, `initdb` into a temp folder (as the `postgres` user when run as root), the
// server on a free 127.0.0.1 port with its socket in that folder, owned by a watchdog shell that
// stops it and deletes the folder once its stdin (a pipe from this process) closes, so a bench
// that dies however it dies leaves no server behind. `settings` adds `-c name=value` pairs.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from './processes.mjs';

const ROOT = '/usr/lib/postgresql';

/** The newest `/usr/lib/postgresql/<major>/bin` holding `initdb`, if any. */
export function postgresBinDir() {
  if (!existsSync(ROOT)) return undefined;
  const majors = readdirSync(ROOT)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors.length > 0 ? join(ROOT, majors[0], 'bin') : undefined;
}

/** Why the PostgreSQL bench cannot run here (one line), or undefined when it can. */
export function postgresUnavailable() {
  return postgresBinDir() === undefined
    ? `no ${ROOT}/*/bin/initdb (apt-get install postgresql)`
    : undefined;
}

/** The server's version line (`postgres --version`). */
export function postgresVersion(bin = postgresBinDir()) {
  const r = spawnSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' });
  return r.stdout?.trim() || 'unknown PostgreSQL';
}

const WATCHDOG = `
set -u
dir=$1 bin=$2 port=$3 db=$4 settings=$5; shift 5
pg=
stop_server() {
  if [ -n "$pg" ]; then
    kill -INT "$(head -n 1 "$dir/data/postmaster.pid" 2>/dev/null)" 2>/dev/null
    wait "$pg"
  fi
  rm -rf "$dir"
}
fail() {
  cat "$dir/initdb.log" "$dir/server.log" >&2 2>/dev/null
  stop_server
  exit 1
}
"$@" "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync -E UTF8 --locale=C.UTF-8 \\
  >"$dir/initdb.log" 2>&1 || fail
# $settings is a list of "-c name=value" words: split on purpose.
"$@" "$bin/postgres" -D "$dir/data" -p "$port" -k "$dir" -c listen_addresses=127.0.0.1 \\
  -c TimeZone=UTC $settings >"$dir/server.log" 2>&1 &
pg=$!
tries=0
until "$bin/pg_isready" -q -h "$dir" -p "$port"; do
  kill -0 "$pg" 2>/dev/null || { pg=; fail; }
  tries=$((tries + 1))
  [ "$tries" -lt 600 ] || fail
  sleep 0.1
done
"$@" "$bin/createdb" -h "$dir" -p "$port" -U postgres "$db" >/dev/null 2>&1 || fail
echo "ready $(head -n 1 "$dir/data/postmaster.pid")"
cat >/dev/null
stop_server
echo stopped
`;

function postgresIds() {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (line === undefined) throw new Error('no "postgres" user: install Debian\'s postgresql');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * Starts a fresh cluster with one empty database. Returns `{ url(db), port, dir, bin,
 * postmasterPid, psql(db, sql, input?), stop() }`; `url(db, user)` is trust auth (default
 * user `postgres`). `cpus`: a CPU list the server runs on (taskset).
 */
export async function startPostgres({ database = 'bench', settings = {}, cpus } = {}) {
  const bin = postgresBinDir();
  if (bin === undefined) throw new Error(postgresUnavailable());
  const asRoot = process.getuid?.() === 0;
  const runAs = asRoot ? ['runuser', '-u', 'postgres', '--'] : [];
  const flags = Object.entries(settings)
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(' ');
  let lastError;
  for (let attempt = 0; attempt < 3; attempt++) {
    const dir = mkdtempSync(join(tmpdir(), 'decorest-bench-pg-'));
    if (asRoot) {
      const { uid, gid } = postgresIds();
      chownSync(dir, uid, gid);
    }
    const port = await freePort();
    try {
      return await launch({ dir, bin, port, runAs, database, flags, cpus });
    } catch (error) {
      lastError = error;
      rmSync(dir, { recursive: true, force: true });
    }
  }
  throw lastError ?? new Error('PostgreSQL did not start');
}

function launch({ dir, bin, port, runAs, database, flags, cpus }) {
  const sh = ['sh', '-c', WATCHDOG, 'watchdog', dir, bin, String(port), database, flags, ...runAs];
  // With `cpus`, the server and every backend may use those CPUs (taskset is inherited), whatever
  // this process is pinned to.
  const [file, ...args] = cpus === undefined ? sh : ['taskset', '-c', cpus, ...sh];
  const child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  // Referenced until ready (nothing else may keep this process alive meanwhile), then not: the
  // pipes' end is the watchdog's signal, and they must not keep the bench alive.
  const unref = () => {
    child.unref();
    for (const pipe of [child.stdin, child.stdout, child.stderr]) pipe.unref();
  };
  const url = (db = database, user = 'postgres') => `postgres://${user}@127.0.0.1:${port}/${db}`;
  /** Runs `sql` with psql on `db` (stdin from `input` when given); returns stdout. */
  const psql = (db, sql, input) => {
    const r = spawnSync(
      join(bin, 'psql'),
      ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-h', '127.0.0.1', '-p', String(port)],
      {
        input: input === undefined ? sql : `${sql}\n${input}`,
        encoding: 'utf8',
        maxBuffer: 64 << 20,
        env: { ...process.env, PGUSER: 'postgres', PGDATABASE: db },
      },
    );
    if (r.status !== 0) throw new Error(`psql on ${db} failed: ${r.stderr || r.error?.message}`);
    return r.stdout;
  };
  return new Promise((resolve, reject) => {
    const onData = () => {
      const ready = /ready (\d+)\n/.exec(stdout);
      if (!ready) return;
      child.stdout.off('data', onData);
      unref();
      let stopping;
      resolve({
        url,
        port,
        dir,
        bin,
        postmasterPid: Number(ready[1]),
        psql,
        stop: () => (stopping ??= (child.stdin.end(), exited)),
      });
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      if (!/ready \d+\n/.test(stdout))
        reject(new Error(`PostgreSQL did not start (exit ${code}):\n${stderr.slice(-4000)}`));
    });
  });
}
