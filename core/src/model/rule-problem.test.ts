import { describe, expect, it } from 'vitest';

import { ruleProblem } from './rule-problem.js';

describe('ruleProblem', () => {
  it('refuses a pattern V8 only refuses at its first use (too many nested groups)', () => {
    const deep = `${'('.repeat(20_003)}${')'.repeat(20_003)}`;
    expect(ruleProblem({ pattern: deep })).toMatch(/^pattern is not a valid regular expression/);
  });

  it('takes a fine pattern and names a broken one', () => {
    expect(ruleProblem({ pattern: '^[a-z]+$' })).toBeUndefined();
    expect(ruleProblem({ pattern: '(' })).toMatch(/^pattern is not a valid regular expression/);
  });
});
