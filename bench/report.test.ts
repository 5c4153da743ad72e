import { describe, expect, it } from 'vitest';

import { STUDIO_HEADING, studioSection, withStudioSection } from './report.mjs';

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
