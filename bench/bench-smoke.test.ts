import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const SCENARIOS = ['list10', 'byId', 'nested10', 'patch', 'create'];

/** The rows of the `which`-th scenario table `bench/run.mjs` prints, as cells without the pipes. */
function tableRows(stdout: string, which = 0): string[][] {
  const block = stdout.split('\n\n').filter((b) => b.startsWith('| scenario'))[which] ?? '';
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
  // `auto` is the default run: wrk for every cell, then autocannon again for the read cells.
  const clients = [
    { client: 'autocannon', run: true },
    // .ci/run installs Debian's wrk; a machine without it still runs the autocannon variant.
    { client: 'auto', run: hasWrk },
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
            // Its own smoke test below.
            '--no-postgres',
          ],
          // About 15 s on two idle cores; the cap leaves room for a busy CI machine.
          { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
        );
        expect(run.error, run.stderr).toBeUndefined();
        expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
        expect(run.stderr).toContain(`bench: ${client === 'auto' ? 'wrk' : client};`);

        const rows = tableRows(run.stdout);
        expect(rows.map(([scenario, n, target]) => `${scenario} ${n} ${target}`)).toEqual(
          SCENARIOS.flatMap((s) => [`${s} 200 decorest`, `${s} 200 node:http baseline`]),
        );
        for (const [scenario, , target, rps, , , bad, , , cpu] of rows) {
          expect(bad, `${scenario} ${target}`).toBe('0');
          expect(Number(rps?.replaceAll(',', '')), `${scenario} ${target}`).toBeGreaterThan(0);
          // Issue 45: the server's CPU per answered request, from /proc.
          expect(Number(cpu?.replaceAll(',', '')), `${scenario} ${target}`).toBeGreaterThan(0);
        }
        expect(run.stdout).toMatch(/- byId at N=200: CPU\/req: bare ÷ decorest ≥ 0\.80×: /);
        // Every create decorest answered 201 is in its datafile after a SIGKILL.
        const durable = /acknowledged: ([\d,]+), in datafile: ([\d,]+)/.exec(run.stdout);
        expect(durable, run.stdout).not.toBeNull();
        expect(durable?.[2]).toBe(durable?.[1]);
        expect(Number(durable?.[1].replaceAll(',', ''))).toBeGreaterThan(0);

        // Issue 27: decorest's first start in a new folder with an empty cache, timed.
        const first = /\| first start in a new folder[^|]*\| 200 \| ([\d,]+) \|/.exec(run.stdout);
        expect(first, run.stdout).not.toBeNull();
        expect(Number(first?.[1]?.replaceAll(',', ''))).toBeGreaterThan(0);
        const reads = tableRows(run.stdout, 1);
        if (client === 'auto') {
          expect(run.stdout).toContain('Reads under autocannon');
          expect(reads.map(([scenario, n, target]) => `${scenario} ${n} ${target}`)).toEqual(
            ['list10', 'byId', 'nested10'].flatMap((s) => [
              `${s} 200 decorest`,
              `${s} 200 node:http baseline`,
            ]),
          );
          expect(run.stdout).toContain('- byId at N=200 under autocannon ≥ 0.8× the baseline');
        } else {
          expect(reads).toEqual([]);
        }
      },
      65_000,
    );
  }
});

// Issue 26: the PostgreSQL section end to end on small sizes (its own cluster); no timing asserted.
describe('node bench/postgres.mjs --quick', () => {
  it.runIf(existsSync('/usr/lib/postgresql'))(
    'decorest on PostgreSQL, the bare pg server and the file store answer every scenario',
    () => {
      const run = spawnSync(process.execPath, ['bench/postgres.mjs', '--quick', '--no-write'], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 170_000,
      });
      expect(run.error, run.stderr).toBeUndefined();
      expect(run.stdout, run.stderr).not.toContain('PROBLEM');
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/\| create \(POST \/todos\) \| [\d,]+ \| [\d,]+ \| [\d.]+× \|/);
      expect(run.stdout).toContain('no full-table read into the server');
    },
    180_000,
  );
});

// Issue 44: the file store's million-record pages on a small data folder, every page checked
// against the generated records (exact X-Total-Count included); no timing asserted.
describe('node bench/file-scale.mjs --quick', () => {
  it('answers every cell right, reads and writes, with no error under load', () => {
    const run = spawnSync(process.execPath, ['bench/file-scale.mjs', '--quick', '--no-write'], {
      cwd: ROOT,
      encoding: 'utf8',
      // About 25 s on two busy cores.
      timeout: 110_000,
    });
    expect(run.error, run.stderr).toBeUndefined();
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).not.toContain('## Problems');
    for (const cell of ['list10', 'sortIdDesc', 'filtered', 'sortPlain', 'offset', 'q', 'qLong'])
      expect(run.stdout).toMatch(new RegExp(`\\| ${cell} \\| \`[^\`]+\` \\| [\\d,]+ \\|`));
    expect(run.stdout).toMatch(/\| patch \| `PATCH [^`]+` \| [\d,]+ \|/);
  }, 120_000);
});

// Issue 15: the save-to-serve scenario runs end to end; its times are reported, not asserted.
describe('node bench/reload.mjs', () => {
  it('serves each saved model, then drops it, and loses no write made meanwhile', () => {
    const run = spawnSync(
      process.execPath,
      ['bench/reload.mjs', '--models', '3', '--repeats', '2'],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/save → new model's route answers: median \d+ ms/);
    expect(run.stdout).toMatch(/save → removed model's route 404: median \d+ ms/);
    const writes = /(\d+) acknowledged, (\d+) in the datafile, \d+ answered 503, (\d+) other/.exec(
      run.stdout,
    );
    expect(writes, run.stdout).not.toBeNull();
    expect(Number(writes?.[1])).toBeGreaterThan(0);
    expect(writes?.[2]).toBe(writes?.[1]);
    expect(writes?.[3]).toBe('0');
  }, 65_000);
});
