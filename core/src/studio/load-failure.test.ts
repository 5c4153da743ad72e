import { describe, expect, it } from 'vitest';

import { LoadError } from '../errors.js';
import { codeFrame, toLoadFailure } from './load-failure.js';

describe('codeFrame', () => {
  it('shows two lines either side, marks the failing one and the column', () => {
    const source = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'].join('\n');
    expect(codeFrame(source, 10, 1)).toBe(
      ['   8 | h', '   9 | i', '> 10 | j', '     | ^', '  11 | k'].join('\n'),
    );
    expect(codeFrame('only', 1)).toBe('> 1 | only');
  });
});

describe('toLoadFailure', () => {
  it('carries code, place and reason of a load error', () => {
    const failure = toLoadFailure(
      new LoadError('SYNTAX_ERROR', { file: '/no/such/file.ts', line: 3, column: 2 }, 'bad'),
      '/no',
    );
    expect(failure).toEqual({
      code: 'SYNTAX_ERROR',
      message: '/no/such/file.ts:3:2: bad',
      reason: 'bad',
      file: '/no/such/file.ts',
      line: 3,
      column: 2,
    });
  });

  it('names the project folder for any other failure', () => {
    expect(toLoadFailure(new Error('boom'), '/p')).toEqual({
      code: 'LOAD_FAILED',
      message: '/p: boom',
      reason: 'boom',
      file: '/p',
    });
  });
});
