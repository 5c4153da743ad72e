import { describe, expect, it } from 'vitest';

import { isKeyOf, keyOf } from './id-rules.js';

describe('isKeyOf', () => {
  const within = (key: string, id: number | string) =>
    isKeyOf(id, `{"_id":"${key}",`, 8, 8 + key.length);

  it.each([0, 7, 10, 123, -4, -10, 9_007_199_254_740_991, 'a', 'été'])(
    'agrees with keyOf for %s',
    (id) => {
      expect(within(keyOf(id), id)).toBe(true);
    },
  );

  it.each([
    ['07', 7],
    ['1', 10],
    ['10', 1],
    ['', 0],
    ['1e1', 10],
    ['4', -4],
    ['-4', 4],
    ['-', 0],
    ['ab', 'a'],
    ['a', 'ab'],
  ] as const)('is false for the key %j and the id %j', (key, id) => {
    expect(within(key, id)).toBe(false);
  });
});
