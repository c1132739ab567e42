// The site's releases: every build of the pages goes to a folder of its own under
// RELEASES_DIR (default var/releases), named by the time it started; the folder the
// server (or nginx, or the CDN sync) serves is a symbolic link switched to a release by a
// rename, atomic on POSIX file systems, only once the build has succeeded. A failed
// build is removed and the site keeps serving the release it served. The last KEEP
// releases are kept, so `npm run release -- rollback` can go back.
//
// What is served: dist/client with the Node adapter (this site: dist/server stays the
// code that `npm run build` made, and answers what is rendered on demand), dist for a
// static build. The first release switches a real folder there to a link, keeping the
// folder as the first release ("adopted").
//
// Plain JavaScript (JSDoc types): the nightly job and the release command import it
// without a build step.
import { existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync, copyFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { basename, join, resolve } from 'node:path';

export const KEEP = 5;

/** @param {{ root?: string, releasesDir?: string }} [options] */
export function releasePaths(options = {}) {
  const root = resolve(options.root ?? '.');
  const releasesDir = resolve(root, options.releasesDir ?? process.env.RELEASES_DIR ?? 'var/releases');
  return { root, releasesDir, dist: join(root, 'dist') };
}

/** A new release's name: the UTC time it started, sortable, and the process (two at once never collide). */
export function releaseName(now = new Date()) {
  return `${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}-${process.pid}`;
}

/** The releases, oldest first. @param {ReturnType<typeof releasePaths>} paths */
export function listReleases(paths) {
  if (!existsSync(paths.releasesDir)) return [];
  return readdirSync(paths.releasesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^\d{8}T\d{6}Z-\d+$/.test(d.name))
    .map((d) => d.name)
    .sort();
}

/** Where a release's served folder is, and where the link to it lives. @param {ReturnType<typeof releasePaths>} paths @param {string} name */
function servedOf(paths, name) {
  const release = join(paths.releasesDir, name);
  const adapter = existsSync(join(release, 'client'));
  return { target: adapter ? join(release, 'client') : release, link: adapter ? join(paths.dist, 'client') : paths.dist };
}

/** The release served now (by the link), or null (no link yet: a plain build, or nothing). @param {ReturnType<typeof releasePaths>} paths */
export function currentRelease(paths) {
  for (const link of [join(paths.dist, 'client'), paths.dist]) {
    if (!isLink(link)) continue;
    const target = resolve(join(link, '..'), readlinkSync(link));
    if (target.startsWith(`${paths.releasesDir}/`)) return target.slice(paths.releasesDir.length + 1).split('/')[0];
  }
  return null;
}

function isLink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Points the served link at a release, atomically (a new link renamed over the old one). A real
 * folder in its place (the first release after `npm run build`) becomes a release of its own first.
 * @param {ReturnType<typeof releasePaths>} paths @param {string} name
 */
export function activate(paths, name) {
  const { target, link } = servedOf(paths, name);
  if (!existsSync(target)) throw new Error(`release ${name} has no ${basename(target)} folder`);
  mkdirSync(join(link, '..'), { recursive: true });
  if (existsSync(link) && !isLink(link)) adopt(paths, link, target === join(paths.releasesDir, name));
  const temporary = `${link}.next-${process.pid}`;
  rmSync(temporary, { force: true });
  symlinkSync(target, temporary);
  renameSync(temporary, link);
}

/** A real served folder moved into the releases as the oldest one ("adopted"). */
function adopt(paths, folder, staticSite) {
  const name = `${releaseName(new Date(0)).replace(/-\d+$/, '')}-${process.pid}`;
  const release = join(paths.releasesDir, name);
  mkdirSync(release, { recursive: true });
  if (staticSite) {
    rmSync(release, { recursive: true, force: true });
    renameSync(folder, release);
  } else renameSync(folder, join(release, 'client'));
}

/**
 * Before a new release is served: the hashed assets (_astro/) of the one served now that the new
 * one lacks are linked into it, so a page already open (or rendered by the running server's code)
 * still finds its scripts.
 * @param {ReturnType<typeof releasePaths>} paths @param {string} name
 */
export function carryAssets(paths, name) {
  const current = currentRelease(paths);
  const from = current ? join(servedOf(paths, current).target, '_astro') : join(paths.dist, 'client', '_astro');
  const to = join(servedOf(paths, name).target, '_astro');
  if (!existsSync(from) || from === to) return 0;
  mkdirSync(to, { recursive: true });
  let carried = 0;
  for (const file of readdirSync(from)) {
    if (existsSync(join(to, file))) continue;
    try {
      linkSync(join(from, file), join(to, file));
    } catch {
      copyFileSync(join(from, file), join(to, file));
    }
    carried++;
  }
  return carried;
}

/**
 * Deletes a folder in a process of its own that outlives the caller: a release is some 150,000 files
 * at 10,000 stories a language, seconds that no publish should wait for.
 * @param {string} path
 */
export function removeInBackground(path) {
  spawn('rm', ['-rf', path], { detached: true, stdio: 'ignore' }).unref();
}

/**
 * Removes all but the newest `keep` releases (never the one served). Each is first renamed out of the
 * list (at once), then deleted by `remove`: at 10,000 stories a language a release is some 150,000
 * files, seconds to delete, which the nightly job leaves to a process of its own so that the next
 * publish does not wait for them. `spare(name, served)` may keep one as a spare tree instead (it
 * renames it out of the list itself and says true: src/releases/spares.ts).
 * @param {ReturnType<typeof releasePaths>} paths
 * @param {number} [keep]
 * @param {(folder: string) => void} [remove]
 * @param {(name: string, served: string) => boolean} [spare]
 */
export function prune(paths, keep = KEEP, remove = (folder) => rmSync(folder, { recursive: true, force: true }), spare = () => false) {
  const current = currentRelease(paths);
  const all = listReleases(paths);
  const removed = [];
  for (const name of all.slice(0, Math.max(0, all.length - keep))) {
    if (name === current) continue;
    if (current && spare(name, current)) {
      removed.push(name);
      continue;
    }
    const doomed = join(paths.releasesDir, `.removed-${name}`);
    renameSync(join(paths.releasesDir, name), doomed);
    remove(doomed);
    removed.push(name);
  }
  return removed;
}

/** Serves the release before the current one. @param {ReturnType<typeof releasePaths>} paths */
export function rollback(paths) {
  const current = currentRelease(paths);
  const all = listReleases(paths);
  const at = current ? all.indexOf(current) : -1;
  if (at <= 0) throw new Error(current ? `release ${current} is the oldest kept: there is nothing to go back to` : 'no release is served yet');
  const previous = all[at - 1];
  activate(paths, previous);
  return { from: current, to: previous };
}
