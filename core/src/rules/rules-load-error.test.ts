import { describe, expect, it } from 'vitest';

import { rulesLoadError } from './rules-load-error.js';

describe('rulesLoadError', () => {
  it('names the first problem as a load error, the others each on a line', () => {
    const error = rulesLoadError('mock-rules.json', [
      { pointer: '/rules/0/status', message: 'must be an integer from 200 to 599' },
      { pointer: '/rules/1/when/0/value', message: 'is not a valid regular expression' },
    ]);
    expect(error.message).toBe(
      'mock-rules.json: /rules/0/status: must be an integer from 200 to 599\n' +
        '  /rules/1/when/0/value: is not a valid regular expression',
    );
  });

  it('keeps line and column of malformed JSON, and counts what it does not list', () => {
    const problems = Array.from({ length: 13 }, (_, i) => ({
      pointer: i === 0 ? '' : `/rules/${i}`,
      message: i === 0 ? 'invalid JSON at line 3, column 7' : 'is wrong',
    }));
    const lines = rulesLoadError('mock-rules.json', problems).message.split('\n');
    expect(lines[0]).toBe('mock-rules.json:3:7: invalid JSON at line 3, column 7');
    expect(lines).toHaveLength(1 + 9 + 1);
    expect(lines.at(-1)).toBe('  (and 3 more)');
  });
});
