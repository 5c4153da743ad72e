import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const CLI = fileURLToPath(new URL('../../bin/decorest.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to completion; `env` adds to (or, with '', blanks) the test's environment. */
export function runCli(
  args: string[],
  timeoutMs = 15_000,
  env: NodeJS.ProcessEnv = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: REPO_ROOT,
      timeout: timeoutMs,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A `decorest serve` child process, resolved once it prints its URL. */
export interface ServeProcess {
  readonly child: ChildProcess;
  readonly url: string;
  output(): string;
  /** Waits for the process to end. */
  exited(): Promise<number | null>;
}

/** Resolves once a `decorest serve` child prints its URL; rejects if it exits or stalls. */
export function serveProcessOf(child: ChildProcess): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    let out = '';
    const exit = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start: ${out}`));
    }, 15_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const match = /at (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => out, exited: () => exit });
      }
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${String(code)}: ${out}`));
    });
  });
}

export function startServeProcess(args: string[]): Promise<ServeProcess> {
  return serveProcessOf(spawn(process.execPath, [CLI, 'serve', ...args], { cwd: REPO_ROOT }));
}

/** A `decorest studio` child process, resolved once both URLs are printed. */
export interface StudioProcess {
  readonly child: ChildProcess;
  /** Everything printed so far, also after the start. */
  output(): string;
  readonly apiUrl: string;
  readonly studioUrl: string;
}

/**
 * Spawns `decorest studio`; `track` receives the kill at once, so a start that hangs is still
 * stopped by the caller's cleanup.
 */
export function startStudioProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  track: (kill: () => Promise<void>) => void,
): Promise<StudioProcess> {
  const child = spawn(process.execPath, [CLI, 'studio', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
  });
  track(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const api = /mock API\s+(http:\/\/\S+)/.exec(out);
      const studio = /studio\s+(http:\/\/\S+#token=\S+)/.exec(out);
      if (api && studio && out.includes('\n\n', out.indexOf(studio[1]!))) {
        resolve({ child, output: () => out, apiUrl: api[1]!, studioUrl: studio[1]! });
      }
    });
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`studio exited with ${String(code)}: ${out}`)));
  });
}
