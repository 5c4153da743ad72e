import { describe, expect, it } from 'vitest';

import { checkPattern } from './pattern-pool.js';

describe('a pattern the linear-time matcher refuses (issue 48)', () => {
  it.each(['(?=a)b', '(?!a)b', '(?<=a)b', '(?<!a)b'])('names lookaround in %s', (pattern) => {
    expect(checkPattern(pattern, false)).toEqual({
      ok: false,
      message:
        'lookaround ((?=…), (?!…), (?<=…), (?<!…)) is not supported: the matcher is linear-time',
    });
  });

  it('names a backreference', () => {
    expect(checkPattern('(a)\\1', false)).toEqual({
      ok: false,
      message: 'backreferences (\\1 …) are not supported: the matcher is linear-time',
    });
  });
});
