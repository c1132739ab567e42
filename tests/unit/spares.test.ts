import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activate, listReleases, prune, releasePaths } from '../../src/releases/releases.mjs';
import { forgetRecords, keepAsSpare, patchChain, prepareSpares, SPARES_AFTER_BUILD, sparesFor, takeSpare, writePatchRecord } from '../../src/releases/spares';

/**
 * Spare trees (src/releases/spares.ts) on small releases: a patched release records what it wrote and
 * removed; a spare of an older release is brought forward by those records to exactly the release
 * served; the nightly job's pruning keeps the release it prunes as a spare only when the one served
 * descends from it by patches.
 */
let root: string;
let paths: ReturnType<typeof releasePaths>;
const name = (i: number) => `2026112${i}T020000Z-100`;

function write(release: string, file: string, text: string) {
  const path = join(paths.releasesDir, release, file);
  mkdirSync(dirname(path), { recursive: true });
  rmSync(path, { force: true }); // never through a link
  writeFileSync(path, text);
}
/** A full build's release: pages, a search bundle, a story's folder. */
function fullBuild(i: number) {
  const r = name(i);
  for (const [file, text] of [
    ['client/en/home/index.html', `home ${i}`],
    ['client/en/home/index.html.br', `home br ${i}`],
    ['client/en/home/News/detail/a/1/index.html', 'story a'],
    ['client/en/home/News/detail/b/1/index.html', 'story b'],
    ['client/pagefind/news-recent/fragment/x.pf', `fragment ${i}`],
    ['client/_astro/app.js', 'app'],
    ['news-state.json', `state ${i}`],
  ])
    write(r, file, text);
  return r;
}
/** A release patched from `base`: the home page written, story b removed, story c added, the bundle replaced. */
function patched(i: number, base: string) {
  const r = name(i);
  execFileSync('cp', ['-al', join(paths.releasesDir, base), join(paths.releasesDir, r)]);
  write(r, 'client/en/home/index.html', `home ${i}`);
  write(r, 'client/en/home/index.html.br', `home br ${i}`);
  rmSync(join(paths.releasesDir, r, 'client/en/home/News/detail/b'), { recursive: true, force: true });
  write(r, `client/en/home/News/detail/c${i}/1/index.html`, `story c${i}`);
  rmSync(join(paths.releasesDir, r, 'client/pagefind/news-recent'), { recursive: true, force: true });
  write(r, `client/pagefind/news-recent/fragment/y${i}.pf`, `fragment ${i}`);
  write(r, 'news-state.json', `state ${i}`);
  writePatchRecord(join(paths.releasesDir, r), {
    base,
    files: ['client/en/home/index.html', `client/en/home/News/detail/c${i}/1/index.html`],
    folders: ['client/en/home/News/detail/b', 'client/pagefind/news-recent'],
  });
  return r;
}
const tree = (dir: string) =>
  Object.fromEntries(
    (readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => statSync(join(dir, f)).isFile())
      .sort()
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );
const entries = () => readdirSync(paths.releasesDir).sort();

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'spares-'));
  paths = releasePaths({ root, releasesDir: join(root, 'releases') });
  mkdirSync(paths.releasesDir, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true, maxRetries: 5 }));

