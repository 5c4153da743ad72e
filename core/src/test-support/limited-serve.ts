import { spawn } from 'node:child_process';

import { CLI, REPO_ROOT, type ServeProcess, serveProcessOf } from './cli.js';

export const SETPRIV = '/usr/bin/setpriv';
/** The bounding-set change that takes root's permission bypass away. */
export const DROP_DAC = ['--bounding-set', '-dac_override,-dac_read_search'];

/** Limits a `decorest serve` child runs under, to make storage fail in ways root cannot stop. */
export interface ServeLimits {
  /** `ulimit -f`: the largest file the child may write, in the shell's 512-byte blocks. */
  fileBlocks?: number;
  /** Run the child as this user and group (root dropping privileges so permissions apply). */
  uid?: number;
  gid?: number;
  /**
   * Run the child (as root) without the capabilities that let root ignore file permissions
   * (through `setpriv`, see read-only-child.ts).
   */
  dropPermissionBypass?: boolean;
}

/**
 * Starts `decorest serve <dir> --port 0 --quiet` under `limits` (through `sh -c 'ulimit -f …;
 * exec node …'`), resolved once it prints its URL. Appends past the file size limit fail with
 * EFBIG, as on a full disk; Node ignores the SIGXFSZ that comes with them.
 */
export function startLimitedServe(
  dir: string,
  limits: ServeLimits,
  env: Record<string, string> = {},
): Promise<ServeProcess> {
  const ulimit = limits.fileBlocks === undefined ? '' : `ulimit -f ${limits.fileBlocks} && `;
  const shell = ['/bin/sh', '-c'];
  const [command, ...prefix] = limits.dropPermissionBypass
    ? [SETPRIV, ...DROP_DAC, ...shell]
    : shell;
  const child = spawn(
    command!,
    [
      ...prefix,
      `${ulimit}exec "$0" "$@"`,
      process.execPath,
      CLI,
      'serve',
      dir,
      '--port',
      '0',
      '--quiet',
    ],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      ...(limits.uid === undefined ? {} : { uid: limits.uid }),
      ...(limits.gid === undefined ? {} : { gid: limits.gid }),
    },
  );
  return serveProcessOf(child);
}
