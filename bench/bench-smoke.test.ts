import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const SCENARIOS = ['list10', 'byId', 'nested10', 'patch', 'create'];

/** The rows of the first markdown table `bench/run.mjs` prints, as cells without the pipes. */
function tableRows(stdout: string): string[][] {
  const block = stdout.split('\n\n').find((b) => b.startsWith('| scenario')) ?? '';
  return block
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| scenario'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
}

const hasWrk = !spawnSync('wrk', ['-v']).error;

// Issue 6: a seconds-long variant of the bench proves it still works; no timing is asserted.
// Each load generator runs it: the Lua plan wrk runs is generated, so it is checked end to end.
describe('npm run bench --quick', () => {
  const clients = [
    { client: 'autocannon', run: true },
    // .ci/run installs Debian's wrk; a machine without it still runs the autocannon variant.
    { client: 'wrk', run: hasWrk },
  ];
  for (const { client, run: available } of clients) {
    it.runIf(available)(
      `${client}: every scenario on decorest and the baseline, zero errors, durable writes`,
      () => {
        const run = spawnSync(
          process.execPath,
          [
            'bench/run.mjs',
            '--quick',
            '--client',
            client,
            '--targets',
            'decorest,baseline',
            '--no-write',
          ],
          // About 15 s on two idle cores; the cap leaves room for a busy CI machine.
          { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
        );
        expect(run.error, run.stderr).toBeUndefined();
        expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
        expect(run.stderr).toContain(`bench: ${client};`);

        const rows = tableRows(run.stdout);
        expect(rows.map(([scenario, n, target]) => `${scenario} ${n} ${target}`)).toEqual(
          SCENARIOS.flatMap((s) => [`${s} 200 decorest`, `${s} 200 node:http baseline`]),
        );
        for (const [scenario, , target, rps, , , bad] of rows) {
          expect(bad, `${scenario} ${target}`).toBe('0');
          expect(Number(rps?.replaceAll(',', '')), `${scenario} ${target}`).toBeGreaterThan(0);
        }
        // Every create decorest answered 201 is in its datafile after a SIGKILL.
        const durable = /acknowledged: ([\d,]+), in datafile: ([\d,]+)/.exec(run.stdout);
        expect(durable, run.stdout).not.toBeNull();
        expect(durable?.[2]).toBe(durable?.[1]);
        expect(Number(durable?.[1].replaceAll(',', ''))).toBeGreaterThan(0);
      },
      65_000,
    );
  }
});
