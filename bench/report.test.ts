import { describe, expect, it } from 'vitest';

import { issue27Lines } from './issue27.mjs';
import { issue45Lines } from './issue45.mjs';
import {
  cpuRatioOf,
  cpuVerdicts,
  medianRatioOf,
  openVerdicts,
  ratioOf,
  STUDIO_HEADING,
  studioSection,
  withStudioSection,
} from './report.mjs';

const studio = `# Studio bench

- date: 2026-11-25T22:01:24.372Z; node v20

| scenario | kept |
| --- | ---: |
| byId | 92 % |

## Records pages

| sort | ms |
| --- | ---: |
| id | 0.6 |
`;

const results = `# Bench results

## Issue 15 targets in this run

- met

## Where the time goes

- profiles
`;

describe("RESULTS.md's studio section", () => {
  it("takes the studio bench's first table and its date", () => {
    const section = studioSection(studio);
    expect(section.startsWith(STUDIO_HEADING)).toBe(true);
    expect(section).toContain('run 2026-11-25T22:01:24.372Z');
    expect(section).toContain('| byId | 92 % |');
    expect(section).not.toContain('| id | 0.6 |');
  });

  it('goes before the profile summary once, and a later run replaces it', () => {
    const once = withStudioSection(results, studioSection(studio));
    expect(once.indexOf(STUDIO_HEADING)).toBeLessThan(once.indexOf('## Where the time goes'));
    expect(once.indexOf(STUDIO_HEADING)).toBeGreaterThan(once.indexOf('## Issue 15'));
    const later = withStudioSection(once, studioSection(studio.replace('92 %', '95 %')));
    expect(later.split(STUDIO_HEADING)).toHaveLength(2);
    expect(later).toContain('| byId | 95 % |');
    expect(later).not.toContain('92 %');
    expect(later).toContain('## Where the time goes\n\n- profiles');
  });

  it('says when the studio bench has not been run', () => {
    expect(studioSection(undefined)).toContain('has not been run');
  });
});

/** A cell as runScenarios leaves it: the median round's req/s and every round's. */
function cell(target: string, roundRps: number[]) {
  const sorted = roundRps.filter(Number.isFinite).sort((a, b) => a - b);
  const rps = sorted[Math.floor((sorted.length - 1) / 2)];
  return { scenario: 'list10', target, n: 100_000, result: { rps }, roundRps };
}

describe('ratios between two cells', () => {
  // A host that slows by a third for minutes at a time, once in the middle of a round (the
  // third): decorest's median round is a slow one, the baseline's a fast one, though decorest kept
  // level with the baseline in every round that ran in one state.
  const decorest = cell('decorest', [16_000, 25_000, 15_500, 24_000, 16_500]);
  const baseline = cell('baseline', [16_200, 25_500, 24_800, 25_000, 16_000]);

  it('pairs the cells round by round', () => {
    expect(medianRatioOf(decorest, baseline)).toBeCloseTo(16_500 / 24_800, 6);
    expect(ratioOf(decorest, baseline)).toBeCloseTo(25_000 / 25_500, 6);
  });

  it('skips a round that has no figure for either cell', () => {
    const gap = cell('decorest', [NaN, 25_000, 15_500, 24_000, 16_500]);
    expect(ratioOf(gap, baseline)).toBeCloseTo(
      median([25_000 / 25_500, 15_500 / 24_800, 24_000 / 25_000, 16_500 / 16_000]),
      6,
    );
  });

  it('falls back to the two medians with one round', () => {
    expect(ratioOf(cell('decorest', [20_000]), cell('baseline', [25_000]))).toBeCloseTo(0.8, 6);
  });

  it("issue 27's read verdict rests on the paired figure and shows the other", () => {
    const [line] = issue27Lines({
      clients: [{ name: 'wrk', cells: [decorest, baseline] }],
      entries: [],
      sizes: [100_000],
      reload: undefined,
    });
    expect(line).toContain('list10 at N=100,000 under wrk');
    expect(line).toContain('met (0.98×; ratio of medians 0.67×)');
    expect(line).not.toContain('NOT');
  });
});