describe('spare trees for the publishes', () => {
  it('a spare of an older release is brought forward through every patch since, by links, to exactly the release served', async () => {
    const r0 = fullBuild(0);
    execFileSync('cp', ['-al', join(paths.releasesDir, r0), join(paths.releasesDir, `.prepared-${r0}`)]);
    const r1 = patched(1, r0);
    const r2 = patched(2, r1);
    const before = { r0: tree(join(paths.releasesDir, r0)), r1: tree(join(paths.releasesDir, r1)) };
    expect(patchChain(paths.releasesDir, r0, r2)).toEqual([r1, r2]);
    const taken = await takeSpare(paths.releasesDir, r2, join(paths.releasesDir, 'new'));
    expect(taken && taken.from).toBe(r0);
    expect(tree(join(paths.releasesDir, 'new'))).toEqual(tree(join(paths.releasesDir, r2)));
    expect(statSync(join(paths.releasesDir, 'new/client/en/home/index.html')).ino).toBe(statSync(join(paths.releasesDir, r2, 'client/en/home/index.html')).ino);
    // the releases passed through are untouched
    expect(tree(join(paths.releasesDir, r0))).toEqual(before.r0);
    expect(tree(join(paths.releasesDir, r1))).toEqual(before.r1);
    expect(entries().filter((e) => e.startsWith('.prepared-'))).toEqual([]);
  });

  it('no spare without a way by patches: one of another full build is removed and none is taken', async () => {
    const old = fullBuild(0);
    const r1 = fullBuild(1);
    const r2 = patched(2, r1);
    execFileSync('cp', ['-al', join(paths.releasesDir, old), join(paths.releasesDir, `.spare-${old}`)]);
    expect(patchChain(paths.releasesDir, old, r2)).toBeUndefined();
    expect(await takeSpare(paths.releasesDir, r2, join(paths.releasesDir, 'new'))).toBe(false);
    expect(existsSync(join(paths.releasesDir, 'new'))).toBe(false);
    expect(entries().filter((e) => e.startsWith('.spare-'))).toEqual([]);
  });

  it('pruning keeps the pruned release as a spare when the one served descends from it by patches, and deletes the rest', () => {
    const full = fullBuild(0);
    let last = fullBuild(1);
    for (let i = 2; i <= 6; i++) last = patched(i, last);
    activate(paths, last);
    const removed: string[] = [];
    const pruned = prune(
      paths,
      5,
      (folder) => removed.push(folder),
      (n, served) => keepAsSpare(paths.releasesDir, n, served),
    );
    expect(pruned).toEqual([full, name(1)]);
    expect(listReleases(paths)).toEqual([2, 3, 4, 5, 6].map(name));
    // the full build before is deleted; the newest pruned (the full build the patches start from) is the spare
    expect(removed.map((f) => f.split('/').pop())).toEqual([`.removed-${full}`]);
    expect(entries().filter((e) => e.startsWith('.spare-'))).toEqual([`.spare-${name(1)}`]);
  });

  it(`copies made ahead: ${SPARES_AFTER_BUILD} of a full build's release, each whole; after a patch, one only when no spare leads to it`, async () => {
    const r0 = fullBuild(0);
    expect(prepareSpares(paths.releasesDir, r0)).toBe(SPARES_AFTER_BUILD);
    // counted at once, while the copying process may not have started yet
    expect(sparesFor(paths.releasesDir, r0)).toBe(SPARES_AFTER_BUILD);
    expect(prepareSpares(paths.releasesDir, r0)).toBe(0);
    const settled = async () => {
      for (let i = 0; i < 600 && entries().some((e) => e.startsWith('.preparing-')); i++) await new Promise((r) => setTimeout(r, 50));
      return entries().filter((e) => e.startsWith('.prepared-'));
    };
    const copies = await settled();
    expect(copies).toEqual(Array.from({ length: SPARES_AFTER_BUILD }, (_, n) => `.prepared-${r0}+${n + 1}`));
    for (const copy of copies) expect(tree(join(paths.releasesDir, copy))).toEqual(tree(join(paths.releasesDir, r0)));
    // a publish takes one and serves its patch: the spares left lead to it, so no copy is made
    const taken = await takeSpare(paths.releasesDir, r0, join(paths.releasesDir, 'new'));
    expect(taken && taken.from).toBe(r0);
    const r1 = patched(1, r0);
    expect(sparesFor(paths.releasesDir, r1)).toBe(SPARES_AFTER_BUILD - 1);
    expect(prepareSpares(paths.releasesDir, r1)).toBe(0);
    // none left (a rollback away from them, say): one copy of the patch
    for (const copy of await settled()) rmSync(join(paths.releasesDir, copy), { recursive: true });
    expect(prepareSpares(paths.releasesDir, r1)).toBe(1);
    expect(await settled()).toEqual([`.prepared-${r1}+1`]);
    const next = await takeSpare(paths.releasesDir, r1, join(paths.releasesDir, 'next'));
    expect(next && [next.from, next.files]).toEqual([r1, 0]);
    expect(tree(join(paths.releasesDir, 'next'))).toEqual(tree(join(paths.releasesDir, r1)));
  });

  it('pruning keeps as many spares as asked, the nearest: a nearer pruned release takes the place of the farthest spare', async () => {
    const r0 = fullBuild(0);
    let last = r0;
    for (let i = 1; i <= 5; i++) last = patched(i, last);
    const r = [0, 1, 2, 3, 4, 5].map(name);
    execFileSync('cp', ['-al', join(paths.releasesDir, r[0]), join(paths.releasesDir, `.prepared-${r[0]}+1`)]);
    // the served release r5; keeping two: r1 joins the copy of r0; r2 takes the place of the copy of r0; r0 itself is farther than both
    expect(keepAsSpare(paths.releasesDir, r[1], last, 2)).toBe(true);
    expect(keepAsSpare(paths.releasesDir, r[2], last, 2)).toBe(true);
    expect(entries().filter((e) => /^\.(spare|prepared)-/.test(e))).toEqual([`.spare-${r[1]}`, `.spare-${r[2]}`]);
    expect(keepAsSpare(paths.releasesDir, r[0], last, 2)).toBe(false);
    expect(existsSync(join(paths.releasesDir, r[0]))).toBe(true); // left to the pruning, which deletes it
    expect(sparesFor(paths.releasesDir, last)).toBe(2);
    // the nearest taken; the other's way still leads through it (the records of pruned releases are kept beside them)
    rmSync(join(paths.releasesDir, r[0]), { recursive: true });
    const near = await takeSpare(paths.releasesDir, last, join(paths.releasesDir, 'a'));
    const far = await takeSpare(paths.releasesDir, last, join(paths.releasesDir, 'b'));
    expect([near && near.from, far && far.from]).toEqual([r[2], r[1]]);
    expect(tree(join(paths.releasesDir, 'b'))).toEqual(tree(join(paths.releasesDir, last)));
    // the copies of the records: those of releases older than every release and spare there are removed
    expect(readdirSync(join(paths.releasesDir, '.patches')).sort()).toEqual([1, 2, 3, 4, 5].map((i) => `${name(i)}.json`));
    forgetRecords(paths.releasesDir);
    expect(readdirSync(join(paths.releasesDir, '.patches')).sort()).toEqual([3, 4, 5].map((i) => `${name(i)}.json`));
  });
});
