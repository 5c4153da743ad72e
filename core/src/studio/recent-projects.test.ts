import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { RECENT_LIMIT, RecentProjects, studioConfigDir } from './recent-projects.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('studioConfigDir', () => {
  it('follows DECOREST_STUDIO_CONFIG_DIR, then XDG_CONFIG_HOME, then ~/.config', () => {
    expect(studioConfigDir({ DECOREST_STUDIO_CONFIG_DIR: '/a', XDG_CONFIG_HOME: '/b' })).toBe('/a');
    expect(studioConfigDir({ XDG_CONFIG_HOME: '/b' })).toBe('/b/decorest-studio');
    expect(studioConfigDir({})).toBe(join(homedir(), '.config', 'decorest-studio'));
  });
});

describe('RecentProjects', () => {
  it('keeps folders newest first, without repeats, at most ten, across instances', async () => {
    dir = await mkdtemp(join(tmpdir(), 'decorest-recent-'));
    const recent = new RecentProjects(join(dir, 'nested'));
    for (let i = 0; i < RECENT_LIMIT + 2; i++) await recent.add(`/p/${i}`);
    await recent.add('/p/5');
    const list = await new RecentProjects(join(dir, 'nested')).list();
    expect(list).toHaveLength(RECENT_LIMIT);
    expect(list.slice(0, 3)).toEqual(['/p/5', '/p/11', '/p/10']);
    expect(new Set(list).size).toBe(list.length);
  });

  it('keeps a folder added while a first read of the list was still out', async () => {
    dir = await mkdtemp(join(tmpdir(), 'decorest-recent-'));
    for (let round = 0; round < 20; round++) {
      const recent = new RecentProjects(join(dir, `r${round}`));
      // The studio asks for its status (a read) while it adds the folder it opened.
      const adding = recent.add('/p');
      const reading = recent.list();
      await Promise.all([adding, reading]);
      expect(await recent.list()).toEqual(['/p']);
    }
  });

  it('reads a damaged file as an empty list and replaces it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'decorest-recent-'));
    await writeFile(join(dir, 'recent-projects.json'), '{not json');
    const recent = new RecentProjects(dir);
    expect(await recent.list()).toEqual([]);
    await recent.add('/p');
    expect(JSON.parse(await readFile(join(dir, 'recent-projects.json'), 'utf8'))).toEqual(['/p']);
  });
});
