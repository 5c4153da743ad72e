import { defineConfig } from 'vitest/config';

/** The browser tests: one file per feature, each with its own studio; files run two at a time. */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    pool: 'forks',
    globalSetup: ['core/src/test-support/isolated-config.ts'],
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
