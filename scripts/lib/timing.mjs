// Where the time of a test run goes (scripts/test.mjs): each step's wall and CPU time, the slowest test
// files of each suite, the machine's load when the run began, and the CPU budget kept in
// .ci/budget.json. Written to test-results/timing.json and printed at the end of `npm test`.
//
// The budget is counted in references, not seconds: the machines here differ up to three times in
// speed from day to day (the same run took 2,276 s of CPU on one day and 1,049 s on the next), so a
// budget in seconds either fails a good run on a slow day or lets a run twice as costly pass on a fast
// one. The reference is a fixed piece of work measured in the same run, at its start and before every
// step (the median of those tries): the run's CPU time divided by it is what the budget holds.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';

/** The clock ticks per second of /proc's times (sysconf(_SC_CLK_TCK): 100 on Linux everywhere it runs here). */
const CLK_TCK = 100;

/**
 * CPU seconds (user and system) of this process's children that have ended and been waited for,
 * with theirs in turn: /proc/self/stat's cutime and cstime. A step run with spawnSync is waited for,
 * so the difference before and after it is that step's CPU, every process it started included
 * (Chromium under Playwright, the servers a test starts), but not a service that was running before
 * (PostgreSQL) nor a daemon that left its parent. null where /proc is missing (not Linux).
 */
export function childrenCpu() {
  if (!existsSync('/proc/self/stat')) return null;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // fields after the command name, which may hold spaces: state is field 3, cutime 16, cstime 17
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[13]) / CLK_TCK, system: Number(fields[14]) / CLK_TCK };
}

/** This process's own CPU seconds. */
function ownCpu() {
  const { userCPUTime, systemCPUTime } = process.resourceUsage();
  return { user: userCPUTime / 1e6, system: systemCPUTime / 1e6 };
}

const round = (n) => Math.round(n * 10) / 10;

/**
 * One try of the reference of the budget: CPU seconds of a fixed piece of JavaScript work of the kind the
 * run does (objects made, JSON written and read, strings searched, a sort). 0.24 to 0.42 s on one quiet
 * machine within an hour of 2026-12-02: the machine's speed moves from minute to minute, so the run tries
 * it before every step and counts in the median of the tries (startTiming).
 */
export function referenceTry() {
  const t0 = ownCpu();
  let seed = 20261202;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const rows = Array.from({ length: 200_000 }, (_, i) => ({
    id: `n${i}`,
    port: `CN${String.fromCharCode(65 + (next() % 26))}${next() % 1000}`,
    teu: next() % 20_000,
    calls: [next() % 99, next() % 99, next() % 99],
  }));
  const text = JSON.stringify(rows);
  const back = JSON.parse(text);
  back.sort((a, b) => a.port.localeCompare(b.port) || a.teu - b.teu);
  // about 6 rows in 26 have a port CN[A-F]…: none found means the work was not done as written
  const found = text.match(/"port":"CN[A-F]\d+"/g)?.length ?? 0;
  if (back.length !== rows.length || found === 0) throw new Error('the reference work went wrong');
  const t1 = ownCpu();
  return t1.user + t1.system - t0.user - t0.system;
}

/** The middle of the tries (the mean of the two middle ones for an even count). @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The run held to its budget: its CPU seconds in references (`cpuSeconds / referenceSeconds`), over
 * `budget.cpuReferences` or not, and what the budget is in seconds on this machine today.
 * @param {{ cpuSeconds: number, referenceSeconds: number }} run @param {{ cpuReferences: number }} budget
 */
export function checkBudget({ cpuSeconds, referenceSeconds }, budget) {
  const references = Math.round(cpuSeconds / referenceSeconds);
  return { cpuReferences: budget.cpuReferences, references, secondsHere: Math.round(budget.cpuReferences * referenceSeconds), over: references > budget.cpuReferences };
}

/**
 * A run's timing: `step(title, fn)` times one step (fn runs its processes synchronously), `suite()`
 * adds a suite's slowest files, `finish()` writes and returns the report.
 */
