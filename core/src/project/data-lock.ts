/**
 * One writer per data folder (issue 7): a second decorest process on the same `data/` would
 * interleave appends in one datafile. The lock is a file holding the owner's pid; a lock whose
 * process is gone (a crash, `kill -9`) is stale and taken over.
 */
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

import { LOAD_ERROR_CODES, LoadError } from '../errors.js';

export const LOCK_FILE = '.decorest.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function ownerOf(file: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Issue 7: a data folder this process may not write (permissions, a read-only mount) cannot get
 * a lock file, but this process cannot append to it either, so there is nothing to guard: it
 * serves reads and its writes answer 507. (A lock file already there is still honoured.)
 */
function isReadOnly(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EACCES' || code === 'EPERM' || code === 'EROFS';
}

/** Takes the lock of `dataDir`; resolves the function that releases it. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    await mkdir(dataDir, { recursive: true });
  } catch (error) {
    if (isReadOnly(error)) return async () => {};
    throw error;
  }
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        if ((await ownerOf(file)) === process.pid) await rm(file, { force: true });
      };
    } catch (error) {
      if (isReadOnly(error)) return async () => {};
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await ownerOf(file);
    if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
      throw new LoadError(
        LOAD_ERROR_CODES.DATA_LOCKED,
        { file: dataDir },
        `another decorest process (pid ${owner}) is serving this data folder; stop it first, or serve a copy`,
      );
    }
    // Stale (its process is gone) or our own from an earlier load that was not closed.
    try {
      await rm(file, { force: true });
    } catch (error) {
      if (isReadOnly(error)) return async () => {};
      throw error;
    }
  }
  throw new LoadError(
    LOAD_ERROR_CODES.DATA_LOCKED,
    { file: dataDir },
    'could not take the data folder lock',
  );
}
