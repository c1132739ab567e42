import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { UNLIMITED_RATE_ENV } from './src/server/forms/config';

/**
 * End-to-end tests in Debian's Chromium (Playwright never downloads a browser
 * here) against the built site served by scripts/start.mjs on a fresh embedded
 * database. The browser is Debian's headless shell where it is installed (package
 * chromium-headless-shell: the build of Chromium that Playwright itself runs headless, without
 * the full browser's windowing; docs/testing.md#ci-time), else Debian's chromium.
 * CHROMIUM_PATH names another browser binary.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
if (!existsSync(executablePath)) {
  throw new Error(`No Chromium at ${executablePath}: install Debian's chromium-headless-shell or chromium (apt-get install chromium-headless-shell) or set CHROMIUM_PATH.`);
}
const port = Number(process.env.E2E_PORT ?? 4399);
export const baseURL = `http://127.0.0.1:${port}`;
/** The end-to-end server's data folder (tests/e2e/fixtures.ts reads its outbox). */
const dataDir = `var/e2e-${process.pid}`;
/** The answer of every captcha of the end-to-end server (tests/e2e/forms.spec.ts). */
export const E2E_CAPTCHA_ANSWER = 'E2E7';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // a test's whole time: a busy 2-core CI machine with a build beside it runs the axe checks several times slower (30 s timed out there)
  timeout: 90_000,
  // an assertion waits for its condition: a submit or a hydration on a busy machine can take over the default 5 s
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    // no trace: recording one for every test cost about half a second of CPU a test (seven axe tests, docs/testing.md#ci-time), and a
    // CI run's traces are not kept; to debug a failure, run it again with `npx playwright test --trace retain-on-failure`
    trace: 'off',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } }, testIgnore: /responsive\.spec\.ts/ },
    { name: 'phone', use: { ...devices['Pixel 7'] }, testMatch: /responsive\.spec\.ts/ },
  ],
  webServer: {
    // in a test run, the server's database is a copy of the run's template (scripts/lib/database-template.mjs)
    command: `node scripts/lib/database-template.mjs into ${dataDir} && exec node scripts/start.mjs`,
    // ready once warmed up (src/observability/warm-up.mjs): no test waits for a cold first request
    url: `${baseURL}/ready`,
    reuseExistingServer: false,
    // a fresh embedded database migrated and seeded, then the warm-up: well under a minute, several on a busy machine
    timeout: 240_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      // no site builds from this server (the staff spec's whole path runs its own, in a copy of the project)
      WORKER: 'off',
      // Forms: a fixed captcha answer (test-only: the server refuses it with NODE_ENV=production or a public HOST)
      // and limits no test run reaches.
      CAPTCHA_TEST_ANSWER: E2E_CAPTCHA_ANSWER,
      ...UNLIMITED_RATE_ENV,
      // the smart service is offered in TEST-NET-3 only; the tests pick their address with X-Forwarded-For
      ASSISTANT_NETWORKS: '203.0.113.0/24',
      TRUST_PROXY_HOPS: '1',
    },
  },
});
