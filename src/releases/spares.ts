import { spawn, spawnSync } from 'node:child_process';
import { KEEP, removeInBackground } from './releases.mjs';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Spare trees for the publishes: a patched release is a whole release folder (src/releases/news-patch.ts),
 * and a copy of the one served by hard links costs a link per file, some 160,000 at 10,000 stories a
 * language. A spare is a folder that was once exactly a release: a copy made ahead (`.prepared-{name}+{n}`,
 * by a detached `cp -al` while nothing waits for it), or a release the nightly job pruned (`.spare-{name}`).
 * Each patched release records what it wrote and removed, and the release it was made from
 * (`patch.json`), so a spare of an older release is brought to the one served now by those records
 * alone: a link per file the publishes in between wrote. After a full build, a copy is made ahead for
 * each publish until the first release is pruned (SPARES_AFTER_BUILD); from then on the releases pruned
 * are the spares, and nothing is copied.
 */

export const PATCH_RECORD = 'patch.json';

/** What a patch made of the release it was copied from: paths relative to the release folder. */
export interface PatchRecord {
  version: 1;
  /** The release it was copied from. */
  base: string;
  /** Files written or removed (with their .br and .gz twins). */
  files: string[];
  /** Folders written whole or removed (a search bundle, a removed story's pages). */
  folders: string[];
}

/** Files of a release folder that a patch always writes anew. */
const RELEASE_FILES = ['news-state.json', PATCH_RECORD];
/**
 * Copies made ahead after a full build: as many as the releases kept. Each publish takes one, and from the
 * publish that first prunes a release on, the release pruned is the next one's spare: so publishes, however
 * close together, wait for no copy, and none is made after a publish (where a copy would compete with the
 * next publish for the machine).
 */
export const SPARES_AFTER_BUILD = KEEP;
/** A spare's folder: `.prepared-{release}+{n}` (copies made ahead, numbered) or `.spare-{release}`. */
const SPARE = /^\.(prepared|spare)-([^+]+)(?:\+\d+)?$/;
const PREPARING = /^\.preparing-([^+]+)(?:\+\d+)?$/;
/** The copies of the patch records, beside the releases: `.patches/{release}.json`. */
const RECORDS = '.patches';

export function writePatchRecord(release: string, record: Omit<PatchRecord, 'version'>): void {
  const text = JSON.stringify({ version: 1, ...record } satisfies PatchRecord);
  // in the release, and a copy kept beside the releases: a spare's way leads through releases pruned since
  for (const file of [join(release, PATCH_RECORD), join(dirname(release), RECORDS, `${basename(release)}.json`)]) {
    mkdirSync(dirname(file), { recursive: true });
    rmSync(file, { force: true });
    writeFileSync(file, text);
  }
}

function readPatchRecord(file: string): PatchRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as PatchRecord;
    return record.version === 1 && typeof record.base === 'string' ? record : undefined;
  } catch {
    return undefined;
  }
}

/** Release `name`'s patch record: its own, or the copy kept of it once it was pruned or taken as a spare. */
const recordOf = (releasesDir: string, name: string) => readPatchRecord(join(releasesDir, name, PATCH_RECORD)) ?? readPatchRecord(join(releasesDir, RECORDS, `${name}.json`));

/**
 * The releases that lead from release `from` to release `to` by patches, oldest first (`to` last; empty
 * when they are the same): undefined when `to` does not descend from `from` by patches whose records
 * are all still there.
 */
export function patchChain(releasesDir: string, from: string, to: string, maxSteps = 50): string[] | undefined {
  const chain: string[] = [];
  for (let at = to; at !== from; ) {
    if (chain.length >= maxSteps) return undefined;
    const record = recordOf(releasesDir, at);
    if (!record) return undefined;
    chain.unshift(at);
    at = record.base;
  }
  return chain;
}

/** The spares of a release folder's parent, with the release each was. */
function spares(releasesDir: string): { path: string; of: string }[] {
  if (!existsSync(releasesDir)) return [];
  return readdirSync(releasesDir).flatMap((entry) => {
    const match = SPARE.exec(entry);
    return match ? [{ path: join(releasesDir, entry), of: match[2] }] : [];
  });
}

