import { describe, expect, it } from 'vitest';

import { issue27Lines } from './issue27.mjs';
import {
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
