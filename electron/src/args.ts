import path from 'node:path';

/** What the desktop app was asked to open and where to serve it. */
export interface LaunchArgs {
  /** Absolute project folder, when one was named on the command line. */
  projectDir?: string;
  /** Mock API port asked for (`--port`); the app falls back to a free one when it is busy. */
  apiPort: number;
  /** Control API port (`--control-port`); 0 lets the system choose, the usual case. */
  controlPort: number;
  host: string;
  /** `--dev <url>`: load the renderer from Vite's dev server (looser CSP, devtools open). */
  devServerUrl?: string;
  /**
   * `--database <url>` (issue 26): keep the default datasource in that PostgreSQL database,
   * as `decorest studio --database` does; {@link databaseOf} falls back to the environment.
   */
  database?: string;
}

/** The environment variable the CLI reads too (core/src/cli/parse-args.ts). */
export const DATABASE_ENV = 'DECOREST_DATABASE_URL';

/** The database the studio serves from: `--database`, else `DECOREST_DATABASE_URL`, if any. */
export function databaseOf(
  args: Pick<LaunchArgs, 'database'>,
  env: NodeJS.ProcessEnv,
): string | undefined {
  const url = args.database ?? env[DATABASE_ENV];
  return url === undefined || url === '' ? undefined : url;
}

export const DEFAULT_API_PORT = 3000;
export const DEFAULT_HOST = '127.0.0.1';

/**
 * The app's own arguments in `process.argv`: all but the executable in a packaged app; under
 * `electron <app>` (`process.defaultApp`) also without the app path, which is the first
 * argument that is not a switch (Playwright puts `--inspect=0 --remote-debugging-port=0`
 * before it, so it is not always `argv[1]`).
 */
export function userArgs(argv: readonly string[], defaultApp: boolean): string[] {
  const rest = argv.slice(1);
  if (!defaultApp) return rest;
  const app = rest.findIndex((arg) => !arg.startsWith('-'));
  return app === -1 ? rest : [...rest.slice(0, app), ...rest.slice(app + 1)];
}

const VALUED = new Set(['--port', '--control-port', '--host', '--dev', '--database']);

/**
 * Reads the app's arguments. Unknown `--switches` are skipped rather than refused: Chromium and
 * Electron add their own (`--no-sandbox`, `--inspect=…`, `--allow-file-access-from-files` in a
 * second instance's argv), and the app must still start. Relative folders resolve against `cwd`
 * (for a second instance, its own working directory).
 *
 * @example parseLaunchArgs(['examples/todo', '--port', '4000'], '/home/ann/studio') // projectDir '/home/ann/studio/examples/todo'
 */
export function parseLaunchArgs(args: readonly string[], cwd: string): LaunchArgs {
  const out: LaunchArgs = { apiPort: DEFAULT_API_PORT, controlPort: 0, host: DEFAULT_HOST };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    if (VALUED.has(name)) {
      const value = eq > 0 && name !== arg ? arg.slice(eq + 1) : args[++i];
      if (value === undefined) throw new Error(`${name} needs a value`);
      applyOption(out, name, value);
    } else if (arg.startsWith('-')) {
      continue;
    } else if (out.projectDir === undefined && arg !== '') {
      out.projectDir = path.resolve(cwd, arg);
    }
  }
  return out;
}

function applyOption(out: LaunchArgs, name: string, value: string): void {
  switch (name) {
    case '--port':
      out.apiPort = parsePort(name, value);
      break;
    case '--control-port':
      out.controlPort = parsePort(name, value);
      break;
    case '--host':
      out.host = value;
      break;
    case '--dev':
      out.devServerUrl = parseDevUrl(value);
      break;
    case '--database':
      out.database = value;
      break;
  }
}

function parsePort(name: string, value: string): number {
  // Digits only: `Number('0x10')` and `Number('1e3')` would be accepted otherwise.
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new Error(`${name} must be a port number from 0 to 65535, got "${value}"`);
  }
  return Number(value);
}

function parseDevUrl(value: string): string {
  const url = new URL(value);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'http:' || !loopback) {
    throw new Error(
      `--dev takes Vite's dev server on this machine (http://localhost:5173), got "${value}"`,
    );
  }
  return url.origin;
}

/**
 * The folder a second launch asked for. The first instance gets it as `additionalData` (set by
 * the second one from its own parsed arguments, so it is already absolute); the raw argv is the
 * fallback for a second instance of an older build.
 */
export function secondInstanceProject(
  argv: readonly string[],
  workingDirectory: string,
  additionalData: unknown,
  defaultApp: boolean,
): string | undefined {
  if (isRecord(additionalData) && typeof additionalData.projectDir === 'string') {
    return path.resolve(workingDirectory, additionalData.projectDir);
  }
  try {
    return parseLaunchArgs(userArgs(argv, defaultApp), workingDirectory).projectDir;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
