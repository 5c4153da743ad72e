/**
 * How a test makes a `decorest serve` child meet file permissions, so a read-only datafile or
 * data folder really refuses its writes (issue 11). Root ignores permissions through two
 * capabilities, CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH, so as root the child runs:
 * 1. still as root but without those two capabilities (`setpriv --bounding-set`): it reaches the
 *    checkout wherever it is (a private home folder, `mktemp -d`), and meets the permission bits
 *    of the files it does not own like anyone else (root owns the test's files: their owner bits
 *    apply);
 * 2. else as user `nobody`, when `nobody` can reach node, the CLI and its dependencies;
 * 3. else nowhere: the case is skipped, saying why.
 */
import { spawnSync } from 'node:child_process';

import { CLI, REPO_ROOT } from './cli.js';
import { DROP_DAC, type ServeLimits, SETPRIV } from './limited-serve.js';

const NOBODY = { uid: 65534, gid: 65534 };

export type ReadOnlyChild =
  { readonly limits: ServeLimits; readonly how: string } | { readonly skip: string };

function runs(command: string, args: string[], ids: { uid?: number; gid?: number } = {}): boolean {
  const result = spawnSync(command, args, {
    cwd: REPO_ROOT,
    stdio: 'ignore',
    timeout: 15_000,
    ...ids,
  });
  return result.error === undefined && result.status === 0;
}

/** Picks the first mechanism that works on this machine (see the module comment). */
export function readOnlyChild(): ReadOnlyChild {
  if (process.getuid?.() !== 0) return { limits: {}, how: 'as this user (not root)' };
  if (runs(SETPRIV, [...DROP_DAC, process.execPath, CLI, '--version'])) {
    return { limits: { dropPermissionBypass: true }, how: 'as root without CAP_DAC_OVERRIDE' };
  }
  if (runs(process.execPath, [CLI, '--version'], NOBODY)) {
    return { limits: NOBODY, how: 'as user nobody' };
  }
  return {
    skip:
      `running as root, ${SETPRIV} cannot drop CAP_DAC_OVERRIDE here (no CAP_SETPCAP, or no ` +
      `setpriv) and user nobody cannot run ${CLI} from ${REPO_ROOT} (not reachable by others): ` +
      'no way to make a child meet file permissions',
  };
}
