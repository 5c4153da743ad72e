import { describe, expect, it } from 'vitest';

import { RelationLock } from './relation-lock.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('RelationLock', () => {
  it('lets shared holders overlap and makes an exclusive holder wait for them', async () => {
    const lock = new RelationLock();
    const log: string[] = [];
    const reader = (name: string) =>
      lock.shared(async () => {
        log.push(`${name}+`);
        await tick();
        log.push(`${name}-`);
      });
    const a = reader('a');
    const b = reader('b');
    const w = lock.exclusive(async () => {
      log.push('w');
    });
    // Queued after the exclusive holder: it waits for it rather than starving it.
    const c = reader('c');
    await Promise.all([a, b, w, c]);
    expect(log).toEqual(['a+', 'b+', 'a-', 'b-', 'w', 'c+', 'c-']);
  });

  it('releases on failure', async () => {
    const lock = new RelationLock();
    await expect(lock.exclusive(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lock.shared(async () => 'ran')).resolves.toBe('ran');
  });
});