/** A link of `source` at `target` (whatever was there first removed), or nothing there when there is no `source`. */
function mirrorFile(source: string, target: string): void {
  rmSync(target, { force: true });
  if (!existsSync(source)) return;
  mkdirSync(dirname(target), { recursive: true });
  linkSync(source, target);
}

/**
 * Makes `tree`, once exactly the release `chain` starts from, exactly the release at its end: every file and
 * folder the patches of the chain wrote or removed is taken from that release by hard links (or removed).
 */
export function bringForward(releasesDir: string, tree: string, chain: readonly string[]): { files: number; folders: number } {
  if (!chain.length) return { files: 0, folders: 0 };
  const to = join(releasesDir, chain.at(-1)!);
  const files = new Set<string>(RELEASE_FILES);
  const folders = new Set<string>();
  for (const name of chain) {
    const record = recordOf(releasesDir, name)!;
    for (const f of record.files) files.add(f);
    for (const f of record.folders) folders.add(f);
  }
  // folders first (whole), then the files, each as the release at the end holds it
  for (const folder of folders) {
    rmSync(join(tree, folder), { recursive: true, force: true });
    if (!existsSync(join(to, folder))) continue;
    mkdirSync(dirname(join(tree, folder)), { recursive: true });
    const copied = spawnSync('cp', ['-al', join(to, folder), join(tree, folder)], { encoding: 'utf8' });
    if (copied.status !== 0) throw new Error(`bringing ${folder} forward: ${copied.stderr || copied.error?.message}`);
  }
  for (const file of files) for (const twin of [file, `${file}.br`, `${file}.gz`]) mirrorFile(join(to, twin), join(tree, twin));
  return { files: files.size, folders: folders.size };
}

/** The spares with a way by patches to release `to`, nearest first, each with its way; those with none are removed. */
function leadingTo(releasesDir: string, to: string): { path: string; of: string; chain: string[] }[] {
  return spares(releasesDir)
    .flatMap((s) => {
      const chain = patchChain(releasesDir, s.of, to);
      if (chain) return [{ ...s, chain }];
      discard(s.path);
      return [];
    })
    .sort((a, b) => a.chain.length - b.chain.length);
}

/**
 * The new release `dir` from a spare brought forward to `base`, the release served now: the spare with
 * the shortest way to it; spares that have none are removed. One still being made of a release that has
 * a way to `base` is waited for (up to 5 minutes). False when there is none: the caller copies `base`.
 */
