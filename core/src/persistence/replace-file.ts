/**
 * Replaces a whole file so that a crash leaves the old text or the new one, never a mix: a temp
 * file of its own beside it (two saves at once never share one), fsynced, renamed over, and the
 * folder synced. A symlink is written through: the file it points at is replaced and the link
 * stays a link, as an editor's save keeps it.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, realpath, rename, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

import { syncFolder } from './sync-folder.js';
import { writeAll } from './write-all.js';

async function target(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch {
    return file; // a new file (or a dangling link's own path): written where it is named
  }
}

export async function replaceFile(file: string, text: string): Promise<void> {
  const path = await target(file);
  const temp = `${path}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    // The file keeps its permissions, as an editor's save keeps them.
    const mode = await stat(path).then(
      (s) => s.mode & 0o777,
      () => 0o644,
    );
    const handle = await open(
      temp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
      mode,
    );
    try {
      await writeAll(handle, Buffer.from(text, 'utf8'));
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncFolder(dirname(path));
}