describe("issue 42's open-model verdict", () => {
  const closed = cell('decorest', [20_000, 21_000, 19_000]);

  it('holds when the open project keeps within 5 % of the closed one round by round', () => {
    const open = cell('decorest-open', [19_400, 20_500, 18_300]);
    const [v] = openVerdicts([closed, open], open);
    expect(v.goal).toBe('within 5 % of closed models');
    expect(v).toMatchObject({ met: true, text: 'met (0.97×)' });
  });

  it('fails when the open project is slower by more than 5 %', () => {
    const open = cell('decorest-open', [18_000, 19_000, 17_000]);
    expect(openVerdicts([closed, open], open)[0]).toMatchObject({ met: false });
  });

  it('says nothing when the closed project was not measured', () => {
    const open = cell('decorest-open', [18_000]);
    expect(openVerdicts([open], open)).toEqual([]);
  });
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A read cell with server CPU per request for each round (issue 45). */
function cpuCell(scenario: string, target: string, n: number, roundUs: number[]) {
  const sorted = roundUs.filter(Number.isFinite).sort((a, b) => a - b);
  const cpuUs = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : median(sorted);
  return {
    scenario,
    target,
    n,
    result: { rps: 10_000, errors: 0, non2xx: 0, statuses: {} },
    roundRps: roundUs.map(() => 10_000),
    roundUs,
    cpuUs,
  };
}

describe("issue 45's verdicts by server CPU per request", () => {
  const sizes = [1_000, 100_000];

  it('pairs the rounds: bare µs over decorest µs, the median of the pairs', () => {
    // The host slows every server alike in rounds 2 and 3.
    const decorest = cpuCell('byId', 'decorest', 1_000, [20, 30, 31, 21, 20]);
    const baseline = cpuCell('byId', 'baseline', 1_000, [24, 36, 37, 25, 22]);
    expect(cpuRatioOf(decorest, baseline)).toBeCloseTo(
      median([1.2, 1.2, 37 / 31, 25 / 21, 1.1]),
      6,
    );
    expect(
      cpuRatioOf(
        cpuCell('byId', 'decorest', 1_000, [20]),
        cpuCell('byId', 'baseline', 1_000, [25]),
      ),
    ).toBeCloseTo(1.25, 6);
  });

  it('meets ≥ 0.8× at 1.25× the bare CPU, and the stretch only at or under it', () => {
    const base = cpuCell('list10', 'baseline', 1_000, [20, 20, 20]);
    const within = cpuCell('list10', 'decorest', 1_000, [24, 24, 24]);
    const [limit, stretch] = cpuVerdicts([base, within], within, sizes);
    expect(limit).toMatchObject({ goal: 'CPU/req: bare ÷ decorest ≥ 0.80×', met: true });
    expect(limit!.text).toBe('met (0.83×; 24.0 vs 20.0 µs)');
    expect(stretch).toMatchObject({ goal: 'stretch ≥ 1.00×', met: false });
    const over = cpuCell('list10', 'decorest', 1_000, [26, 26, 26]);
    expect(cpuVerdicts([base, over], over, sizes)[0]).toMatchObject({ met: false });
    const under = cpuCell('list10', 'decorest', 1_000, [18, 19, 20]);
    expect(cpuVerdicts([base, under], under, sizes)[1]).toMatchObject({ met: true });
  });

  it('judges nested10 at the larger N against its own N=1,000, and only nested10', () => {
    const cells = [
      cpuCell('nested10', 'decorest', 1_000, [20, 20, 20]),
      cpuCell('nested10', 'baseline', 1_000, [25, 25, 25]),
      cpuCell('nested10', 'decorest', 100_000, [24, 24, 24]),
      cpuCell('nested10', 'baseline', 100_000, [25, 26, 25]),
      cpuCell('byId', 'decorest', 1_000, [20, 20, 20]),
      cpuCell('byId', 'decorest', 100_000, [40, 40, 40]),
    ];
    const scale = cpuVerdicts(cells, cells[2]!, sizes).find((v) => v.goal.includes('own N'));
    expect(scale).toMatchObject({ goal: 'CPU/req ≥ 0.85× own N=1,000', met: false });
    expect(scale!.text).toBe('NOT met (0.83×, 2 % short; baseline 1.00×)');
    expect(cpuVerdicts(cells, cells[5]!, sizes).some((v) => v.goal.includes('own N'))).toBe(false);
    // The smaller size has no scale verdict of its own.
    expect(cpuVerdicts(cells, cells[0]!, sizes).some((v) => v.goal.includes('own N'))).toBe(false);
  });

  it('says nothing when the run measured no CPU', () => {
    const cell = { ...cpuCell('byId', 'decorest', 1_000, [NaN]), cpuUs: NaN };
    expect(cpuVerdicts([cell, cpuCell('byId', 'baseline', 1_000, [20])], cell, sizes)).toEqual([]);
  });

  it('lists reads, writes against the best json-server, and memory with the texts kept', () => {
    const cells = [
      cpuCell('byId', 'decorest', 100_000, [18, 18, 18]),
      cpuCell('byId', 'baseline', 100_000, [20, 20, 20]),
      {
        ...cpuCell('patch', 'decorest', 100_000, [40]),
        roundRps: [12_000],
        result: { rps: 12_000, errors: 0, non2xx: 0, statuses: {} },
      },
      {
        ...cpuCell('patch', 'json-server-1', 100_000, [900]),
        roundRps: [100],
        result: { rps: 100, errors: 0, non2xx: 0, statuses: {} },
      },
    ];
    const entries = [
      { target: 'decorest', n: 100_000, rssLoaded: 107, rssAfterReads: 135 },
      { target: 'baseline', n: 100_000, rssLoaded: 99, rssAfterReads: 100 },
    ];
    const lines = issue45Lines({ cells, entries, sizes: [100_000] });
    expect(lines[0]).toBe(
      '- byId at N=100,000: CPU/req: bare ÷ decorest ≥ 0.80×: met (1.11×; 18.0 vs 20.0 µs); stretch ≥ 1.00×: met (1.11×)',
    );
    expect(lines[1]).toBe('- patch at N=100,000 (a write): ≥ 100× best json-server: met (120×)');
    expect(lines[2]).toContain("- RSS at ready at N=100,000 ≤ 1.3× the baseline's: met (1.08×)");
    expect(lines[3]).toContain('NOT met (1.35×, 4 % over)');
  });
});
