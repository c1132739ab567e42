import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // a busy 2-core CI machine (a build beside it) is several times slower than a quiet one: room for the tests that read all the content
      // isolate: false (unit and api): the files of a worker share its module graph, imported once; each file
      // importing the whole server again took about half of these projects' time (docs/testing.md#ci-time)
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 60_000, isolate: false } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // one database migrated and seeded per run, copied by each harness (tests/api/harness.ts)
          globalSetup: ['tests/api/template.ts'],
          isolate: false,
          // Each harness gets its own database (a copy of the template); PostgreSQL runs are slower to set up.
          testTimeout: 30_000,
          // some files start servers or build small sites in their hooks: minutes on a busy 2-core machine with a build beside it
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
