import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cliCommand, shellPath } from './invocation.js';

let root: string;
let bin: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'decorest-invocation-'));
  bin = join(root, 'clone', 'core', 'bin', 'decorest.js');
  await mkdir(join(root, 'clone', 'core', 'bin'), { recursive: true });
  await writeFile(bin, '');
  await mkdir(join(root, 'shims'));
  await symlink(bin, join(root, 'shims', 'decorest'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('the command printed for the next step', () => {
  it('is npx decorest under npx', () => {
    expect(cliCommand({ script: bin, cwd: root, env: { npm_command: 'exec' } })).toBe(
      'npx decorest',
    );
  });

  it('is decorest when PATH finds this very bin', () => {
    const env = { PATH: `/nowhere:${join(root, 'shims')}` };
    expect(cliCommand({ script: bin, cwd: root, env })).toBe('decorest');
  });

  it("is node and the bin's path from a clone, where PATH has no decorest", () => {
    const clone = join(root, 'clone');
    expect(cliCommand({ script: bin, cwd: clone, env: { PATH: '/usr/bin' } })).toBe(
      'node core/bin/decorest.js',
    );
    // From a folder beside the clone the path is absolute, not a climb of `..`s.
    expect(cliCommand({ script: bin, cwd: join(root, 'shims'), env: {} })).toBe(`node ${bin}`);
  });
});

describe('a folder as the next step names it (issue 48 review)', () => {
  it('is relative below the working folder, absolute beside it, quoted when a shell splits it', () => {
    expect(shellPath('/work/clone/my-api', '/work/clone')).toBe('my-api');
    expect(shellPath('/work/clone', '/work/clone')).toBe('.');
    // `init /tmp/x` run in a clone printed `../../tmp/x`: it worked, and read as a puzzle.
    expect(shellPath('/tmp/rv-init', '/work/clone')).toBe('/tmp/rv-init');
    expect(shellPath('/tmp/my api', '/work')).toBe("'/tmp/my api'");
    expect(shellPath("/tmp/bob's", '/work')).toBe("'/tmp/bob'\\''s'");
  });
});
