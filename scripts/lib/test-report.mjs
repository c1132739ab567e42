// Reads the JSON reports of vitest and Playwright into one shape: how many passed and failed, and an entry
// for each failed test (by file and name, then the first lines of its error, indented) so that the end of
// a CI log says what broke and why. Used by scripts/test.mjs and by .ci/run (the API suite on PostgreSQL).
import { existsSync, readFileSync } from 'node:fs';

const firstLine = (text) => String(text ?? '').split('\n')[0];

const ANSI = /\u001b\[[0-9;]*m/g;
const REASON_LINES = 4;
const REASON_WIDTH = 240;

/**
 * The why of a failure: an error's message without colours or its stack, at most four lines of at
 * most 240 characters, each indented under the failed test's name ('' when there is none).
 */
export function reason(message) {
  const lines = [];
  const text = String(message ?? '').replace(ANSI, '');
  for (const line of text.split('\n')) {
    if (/^\s+at /.test(line)) break;
    if (!line.trim()) continue;
    lines.push(line.trim().length > REASON_WIDTH ? `${line.trim().slice(0, REASON_WIDTH - 1)}…` : line.trim());
    if (lines.length === REASON_LINES) break;
  }
  return lines.map((l) => `\n    ${l}`).join('');
}

/**
 * A vitest JSON report (--reporter=json). A file that failed outside any test (an import error, a
 * failing beforeAll) counts no failed test, so it is listed, and counted, on its own line.
 * @returns {{ passed: number, failed: number, failures: string[] } | null} null when there is no report
 */
export function readVitestReport(file, root = process.cwd()) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failures = [];
  let fileErrors = 0;
  for (const result of report.testResults ?? []) {
    const path = String(result.name ?? '').replace(`${root}/`, '');
    const failedTests = (result.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${path} › ${t.fullName}${reason(t.failureMessages?.[0])}`);
    if (result.status === 'failed' && !failedTests.length) {
      fileErrors++;
      failures.push(`${path}: ${firstLine(result.message) || 'failed outside its tests'}`);
    }
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests + fileErrors, failures };
}

/**
 * A Playwright JSON report. A flaky test (passed on a retry) counts as passed and is still listed.
 * @returns {{ passed: number, failed: number, failures: string[] } | null} null when there is no report
 */
export function readPlaywrightReport(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failures = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const flaky = test.status === 'flaky' ? '(flaky: passed on a retry) ' : '';
        const error = (test.results ?? []).find((r) => r.error)?.error;
        failures.push(`${flaky}[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}${reason(error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  const errors = (report.errors ?? []).map((e) => `playwright: ${firstLine(e.message)}`);
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected + errors.length,
    failures: [...failures, ...errors],
  };
}