export async function takeSpare(releasesDir: string, base: string, dir: string): Promise<{ from: string; files: number; folders: number } | false> {
  for (let waited = 0; ; waited += 250) {
    const usable = leadingTo(releasesDir, base);
    for (const spare of usable) {
      try {
        renameSync(spare.path, dir);
      } catch {
        continue; // taken by another process between the listing and the rename
      }
      return { from: spare.of, ...bringForward(releasesDir, dir, spare.chain) };
    }
    if (!beingMadeFor(releasesDir, base) || waited >= 300_000) return false;
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** The copies being made of a release with a way to `name`. */
function beingMadeFor(releasesDir: string, name: string): number {
  if (!existsSync(releasesDir)) return 0;
  return readdirSync(releasesDir).filter((e) => {
    const match = PREPARING.exec(e);
    return match !== null && patchChain(releasesDir, match[1], name) !== undefined;
  }).length;
}

/** The spares of a release with a way to `name`, made or being made. */
export function sparesFor(releasesDir: string, name: string): number {
  return spares(releasesDir).filter((s) => patchChain(releasesDir, s.of, name)).length + beingMadeFor(releasesDir, name);
}

/** Whether a spare of a release with a way to `name`, made or being made, is there. */
export function hasSpareFor(releasesDir: string, name: string): boolean {
  return sparesFor(releasesDir, name) > 0;
}

/**
 * Copies of release `name` made ahead by hard links, as many as `want` spares leading to it lack, one after
 * the other (the first is ready soonest) at a lower priority, in a process of its own that outlives the
 * caller; each is renamed from `.preparing-{name}+{n}` to `.prepared-{name}+{n}` when whole. Their folders
 * are made here, before this returns: a publish that comes next waits for a copy (takeSpare) even when the
 * copying process has not started yet on a busy machine. Returns how many copies were asked for.
 */
export function prepareSpare(releasesDir: string, name: string, want = 1): number {
  if (!existsSync(join(releasesDir, name))) return 0;
  const folders: string[] = [];
  for (let n = 1, missing = want - sparesFor(releasesDir, name); folders.length < missing && n < 100; n++) {
    if (existsSync(join(releasesDir, `.prepared-${name}+${n}`))) continue;
    const folder = join(releasesDir, `.preparing-${name}+${n}`);
    try {
      mkdirSync(folder);
    } catch {
      continue; // made by another process in the meantime: that one copies it
    }
    folders.push(folder);
  }
  if (!folders.length) return 0;
  // for each folder: copy, then rename it prepared; a failed copy is removed
  const script = 'src="$1"; shift; while [ $# -gt 1 ]; do if cp -al "$src/." "$1"; then mv "$1" "$2"; else rm -rf "$1"; fi; shift 2; done';
  const pairs = folders.flatMap((folder) => [folder, folder.replace(/\.preparing-([^/]+)$/, '.prepared-$1')]);
  const copy = spawn('nice', ['-n', '5', 'sh', '-c', script, 'prepare', join(releasesDir, name), ...pairs], { detached: true, stdio: 'ignore' });
  copy.on('error', () => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  copy.unref();
  return folders.length;
}

/**
 * The spares for the publishes after release `served` is served: SPARES_AFTER_BUILD copies of a full
 * build's release; after a patch, one only when no spare leads to it (a rollback, or publishes faster
 * than the releases pruned). Returns how many copies were asked for.
 */
export function prepareSpares(releasesDir: string, served: string): number {
  return prepareSpare(releasesDir, served, existsSync(join(releasesDir, served, PATCH_RECORD)) ? 1 : SPARES_AFTER_BUILD);
}

/**
 * For the pruning of releases (src/releases/releases.mjs `prune`): keeps the pruned release `name` as a
 * spare, instead of deleting it, when the release served now descends from it by patches and fewer than
 * `keep` spares as near are there; spares beyond the `keep` nearest, and those with no way to the release
 * served, are removed. True when kept.
 */
export function keepAsSpare(releasesDir: string, name: string, served: string, keep = SPARES_AFTER_BUILD): boolean {
  forgetRecords(releasesDir);
  const chain = patchChain(releasesDir, name, served);
  if (!chain) return false;
  const leading = leadingTo(releasesDir, served);
  if (leading.length >= keep && leading[keep - 1].chain.length <= chain.length) return false;
  for (const spare of leading.slice(keep - 1)) discard(spare.path);
  renameSync(join(releasesDir, name), join(releasesDir, `.spare-${name}`));
  return true;
}

/**
 * Removes the copies of patch records no way needs any more: of releases older than every release kept
 * and every spare (a way from a spare of X reads the records of the releases after X).
 */
export function forgetRecords(releasesDir: string): void {
  const folder = join(releasesDir, RECORDS);
  if (!existsSync(folder)) return;
  const names = readdirSync(releasesDir).flatMap((e) => {
    if (!e.startsWith('.')) return [e];
    const match = SPARE.exec(e) ?? PREPARING.exec(e);
    return match ? [match.at(-1)!] : [];
  });
  const oldest = names.filter((n) => /^\d{8}T\d{6}Z-\d+$/.test(n)).sort()[0];
  if (!oldest) return;
  for (const file of readdirSync(folder)) if (file.endsWith('.json') && file.slice(0, -'.json'.length) < oldest) rmSync(join(folder, file), { force: true });
}

/** Out of the listing at once (`.removed-…`, which nothing takes), deleted by a process of its own. */
function discard(path: string): void {
  const doomed = join(dirname(path), `.removed-${basename(path).slice(1)}-${process.pid}-${Date.now()}`);
  try {
    renameSync(path, doomed);
  } catch {
    return;
  }
  removeInBackground(doomed);
}
