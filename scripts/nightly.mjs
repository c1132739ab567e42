#!/usr/bin/env node
// npm run nightly [-- --force] [--allow-empty] [--standby]
//
// The nightly job, one command for the scheduler:
//   1. pull-news: bring content/news up to date with the API (NEWS_API_URL; only new and
//      changed stories are fetched in full);
//   2. the build (pages and search index into dist/), only when the snapshot changed, when
//      the last nightly build did not finish, or with --force (e.g. after a content deploy).
// When only some stories changed and the release served now was made by a full build of the same
// code and content, the new release is that one with only what those stories touch written again
// (src/releases/news-patch.ts: seconds where a build takes minutes at 10,000 stories a language);
// otherwise (or with --force) a full build.
// Prints what it did: stories added, changed and removed, and the seconds of each step.
// Exit code 1 when a step failed; the snapshot is then as before the pull (a failed pull),
// or newer than dist/, which keeps the previous build (a failed build), and the next night
// builds it again.
// With --standby (the worker's: src/worker/worker.ts), it loads first what a publish needs (its modules,
// the served release's news state and server code, rendering: src/releases/news-patch.ts preparePatch)
// and waits for the worker's word on its IPC channel ({ reasons }) to run; a publish then starts from
// there instead of from a new process (0.5-1 s at 10,000 stories a language).
// Cron (02:30 every night):
//   30 2 * * *  cd /srv/carrier-site && npm run nightly >> var/nightly.log 2>&1
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as nodeModule from 'node:module';
import { loadPull, pullNewsAndReport } from './pull-news.mjs';
import { activate, carryAssets, currentRelease, keepRevisions, listReleases, prune, recordRelease, releaseName, releasePaths, removeInBackground } from '../src/releases/releases.mjs';
import { importServerModules } from './lib/server-modules.mjs';
import { createLogger, reportLevel } from '../src/observability/log.mjs';

// JSON lines, as every process of the site logs (src/observability/log.mjs); the run's report at info
// even with LOG_LEVEL=error (one line per step, as a scheduler's log expects)
const log = createLogger('nightly', { level: reportLevel() });
// V8's code cache for the modules loaded from here on, kept between runs: a publish's patch imports the
// release's server code (compiling it took 0.5 s of a publish at 10,000 stories a language)
nodeModule.enableCompileCache?.(resolve('node_modules/.cache/node-compile'));

