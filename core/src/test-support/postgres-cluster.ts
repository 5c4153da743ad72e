/**
 * A throwaway PostgreSQL cluster for tests (issue 26): Debian's binaries, `initdb` into a temp
 * folder as the `postgres` user, the server on a free 127.0.0.1 port with its Unix socket in
 * that folder. Nothing depends on a system service, and a test process that dies, however it
 * dies, leaves no server behind: the server is owned by a watchdog shell that stops it and
 * deletes the folder once its stdin (a pipe from the test process) closes.
 */
import { spawn } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe } from 'vitest';

import { freePort } from './free-port.js';

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/<database>`: trust auth, loopback only. */
  readonly url: string;
  /** Stops the server and deletes its folder; safe to call twice. */
  stop(): Promise<void>;
  /**
   * Stops the server (a fast shutdown: open sessions end with admin_shutdown) and keeps its
   * folder, resolving once it has exited: a database outage for a restart test.
   */
  stopServer(): Promise<void>;
  /** Starts the stopped server again on the same port, resolving once it accepts connections. */
  startServer(): Promise<void>;
}

const ROOT = '/usr/lib/postgresql';

/** The newest `/usr/lib/postgresql/<major>/bin` holding `initdb`, if any. */
export function postgresBinDir(): string | undefined {
  if (!existsSync(ROOT)) return undefined;
  const majors = readdirSync(ROOT)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors.length > 0 ? join(ROOT, majors[0]!, 'bin') : undefined;
}

/**
 * Why the PostgreSQL suites cannot run here, or `undefined` when they can. On CI a missing
 * PostgreSQL is `.ci/run`'s failure, never a silent skip: this throws there.
 */
export function postgresUnavailable(): string | undefined {
  if (postgresBinDir() !== undefined) return undefined;
  const why = `no ${ROOT}/*/bin/initdb (apt-get install postgresql)`;
  if (process.env.CI === 'true') throw new Error(`CI=true but PostgreSQL is missing: ${why}`);
  return why;
}

/**
 * `describe`, skipped with one console line per test run (not per file: the forks pool's
 * parent process id keys a marker file) when PostgreSQL is missing.
 */
export function describeWithPostgres(name: string, body: () => void): void {
  const why = postgresUnavailable();
  if (why !== undefined) {
    try {
      writeFileSync(join(tmpdir(), `decorest-postgres-skipped-${process.ppid}`), why, {
        flag: 'wx',
      });
      console.log(`PostgreSQL suites skipped: ${why}`);
    } catch {
      // Another file of this run said it already.
    }
  }
  describe.skipIf(why !== undefined)(name, body);
}

/**
 * Owns the cluster: `initdb`, the server as its child, `createdb`, says `ready`, then blocks on
 * stdin; at EOF (the test process closed it or died) it stops the server and removes the
 * folder. Arguments: folder, bin
 * directory, port, database, and the command prefix that runs a binary as `postgres`.
 */
const WATCHDOG = `
set -u
dir=$1 bin=$2 port=$3 db=$4; shift 4
pg=
# The server is this shell's child (not pg_ctl's daemon), so it is reaped here and its end is
# known: the postmaster's pid is the first line of postmaster.pid (runuser sits in between).
# A fast shutdown (SIGINT): sessions end with admin_shutdown, as on a real restart.
stop_pg() {
  if [ -n "$pg" ]; then
    kill -INT "$(head -n 1 "$dir/data/postmaster.pid" 2>/dev/null)" 2>/dev/null
    wait "$pg"
    pg=
  fi
}
stop_server() {
  stop_pg
  rm -rf "$dir"
}
fail() {
  cat "$dir/initdb.log" "$dir/server.log" >&2 2>/dev/null
  stop_server
  exit 1
}
# Arguments: the command prefix that runs a binary as postgres.
start_pg() {
  "$@" "$bin/postgres" -D "$dir/data" -p "$port" -k "$dir" -c listen_addresses=127.0.0.1 \\
    -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c TimeZone=UTC \\
    >>"$dir/server.log" 2>&1 &
  pg=$!
  tries=0
  until "$bin/pg_isready" -q -h "$dir" -p "$port"; do
    kill -0 "$pg" 2>/dev/null || { pg=; fail; }
    tries=$((tries + 1))
    [ "$tries" -lt 600 ] || fail
    sleep 0.1
  done
}
"$@" "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync -E UTF8 --locale=C.UTF-8 \\
  >"$dir/initdb.log" 2>&1 || fail
start_pg "$@"
"$@" "$bin/createdb" -h "$dir" -p "$port" -U postgres "$db" >/dev/null 2>&1 || fail
echo ready
# Commands on stdin (a restart test's): stop or start the server, keeping the folder.
while read -r command; do
  case $command in
    stop) stop_pg; echo "server stopped" ;;
    start) [ -n "$pg" ] || start_pg "$@"; echo "server started" ;;
  esac
done
stop_server
echo stopped
`;

