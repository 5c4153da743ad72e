/**
 * Issue 40 §3: a file sent to the studio (`POST /api/project-files`) is streamed to a private
 * temp folder as it arrives, counted against its limit, instead of being held in memory (a
 * 50 MiB file sent as base64 JSON peaked at 496 MB). `putProjectFile` then copies it into the
 * project under the name it picks, so the project's own checks (a `files/` folder leading
 * outside, a taken name) run before anything is written there.
 */
import { constants, createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, open, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { ClientGoneError, type HttpProblem, problems } from '../errors.js';

/** A received file, on disk: `length` bytes at `path`, removed by `dispose`. */
export interface SpooledFile {
  readonly path: string;
  readonly length: number;
  dispose(): Promise<void>;
}

/** Passes bytes on until more than `limit` went by, then fails with `tooLarge()`. */
function counted(limit: number, tooLarge: () => HttpProblem, seen: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen.bytes += chunk.length;
      if (seen.bytes > limit) done(tooLarge());
      else done(null, chunk);
    },
  });
}

/**
 * Streams `req`'s body to a new temp file. Over `limit` bytes it stops, removes what it wrote
 * and rejects with `tooLarge()` (the rest of the body is read and dropped, so the 413 can still
 * be written on the socket); a client that goes away mid-body is a {@link ClientGoneError}.
 */
export async function spoolUpload(
  req: IncomingMessage,
  limit: number,
  tooLarge: () => HttpProblem,
): Promise<SpooledFile> {
  const dir = await mkdtemp(join(tmpdir(), 'decorest-upload-'));
  const path = join(dir, 'upload');
  const dispose = () => rm(dir, { recursive: true, force: true });
  const seen = { bytes: 0 };
  const counter = counted(limit, tooLarge, seen);
  // Piped rather than in the pipeline: a failed pipeline would destroy the request, and with
  // it the socket the 413 goes back on.
  const gone = (): void => {
    if (!req.complete) counter.destroy(new ClientGoneError('the client left mid-upload'));
  };
  req.once('error', gone);
  req.once('close', gone);
  req.pipe(counter);
  try {
    await pipeline(counter, createWriteStream(path, { flags: 'wx' }));
  } catch (error) {
    req.unpipe(counter);
    req.resume();
    await dispose();
    if (seen.bytes > limit) throw tooLarge();
    if (error instanceof ClientGoneError) throw error;
    throw problems.storageFailed(`could not receive the file: ${(error as Error).message}`, error);
  } finally {
    req.off('error', gone);
    req.off('close', gone);
  }
  return { path, length: seen.bytes, dispose };
}

const CHUNK = 64 * 1024;

/** Whether two files hold the same bytes, read a chunk at a time (files of up to 50 MiB). */
export async function sameFileBytes(a: string, b: string): Promise<boolean> {
  const [fa, fb] = await Promise.all([open(a), open(b)]);
  try {
    const [sa, sb] = await Promise.all([fa.stat(), fb.stat()]);
    if (sa.size !== sb.size) return false;
    const ba = Buffer.alloc(CHUNK);
    const bb = Buffer.alloc(CHUNK);
    for (let at = 0; at < sa.size;) {
      const [ra, rb] = await Promise.all([fa.read(ba, 0, CHUNK, at), fb.read(bb, 0, CHUNK, at)]);
      if (ra.bytesRead === 0 || ra.bytesRead !== rb.bytesRead) return false;
      if (!ba.subarray(0, ra.bytesRead).equals(bb.subarray(0, rb.bytesRead))) return false;
      at += ra.bytesRead;
    }
    return true;
  } finally {
    await Promise.all([fa.close(), fb.close()]);
  }
}

/** Copies a spooled file to `target`, which must not exist yet (a temp name). */
export function copySpooled(file: SpooledFile, target: string): Promise<void> {
  return copyFile(file.path, target, constants.COPYFILE_EXCL);
}