const { values } = parseArgs({ options: { force: { type: 'boolean' }, 'allow-empty': { type: 'boolean' }, standby: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log('usage: [NEWS_API_URL=http://host/homeapiak] npm run nightly [-- --force] [--allow-empty] [--standby]');
  process.exit(0);
}
if (values.standby && !process.send) {
  console.error('nightly: --standby waits for the word of the process that started it, over an IPC channel: none here');
  process.exit(2);
}
// astro from the node_modules the project finds (its own, or a folder above a deployment's copy)
const astro = join(dirname(nodeModule.createRequire(import.meta.url).resolve('astro/package.json')), 'bin/astro.mjs');
// Written before a build the pull asked for and removed when it succeeds: a night whose build
// failed leaves it, and the next night builds even if the news did not change again.
const pending = resolve('var/nightly-build-pending');
let started = process.hrtime.bigint();

const since = (t) => (Number(process.hrtime.bigint() - t) / 1e9).toFixed(1);

/** The run's last line, and how it ended for /metrics (site_build_last_*: src/observability/gauges.ts reads var/nightly-last.json). */
function finish(ok, line) {
  if (ok) log.info(line);
  else log.error(line);
  mkdirSync('var', { recursive: true });
  writeFileSync('var/nightly-last.json', `${JSON.stringify({ ok, seconds: Number(since(started)), finishedAt: new Date().toISOString() })}\n`);
}

// the publish path's modules (bundled by scripts/lib/server-modules.mjs, kept while their files are unchanged)
const NEWS_MODULES = {
  'src/releases/news-patch.ts': 'patchRelease, prepareNextCopy, preparePatch, recentSince, warmRenderCode, writeNewsState',
  'src/releases/spares.ts': 'keepAsSpare',
  'src/releases/news-state.ts': 'NEWS_STATE_FILE',
};
const SITE_MODULES = { 'src/news/feed.ts': 'DEFAULT_SITE' };
if (values.standby) await standBy();

/** Loads what a publish needs, then waits for the worker's word: { reasons } (what asked for the run). */
async function standBy() {
  // the worker gone before its word: nothing to do
  const gone = () => process.exit(0);
  process.once('disconnect', gone);
  const word = new Promise((done) => process.once('message', done));
  // the worker sends its word only once it is listened for (a message that comes before is lost)
  process.send({ listening: true });
  const paths = releasePaths();
  let loadedFor = null;
  let loading = Promise.resolve();
  /** The release served now and its news state file (its inode and time: written after the switch, or again). */
  const servedNow = () => {
    const served = currentRelease(paths);
    try {
      const { ino, mtimeMs } = statSync(join(paths.releasesDir, served ?? '', NEWS_STATE_FILE));
      return { served, key: `${served} ${ino} ${mtimeMs}` };
    } catch {
      return { served, key: `${served}` };
    }
  };
  /** The release served now loaded ahead (src/releases/news-patch.ts preparePatch), when it is not the one loaded. */
  const load = () => {
    const { served, key } = servedNow();
    if (!served || key === loadedFor) return;
    loadedFor = key;
    loading = loading
      .then(() => preparePatch(paths.releasesDir, served))
      .then((seconds) => log.info(`nightly: standing by for release ${served}${seconds === undefined ? '' : `, loaded ahead in ${seconds} s`}`))
      // the run loads what it needs when it starts, as without --standby
      .catch((error) => log.warn({ err: error }, `nightly: standing by for release ${served} without it loaded ahead`));
  };
  let preparePatch;
  let NEWS_STATE_FILE;
  try {
    await loadPull();
    ({ preparePatch, NEWS_STATE_FILE } = await importServerModules('nightly-news', NEWS_MODULES));
    await importServerModules('nightly-site', SITE_MODULES);
    log.info('nightly: standing by');
    load();
  } catch (error) {
    log.warn({ err: error }, 'nightly: standing by without the publish loaded ahead');
  }
  // the served release switched while it waits (the nightly job of the cron, a rollback): loaded again
  const watch = preparePatch ? setInterval(load, 2000) : undefined;
  const { reasons } = /** @type {{ reasons?: string[] }} */ (await word);
  clearInterval(watch);
  await loading;
  process.env.NIGHTLY_REASONS = (reasons ?? []).map((r) => String(r).replace(/\n/g, ' ')).join('\n');
  process.off('disconnect', gone);
  process.disconnect();
  started = process.hrtime.bigint();
}

const pull = await pullNewsAndReport({ allowEmpty: values['allow-empty'] });
if (pull.ok) log.info(pull.lines.join('\n'));
else log.error(pull.lines.join('\n'));
if (!pull.ok) {
  finish(false, `nightly: failed in pull-news after ${since(started)} s; nothing built`);
  process.exit(1);
}
const { result } = pull;
const reasons = [result.changed && 'the news changed', existsSync(pending) && 'the last build did not finish', values.force && '--force'].filter(Boolean);
if (!reasons.length) {
  log.info(`nightly: news unchanged (${result.total} stories), no build; ${since(started)} s in all`);
  process.exit(0);
}

mkdirSync(dirname(pending), { recursive: true });
writeFileSync(pending, `${new Date().toISOString()}\n`);
log.info(`nightly: building because ${reasons.join(' and ')}`);
// Every build goes to a release folder of its own (src/releases/releases.mjs): the site keeps
// serving the current one while it builds, and is switched to the new one by a rename once it
// has succeeded; a failed build is removed and changes nothing that is served.
const paths = releasePaths();
const release = releaseName();
const outDir = join(paths.releasesDir, release);
mkdirSync(paths.releasesDir, { recursive: true });
const { patchRelease, prepareNextCopy, recentSince, warmRenderCode, writeNewsState, keepAsSpare } = await importServerModules('nightly-news', NEWS_MODULES);
const { DEFAULT_SITE } = await importServerModules('nightly-site', SITE_MODULES);

/** The release served now, the finished release switched in, older ones pruned, the pending mark removed. */
function serve(what) {
  // what made it (a publish of which stories, or the nightly run) and the news revisions its pages hold,
  // for the newsroom's site state and `release list` (src/releases/releases.mjs)
  const asked = (process.env.NIGHTLY_REASONS ?? '').split('\n').filter(Boolean);
  const stories = [...result.added, ...result.updated, ...result.removed].map((f) => f.replace(/\.json$/, ''));
  recordRelease(paths, release, { kind: asked.length ? 'publish' : 'nightly', ...(asked.length ? { reasons: asked } : {}), stories: stories.slice(0, 200), ...(served ? { base: served } : {}) });
  keepRevisions(paths, release, join('content/news', '.pull-manifest.json'));
  activate(paths, release, { how: 'nightly' });
  // a pruned release the one served descends from by patches is kept as the next publish's spare tree
  const pruned = prune(paths, undefined, removeInBackground, (name, current) => keepAsSpare(paths.releasesDir, name, current));
  rmSync(pending, { force: true });
  log.info(`nightly: release ${release} served${what}; ${listReleases(paths).length} kept${pruned.length ? `, ${pruned.length} older removed` : ''}`);
  // the next publish's spare: a copy of it made ahead in a process of its own, unless one leads to it (src/releases/spares.ts)
  prepareNextCopy(paths.releasesDir, release);
}

// only stories changed: the release served now with what they touch written again, when it can be
const served = currentRelease(paths);
if (served && !values.force && reasons.length === 1 && result.changed) {
  const patchStarted = process.hrtime.bigint();
  try {
    const patch = await patchRelease({ root: process.cwd(), releasesDir: paths.releasesDir, base: served, name: release, log: (line) => log.info(line) });
    if (patch.patched) {
      serve(` (release ${served} with ${patch.pages} pages and feeds written again, search bundles: ${patch.bundles.join(', ') || 'none'})`);
      finish(
        true,
        `nightly: ${result.added.length} added, ${result.updated.length} changed, ${result.removed.length} removed; pull ${pull.seconds.toFixed(1)} s, patch ${since(patchStarted)} s (${patch.ahead ? 'loaded ahead; ' : ''}${Object.entries(
          patch.steps,
        )
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}); ${since(started)} s in all`,
      );
      process.exit(0);
    }
    if (patch.current) {
      rmSync(pending, { force: true });
      finish(true, `nightly: release ${served} holds the news as it is (${patch.reason}), nothing built; ${since(started)} s in all`);
      process.exit(0);
    }
    log.info(`nightly: a full build, because ${patch.reason}`);
  } catch (error) {
    log.error({ err: error }, 'nightly: the patch of the served release failed; a full build instead');
  }
}

const searchSince = recentSince();
const built = process.hrtime.bigint();
const build = spawnSync(process.execPath, [astro, 'build', '--outDir', outDir], {
  stdio: ['ignore', 'pipe', 'pipe'],
  encoding: 'utf8',
  maxBuffer: 512 * 1024 * 1024,
  env: { ...process.env, NEWS_RECENT_SINCE: searchSince },
});
if (build.status === 0 && build.stderr) process.stderr.write(build.stderr);
const buildSeconds = since(built);
// the build's whole output, for a profile (the news-scale bench asks for it)
if (process.env.NIGHTLY_BUILD_LOG) writeFileSync(process.env.NIGHTLY_BUILD_LOG, build.stdout ?? '');
const summary = build.stdout?.split('\n').filter((l) => /\[build\] Complete|\[carrier:pagefind\]/.test(l)) ?? [];
for (const line of summary) log.info(line.trim());
if (build.status !== 0) {
  log.error({ stdout: build.stdout?.split('\n').slice(-40).join('\n'), stderr: build.stderr?.split('\n').slice(-40).join('\n') }, 'the build failed');
  removeInBackground(outDir);
  finish(false, `nightly: the build failed after ${buildSeconds} s; the site still serves the previous build, older than the snapshot, and the next run builds again`);
  process.exit(1);
}
// dist/server is the running code (npm run build); the release keeps its own, which renders the pages a
// publish writes again (src/releases/news-patch.ts), and lends it to dist/ where there is none
if (existsSync(join(outDir, 'server')) && !existsSync(join(paths.dist, 'server'))) {
  mkdirSync(paths.dist, { recursive: true });
  spawnSync('cp', ['-al', join(outDir, 'server'), join(paths.dist, 'server')]);
}
// what the release holds of the news, for the publishes that patch it; without it, the next publish builds
let state = 'no news state';
try {
  state = `news state of ${writeNewsState({ root: process.cwd(), release: outDir, site: process.env.SITE_URL || DEFAULT_SITE, since: searchSince }).stories} stories`;
} catch (error) {
  log.warn({ err: error }, 'nightly: the news state of the release could not be written; the next publish builds in full');
}
log.info(`nightly: ${state}`);
const carried = carryAssets(paths, release);
serve(carried ? ` (${carried} assets of the previous one kept beside it)` : '');
// the server code the publishes render with, compiled now into V8's code cache, not by the first publish
try {
  const warmed = await warmRenderCode(paths.releasesDir, release);
  if (warmed !== undefined) log.info(`nightly: the publishes' render code compiled in ${warmed} s`);
} catch (error) {
  log.warn({ err: error }, 'nightly: the render code could not be compiled ahead; the first publish compiles it');
}
// the static pages: dist/client with the Node adapter (this site), dist for a static build
const pages = readdirSync(existsSync('dist/client') ? 'dist/client' : 'dist', { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
finish(
  true,
  `nightly: ${result.added.length} added, ${result.updated.length} changed, ${result.removed.length} removed; pull ${pull.seconds.toFixed(1)} s, build ${buildSeconds} s (${pages} pages); ${since(started)} s in all`,
);
// done (with --standby, the release's server code loaded ahead is still listening)
process.exit(0);
