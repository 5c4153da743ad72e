import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

// Issue 29: a seconds-long run of the rules bench proves it still works; no timing is asserted.
describe('node bench/rules.mjs', () => {
  it('serves every cell without an error and prints both ratios', () => {
    const run = spawnSync(
      process.execPath,
      [
        'bench/rules.mjs',
        ...['--rounds', '1', '--duration', '1', '--connections', '4'],
        ...['--client', 'autocannon', '--no-write', '--no-build'],
      ],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/\| rule answers the fixed body \(`GET \/ruled\/500`\) \| [\d,]+ /);
    expect(run.stdout).toMatch(/- 20 rules that do not match vs no rules: \**\d/);
    expect(run.stdout).toMatch(/- a matching rule vs a manual route, same body: \**\d/);
  }, 90_000);
});
