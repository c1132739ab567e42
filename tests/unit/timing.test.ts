import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBudget, formatTiming, median, readBudget, referenceTry } from '../../scripts/lib/timing.mjs';

/** The CPU budget of a test run (scripts/lib/timing.mjs, .ci/budget.json): counted in references of the same run. */
describe('the CPU budget', () => {
  it('counts the run in references: the same run on a machine twice as slow is as far from its budget', () => {
    const budget = { cpuReferences: 4000 };
    const fast = checkBudget({ cpuSeconds: 900, referenceSeconds: 0.25 }, budget);
    const slow = checkBudget({ cpuSeconds: 1800, referenceSeconds: 0.5 }, budget);
    expect(fast).toEqual({ cpuReferences: 4000, references: 3600, secondsHere: 1000, over: false });
    expect(slow).toEqual({ cpuReferences: 4000, references: 3600, secondsHere: 2000, over: false });
    // twice the work on the fast machine is over
    expect(checkBudget({ cpuSeconds: 1800, referenceSeconds: 0.25 }, budget).over).toBe(true);
  });

  it('says in the report what the run took, in seconds and references, and whether it is over', () => {
    const report = {
      began: '2026-12-02T08:00:00.000Z',
      machine: { cores: 2, loadAverageAtStart: [0.5, 0.4, 0.3], referenceSeconds: 0.25, referenceTries: { count: 17, least: 0.22, most: 0.4 } },
      wallSeconds: 1000,
      cpuSeconds: 1800,
      budget: { ...checkBudget({ cpuSeconds: 1800, referenceSeconds: 0.25 }, { cpuReferences: 4000 }), file: '.ci/budget.json' },
      steps: [{ title: 'unit and API tests', wallSeconds: 200, cpuSeconds: 220 }],
      suites: [],
    };
    const text = formatTiming(report).join('\n');
    expect(text).toContain('the reference took 0.25 s of CPU (the median of 17 tries, 0.22 to 0.4 s)');
    expect(text).toContain('CPU time 1800 s, 7200 references of 0.25 s: OVER the budget of 4000 references (1000 s on this machine today, .ci/budget.json)');
  });

  it('measures the reference as a positive CPU time, takes the median of the tries, and reads the committed budget', () => {
    expect(median([0.4, 0.24, 0.3])).toBe(0.3);
    expect(median([0.4, 0.2, 0.3, 0.25])).toBe(0.275);
    const seconds = referenceTry();
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(10);
    expect(Number.isInteger(readBudget('.ci/budget.json')?.cpuReferences)).toBe(true);
  });

  it('refuses a budget file without a whole number of references, naming the field', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'budget-')), 'budget.json');
    writeFileSync(file, JSON.stringify({ cpuSeconds: 3300 }));
    expect(() => readBudget(file)).toThrow(/"cpuReferences" must be a positive whole number/);
    expect(readBudget(join(tmpdir(), 'no-such-budget.json'))).toBeNull();
  });
});
