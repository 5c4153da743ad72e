import { writeSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/** write(2) may write less than asked (a signal, a nearly full disk): callers loop until done. */
function noProgress(): Error {
  return Object.assign(new Error('write made no progress'), { code: 'EIO' });
}

/** Writes all of `buffer` at the end of an O_APPEND file, off the event loop (large files). */
export async function writeAll(handle: FileHandle, buffer: Buffer): Promise<void> {
  let offset = 0;
  while (offset < buffer.length) {
    const { bytesWritten } = await handle.write(buffer, offset, buffer.length - offset, null);
    if (bytesWritten <= 0) throw noProgress();
    offset += bytesWritten;
  }
}

/**
 * Writes all of `buffer` at the end of an O_APPEND file on the event loop. For the small
 * appends of group commit: a write(2) of a few KiB into the page cache costs microseconds, less
 * than handing it to libuv's thread pool and back, which also costs a thread switch per batch.
 */
export function writeAllSync(fd: number, buffer: Buffer): void {
  let offset = 0;
  while (offset < buffer.length) {
    const written = writeSync(fd, buffer, offset, buffer.length - offset, null);
    if (written <= 0) throw noProgress();
    offset += written;
  }
}
