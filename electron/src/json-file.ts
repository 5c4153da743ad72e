import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Reads a small JSON settings file. Anything wrong with it (missing, truncated by a crash,
 * hand-edited into invalid JSON, unreadable) gives `undefined`: a settings file must never stop
 * the app from opening. The caller validates the shape.
 */
export async function readJsonFile(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Writes through a temporary file and a rename, so a crash mid-write leaves the old file whole
 * (rename is atomic on one file system).
 */
export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, `${JSON.stringify(value, null, 2)}\n`, 'utf8');
  await rename(tmp, file);
}
