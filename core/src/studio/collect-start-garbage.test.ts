import { runInNewContext } from 'node:vm';

import { describe, expect, it } from 'vitest';

import { fullCollection } from './collect-start-garbage.js';

describe('fullCollection (issue 27: a served project gives back what loading left)', () => {
  it('frees what is no longer reachable, without a gc flag on the command line', () => {
    expect(process.execArgv).not.toContain('--expose-gc');
    let garbage: { n: number; text: string }[] | undefined = Array.from(
      { length: 400_000 },
      (_, n) => ({ n, text: `record ${n}` }),
    );
    const held = process.memoryUsage().heapUsed;
    expect(garbage.length).toBe(400_000);
    garbage = undefined;
    fullCollection()();
    // 400,000 small objects and their strings are ~20 MiB; a full collection frees them all.
    expect(held - process.memoryUsage().heapUsed).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('leaves no gc function on the global object, here or in contexts made later', () => {
    fullCollection();
    expect('gc' in globalThis).toBe(false);
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});
