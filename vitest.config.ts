import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'core/src/**/*.test.ts',
      'examples/**/*.test.ts',
      'docs/**/*.test.ts',
      'bench/**/*.test.ts',
      'electron/src/**/*.test.ts',
      'renderer/src/**/*.test.ts',
      'renderer/src/**/*.test.tsx',
    ],
    // Integration tests start real servers and write real datafiles: keep them isolated.
    pool: 'forks',
    globalSetup: [
      'core/src/test-support/global-setup.ts',
      'core/src/test-support/isolated-config.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
