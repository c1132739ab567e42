import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // a busy 2-core CI machine (a build beside it) is several times slower than a quiet one: room for the tests that read all the content
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // one database migrated and seeded per run, copied by each harness (tests/api/harness.ts)
          globalSetup: ['tests/api/template.ts'],
          // Each file gets its own database; PostgreSQL runs are slower to set up.
          testTimeout: 30_000,
          // a database made and seeded per file: minutes on a busy 2-core machine with a build beside it
          hookTimeout: 180_000,
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
          // a test or hook may start built servers on fresh databases: each up to 180 s on a busy machine (tests/faults/support.ts)
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
