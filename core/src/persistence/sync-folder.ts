import { open } from 'node:fs/promises';

/** Makes a rename in `folder` durable; not every platform can fsync a folder, so best effort. */
export async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // EISDIR/EPERM on some platforms: the rename is still atomic, just not yet durable.
  }
}
