import { spawn, spawnSync } from 'node:child_process';
import { removeInBackground } from './releases.mjs';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Spare trees for the publishes: a patched release is a whole release folder (src/releases/news-patch.ts),
 * and a copy of the one served by hard links costs a link per file, some 160,000 at 10,000 stories a
 * language. A spare is a folder that was once exactly a release: a copy made ahead (`.prepared-{name}`,
 * by a detached `cp -al` while nothing waits for it), or a release the nightly job pruned (`.spare-{name}`).
 * Each patched release records what it wrote and removed, and the release it was made from
 * (`patch.json`), so a spare of an older release is brought to the one served now by those records
 * alone: a link per file the publishes in between wrote. So a publish waits for no copy once the
 * releases kept are patches of one another, and publishes close together take the same way.
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
const SPARE = /^\.(prepared|spare)-(.+)$/;
const preparing = (releasesDir: string, name: string) => join(releasesDir, `.preparing-${name}`);

export function writePatchRecord(release: string, record: Omit<PatchRecord, 'version'>): void {
  const file = join(release, PATCH_RECORD);
  rmSync(file, { force: true });
  writeFileSync(file, JSON.stringify({ version: 1, ...record } satisfies PatchRecord));
}

function readPatchRecord(release: string): PatchRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(join(release, PATCH_RECORD), 'utf8')) as PatchRecord;
    return record.version === 1 && typeof record.base === 'string' ? record : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The releases that lead from release `from` to release `to` by patches, oldest first (`to` last; empty
 * when they are the same): undefined when `to` does not descend from `from` by patches whose records
 * are all still there.
 */
export function patchChain(releasesDir: string, from: string, to: string, maxSteps = 50): string[] | undefined {
  const chain: string[] = [];
  for (let at = to; at !== from; ) {
    if (chain.length >= maxSteps) return undefined;
    const record = readPatchRecord(join(releasesDir, at));
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
    const record = readPatchRecord(join(releasesDir, name))!;
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

/**
 * The new release `dir` from a spare brought forward to `base`, the release served now: the spare with
 * the shortest way to it; spares that have none are removed. One still being made of a release that has
 * a way to `base` is waited for (up to 5 minutes). False when there is none: the caller copies `base`.
 */
export async function takeSpare(releasesDir: string, base: string, dir: string): Promise<{ from: string; files: number; folders: number } | false> {
  for (let waited = 0; ; waited += 250) {
    const usable = spares(releasesDir)
      .map((s) => ({ ...s, chain: patchChain(releasesDir, s.of, base) }))
      .filter((s) => {
        if (s.chain) return true;
        discard(s.path);
        return false;
      })
      .sort((a, b) => a.chain!.length - b.chain!.length);
    for (const spare of usable) {
      try {
        renameSync(spare.path, dir);
      } catch {
        continue; // taken by another process between the listing and the rename
      }
      return { from: spare.of, ...bringForward(releasesDir, dir, spare.chain!) };
    }
    if (!beingMadeFor(releasesDir, base) || waited >= 300_000) return false;
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** Whether a copy of a release with a way to `name` is being made. */
function beingMadeFor(releasesDir: string, name: string): boolean {
  return readdirSync(releasesDir).some((e) => e.startsWith('.preparing-') && patchChain(releasesDir, e.slice('.preparing-'.length), name) !== undefined);
}

/** Whether a spare of a release with a way to `name`, made or being made, is there. */
export function hasSpareFor(releasesDir: string, name: string): boolean {
  return spares(releasesDir).some((s) => patchChain(releasesDir, s.of, name)) || beingMadeFor(releasesDir, name);
}

/**
 * A copy of release `name` made ahead by hard links, in a process of its own that outlives the caller,
 * renamed to `.prepared-{name}` when whole; nothing when a spare for it is there already. Its folder
 * `.preparing-{name}` is made here, before this returns: a publish that comes next waits for the copy
 * (takeSpare) even when the copying process has not started yet on a busy machine.
 */
export function prepareSpare(releasesDir: string, name: string): void {
  if (!existsSync(join(releasesDir, name)) || hasSpareFor(releasesDir, name)) return;
  const folder = preparing(releasesDir, name);
  try {
    mkdirSync(folder);
  } catch {
    return; // made by another process in the meantime: that one copies
  }
  const script = 'cp -al "$1/." "$2" && mv "$2" "$3" || rm -rf "$2"';
  const copy = spawn('sh', ['-c', script, 'prepare', join(releasesDir, name), folder, join(releasesDir, `.prepared-${name}`)], { detached: true, stdio: 'ignore' });
  copy.on('error', () => rmSync(folder, { recursive: true, force: true }));
  copy.unref();
}

/**
 * For the pruning of releases (src/releases/releases.mjs `prune`): keeps the pruned release `name` as a
 * spare, instead of deleting it, when the release served now descends from it by patches and no spare
 * as near is there. True when kept.
 */
export function keepAsSpare(releasesDir: string, name: string, served: string): boolean {
  const chain = patchChain(releasesDir, name, served);
  if (!chain) return false;
  for (const spare of spares(releasesDir)) {
    const theirs = patchChain(releasesDir, spare.of, served);
    if (theirs && theirs.length <= chain.length) return false;
    discard(spare.path);
  }
  renameSync(join(releasesDir, name), join(releasesDir, `.spare-${name}`));
  return true;
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
