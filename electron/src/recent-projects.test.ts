import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  addRecent,
  parseRecent,
  RECENT_LIMIT,
  RecentProjects,
  removeRecent,
} from './recent-projects.js';

const abs = (name: string) => path.resolve('/projects', name);

describe('addRecent', () => {
  it('puts the folder first and drops its older entry', () => {
    expect(addRecent([abs('a'), abs('b'), abs('c')], abs('b'))).toEqual([
      abs('b'),
      abs('a'),
      abs('c'),
    ]);
  });

  it('treats a trailing slash as the same folder', () => {
    expect(addRecent([abs('a')], `${abs('a')}${path.sep}`)).toEqual([abs('a')]);
  });

  it(`keeps at most ${RECENT_LIMIT}`, () => {
    const many = Array.from({ length: RECENT_LIMIT }, (_, i) => abs(`p${i}`));
    const list = addRecent(many, abs('new'));
    expect(list).toHaveLength(RECENT_LIMIT);
    expect(list[0]).toBe(abs('new'));
    expect(list).not.toContain(abs(`p${RECENT_LIMIT - 1}`));
  });
});

describe('removeRecent', () => {
  it('removes the folder only', () => {
    expect(removeRecent([abs('a'), abs('b')], abs('a'))).toEqual([abs('b')]);
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

describe('RecentProjects (file in the user-data folder)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'decorest-recent-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('survives a restart', async () => {
    const file = path.join(dir, 'nested', 'recent-projects.json');
    await new RecentProjects(file).add(abs('a'));
    const again = new RecentProjects(file);
    expect(await again.load()).toEqual([abs('a')]);
    await again.add(abs('b'));
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual([abs('b'), abs('a')]);
  });

  it('opens with an empty list from a corrupt file, then replaces it', async () => {
    const file = path.join(dir, 'recent-projects.json');
    await writeFile(file, '["/a", ');
    const recent = new RecentProjects(file);
    expect(await recent.load()).toEqual([]);
    await recent.add(abs('c'));
    expect(await new RecentProjects(file).load()).toEqual([abs('c')]);
  });

  it('keeps a folder the core added to the file meanwhile', async () => {
    const file = path.join(dir, 'recent-projects.json');
    const recent = new RecentProjects(file);
    await recent.add(abs('a'));
    await writeFile(file, JSON.stringify([abs('from-ui'), abs('a')]));
    expect(await recent.add(abs('b'))).toEqual([abs('b'), abs('from-ui'), abs('a')]);
  });

  it('opens with an empty list when there is no file yet', async () => {
    expect(await new RecentProjects(path.join(dir, 'none.json')).load()).toEqual([]);
  });
});
