import type { FileHandle } from 'node:fs/promises';

/**
 * Writes all of `buffer` at the end of an O_APPEND file. write(2) may write less than asked
 * (a signal, a nearly full disk), so loop until done.
 */
export async function writeAll(handle: FileHandle, buffer: Buffer): Promise<void> {
  let offset = 0;
  while (offset < buffer.length) {
    const { bytesWritten } = await handle.write(buffer, offset, buffer.length - offset, null);
    if (bytesWritten <= 0)
      throw Object.assign(new Error('write made no progress'), { code: 'EIO' });
    offset += bytesWritten;
  }
}
