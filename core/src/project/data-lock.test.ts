import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { LoadError } from '../errors.js';
import { EXAMPLES } from '../test-support/project-server.js';
import { LOCK_FILE } from './data-lock.js';
import { openProject } from './open-project.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function copy(): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'decorest-lock-'));
  await cp(EXAMPLES.todo, dir, { recursive: true, filter: (src) => !src.includes('/data') });
  return dir;
}

describe('the data folder lock', () => {
  it('refuses a data folder another live process holds, naming its pid', async () => {
    const root = await copy();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      await import('node:fs/promises').then((fs) => fs.mkdir(join(root, 'data')));
      await writeFile(join(root, 'data', LOCK_FILE), String(other.pid));
      const error = await openProject(root).then(
        (p) => p.close(),
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(LoadError);
      expect((error as LoadError).code).toBe('DATA_LOCKED');
      expect((error as LoadError).message).toContain(`pid ${String(other.pid)}`);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over the lock of a process that died, and releases its own on close', async () => {
    const root = await copy();
    await import('node:fs/promises').then((fs) => fs.mkdir(join(root, 'data')));
    await writeFile(join(root, 'data', LOCK_FILE), '999999999');
    const project = await openProject(root);
    expect(await readFile(join(root, 'data', LOCK_FILE), 'utf8')).toBe(String(process.pid));
    await project.close();
    await expect(readFile(join(root, 'data', LOCK_FILE), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('is not taken by describe-only loads, which touch no files', async () => {
    const root = await copy();
    // Held by another live process: a describe-only load that took the lock (the bug this
    // guards) would fail with DATA_LOCKED or rewrite the lock file.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      await mkdir(join(root, 'data'));
      await writeFile(join(root, 'data', LOCK_FILE), String(other.pid));
      const described = await openProject(root, { data: false });
      try {
        expect(described.table.routes.length).toBeGreaterThan(0);
        expect(await readFile(join(root, 'data', LOCK_FILE), 'utf8')).toBe(String(other.pid));
        expect(await readdir(join(root, 'data')), 'no datafile was created').toEqual([LOCK_FILE]);
      } finally {
        await described.close();
      }
      expect(await readFile(join(root, 'data', LOCK_FILE), 'utf8')).toBe(String(other.pid));
    } finally {
      other.kill('SIGKILL');
    }
  });
});
