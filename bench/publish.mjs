#!/usr/bin/env node
// Publish → live: how long a story published in the newsroom takes to be on the served site,
// measured on the real path, beside a full nightly build measured in the same run (machines here
// differ up to three times in speed from day to day, so the ratio is the figure that travels):
//   1. a copy of the project under var/bench-publish/site (its built dist/ by hard links);
//      with --items N, the API is seeded with N generated stories per language (the news-scale
//      bench's stories) and a first nightly builds them;
//   2. its server (`npm start` in the copy: the worker in process, WORKER=inprocess, a fresh
//      embedded database) and an editor signed in with password and TOTP through the staff API;
//   3. the reference: a full nightly (`scripts/nightly.mjs --force`) in the copy;
//   4. N publishes, one after the other: a new bilingual notice created and published through the
//      staff API, then polled until its detail page answers 200 from the served site and the news
//      list and the RSS feed of the same release carry it (the release switch is atomic, its search
//      index is built with it: tests/e2e/staff.spec.ts searches for it); the public API's answer is
//      timed too;
// Each publish's build is the nightly job with one story changed: its share of the full nightly is
// also the figure for "a nightly with one changed story".
// Prints each figure next to the full nightly, writes bench-results/publish.json (not with --small, which npm test runs:
// one publish on a copy served from this project's build, without the reference nightly, as bench/edge.mjs --small).
//
//   node bench/publish.mjs [--publishes 10 | --small] [--items 0] [--keep]
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { databaseFromTemplate } from '../scripts/lib/database-template.mjs';
import { freePort } from '../scripts/lib/serve-built.mjs';
import { SITE_ENTRIES, siteFromBuild } from '../scripts/lib/nginx-stack.mjs';
import { inviteStaff, signInStaff } from '../scripts/lib/staff-client.mjs';
import { writeGeneratedSnapshot } from './news-scale.mjs';
import { NEWS_BUNDLES } from '../src/search/news-bundles.ts';
import { bundlePageIds } from '../src/search/news-index.ts';

const project = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { publishes: { type: 'string' }, items: { type: 'string', default: '0' }, keep: { type: 'boolean' }, small: { type: 'boolean' } }, strict: false });
// --small (npm test: a bench that no longer runs fails CI): one publish, no figures asserted
const publishes = Number(values.publishes ?? (values.small ? '1' : '10'));
const items = Number(values.items);
const work = join(project, 'var/bench-publish');
const site = join(work, 'site');
const node = process.execPath;
const seconds = (from) => Number(process.hrtime.bigint() - from) / 1e9;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const NOTICES = '50000000000000231';
/** --small with the committed content: no reference nightly (a full build, the most of this bench's time), the copy served from this project's build. */
const withoutReference = Boolean(values.small) && items === 0;

