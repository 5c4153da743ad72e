import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  type FileAccess,
  findElectronBinary,
  hasDisplay,
  isStale,
  type LaunchFacts,
  planLaunch,
  rendererStale,
} from './launch-plan.js';

const files = (entries: Record<string, string>): FileAccess => ({
  exists: (file) => file in entries,
  readText: (file) => entries[file],
});

describe('findElectronBinary', () => {
  const dir = path.resolve('/nm/electron');

  it("finds the binary that path.txt names in electron's dist folder", () => {
    const exe = path.join(dir, 'dist', 'electron');
    expect(
      findElectronBinary(dir, {}, files({ [path.join(dir, 'path.txt')]: 'electron', [exe]: '' })),
    ).toBe(exe);
  });

  it('is undefined without path.txt (no binary was ever installed) or when its file is gone', () => {
    expect(findElectronBinary(dir, {}, files({}))).toBeUndefined();
    expect(
      findElectronBinary(dir, {}, files({ [path.join(dir, 'path.txt')]: 'electron' })),
    ).toBeUndefined();
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH as electron does', () => {
    const exe = path.join('/opt/e', 'electron');
    expect(
      findElectronBinary(dir, { ELECTRON_OVERRIDE_DIST_PATH: '/opt/e' }, files({ [exe]: '' })),
    ).toBe(exe);
  });
});

describe('planLaunch', () => {
  const facts: LaunchFacts = {
    root: '/repo',
    projectDir: 'examples/todo',
    electronBinary: '/repo/node_modules/electron/dist/electron',
    platform: 'linux',
    isRoot: false,
    hasDisplay: true,
  };

  it('runs the desktop app on the project when Electron can run', () => {
    expect(planLaunch(facts, '/usr/bin/node')).toEqual({
      command: facts.electronBinary,
      args: [path.join('/repo', 'electron', 'dist', 'main.js'), 'examples/todo'],
    });
  });

  it('adds --no-sandbox only as root on Linux', () => {
    expect(planLaunch({ ...facts, isRoot: true }, 'node').args).toContain('--no-sandbox');
    expect(planLaunch({ ...facts, isRoot: true, platform: 'darwin' }, 'node').args).not.toContain(
      '--no-sandbox',
    );
  });

  it('starts the browser studio, saying why in one line, without a binary', () => {
    const step = planLaunch({ ...facts, electronBinary: undefined }, '/usr/bin/node');
    expect(step.command).toBe('/usr/bin/node');
    expect(step.args).toEqual([
      path.join('/repo', 'core', 'bin', 'decorest.js'),
      'studio',
      'examples/todo',
    ]);
    expect(step.notice).toBe(
      'The desktop app cannot run here (no Electron binary, and it could not be downloaded): starting the browser studio instead.',
    );
    expect(step.notice).not.toContain('\n');
  });

  it('starts the browser studio without a display', () => {
    expect(planLaunch({ ...facts, hasDisplay: false }, 'node').notice).toContain(
      '(no display: DISPLAY and WAYLAND_DISPLAY are unset)',
    );
  });
});

describe('hasDisplay', () => {
  it('needs DISPLAY or WAYLAND_DISPLAY on Linux only', () => {
    expect(hasDisplay('linux', {})).toBe(false);
    expect(hasDisplay('linux', { DISPLAY: ':99' })).toBe(true);
    expect(hasDisplay('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBe(true);
    expect(hasDisplay('win32', {})).toBe(true);
  });
});

describe('isStale', () => {
  it('is stale when never built or older than a source', () => {
    expect(isStale(100, undefined)).toBe(true);
    expect(isStale(200, 100)).toBe(true);
    expect(isStale(100, 200)).toBe(false);
    expect(isStale(undefined, 100)).toBe(false);
  });
});

describe('rendererStale', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'decorest-launch-'));
    await mkdir(path.join(root, 'renderer', 'src', 'features'), { recursive: true });
    await mkdir(path.join(root, 'renderer', 'dist'), { recursive: true });
    await writeFile(path.join(root, 'renderer', 'src', 'features', 'a.tsx'), 'x');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const touch = (file: string, seconds: number) => utimes(path.join(root, file), seconds, seconds);

  it('is stale without a build, and after a source under src/ changes', async () => {
    expect(rendererStale(root)).toBe(true);
    await writeFile(path.join(root, 'renderer', 'dist', 'index.html'), '');
    await touch('renderer/src/features/a.tsx', 1_000);
    await touch('renderer/dist/index.html', 2_000);
    expect(rendererStale(root)).toBe(false);
    await touch('renderer/src/features/a.tsx', 3_000);
    expect(rendererStale(root)).toBe(true);
  });
});
