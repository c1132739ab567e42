#!/usr/bin/env node
// The CDN edge's figures on the reference deployment (scripts/lib/nginx-stack.mjs: Varnish before
// nginx before two API processes on a fresh PostgreSQL database, a copy of the project served from
// its releases, the worker beside them purging the edge on every release switch):
//   1. the reference, measured in the same run: a full nightly (`scripts/nightly.mjs --force` in the
//      copy; skipped with --small), and each page asked of nginx directly;
//   2. load on the pages after a warm-up, through the edge, then the same load on nginx alone: the
//      share answered by the edge itself (X-Cache: HIT), requests a second, and the CPU seconds the
//      nginx workers and the API processes spent in each run (/proc/<pid>/stat);
//   3. publishes through the edge as an editor (the staff API): seconds until the story's detail
//      page, the notices list in br and gzip, the RSS feed and the served search bundle answer fresh
//      FROM THE EDGE; the origin requests the publish cost (Varnish's MAIN.backend_req over the
//      polling and a walk of the warmed pages again) next to the paths the worker purged;
//   4. a rollback (`npm run release -- rollback` in the copy): seconds until the edge serves the old
//      pages (the detail 404, the list without the story).
// With --items N, the API is seeded with N generated stories per language (bench/news-scale.mjs's
// snapshot) and the copy's news emptied, as bench/publish.mjs does: the full nightly then builds the
// site with all of them (it runs even with --small), and the publishes patch that release.
// Machines here differ up to three times in speed from day to day: each figure is printed next to the
// reference of the same run. Needs a build, nginx, varnishd and PostgreSQL (skips, saying why,
// without them). Writes bench-results/edge.json (not with --small, which npm test runs: one publish,
// a second of load, no nightly).
//
// With --spaced, each publish waits until the copy of the served release made ahead for the next
// publish is whole (as publishes minutes apart find it); without, they follow one another at once,
// and the first few after a full build wait for that copy (a second or two at 10,000 stories).
//   node bench/edge.mjs [--small] [--publishes 5] [--seconds 6] [--items 0] [--spaced]
import { spawnSync } from 'node:child_process';
import { get } from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { currentRelease, releasePaths } from '../src/releases/releases.mjs';
import { findNginx, findVarnishd, postgresReachable, startNginxStack } from '../scripts/lib/nginx-stack.mjs';
import { inviteStaff, signInStaff } from '../scripts/lib/staff-client.mjs';
import { NEWS_RECENT_BUNDLE } from '../src/search/news-bundles.ts';
import { bundlePageIds } from '../src/search/news-index.ts';
import { writeGeneratedSnapshot } from './news-scale.mjs';

const { values } = parseArgs({
  options: { small: { type: 'boolean' }, publishes: { type: 'string' }, seconds: { type: 'string' }, items: { type: 'string', default: '0' }, spaced: { type: 'boolean' } },
  strict: false,
});
/** Each publish once the copy made ahead for it is whole (src/releases/spares.ts), as an editor's publishes minutes apart find it; else one right after the other. */
const SPACED = Boolean(values.spaced);
const SMALL = Boolean(values.small);
const PUBLISHES = Number(values.publishes ?? (SMALL ? 1 : 5));
const SECONDS = Number(values.seconds ?? (SMALL ? 1 : 6));
const ITEMS = Number(values.items);
const CONTENT = ITEMS > 0 ? `${ITEMS} stories per language` : 'committed content';
const CONNECTIONS = 10;
const NOTICES = '50000000000000231';
const LIST = `/en/home/News/news/${NOTICES}`;
const RSS = `/en/home/News/rss/${NOTICES}.xml`;
const node = resolve('node_modules/.bin/node');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const since = (t) => Number(process.hrtime.bigint() - t) / 1e9;

