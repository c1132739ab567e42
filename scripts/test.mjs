#!/usr/bin/env node
// npm test: type check, unit and API tests (vitest), build, size budgets, fault tests, the benches once and small, end-to-end tests (Playwright
// in Debian's Chromium), the smoke suite through nginx, the API tests again on PostgreSQL. Ends with where the time
// went (each step's wall and CPU time, the slowest test files: scripts/lib/timing.mjs, test-results/timing.json),
// the list of what failed (each step and each failed test by file and name, so the tail of a CI log says what
// broke), and one closing line "tests: N passed, N failed". The run fails when its CPU time is over the budget
// in .ci/budget.json (docs/testing.md#ci-time).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { makeDatabaseTemplate, removeDatabaseTemplate } from './lib/database-template.mjs';
import { postgresReachable } from './lib/nginx-stack.mjs';
import { readPlaywrightReport, readVitestReport } from './lib/test-report.mjs';
import { formatTiming, playwrightFiles, startTiming, vitestFiles } from './lib/timing.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let passed = 0;
let failed = 0;
let skippedE2e = false;
let skippedNginx = false;
/** what failed, in order: a step ("step: lint and format") or a test ("tests/api/x.test.ts › suite › name") */
const failures = [];

function stepFailed(title) {
  failed++;
  failures.push(`step: ${title}`);
}

const timing = startTiming();
/** The PostgreSQL server of the production-path steps (the small tracking bench, the API tests again). */
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const postgresUp = await postgresReachable(postgresUrl);

/** Runs one step, timed: its exit status (77: skipped). */
function runStatus(title, command, args, env = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  return timing.step(title, () => spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status);
}
const run = (title, command, args, env = {}) => runStatus(title, command, args, env) === 0;

function count(report) {
  if (!report) return false;
  passed += report.passed;
  failed += report.failed;
  failures.push(...report.failures);
  return true;
}
const countVitest = (file) => count(readVitestReport(file));
const countPlaywright = (file) => count(readPlaywrightReport(file));

rmSync('test-results', { recursive: true, force: true });

// hints too: an unused variable or a deprecated API fails the run (astro check counts them as hints)
if (!run('type check', 'astro', ['check', '--minimumSeverity', 'hint'])) stepFailed('type check');
// lint and format (biome.jsonc): unused code, floating or misused promises, React hook rules; the house format
if (!run('lint and format', 'biome', ['ci', '--error-on-warnings'])) stepFailed('lint and format');

let before = failed;
/** vitest's reporters: the console, the JSON report (what passed and failed), each file's whole time (the timing report) */
const vitestReporters = (name) => ['--reporter=default', '--reporter=json', `--outputFile=test-results/${name}.json`, '--reporter=./scripts/lib/vitest-files-reporter.mjs'];
const filesOf = (name) => ({ VITEST_FILES_OUT: `test-results/${name}-files.json` });
const vitestOk = run('unit and API tests', 'vitest', ['run', '--project', 'unit', '--project', 'api', ...vitestReporters('vitest')], filesOf('vitest'));
if (!countVitest('test-results/vitest.json') || (!vitestOk && failed === before)) stepFailed('unit and API tests');
timing.suite('unit and API tests', vitestFiles('test-results/vitest-files.json'));

