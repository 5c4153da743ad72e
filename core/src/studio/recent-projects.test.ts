import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  addRecent,
  parseRecent,
  RECENT_LIMIT,
  RecentProjects,
  studioConfigDir,
} from './recent-projects.js';

const abs = (name: string) => resolve('/projects', name);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'decorest-recent-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('studioConfigDir', () => {
  it('follows DECOREST_STUDIO_CONFIG_DIR, then XDG_CONFIG_HOME, then ~/.config', () => {
    expect(studioConfigDir({ DECOREST_STUDIO_CONFIG_DIR: '/a', XDG_CONFIG_HOME: '/b' })).toBe('/a');
    expect(studioConfigDir({ XDG_CONFIG_HOME: '/b' })).toBe('/b/decorest-studio');
    expect(studioConfigDir({})).toBe(join(homedir(), '.config', 'decorest-studio'));
  });
});

describe('addRecent', () => {
  it('puts the folder first and drops its older entry', () => {
    expect(addRecent([abs('a'), abs('b'), abs('c')], abs('b'))).toEqual([
      abs('b'),
      abs('a'),
      abs('c'),
    ]);
  });

  it('treats a trailing slash as the same folder', () => {
    expect(addRecent([abs('a')], `${abs('a')}${sep}`)).toEqual([abs('a')]);
  });

  it(`keeps at most ${RECENT_LIMIT}`, () => {
    const many = Array.from({ length: RECENT_LIMIT }, (_, i) => abs(`p${i}`));
    const list = addRecent(many, abs('new'));
    expect(list).toHaveLength(RECENT_LIMIT);
    expect(list[0]).toBe(abs('new'));
    expect(list).not.toContain(abs(`p${RECENT_LIMIT - 1}`));
  });
});

describe('parseRecent', () => {
  it('keeps absolute folder paths and drops everything else', () => {
    const data = [abs('a'), 'relative/x', 42, null, abs('a'), 'bad\0path', abs('b')];
    expect(parseRecent(data)).toEqual([abs('a'), abs('b')]);
  });

  it('gives an empty list for any other shape', () => {
    for (const data of [undefined, null, 'x', [], { recent: [abs('a')] }, 42]) {
      expect(parseRecent(data)).toEqual([]);
    }
  });
});

describe('RecentProjects (recent-projects.json in a config folder)', () => {
  it('keeps folders newest first, without repeats, at most ten, across instances', async () => {
    const recent = new RecentProjects(join(dir, 'nested'));
    for (let i = 0; i < RECENT_LIMIT + 2; i++) await recent.add(`/p/${i}`);
    await recent.add('/p/5');
    const list = await new RecentProjects(join(dir, 'nested')).load();
    expect(list).toHaveLength(RECENT_LIMIT);
    expect(list.slice(0, 3)).toEqual(['/p/5', '/p/11', '/p/10']);
    expect(new Set(list).size).toBe(list.length);
    expect(JSON.parse(await readFile(join(dir, 'nested', 'recent-projects.json'), 'utf8'))).toEqual(
      list,
    );
  });

  it('keeps a folder added while a first read of the list was still out', async () => {
    for (let round = 0; round < 20; round++) {
      const recent = new RecentProjects(join(dir, `r${round}`));
      // The studio asks for its status (a read) while it adds the folder it opened.
      const adding = recent.add('/p');
      const reading = recent.load();
      await Promise.all([adding, reading]);
      expect(recent.list).toEqual(['/p']);
      expect(await recent.load()).toEqual(['/p']);
    }
  });

  it('reads a damaged file as an empty list and replaces it', async () => {
    await writeFile(join(dir, 'recent-projects.json'), '["/a", ');
    const recent = new RecentProjects(dir);
    expect(await recent.load()).toEqual([]);
    await recent.add('/p');
    expect(JSON.parse(await readFile(join(dir, 'recent-projects.json'), 'utf8'))).toEqual(['/p']);
  });

  it('keeps a folder the other home (core or desktop shell) added to the file meanwhile', async () => {
    const recent = new RecentProjects(dir);
    await recent.add(abs('a'));
    await writeFile(join(dir, 'recent-projects.json'), JSON.stringify([abs('other'), abs('a')]));
    expect(await recent.add(abs('b'))).toEqual([abs('b'), abs('other'), abs('a')]);
  });

  it('opens with an empty list when there is no file yet', async () => {
    expect(await new RecentProjects(join(dir, 'none')).load()).toEqual([]);
  });

  it('still answers when the list cannot be saved (best effort)', async () => {
    // A file where the config folder should be: every write fails.
    await writeFile(join(dir, 'blocked'), '');
    const recent = new RecentProjects(join(dir, 'blocked'));
    expect(await recent.add(abs('a'))).toEqual([abs('a')]);
  });
});
