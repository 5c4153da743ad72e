import { describe, expect, it } from 'vitest';

import { roundOrder } from './rounds.mjs';

describe('roundOrder', () => {
  const entries = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

  it('serves every target once per round, and each leads one round in eight', () => {
    const leaders = new Set<string>();
    for (let round = 0; round < entries.length; round++) {
      const order = roundOrder(entries, round);
      expect([...order].sort()).toEqual(entries);
      leaders.add(order[0]!);
    }
    expect(leaders.size).toBe(entries.length);
  });

  it('gives each target several neighbours before it over the rounds, not one', () => {
    const before = new Map<string, Set<string>>(entries.map((e) => [e, new Set()]));
    for (let round = 0; round < 9; round++) {
      const order = roundOrder(entries, round);
      for (let i = 1; i < order.length; i++) before.get(order[i]!)!.add(order[i - 1]!);
    }
    for (const [entry, neighbours] of before)
      expect(neighbours.size, entry).toBeGreaterThanOrEqual(4);
  });

  it('keeps one or two targets in their order', () => {
    expect(roundOrder(['a'], 3)).toEqual(['a']);
    expect(roundOrder(['a', 'b'], 1)).toEqual(['b', 'a']);
  });
});