export async function benchEdge() {
  const missing = [!findNginx() && 'nginx', !findVarnishd() && 'varnishd', !(await postgresReachable()) && 'PostgreSQL', !existsSync('dist/client/404.html') && 'a build'].filter(Boolean);
  if (missing.length) {
    console.log(`edge bench: skipped, no ${missing.join(', no ')}`);
    return null;
  }
  let seed = null;
  if (ITEMS > 0) {
    seed = resolve('var/bench-edge-seed');
    rmSync(seed, { recursive: true, force: true });
    writeGeneratedSnapshot(ITEMS, seed);
  }
  // a build of 10,000 stories a language needs more than Node's default heap (as bench/publish.mjs)
  const heap = ITEMS > 0 ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=8192`.trim() } : {};
  // the worker logs at info: its reconciler's lines say how many paths it purged
  const stack = await startNginxStack({
    edge: true,
    site: true,
    staffOriginAtEdge: true,
    env: seed ? { NEWS_SNAPSHOT_DIR: seed, ...heap } : {},
    // the stories come from the API alone: the nightly pulls all of them into the copy
    prepareSite: seed
      ? (siteDir) => {
          rmSync(join(siteDir, 'content/news'), { recursive: true, force: true });
          mkdirSync(join(siteDir, 'content/news'), { recursive: true });
        }
      : null,
  });
  const edge = stack.edge.base;
  try {
    const email = 'bench.edge@seabridgelines.com';
    const token = inviteStaff({
      email,
      role: 'editor',
      name: 'Edge Bench',
      node,
      env: { ...process.env, DATABASE_URL: stack.databaseUrl, DATA_DIR: stack.dataDir, STAFF_ORIGIN: edge, LOG_LEVEL: 'error' },
    });
    const staff = await signInStaff(edge, { email, token, password: 'Edge bench at Yantian 2026' });

    // ---- the reference: a full nightly in the copy (its release switch purges the edge too)
    let nightlySeconds = null;
    if (!SMALL || ITEMS > 0) {
      const t = process.hrtime.bigint();
      const done = spawnSync(node, ['scripts/nightly.mjs', '--force'], {
        cwd: stack.siteDir,
        env: { ...process.env, ...heap, NEWS_API_URL: `${stack.upstreams[0].base}/homeapiak`, LOG_LEVEL: 'warn' },
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      });
      if (done.status !== 0) throw new Error(`nightly failed:\n${(done.stdout + done.stderr).slice(-3000)}`);
      nightlySeconds = since(t);
      console.log(`edge bench: full nightly (reference) ${nightlySeconds.toFixed(1)} s`);
      await waitForPurge(staff, stack);
    }

    // ---- the pages: every page of the sitemap's first hundreds, both languages
    const pages = servedPages(stack.siteDir, SMALL ? 40 : 400);
    await walk(edge, pages); // warm-up: the edge fetches each once
    const throughEdge = await load(edge, pages, stack);
    const direct = await load(stack.base, pages, stack);
    console.log(`
| load on ${pages.length} pages, ${CONNECTIONS} connections, ${SECONDS} s | requests/s | answered by the edge | nginx CPU s | API processes CPU s |
|---|---|---|---|---|
| through the edge | ${throughEdge.rate.toFixed(0)} | ${(throughEdge.hitShare * 100).toFixed(2)} % (${throughEdge.hits} of ${throughEdge.requests}) | ${throughEdge.cpu.nginx.toFixed(2)} | ${throughEdge.cpu.api.toFixed(2)} |
| nginx alone (reference) | ${direct.rate.toFixed(0)} | — | ${direct.cpu.nginx.toFixed(2)} | ${direct.cpu.api.toFixed(2)} |
`);

    // ---- publishes through the edge
    const rows = [];
    for (let i = 1; i <= PUBLISHES; i++) {
      await walk(edge, [LIST, RSS]);
      if (SPACED) await until(async () => !readdirSync(releasePaths({ root: stack.siteDir }).releasesDir).some((e) => e.startsWith('.preparing-')), 600_000, 250);
      const title = `Edge bench notice ${i}: Yantian gate hours changed ${Date.now()}`;
      const created = await staff('/news/stories', {
        meta: { typeId: NOTICES, labels: ['port-operations'], tradeCodes: [], portCodes: ['CNYTN'], statusDt: new Date().toISOString().slice(0, 10), important: false },
        en: { title, body: `<p>${title}. Gate hours at Yantian change from tomorrow.</p>` },
        zh: { title: `边缘基准通知 ${i}：盐田闸口时间调整`, body: '<p>盐田码头闸口作业时间自明日起调整。</p>' },
      });
      const detail = `/en/home/News/detail/${created.id}/${NOTICES}`;
      const before = backendRequests(stack);
      const purgedBefore = purgedPaths(stack);
      const linesBefore = workerLines(stack);
      const servedBefore = currentRelease(releasePaths({ root: stack.siteDir }));
      const t = process.hrtime.bigint();
      await staff(`/news/stories/${created.id}/publish`, { version: created.version });
      // the pages are asked of the edge once the worker has switched the release (a readlink until then:
      // polling four pages ten times a second, decompressing them, slowed the patch on two cores by
      // seconds), then each on its own (one after the other, a slow check would delay the next)
      await until(async () => currentRelease(releasePaths({ root: stack.siteDir })) !== servedBefore, 600_000, 20);
      const watch = (check) => until(check, 600_000).then(() => since(t));
      const [detailAt, listAt, rssAt, searchAt] = await Promise.all([
        watch(async () => (await fetch(`${edge}${detail}`)).status === 200),
        watch(async () => (await atEdge(LIST, 'br')).includes(title) && (await atEdge(LIST, 'gzip')).includes(title)),
        watch(async () => (await atEdge(RSS, 'gzip')).includes(title)),
        watch(async () => inServedSearch(edge, stack.siteDir, `/en/home/News/detail/${created.id}/`)),
      ]);
      const times = { detail: detailAt, list: listAt, rss: rssAt, search: searchAt };
      const live = Math.max(...Object.values(times));
      // the origin's share: the polling above and the warmed pages asked again
      await walk(edge, pages);
      await waitForPurge(staff, stack, created.id);
      const originRequests = backendRequests(stack) - before;
      const purged = purgedPaths(stack) - purgedBefore;
      // the worker's account of this publish, written once its run has ended (after the switch the edge follows)
      await until(async () => workerLines(stack) > linesBefore, 60_000);
      const worker = workerLine(stack);
      rows.push({ id: created.id, ...times, live, originRequests, purgedPaths: purged, worker });
      console.log(
        `publish ${i}/${PUBLISHES}: served by the edge after ${live.toFixed(2)} s (detail ${times.detail.toFixed(2)}, list ${times.list.toFixed(2)}, RSS ${times.rss.toFixed(2)}, search ${times.search.toFixed(2)}); origin requests ${originRequests} (the polling and the warmed pages the purge made miss; paths purged, each page under two names: ${purged})\n  worker: ${worker}`,
      );
    }

    // ---- a rollback: the edge serves the old pages
    const last = rows.at(-1);
    const lastTitleDetail = `/en/home/News/detail/${last.id}/${NOTICES}`;
    const t = process.hrtime.bigint();
    const rolled = spawnSync(node, ['scripts/release.mjs', 'rollback'], { cwd: stack.siteDir, encoding: 'utf8' });
    if (rolled.status !== 0) throw new Error(`release rollback: ${rolled.stderr}`);
    await until(async () => (await fetch(`${edge}${lastTitleDetail}`)).status === 404 && !(await atEdge(LIST, 'br')).includes(last.id), 900_000);
    const rollbackSeconds = since(t);
    console.log(`rollback: the edge serves the old pages after ${rollbackSeconds.toFixed(2)} s`);

    const live = rows.map((r) => r.live).sort((a, b) => a - b);
    const p95 = live[Math.min(live.length - 1, Math.ceil(live.length * 0.95) - 1)];
    const result = {
      date: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, ${cpus().length} cores, Node ${process.versions.node}`,
      content: CONTENT,
      spaced: SPACED,
      fullNightlySeconds: nightlySeconds,
      load: { pages: pages.length, connections: CONNECTIONS, seconds: SECONDS, throughEdge, nginxAlone: direct },
      publishes: rows,
      liveP95Seconds: p95,
      rollbackSeconds,
    };
    console.log(`
| the edge (${CONTENT}) | seconds | share of the full nightly in this run |
|---|---|---|
| full nightly (reference) | ${nightlySeconds === null ? 'not run (--small)' : nightlySeconds.toFixed(1)} | 1 |
| publish → detail, list (br, gzip), RSS, search served by the edge, p95 of ${rows.length}${SPACED ? ', spaced' : ''} | ${p95.toFixed(2)} | ${nightlySeconds ? (p95 / nightlySeconds).toFixed(3) : '—'} |
| rollback → the edge serves the old pages | ${rollbackSeconds.toFixed(2)} | ${nightlySeconds ? (rollbackSeconds / nightlySeconds).toFixed(3) : '—'} |
`);
    if (!SMALL) {
      mkdirSync('bench-results', { recursive: true });
      const file = `bench-results/edge${ITEMS > 0 ? `-${ITEMS}` : ''}${SPACED ? '-spaced' : ''}.json`;
      writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
      console.log(`written to ${file}`);
    }
    return result;
  } catch (error) {
    console.error(stack.output().split('\n').slice(-40).join('\n'));
    throw error;
  } finally {
    await stack.stop();
    if (seed) rmSync(seed, { recursive: true, force: true });
  }

  /** A page's text as the edge answers it in one encoding. */
  async function atEdge(path, encoding) {
    // node:http, which leaves the body as the edge sent it (fetch decompresses)
    const answer = await new Promise((done, failed) =>
      get(`${edge}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode, coded: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        res.on('error', failed);
      }).on('error', failed),
    );
    if (answer.status !== 200) return '';
    const { body, coded } = answer;
    return (coded === 'br' ? brotliDecompressSync(body) : coded === 'gzip' ? gunzipSync(body) : body).toString('utf8');
  }
}

/** The served site's pages (from its sitemaps), at most `count`, with the notices list and feed. */
function servedPages(siteDir, count) {
  const client = join(siteDir, 'dist/client');
  const urls = [];
  for (const file of readdirSync(client).filter((f) => /^sitemap.*\.xml$/.test(f) && f !== 'sitemap-index.xml')) {
    for (const [, loc] of readFileSync(join(client, file), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)) urls.push(new URL(loc).pathname);
  }
  const unique = [...new Set(urls)].filter((p) => p.includes('/home'));
  const step = Math.max(1, Math.floor(unique.length / count));
  return [LIST, RSS, ...unique.filter((_, i) => i % step === 0).slice(0, count)];
}

/** Each page asked once (br), 8 at a time. */
async function walk(base, pages) {
  for (let i = 0; i < pages.length; i += 8) await Promise.all(pages.slice(i, i + 8).map(async (p) => (await fetch(`${base}${p}`, { headers: { 'accept-encoding': 'br' } })).arrayBuffer()));
}

/** CONNECTIONS loops asking the pages in turn for SECONDS: requests, the edge's hits, CPU spent. */
async function load(base, pages, stack) {
  const pids = { nginx: nginxWorkers(stack), api: stack.upstreams.map((u) => u.process.pid) };
  const cpuBefore = cpuOf(pids);
  let requests = 0;
  let hits = 0;
  const end = Date.now() + SECONDS * 1000;
  const t = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      for (let i = c; Date.now() < end; i += CONNECTIONS) {
        const answer = await fetch(`${base}${pages[i % pages.length]}`, { headers: { 'accept-encoding': 'br' } });
        await answer.arrayBuffer();
        requests++;
        if (answer.headers.get('x-cache') === 'HIT') hits++;
      }
    }),
  );
  const seconds = since(t);
  const cpuAfter = cpuOf(pids);
  return { requests, hits, hitShare: requests ? hits / requests : 0, rate: requests / seconds, cpu: { nginx: cpuAfter.nginx - cpuBefore.nginx, api: cpuAfter.api - cpuBefore.api } };
}

/** nginx's worker processes (the master's children). */
function nginxWorkers(stack) {
  const master = Number(readFileSync(join(stack.stateDir, 'nginx.pid'), 'utf8').trim());
  const children = spawnSync('pgrep', ['-P', String(master)], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .filter(Boolean)
    .map(Number);
  return [master, ...children];
}

/** CPU seconds (user + system) of each group of processes. */
function cpuOf(pids) {
  const ticks = 100; // USER_HZ on Linux
  const of = (pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      return 0;
    }
  };
  return Object.fromEntries(Object.entries(pids).map(([k, list]) => [k, list.reduce((n, pid) => n + of(pid), 0)]));
}

/** The worker's last account of a publish (the nightly job's closing line: its pull, the patch's steps, seconds in all). */
function workerLine(stack) {
  const lines = [...stack.output().matchAll(WORKER_LINE)];
  return lines.at(-1)?.[1] ?? '(no line from the worker)';
}
const WORKER_LINE = /"msg":"\[worker\] site build done in ([^"]*)"/g;
/** How many builds the worker has given its account of. */
const workerLines = (stack) => [...stack.output().matchAll(WORKER_LINE)].length;

/** Varnish's count of requests it sent to nginx. */
function backendRequests(stack) {
  const out = spawnSync('varnishstat', ['-n', join(stack.stateDir, 'varnish/work'), '-1', '-j', '-f', 'MAIN.backend_req'], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`varnishstat: ${out.stderr}`);
  const json = JSON.parse(out.stdout);
  return Number((json.counters ?? json)['MAIN.backend_req'].value);
}

/** The paths the worker's reconciler has purged so far (its log lines). */
function purgedPaths(stack) {
  return [...stack.output().matchAll(/varnish purged of (\d+) path/g)].reduce((n, m) => n + Number(m[1]), 0);
}

/**
 * Until the edge is purged for the served release: the reconciler's record (app_meta `edge_purge`)
 * names it as purged with no switch waiting, as the newsroom reads it (src/edge/reconciler.ts);
 * with a story, until the newsroom says it is live.
 */
async function waitForPurge(staff, stack, id) {
  if (id) return until(async () => (await staff(`/news/stories/${id}`)).story.site?.state === 'live', 900_000);
  const served = () => currentRelease(releasePaths({ root: stack.siteDir }));
  await until(async () => {
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query("SELECT value FROM app_meta WHERE key = 'edge_purge'");
      const record = rows[0] ? JSON.parse(rows[0].value) : null;
      return record?.purged === served() && record.steps.every((step) => step.done);
    } finally {
      await client.end();
    }
  }, 900_000);
}

const pageIdsOf = new Map();

/**
 * Whether the edge serves the search bundle that names the page: the served release's fragment for
 * it (found on disk), fetched through the edge, names it, and the bundle's entry file at the edge is
 * the served one (the browser finds the fragment through it). A story published now is in the recent
 * bundle (src/search/news-bundles.ts): only that one is read (the archive's thousands of fragments,
 * read every poll, would slow the machine the publish runs on).
 */
async function inServedSearch(edge, siteDir, prefix) {
  // the bundle's page ids read once for each release served (a poll must not load the machine the worker patches on)
  const release = currentRelease(releasePaths({ root: siteDir }));
  const folder = join(releasePaths({ root: siteDir }).releasesDir, release, 'client/pagefind', NEWS_RECENT_BUNDLE);
  if (!pageIdsOf.has(release)) pageIdsOf.set(release, bundlePageIds(folder));
  const id = [...pageIdsOf.get(release).entries()].find(([url]) => url.startsWith(prefix))?.[1];
  if (!id) return false;
  const fragment = await fetch(`${edge}/pagefind/${NEWS_RECENT_BUNDLE}/fragment/${id}.pf_fragment`);
  if (!fragment.ok || !gunzipSync(Buffer.from(await fragment.arrayBuffer())).includes(prefix)) return false;
  const entry = Buffer.from(await (await fetch(`${edge}/pagefind/${NEWS_RECENT_BUNDLE}/pagefind-entry.json`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  return entry.equals(readFileSync(join(folder, 'pagefind-entry.json')));
}

async function until(check, timeoutMs, everyMs = 100) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await sleep(everyMs);
  }
  throw new Error(`not reached in ${timeoutMs / 1000} s`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await benchEdge();