/** Starts a fresh cluster with one empty database (`decorest_test`). */
export async function startPostgres(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (bin === undefined) throw new Error(postgresUnavailable() ?? 'PostgreSQL is missing');
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: the cluster belongs to the `postgres` user then.
  const runAs = asRoot ? ['runuser', '-u', 'postgres', '--'] : [];
  let lastError: Error | undefined;
  // A port found free can be taken before the server binds it (other test runs share this
  // machine): try again on another.
  for (let attempt = 0; attempt < 3; attempt++) {
    const dir = mkdtempSync(join(tmpdir(), 'decorest-pg-'));
    if (asRoot) {
      const { uid, gid } = postgresIds();
      chownSync(dir, uid, gid);
    }
    const port = await freePort();
    try {
      return await launch(dir, bin, port, runAs);
    } catch (error) {
      lastError = error as Error;
      rmSync(dir, { recursive: true, force: true });
    }
  }
  throw lastError ?? new Error('PostgreSQL did not start');
}

function postgresIds(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (line === undefined) throw new Error('no "postgres" user: install Debian\'s postgresql');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function launch(
  dir: string,
  bin: string,
  port: number,
  runAs: readonly string[],
): Promise<PostgresCluster> {
  const database = 'decorest_test';
  // Own process group: a Ctrl-C to the test run reaches the tests, and the watchdog then sees
  // its stdin close instead of dying before it has cleaned up.
  const child = spawn(
    'sh',
    ['-c', WATCHDOG, 'watchdog', dir, bin, String(port), database, ...runAs],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The pipes must not keep the test process alive; their end is the watchdog's signal.
  child.unref();
  for (const pipe of [child.stdin, child.stdout, child.stderr]) (pipe as Socket).unref();
  return new Promise((resolve, reject) => {
    const onData = (): void => {
      if (!stdout.includes('ready\n')) return;
      child.stdout.off('data', onData);
      let stopping: Promise<void> | undefined;
      // One command at a time: each resolves when the watchdog prints its line.
      let commands = Promise.resolve();
      const command = (name: 'stop' | 'start', done: string): Promise<void> =>
        (commands = commands.then(
          () =>
            new Promise<void>((resolveCommand, rejectCommand) => {
              const from = stdout.length;
              const onLine = (): void => {
                if (!stdout.slice(from).includes(`${done}\n`)) return;
                child.stdout.off('data', onLine);
                resolveCommand();
              };
              child.stdout.on('data', onLine);
              void exited.then(() =>
                rejectCommand(new Error(`the cluster ended before "${done}":\n${stderr}`)),
              );
              child.stdin.write(`${name}\n`);
            }),
        ));
      resolve({
        url: `postgres://postgres@127.0.0.1:${port}/${database}`,
        stop: () => (stopping ??= (child.stdin.end(), exited)),
        stopServer: () => command('stop', 'server stopped'),
        startServer: () => command('start', 'server started'),
      });
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      if (!stdout.includes('ready\n'))
        reject(new Error(`PostgreSQL did not start (exit ${code}):\n${stderr.slice(-4000)}`));
    });
  });
}
