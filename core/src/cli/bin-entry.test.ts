import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { CLI } from '../test-support/cli.js';

/**
 * core/bin/decorest.js picks the bundled CLI or the compiled modules (issue 15). Checked on a
 * copy of the bin beside stand-in builds that say which one ran, with file times set by hand:
 * the real core/dist is shared with every other test.
 */
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function layout(files: { bundle?: number; compiled?: number }): string {
  dir = mkdtempSync(join(tmpdir(), 'decorest-bin-'));
  mkdirSync(join(dir, 'bin'));
  mkdirSync(join(dir, 'dist/cli'), { recursive: true });
  mkdirSync(join(dir, 'dist/bundle'));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
  copyFileSync(CLI, join(dir, 'bin/decorest.js'));
  const entry = (name: string) =>
    `export async function main() { process.stdout.write(${JSON.stringify(name)}); return 0; }\n`;
  writeFileSync(join(dir, 'dist/cli/main.js'), entry('compiled'));
  if (files.bundle !== undefined) {
    const bundle = join(dir, 'dist/bundle/main.js');
    writeFileSync(bundle, entry('bundle'));
    utimesSync(bundle, files.bundle, files.bundle);
  }
  if (files.compiled !== undefined) {
    const info = join(dir, 'dist/.tsbuildinfo');
    writeFileSync(info, '{}');
    utimesSync(info, files.compiled, files.compiled);
  }
  return join(dir, 'bin/decorest.js');
}

const ran = (bin: string): string => execFileSync(process.execPath, [bin], { encoding: 'utf8' });

describe('the decorest bin', () => {
  it('runs the bundle when it was built after the last compile', () => {
    expect(ran(layout({ compiled: 1_000, bundle: 2_000 }))).toBe('bundle');
  });

  it('runs the compiled modules when a compile came after the bundle (an edit, then tsc -b)', () => {
    expect(ran(layout({ compiled: 3_000, bundle: 2_000 }))).toBe('compiled');
  });

  it('runs the compiled modules when there is no bundle (an install without dev dependencies)', () => {
    expect(ran(layout({ compiled: 1_000 }))).toBe('compiled');
  });
});