const built = run('build', 'astro', ['build', '--force']);
if (!built) stepFailed('build');
else if (run('size budgets', 'node', ['bench/run.mjs', '--check'])) passed++;
else stepFailed('size budgets');
if (built) {
  // one embedded database migrated and seeded, copied by each built server the steps below start on a fresh one
  // (scripts/lib/database-template.mjs); removed at the end of the run
  console.log('\n=== database template: scripts/lib/database-template.mjs');
  await timing.stepAsync('database template', makeDatabaseTemplate);
  // faults: the database going away, the built server killed mid-burst (tests/faults)
  before = failed;
  const faultsOk = run('fault tests', 'vitest', ['run', '--project', 'faults', ...vitestReporters('vitest-faults')], filesOf('vitest-faults'));
  if (!countVitest('test-results/vitest-faults.json') || (!faultsOk && failed === before)) stepFailed('fault tests');
  timing.suite('fault tests', vitestFiles('test-results/vitest-faults-files.json'));
  // a bench is code: the tracking bench once, small, so that it cannot rot (figures printed, not asserted;
  // a lost event fails it). It needs PostgreSQL, which CI has; elsewhere without one it is skipped.
  if (postgresUp) {
    if (run('tracking bench, small', 'node', ['bench/tracking.mjs', '--small'])) passed++;
    else stepFailed('tracking bench, small');
  } else if (ci) stepFailed('tracking bench, small (no PostgreSQL at 127.0.0.1:5432)');
  else console.warn('\nSkipping the small tracking bench: no PostgreSQL at 127.0.0.1:5432.');
  // and every other bench once, small, started as the README starts the site (scripts/start.mjs): a bench that no
  // longer runs fails here (figures printed, never asserted; a few minutes in all)
  for (const [title, script, ...args] of [
    ['news-scale bench, small (3 stories a language)', 'bench/news-scale.mjs', '--small'],
    ['publish bench, small (one publish)', 'bench/publish.mjs', '--small'],
    ['edge bench, small (one publish through Varnish, a second of load)', 'bench/edge.mjs', '--small'],
    ['load bench, small (a second a call)', 'bench/load.mjs', '--small'],
    ['first-request bench, small (one request kind)', 'bench/first-request.mjs', '--small'],
  ]) {
    if (run(title, 'node', [script, ...args])) passed++;
    else stepFailed(title);
  }
  // the carbon API, schedules and Lighthouse benches on one start of the site (bench/small.mjs): each a test
  const sharedOk = run('benches on one started site (carbon API, schedules, Lighthouse)', 'node', ['bench/small.mjs']);
  const shared = existsSync('test-results/bench-small.json') ? JSON.parse(readFileSync('test-results/bench-small.json', 'utf8')) : [];
  for (const bench of shared) {
    if (bench.ok) passed++;
    else stepFailed(bench.title);
  }
  if (!sharedOk && shared.every((b) => b.ok)) stepFailed('benches on one started site');
}
if (!built) {
  // nothing to serve
} else if (!existsSync(chromium)) {
  if (ci) {
    console.error(`\nNo Chromium at ${chromium}: end-to-end tests are required under CI. Install Debian's chromium or set CHROMIUM_PATH.`);
    stepFailed('end-to-end tests (no Chromium)');
  } else {
    console.warn(`\nSkipping end-to-end tests: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH).`);
    skippedE2e = true;
  }
} else {
  before = failed;
  const e2eOk = run('end-to-end tests', 'playwright', ['test']);
  if (!countPlaywright('test-results/e2e.json') || (!e2eOk && failed === before)) stepFailed('end-to-end tests');
  timing.suite('end-to-end tests', playwrightFiles('test-results/e2e.json'));
  // the reference deployment: nginx (deploy/nginx/) before two API processes on PostgreSQL, and the
  // smoke suite through it (tests/nginx/); exit code 77: skipped (no nginx or PostgreSQL, outside CI only)
  before = failed;
  const nginx = runStatus('through nginx', 'node', ['scripts/nginx-smoke.mjs']);
  if (nginx === 77) skippedNginx = true;
  else if (!countPlaywright('test-results/nginx.json') || (nginx !== 0 && failed === before)) stepFailed('through nginx');
  timing.suite('through nginx', playwrightFiles('test-results/nginx.json'));
}

// the API tests again on a real PostgreSQL server (the production path): each file on its own database,
// made from a migrated template (tests/api/harness.ts). Required under CI; skipped elsewhere without one.
if (postgresUp) {
  before = failed;
  const pgOk = run('API tests on PostgreSQL', 'vitest', ['run', '--project', 'api', ...vitestReporters('vitest-postgres')], {
    TEST_DATABASE_URL: postgresUrl,
    ...filesOf('vitest-postgres'),
  });
  if (!countVitest('test-results/vitest-postgres.json') || (!pgOk && failed === before)) stepFailed('API tests on PostgreSQL');
  timing.suite('API tests on PostgreSQL', vitestFiles('test-results/vitest-postgres-files.json'));
} else if (ci) stepFailed(`API tests on PostgreSQL (no PostgreSQL at ${postgresUrl})`);
else console.warn(`\nSkipping the API tests on PostgreSQL: no PostgreSQL at ${postgresUrl}.`);

removeDatabaseTemplate();
const report = timing.finish();
for (const line of formatTiming(report)) console.log(line);
if (report.budget?.over) stepFailed(`CPU budget: ${report.budget.references} references over ${report.budget.cpuReferences} (${report.cpuSeconds.toFixed(0)} s, ${report.budget.file})`);

if (failures.length) console.log(`\nfailed:\n- ${failures.join('\n- ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skippedE2e ? ', e2e skipped' : ''}${skippedNginx ? ', through nginx skipped' : ''}`);
process.exit(failed ? 1 : 0);
