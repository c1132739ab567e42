// scripts/lib/test-report.mjs reads what vitest and Playwright really write: both run here on small samples
// (tests/fixtures/test-report/), so an upgrade that changes their JSON shows here, not as a silent CI tail.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPlaywrightReport, readVitestReport, reason } from '../../scripts/lib/test-report.mjs';

const root = resolve('.');
const out = mkdtempSync(join(tmpdir(), 'test-report-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the test report', () => {
  it('lists each failed vitest test by file and name with the first line of its error, and a file that failed to load', () => {
    const dir = join(root, 'tests/fixtures/test-report/vitest');
    const file = join(out, 'vitest.json');
    const run = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=json', `--outputFile=${file}`], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    const report = readVitestReport(file, dir);
    expect(report).toEqual({
      passed: 1,
      failed: 2,
      failures: expect.arrayContaining(['suite.sample.ts › a suite fails\n    AssertionError: expected 2 to be 3 // Object.is equality', 'broken.sample.ts: this file cannot load']),
    });
    expect(report?.failures).toHaveLength(2);
  });

  it('lists each failed Playwright test by project, file, line and title with its error, and a flaky one as flaky', () => {
    const dir = 'tests/fixtures/test-report/playwright';
    const file = join(out, 'playwright.json');
    const run = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '--config', `${dir}/playwright.config.mjs`], {
      encoding: 'utf8',
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    });
    expect(run.status).toBe(1);
    expect(readPlaywrightReport(file)).toEqual({
      passed: 2,
      failed: 1,
      failures: [
        '[sample] tests.sample.ts:4 › fails\n    Error: expect(received).toBe(expected) // Object.is equality\n    Expected: 3\n    Received: 2',
        '(flaky: passed on a retry) [sample] tests.sample.ts:6 › passes on its retry\n    Error: expect(received).toBe(expected) // Object.is equality\n    Expected: 1\n    Received: 0',
      ],
    });
  });

  it('gives the why in at most four lines without colours or stack, each cut at 240 characters', () => {
    expect(reason('\u001b[31mError: boom\u001b[39m\n\n  detail\n    at f (x.ts:1:1)\n    at g')).toBe('\n    Error: boom\n    detail');
    expect(reason(['1', '2', '3', '4', '5'].join('\n'))).toBe('\n    1\n    2\n    3\n    4');
    expect(reason('x'.repeat(300))).toBe(`\n    ${'x'.repeat(239)}…`);
    expect(reason(undefined)).toBe('');
  });

  it('is null when a run wrote no report', () => {
    expect(readVitestReport(join(out, 'missing.json'), root)).toBeNull();
    expect(readPlaywrightReport(join(out, 'missing.json'))).toBeNull();
  });
});