export function startTiming({ budgetFile = '.ci/budget.json' } = {}) {
  const began = Date.now();
  const [load1, load5, load15] = loadavg();
  // the reference, tried at the start and before every step (its CPU is the run's, about 0.3 s a try)
  const references = [referenceTry()];
  const steps = [];
  const suites = [];
  return {
    /** @template T @param {string} title @param {() => T} fn @returns {T} */
    step(title, fn) {
      references.push(referenceTry());
      const cpu0 = childrenCpu();
      const own0 = ownCpu();
      const t0 = performance.now();
      try {
        return fn();
      } finally {
        const wall = (performance.now() - t0) / 1000;
        const cpu1 = childrenCpu();
        const own1 = ownCpu();
        const user = (cpu1 && cpu0 ? cpu1.user - cpu0.user : 0) + own1.user - own0.user;
        const system = (cpu1 && cpu0 ? cpu1.system - cpu0.system : 0) + own1.system - own0.system;
        steps.push({ title, wallSeconds: round(wall), cpuSeconds: round(user + system), userSeconds: round(user), systemSeconds: round(system) });
      }
    },
    /** The same for a step that runs in this process: fn's promise, timed to its end. @param {string} title @param {() => Promise<unknown>} fn */
    async stepAsync(title, fn) {
      references.push(referenceTry());
      const cpu0 = ownCpu();
      const t0 = performance.now();
      try {
        return await fn();
      } finally {
        const cpu1 = ownCpu();
        const [user, system] = [cpu1.user - cpu0.user, cpu1.system - cpu0.system];
        steps.push({ title, wallSeconds: round((performance.now() - t0) / 1000), cpuSeconds: round(user + system), userSeconds: round(user), systemSeconds: round(system) });
      }
    },
    /** @param {string} title @param {{ file: string, seconds: number, tests: number }[] | null} files */
    suite(title, files) {
      if (!files) return;
      const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 15);
      suites.push({ title, files: files.length, tests: files.reduce((n, f) => n + f.tests, 0), seconds: round(files.reduce((n, f) => n + f.seconds, 0)), slowest });
    },
    finish(outFile = 'test-results/timing.json') {
      const own = ownCpu();
      const children = childrenCpu() ?? { user: 0, system: 0 };
      const cpuSeconds = round(own.user + own.system + children.user + children.system);
      const referenceSeconds = median(references);
      const ms = (n) => Math.round(n * 1000) / 1000;
      const budget = readBudget(budgetFile);
      const report = {
        began: new Date(began).toISOString(),
        machine: {
          cores: cpus().length,
          loadAverageAtStart: [load1, load5, load15].map((n) => Math.round(n * 100) / 100),
          referenceSeconds: ms(referenceSeconds),
          referenceTries: { count: references.length, least: ms(Math.min(...references)), most: ms(Math.max(...references)) },
        },
        wallSeconds: round((Date.now() - began) / 1000),
        cpuSeconds,
        budget: budget && { ...checkBudget({ cpuSeconds, referenceSeconds }, budget), file: budgetFile },
        steps,
        suites,
      };
      mkdirSync(dirname(outFile), { recursive: true });
      writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
      return report;
    },
  };
}

/** @returns {{ cpuReferences: number } | null} */
export function readBudget(file) {
  if (!existsSync(file)) return null;
  const budget = JSON.parse(readFileSync(file, 'utf8'));
  if (!(Number.isInteger(budget.cpuReferences) && budget.cpuReferences > 0))
    throw new Error(`${file}: "cpuReferences" must be a positive whole number (the run's CPU seconds divided by the reference's, scripts/lib/timing.mjs)`);
  return budget;
}

/** The files of a vitest run, as scripts/lib/vitest-files-reporter.mjs wrote them: whole seconds each (environment, imports, hooks, tests) and tests. */
export function vitestFiles(file) {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** A Playwright JSON report's files: the sum of their tests' durations (tests run two at a time), and their tests. */
export function playwrightFiles(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const entry = byFile.get(spec.file) ?? { file: spec.file, seconds: 0, tests: 0 };
      for (const test of spec.tests ?? []) {
        entry.tests++;
        for (const r of test.results ?? []) entry.seconds += (r.duration ?? 0) / 1000;
      }
      byFile.set(spec.file, entry);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return [...byFile.values()].map((f) => ({ ...f, seconds: round(f.seconds) }));
}

const pad = (s, n) => String(s).padEnd(n);
const num = (n) => n.toFixed(1).padStart(8);

/** The report as lines for the end of a CI log. */
export function formatTiming(report) {
  const lines = ['', '=== where the time went (test-results/timing.json)'];
  lines.push(
    `began ${report.began} on ${report.machine.cores} cores, load average ${report.machine.loadAverageAtStart.join(' ')} (1, 5, 15 min); the reference took ${report.machine.referenceSeconds} s of CPU (the median of ${report.machine.referenceTries?.count ?? 1} tries, ${report.machine.referenceTries?.least ?? report.machine.referenceSeconds} to ${report.machine.referenceTries?.most ?? report.machine.referenceSeconds} s)`,
  );
  lines.push(`${pad('step', 62)}    wall s     CPU s`);
  for (const s of report.steps) lines.push(`${pad(s.title.slice(0, 62), 62)}  ${num(s.wallSeconds)}  ${num(s.cpuSeconds)}`);
  lines.push(`${pad('whole run', 62)}  ${num(report.wallSeconds)}  ${num(report.cpuSeconds)}`);
  for (const suite of report.suites) {
    lines.push('', `${suite.title}: ${suite.files} files, ${suite.tests} tests, ${suite.seconds.toFixed(1)} s of test time; the slowest:`);
    for (const f of suite.slowest) lines.push(`  ${num(f.seconds)} s  ${f.file} (${f.tests} tests${f.importSeconds === undefined ? '' : `, ${f.importSeconds} s of it importing`})`);
  }
  if (report.budget) {
    const b = report.budget;
    const said = `CPU time ${report.cpuSeconds.toFixed(0)} s, ${b.references} references of ${report.machine.referenceSeconds} s`;
    const budget = `the budget of ${b.cpuReferences} references (${b.secondsHere} s on this machine today, ${b.file})`;
    lines.push('', b.over ? `${said}: OVER ${budget}; find what made the run slower (the steps and files above)` : `${said}: within ${budget}`);
  }
  return lines;
}
