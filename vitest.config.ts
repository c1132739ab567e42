import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Each file gets its own database; PostgreSQL runs are slower to set up.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Faults: the database going away, the server killed mid-burst, two API processes on one
        // PostgreSQL (tests/faults/two-processes.test.ts). Runs after the build
        // (the kill test starts the built server), by scripts/test.mjs.
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
