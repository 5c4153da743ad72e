/**
 * Compiled patterns are shared, freed with the last rule set holding them, and survive the
 * engine aborting (issue 40 §4).
 */

import { describe, expect, it } from 'vitest';

import { checkPattern, heldPatternCount, PatternLease, queryPattern } from './pattern-pool.js';
import { engineGeneration } from './re2-engine.js';
import { fillEngineHeap } from './test-support/fill-engine-heap.js';

describe('the pattern pool', () => {
  it('holds one compiled pattern per source and flags, freed with the last set holding it', () => {
    const before = heldPatternCount();
    const first = new PatternLease();
    const a = first.acquire('^a+$', false);
    expect(first.acquire('^a+$', false)).toBe(a);
    expect(first.acquire('^a+$', true)).not.toBe(a);
    expect(first.fits()).toBe(true);
    expect(heldPatternCount()).toBe(before + 2);

    // The next set holds the same pattern before the first lets go: nothing is compiled again.
    const second = new PatternLease();
    expect(second.acquire('^a+$', false)).toBe(a);
    first.release();
    expect(heldPatternCount()).toBe(before + 1);
    expect(a.test('aaa')).toBe(true);
    second.release();
    expect(heldPatternCount()).toBe(before);
  });

  it('answers after the engine aborted, compiling its patterns in a fresh one', () => {
    const lease = new PatternLease();
    try {
      const held = lease.acquire('^held-[0-9]+$', false);
      expect(lease.fits()).toBe(true);
      expect(held.test('held-1')).toBe(true);
      const generation = engineGeneration();
      fillEngineHeap();
      // Compiled on first use: the full heap aborts, a fresh module answers.
      const late = lease.acquire('^late-[a-z]+$', true);
      expect(late.test('LATE-x')).toBe(true);
      expect(engineGeneration()).toBeGreaterThan(generation);
      expect(held.test('held-22')).toBe(true);
      expect(held.test('nope')).toBe(false);
    } finally {
      lease.release();
    }
  });

  it('tells a pattern RE2 refuses from the engine running out of memory', () => {
    fillEngineHeap();
    expect(checkPattern('^fine-[0-9]+$', false)).toEqual({ ok: true });
    fillEngineHeap();
    expect(checkPattern('(?<=a)b', false)).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^lookaround .* is not supported: the matcher is linear-time$/,
      ),
    });
  });

  // Compiling is CPU work: generous on a busy 2-core machine (2,000 patterns once took 38 s).
  it(
    'keeps a bounded number of the patterns queries name, compiling a dropped one again',
    {
      timeout: 60_000,
    },
    () => {
      const before = heldPatternCount();
      // Each request may name a pattern never seen: 300 of them, several times the bound of 64,
      // leave at most 64 compiled (the count held is what grows without the bound).
      const first = queryPattern(`^first-${'[a-z]'.repeat(40)}$`, true);
      expect(first.test(`FIRST-${'q'.repeat(40)}`)).toBe(true);
      for (let i = 0; i < 300; i++) {
        const pattern = queryPattern(`^${i}-(${'[a-z0-9]{1,3}'.repeat(20)})+$`, true);
        expect(pattern.test(`${i}-${'ab'.repeat(20)}`)).toBe(true);
      }
      expect(heldPatternCount() - before).toBeLessThanOrEqual(64);
      // The first was dropped long ago: asked again, it is compiled again and still answers.
      expect(first.test(`first-${'z'.repeat(40)}`)).toBe(true);
      expect(first.test('first-')).toBe(false);
    },
  );
});