export async function benchPublish() {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  if (withoutReference) {
    // the copy serves a release made of this project's build, as the smoke suite's does: the publish patches it
    await siteFromBuild(site);
  } else {
    for (const entry of SITE_ENTRIES) run('cp', ['-a', join(project, entry), join(site, entry)]);
    run('cp', ['-al', join(project, 'dist'), join(site, 'dist')]);
  }
  let seed;
  if (items > 0) {
    seed = join(work, 'seed');
    writeGeneratedSnapshot(items, seed);
    rmSync(join(site, 'content/news'), { recursive: true, force: true });
    mkdirSync(join(site, 'content/news'), { recursive: true });
  }

  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: join(work, 'data'),
    LOG_LEVEL: 'error',
    STAFF_ORIGIN: origin,
    WORKER: 'inprocess',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=8192`.trim(),
    ...(seed ? { NEWS_SNAPSHOT_DIR: seed } : {}),
  };
  // in a test run, the embedded database is a copy of its template (scripts/lib/database-template.mjs), unless seeded with generated news
  if (!seed) databaseFromTemplate(env.DATA_DIR);
  const email = 'bench.editor@seabridgelines.com';
  const token = inviteStaff({ email, role: 'editor', name: 'Bench Editor', env, cwd: site, node });
  const server = spawn(node, ['scripts/start.mjs'], { cwd: site, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await until(
      async () => {
        if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
        return (await fetch(`http://127.0.0.1:${port}/ready`)).ok;
      },
      600_000,
      250,
      true,
    );
    const staff = await signInStaff(origin, { email, token, password: 'Bench crane at Yantian 2026' });

    // ---- the reference, and (at scale) the site with all the stories: a full nightly in the same run
    const full = withoutReference ? null : nightly(port, ['--force']);
    if (full) console.log(`publish: full nightly ${full.seconds.toFixed(1)} s (${full.line})`);
    else console.log('publish: --small, no reference nightly (a full build; npm test builds the site in full in the news-scale bench and the staff end-to-end test)');

    // ---- publishes, one after the other
    const rows = [];
    for (let i = 1; i <= publishes; i++) {
      const title = `Bench notice ${i}: Yantian gate hours changed ${Date.now()}`;
      const content = {
        meta: { typeId: NOTICES, labels: ['port-operations'], tradeCodes: [], portCodes: ['CNYTN'], statusDt: new Date().toISOString().slice(0, 10), important: false },
        en: { title, body: `<p>${title}. Gate hours at Yantian change from tomorrow.</p>` },
        zh: { title: `基准测试通知 ${i}：盐田闸口时间调整`, body: '<p>盐田码头闸口作业时间自明日起调整。</p>' },
      };
      const created = await staff('/news/stories', content);
      const t = process.hrtime.bigint();
      await staff(`/news/stories/${created.id}/publish`, { version: created.version });
      const api = await until(async () => (await fetch(`${origin}/homeapiak/cosNewss/findLastNextNews/${created.id}?language=1&newsTypeUuid=${NOTICES}`)).status === 200, 60_000, 20);
      const apiSeconds = seconds(t);
      await until(async () => (await fetch(`${origin}/en/home/News/detail/${created.id}/${NOTICES}`)).status === 200, 900_000, 250);
      const liveSeconds = seconds(t);
      for (const path of [`/en/home/News/news/${NOTICES}`, `/en/home/News/rss/${NOTICES}.xml`]) {
        const text = await (await fetch(`${origin}${path}`)).text();
        if (!text.includes(title)) throw new Error(`${path} lacks the story once its detail page is live`);
      }
      // the same release holds the story's search document (its bundle is written before the switch): read the served bundles' fragments
      if (!inSearchIndex(`/en/home/News/detail/${created.id}/`)) throw new Error('the served search index lacks the story once its detail page is live');
      if (!api) throw new Error('the API did not serve the story');
      rows.push({ id: created.id, apiSeconds, liveSeconds });
      console.log(`publish ${i}/${publishes}: API ${(apiSeconds * 1000).toFixed(0)} ms, live on the site ${liveSeconds.toFixed(1)} s`);
    }

    const live = rows.map((r) => r.liveSeconds).sort((a, b) => a - b);
    const p95 = live[Math.min(live.length - 1, Math.ceil(live.length * 0.95) - 1)];
    const result = {
      date: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, ${(await import('node:os')).cpus().length} cores, Node ${process.versions.node}`,
      storiesPerLanguage: items || 'the committed content',
      fullNightlySeconds: full?.seconds ?? null,
      publishes: rows,
      liveP50Seconds: live[Math.floor((live.length - 1) / 2)],
      liveP95Seconds: p95,
      liveP95ShareOfFullNightly: full ? p95 / full.seconds : null,
      apiMaxSeconds: Math.max(...rows.map((r) => r.apiSeconds)),
    };
    console.log(`
| publish → live (${result.storiesPerLanguage === 'the committed content' ? 'committed content' : `${items} stories per language`}) | seconds | share of the full nightly in this run |
|---|---|---|
| full nightly (reference, \`nightly --force\`) | ${full ? full.seconds.toFixed(1) : 'not run (--small)'} | 1 |
| publish → detail, list and RSS live, p50 of ${rows.length} | ${result.liveP50Seconds.toFixed(1)} | ${full ? (result.liveP50Seconds / full.seconds).toFixed(2) : ''} |
| publish → detail, list and RSS live, p95 of ${rows.length} | ${p95.toFixed(1)} | ${full ? result.liveP95ShareOfFullNightly.toFixed(2) : ''} |
| publish → the public API serves it, worst | ${result.apiMaxSeconds.toFixed(3)} | |
`);
    mkdirSync(join(project, 'bench-results'), { recursive: true });
    if (!values.small) {
      writeFileSync(join(project, 'bench-results/publish.json'), `${JSON.stringify(result, null, 2)}\n`);
      console.log('written to bench-results/publish.json');
    }
    return result;
  } finally {
    server.kill('SIGTERM');
    await sleep(500);
    if (!values.keep) rmSync(work, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** Whether a page whose URL starts so is in one of the served stories' search bundles (their fragments name its URL). */
function inSearchIndex(prefix) {
  return NEWS_BUNDLES.some((bundle) => [...bundlePageIds(join(site, 'dist/client/pagefind', bundle)).keys()].some((url) => url.startsWith(prefix)));
}

function run(command, args) {
  const done = spawnSync(command, args, { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${done.stderr}`);
}

function nightly(port, args) {
  const t = process.hrtime.bigint();
  const done = spawnSync(node, ['scripts/nightly.mjs', ...args], {
    cwd: site,
    env: { ...process.env, NEWS_API_URL: `http://127.0.0.1:${port}/homeapiak` },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (done.status !== 0) throw new Error(`nightly failed:\n${(done.stdout + done.stderr).slice(-4000)}`);
  return { seconds: seconds(t), line: done.stdout.trim().split('\n').at(-1) };
}

async function until(check, timeoutMs, everyMs, rethrow = false) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if (await check()) return true;
    } catch (error) {
      // not yet (a fetch refused while the server starts), unless the check says it never will
      if (rethrow && /exited/.test(error?.message)) throw error;
    }
    await sleep(everyMs);
  }
  throw new Error(`not reached in ${timeoutMs / 1000} s`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await benchPublish();
