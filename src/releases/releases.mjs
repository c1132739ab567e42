// The site's releases: every build of the pages goes to a folder of its own under
// RELEASES_DIR (default var/releases), named by the time it started; the folder the
// server (or nginx, or the CDN sync) serves is a symbolic link switched to a release by a
// rename, atomic on POSIX file systems, only once the build has succeeded. A failed
// build is removed and the site keeps serving the release it served. The last KEEP
// releases are kept, so `npm run release -- rollback` (or `use NAME`) can go back and forth.
//
// Beside its folders each release keeps what made it (release.json: the nightly job, a publish of
// which stories, an adopted build) and the news revisions its pages were made from
// (news-revisions.json, the pull's manifest); the served link's own time says since when it is
// served. The newsroom reads its stories' site state from these (src/releases/site-state.ts).
//
// What is served: dist/client with the Node adapter (this site: dist/server stays the
// code that `npm run build` made, and answers what is rendered on demand), dist for a
// static build. The first release switches a real folder there to a link, keeping the
// folder as the first release ("adopted").
//
// Plain JavaScript (JSDoc types): the nightly job and the release command import it
// without a build step.
import { existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, copyFileSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { basename, join, resolve } from 'node:path';

export const KEEP = 5;
/** What made a release, written into its folder when it is made. */
export const RELEASE_FILE = 'release.json';
/** The news revisions (`{locale}/{uuid}.json` → revision) the release's pages were made from. */
export const REVISIONS_FILE = 'news-revisions.json';
/** The last switch of the served link: which release, how (nightly, rollback, use), by whom. */
export const SERVED_FILE = 'served.json';

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

/**
 * The release served now, read from the served link itself, and since when (the link's own time: it is
 * made anew at every switch), or null (no link yet: a plain build, or nothing). The one answer to "which
 * release is served" that everything asks (the newsroom's site state, `release list`, the console).
 * @param {ReturnType<typeof releasePaths>} paths
 * @returns {{ name: string, since: Date } | null}
 */
export function servedRelease(paths) {
  for (const link of [join(paths.dist, 'client'), paths.dist]) {
    let stat;
    try {
      stat = lstatSync(link);
    } catch {
      continue;
    }
    if (!stat.isSymbolicLink()) continue;
    const target = resolve(join(link, '..'), readlinkSync(link));
    if (target.startsWith(`${paths.releasesDir}/`)) return { name: target.slice(paths.releasesDir.length + 1).split('/')[0], since: stat.mtime };
  }
  return null;
}

/** The name of the release served now, or null. @param {ReturnType<typeof releasePaths>} paths */
export function currentRelease(paths) {
  return servedRelease(paths)?.name ?? null;
}

/** When a release was made: the time its name says (UTC). @param {string} name */
export function releaseTime(name) {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(name);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : null;
}

/**
 * @typedef {{ kind: 'nightly' | 'publish' | 'adopted', reasons?: string[], stories?: string[], base?: string }} MadeBy
 * Writes what made a release into its folder (when it is made). @param {ReturnType<typeof releasePaths>} paths @param {string} name @param {MadeBy} madeBy
 */
export function recordRelease(paths, name, madeBy) {
  // a patched release is a copy by hard links of another: its own file, never through the link
  rmSync(join(paths.releasesDir, name, RELEASE_FILE), { force: true });
  writeFileSync(join(paths.releasesDir, name, RELEASE_FILE), `${JSON.stringify({ madeAt: new Date().toISOString(), madeBy })}\n`);
}

/** What made a release (null: made before the record was kept). @param {ReturnType<typeof releasePaths>} paths @param {string} name @returns {{ madeAt: string, madeBy: MadeBy } | null} */
export function releaseRecord(paths, name) {
  try {
    return JSON.parse(readFileSync(join(paths.releasesDir, name, RELEASE_FILE), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The stories a release holds: `{locale}/{uuid}` → the revision its pages were made from (null when
 * the release did not keep its revisions: an adopted build). Read from news-revisions.json, else from
 * news-state.json, else from the release's story pages.
 * @param {ReturnType<typeof releasePaths>} paths @param {string} name @returns {Map<string, string | null>}
 */
export function releaseStories(paths, name) {
  const folder = join(paths.releasesDir, name);
  const stories = new Map();
  try {
    const revisions = JSON.parse(readFileSync(join(folder, REVISIONS_FILE), 'utf8')).revisions;
    for (const [file, revision] of Object.entries(revisions)) stories.set(file.replace(/\.json$/, ''), String(revision));
    return stories;
  } catch {
    // no revisions kept: what the release has
  }
  try {
    for (const key of Object.keys(JSON.parse(readFileSync(join(folder, 'news-state.json'), 'utf8')).stories ?? {})) stories.set(key, null);
    return stories;
  } catch {
    // no news state: its pages
  }
  return storiesInPages(existsSync(join(folder, 'client')) ? join(folder, 'client') : folder);
}

/**
 * The stories whose pages a served folder holds (`{locale}/{uuid}` → null: the revision is not kept):
 * a release that kept nothing else, or a plain build served from dist/ before any release.
 * @param {string} client the served folder (dist/client, a release's client/)
 */
export function storiesInPages(client) {
  const stories = new Map();
  for (const locale of ['en', 'zh']) {
    const detail = join(client, locale, 'home/News/detail');
    if (!existsSync(detail)) continue;
    for (const uuid of readdirSync(detail)) stories.set(`${locale}/${uuid}`, null);
  }
  return stories;
}

/** Keeps the news revisions the release was made from (the pull's manifest in content/news). @param {ReturnType<typeof releasePaths>} paths @param {string} name @param {string} manifest */
export function keepRevisions(paths, name, manifest) {
  const kept = join(paths.releasesDir, name, REVISIONS_FILE);
  rmSync(kept, { force: true });
  if (existsSync(manifest)) copyFileSync(manifest, kept);
}

/** The last switch of the served link (null: none recorded). @param {ReturnType<typeof releasePaths>} paths @returns {{ release: string, at: string, how: string, by?: string } | null} */
export function lastSwitch(paths) {
  try {
    return JSON.parse(readFileSync(join(paths.releasesDir, SERVED_FILE), 'utf8'));
  } catch {
    return null;
  }
}

function isLink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Points the served link at a release, atomically (a new link renamed over the old one): the one way
 * the served release changes (the nightly job, rollback, `use`, the console). A real folder in its
 * place (the first release after `npm run build`) becomes a release of its own first. `how` and `by`
 * are recorded beside the releases (served.json) for `release list` and the console.
 * @param {ReturnType<typeof releasePaths>} paths @param {string} name @param {{ how?: string, by?: string }} [switchedBy]
 */
export function activate(paths, name, switchedBy = {}) {
  const { target, link } = servedOf(paths, name);
  if (!existsSync(target)) throw new Error(`release ${name} has no ${basename(target)} folder`);
  mkdirSync(join(link, '..'), { recursive: true });
  if (existsSync(link) && !isLink(link)) adopt(paths, link, target === join(paths.releasesDir, name));
  const temporary = `${link}.next-${process.pid}`;
  rmSync(temporary, { force: true });
  symlinkSync(target, temporary);
  renameSync(temporary, link);
  const record = join(paths.releasesDir, SERVED_FILE);
  writeFileSync(
    `${record}.next-${process.pid}`,
    `${JSON.stringify({ release: name, at: new Date().toISOString(), how: switchedBy.how ?? 'nightly', ...(switchedBy.by ? { by: switchedBy.by } : {}) })}\n`,
  );
  renameSync(`${record}.next-${process.pid}`, record);
}

/** A real served folder moved into the releases ("adopted"), named after the time it was built (its folder's). */
function adopt(paths, folder, staticSite) {
  const name = releaseName(statSync(folder).mtime);
  const release = join(paths.releasesDir, name);
  mkdirSync(release, { recursive: true });
  if (staticSite) {
    rmSync(release, { recursive: true, force: true });
    renameSync(folder, release);
  } else renameSync(folder, join(release, 'client'));
  recordRelease(paths, name, { kind: 'adopted' });
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

/** Serves the release before the current one. @param {ReturnType<typeof releasePaths>} paths @param {string} [by] */
export function rollback(paths, by) {
  const current = currentRelease(paths);
  const all = listReleases(paths);
  const at = current ? all.indexOf(current) : -1;
  if (at <= 0) throw new Error(current ? `release ${current} is the oldest kept: there is nothing to go back to` : 'no release is served yet');
  const previous = all[at - 1];
  activate(paths, previous, { how: 'rollback', by });
  return { from: current, to: previous };
}

/** Serves a kept release by its name (forward or back; nothing is rebuilt). @param {ReturnType<typeof releasePaths>} paths @param {string} name @param {string} [by] */
export function useRelease(paths, name, by) {
  const all = listReleases(paths);
  if (!all.includes(name)) throw new Error(`no release ${name} is kept${all.length ? ` (kept: ${all.join(', ')})` : ''}`);
  const current = currentRelease(paths);
  if (current === name) return { from: current, to: name };
  activate(paths, name, { how: 'use', by });
  return { from: current, to: name };
}

/**
 * The releases kept, oldest first, each with its time, what made it, and the stories it adds and drops
 * against the one served (`{locale}/{uuid}`; changed: held at another revision).
 * @param {ReturnType<typeof releasePaths>} paths
 */
export function describeReleases(paths) {
  const served = servedRelease(paths);
  const servedStories = served ? releaseStories(paths, served.name) : new Map();
  return listReleases(paths).map((name) => {
    const record = releaseRecord(paths, name);
    const stories = releaseStories(paths, name);
    const adds = [...stories.keys()].filter((k) => !servedStories.has(k)).sort();
    const drops = [...servedStories.keys()].filter((k) => !stories.has(k)).sort();
    const changes = [...stories]
      .filter(([k, r]) => servedStories.has(k) && r && servedStories.get(k) && servedStories.get(k) !== r)
      .map(([k]) => k)
      .sort();
    return {
      name,
      time: (releaseTime(name) ?? new Date(0)).toISOString(),
      madeBy: record?.madeBy ?? null,
      served: served?.name === name,
      servedSince: served?.name === name ? served.since.toISOString() : null,
      stories: stories.size,
      adds,
      drops,
      changes,
    };
  });
}
