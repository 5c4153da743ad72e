/** Issue 47: `decorest run`'s command line (CONTRACT §7) as parse-args.ts reads it. */
import { describe, expect, it } from 'vitest';

import { UsageError } from '../errors.js';
import { parseCliArgs } from './parse-args.js';

describe('decorest run [dir] [requests-folder-or-file] [options]', () => {
  it('reads the project folder, the requests folder and every option', () => {
    const args = parseCliArgs([
      'run',
      '.',
      'requests/todos',
      '--env',
      'Local',
      '--reporter',
      'junit',
      '--out',
      'reports/junit.xml',
      '--bail',
      '--serve',
      '--timeout',
      '500',
    ]);
    expect(args).toMatchObject({ command: 'run', dir: '.' });
    expect(args.run).toEqual({
      target: 'requests/todos',
      env: 'Local',
      reporter: 'junit',
      out: 'reports/junit.xml',
      bail: true,
      serve: true,
      timeoutMs: 500,
    });
  });

  it('defaults to the whole collection, the text list, no bail and a 30 s timeout', () => {
    expect(parseCliArgs(['run']).run).toEqual({
      reporter: 'text',
      bail: false,
      serve: false,
      timeoutMs: 30_000,
    });
  });

  it('refuses what it cannot run with, in one line', () => {
    const refusal = (argv: string[]) => {
      try {
        parseCliArgs(argv);
      } catch (error) {
        if (error instanceof UsageError) return error.message;
        throw error;
      }
      return 'accepted';
    };
    expect(refusal(['run', '--reporter', 'junt'])).toBe(
      '--reporter takes text, junit, tap, json, got "junt"; did you mean "junit"?',
    );
    expect(refusal(['run', '--timeout', '0'])).toBe('--timeout takes ms from 1 to 300000, got "0"');
    expect(refusal(['run', '--env', ''])).toBe('--env takes an environment name');
    expect(refusal(['run', '.', 'requests', 'extra'])).toBe('unexpected argument "extra"');
    expect(refusal(['serve', '--bail'])).toBe('--bail belongs to run');
    expect(refusal(['routes', '--out', 'x'])).toBe('--out belongs to db export and run');
  });
});
