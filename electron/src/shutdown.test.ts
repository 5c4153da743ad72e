import { describe, expect, it, vi } from 'vitest';

import { createShutdown } from './shutdown.js';

function recorder() {
  const events: string[] = [];
  const step = (name: string, fail = false) => ({
    name,
    run: async () => {
      events.push(`start ${name}`);
      await Promise.resolve();
      events.push(`end ${name}`);
      if (fail) throw new Error(`${name} broke`);
    },
  });
  return { events, step };
}

describe('createShutdown', () => {
  it('finishes each step before the next, then exits 0', async () => {
    const { events, step } = recorder();
    const shutdown = createShutdown({
      steps: [step('servers'), step('datafiles')],
      exit: (code) => events.push(`exit ${code}`),
      log: (m) => events.push(m),
    });
    await shutdown();
    expect(events).toEqual([
      'start servers',
      'end servers',
      'start datafiles',
      'end datafiles',
      'exit 0',
    ]);
  });

  it('runs once however many quit paths call it', async () => {
    const { events, step } = recorder();
    const exit = vi.fn();
    const shutdown = createShutdown({ steps: [step('servers')], exit, log: () => {} });
    const first = shutdown();
    const second = shutdown();
    expect(second).toBe(first);
    await Promise.all([first, second, shutdown()]);
    expect(events).toEqual(['start servers', 'end servers']);
    expect(exit).toHaveBeenCalledTimes(1);
  });

  it('still runs later steps after a failure, logs it and exits 1', async () => {
    const { events, step } = recorder();
    const shutdown = createShutdown({
      steps: [step('servers', true), step('datafiles')],
      exit: (code) => events.push(`exit ${code}`),
      log: (m) => events.push(m),
    });
    await shutdown();
    expect(events).toEqual([
      'start servers',
      'end servers',
      'shutdown: servers failed: servers broke',
      'start datafiles',
      'end datafiles',
      'exit 1',
    ]);
  });

  it('exits 1 at the deadline when a step never finishes', async () => {
    vi.useFakeTimers();
    try {
      const exit = vi.fn();
      const log = vi.fn();
      const shutdown = createShutdown({
        steps: [{ name: 'stuck', run: () => new Promise<void>(() => {}) }],
        exit,
        log,
        deadlineMs: 5_000,
      });
      const done = shutdown();
      await vi.advanceTimersByTimeAsync(5_000);
      await done;
      expect(exit).toHaveBeenCalledExactlyOnceWith(1);
      expect(log).toHaveBeenCalledWith('shutdown: still stopping after 5000 ms, exiting anyway');
    } finally {
      vi.useRealTimers();
    }
  });
});
