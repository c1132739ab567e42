#!/usr/bin/env node
// News at scale: the nightly job (pull-news, then the build with its search index) for
// 10,000 generated news items per language, on the real path:
//   1. generate the stories (fixed seed) as a news snapshot in var/bench-news-scale/seed;
//   2. start the built site as the README says (`scripts/start.mjs` in the copy, with a copy of
//      dist/server) on a fresh embedded database seeded from that snapshot (NEWS_SNAPSHOT_DIR), on a
//      free loopback port, and wait for its /ready;
//   3. `npm run nightly` in a copy of the project (var/bench-news-scale/site; the committed
//      content/news is never touched): pull-news reads them all through the API, then the
//      build makes every page, the news detail pages and the Pagefind index;
//   4. `npm run nightly` again: a quiet night (nothing changed, so nothing is built).
// Prints pull time, build time, pages per second, the quiet night and the size of the search index; writes
// bench-results/news-scale.json. Needs a build (dist/server): run through `npm run bench --
// --news-scale` (which builds first) or after `npm run build`. `--small` (npm test: a bench that no
// longer runs fails CI): 3 stories a language, the same steps, no figures asserted nor written.
//
//   node bench/news-scale.mjs [--items 10000 | --small] [--keep] [--server dist/server]
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const project = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { items: { type: 'string' }, small: { type: 'boolean' }, keep: { type: 'boolean' }, server: { type: 'string' } }, strict: false });
const perLanguage = Number(values.items ?? (values.small ? '3' : '10000'));
if (!Number.isInteger(perLanguage) || perLanguage < 1 || perLanguage > 50_000) throw new Error('--items must be 1 to 50000');

const work = join(project, 'var/bench-news-scale');
const site = join(work, 'site');
const seed = join(work, 'seed');
const node = process.execPath;
const seconds = (from) => Number(process.hrtime.bigint() - from) / 1e9;

export async function benchNewsScale() {
  const serverBuild = resolve(values.server ?? join(project, 'dist/server'));
  if (!existsSync(join(serverBuild, 'entry.mjs'))) throw new Error(`no build in ${serverBuild}: run npm run build first (the API is served from dist/server)`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });

  // ---- 1. the stories -------------------------------------------------------------------
  let t = process.hrtime.bigint();
  writeGeneratedSnapshot(perLanguage, seed);
  const generateSeconds = seconds(t);
  console.log(`news-scale: generated ${perLanguage} stories per language in ${generateSeconds.toFixed(1)} s`);

  // ---- a copy of the project without its news (and without what a build does not read) ---
  const skip = new Set(['node_modules', 'dist', 'var', '.git', '.astro', 'test-results', 'bench-results', 'playwright-report', 'tests']);
  for (const entry of readdirSync(project)) {
    if (skip.has(entry)) continue;
    cpSync(join(project, entry), join(site, entry), { recursive: true, filter: (src) => !relative(project, src).startsWith(join('content', 'news')) });
  }
  mkdirSync(join(site, 'content/news'), { recursive: true });
  // the copy's build, as `npm run build` leaves it: its own copy of the server code (the shared dist/ may be
  // rebuilt meanwhile) and the pages by hard links (the first nightly adopts them as its first release);
  // the server is ready only once it has a served folder
  cpSync(serverBuild, join(site, 'dist/server'), { recursive: true });
  const pagesBuilt = realpathSync(join(serverBuild, '../client'));
  const linked = spawnSync('cp', ['-al', pagesBuilt, join(site, 'dist/client')], { encoding: 'utf8' });
  if (linked.status !== 0) throw new Error(`copying the built pages: ${linked.stderr}`);

  // ---- 2. the site as the README starts it (scripts/start.mjs: /ready once warmed up), seeded with the stories
  const port = await freePort();
  t = process.hrtime.bigint();
  const api = spawn(node, [join(site, 'scripts/start.mjs')], {
    cwd: site,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: join(work, 'data'), NEWS_SNAPSHOT_DIR: seed, LOG_LEVEL: 'error', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let night;
  let quiet;
  let seedSeconds;
  try {
    await waitFor(`http://127.0.0.1:${port}/ready`, 300_000, api);
    seedSeconds = seconds(t);
    console.log(`news-scale: API up and seeded with ${2 * perLanguage} stories in ${seedSeconds.toFixed(1)} s`);

    // ---- 3. the nightly job in the copy: pull-news, then the build with its search index -------
    mkdirSync(join(project, 'bench-results'), { recursive: true });
    night = nightly(port);
    // the whole output of that night, and the build's own (its timings), for a profile beside the figures
    writeFileSync(join(project, 'bench-results/news-scale-nightly.log'), night.output);
    console.log(`news-scale: ${night.pullLine}`);
    console.log(`news-scale: nightly job (everything new) in ${night.seconds.toFixed(1)} s`);
    // ---- 4. and again, a quiet night: nothing changed, nothing built -------------------------
    quiet = nightly(port);
    if (!/no build/.test(quiet.output)) throw new Error(`the quiet night built:\n${quiet.output}`);
    console.log(`news-scale: quiet night in ${quiet.seconds.toFixed(2)} s (${quiet.pullLine})`);
  } finally {
    api.kill('SIGTERM');
  }
  const pulled = ['en', 'zh'].map((lang) => readdirSync(join(site, 'content/news', lang)).length);
  if (pulled[0] !== perLanguage || pulled[1] !== perLanguage) throw new Error(`pull-news wrote ${pulled.join(' + ')} files, expected ${perLanguage} per language`);
  const { pullSeconds, buildSeconds, indexSeconds } = night;

  const client = join(site, 'dist/client');
  const pages = countFiles(client, (name, path) => name === 'index.html' && !path.startsWith(join(client, 'pagefind')));
  const newsPages = ['en', 'zh'].reduce((n, lang) => n + readdirSync(join(client, lang, 'home/News/detail')).length, 0);
  const index = folderStats(join(client, 'pagefind'));
  // the site's bundle and the stories' bundle merged into it (src/search/integration.ts): both load on the first search
  const firstLoad = {};
  for (const bundle of ['pagefind', 'pagefind/news']) {
    const entry = JSON.parse(readFileSync(join(client, bundle, 'pagefind-entry.json'), 'utf8'));
    for (const [lang, l] of Object.entries(entry.languages)) {
      const meta = readFileSync(join(client, bundle, `pagefind.${l.hash}.pf_meta`));
      firstLoad[lang] = { pages: (firstLoad[lang]?.pages ?? 0) + l.page_count, metaBytes: (firstLoad[lang]?.metaBytes ?? 0) + meta.length };
    }
  }
  const runtime = ['pagefind.js', 'pagefind-worker.js', 'wasm.unknown.pagefind', 'wasm.en-us.pagefind']
    .filter((f) => existsSync(join(client, 'pagefind', f)))
    .map((f) => ({ file: f, bytes: statSync(join(client, 'pagefind', f)).size, gzip: gzipSync(readFileSync(join(client, 'pagefind', f)), { level: 9 }).length }));

  const result = {
    date: new Date().toISOString(),
    storiesPerLanguage: perLanguage,
    generateSeconds,
    seedSeconds,
    pullSeconds,
    pull: night.pullLine,
    buildSeconds,
    indexSeconds,
    pages,
    newsDetailPages: newsPages,
    pagesPerSecond: pages / buildSeconds,
    nightlySeconds: night.seconds,
    quietNightSeconds: quiet.seconds,
    quietPullSeconds: quiet.pullSeconds,
    index: { bytes: index.bytes, files: index.files, firstLoad, runtime },
  };
  const mb = (n) => (n / 1024 / 1024).toFixed(1);
  console.log(`
| news at scale (${perLanguage} stories per language) | |
|---|---|
| pull-news (API → snapshot, both languages) | ${pullSeconds.toFixed(1)} s |
| build (all pages + search index) | ${buildSeconds.toFixed(1)} s, of which the index after the pages ${indexSeconds.toFixed(1)} s |
| nightly job in all (\`npm run nightly\`: pull + build) | ${night.seconds.toFixed(1)} s |
| quiet night (nothing changed, nothing built) | ${quiet.seconds.toFixed(2)} s, of which the pull ${quiet.pullSeconds.toFixed(2)} s |
| pages built | ${pages} (${newsPages} news detail pages) |
| pages per second | ${(pages / buildSeconds).toFixed(0)} |
| search index (dist/client/pagefind) | ${mb(index.bytes)} MB in ${index.files} files |
| first search downloads | index metadata ${Object.entries(firstLoad)
    .map(([l, v]) => `${l} ${(v.metaBytes / 1024).toFixed(0)} KB`)
    .join(', ')}; runtime ${(runtime.reduce((n, r) => n + r.gzip, 0) / 1024).toFixed(0)} KB gzip |
`);
  mkdirSync(join(project, 'bench-results'), { recursive: true });
  // the small run (npm test) checks that the bench runs: its figures replace no measurement
  if (!values.small) {
    writeFileSync(join(project, 'bench-results/news-scale.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log('written to bench-results/news-scale.json');
  }
  if (!values.keep) rmSync(work, { recursive: true, force: true });
  return result;
}

/** `npm run nightly` in the copy against the API on `port`; the seconds of the whole command and of its steps. */
function nightly(port) {
  const t = process.hrtime.bigint();
  const run = spawnSync(node, [join(project, 'scripts/nightly.mjs')], {
    cwd: site,
    env: {
      ...process.env,
      NIGHTLY_BUILD_LOG: join(project, 'bench-results/news-scale-build.log'),
      NEWS_API_URL: `http://127.0.0.1:${port}/homeapiak`,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=8192`.trim(),
    },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const total = seconds(t);
  const output = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) throw new Error(`npm run nightly failed:\n${output.slice(-6000)}`);
  // the job logs JSON lines (src/observability/log.mjs): the pull's line is in a message
  const lines = run.stdout.split('\n').flatMap((l) => {
    try {
      return String(JSON.parse(l).msg ?? '').split('\n');
    } catch {
      return [l];
    }
  });
  const pullLine = lines.find((l) => l.startsWith('pull-news:')) ?? '';
  const done = /pull ([\d.]+) s, build ([\d.]+) s/.exec(output);
  const indexLine = output.split('\n').find((l) => l.includes('[carrier:pagefind] indexed')) ?? '';
  return {
    seconds: total,
    output,
    pullLine,
    pullSeconds: Number(/\(([\d.]+) s\)$/.exec(pullLine)?.[1] ?? NaN),
    buildSeconds: done ? Number(done[2]) : 0,
    // the index's tail: what is left of it once the pages are built (the stories are indexed while they render)
    indexSeconds: Number(/finished in ([\d.]+) s after the pages/.exec(indexLine)?.[1] ?? NaN),
  };
}

function countFiles(dir, match) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) if (e.isFile() && match(e.name, join(e.parentPath, e.name))) n++;
  return n;
}

function folderStats(dir) {
  let files = 0;
  let bytes = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    files++;
    bytes += statSync(join(e.parentPath, e.name)).size;
  }
  return { files, bytes };
}

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

async function waitFor(url, timeoutMs, child) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`the site exited with ${child.exitCode} before it was ready: ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const said = await fetch(url)
    .then((r) => r.text())
    .catch(() => '');
  throw new Error(`the site did not become ready: ${url} ${said}`);
}

// ---- the generated stories ------------------------------------------------------------------

/** Small seeded generator (mulberry32), so every run builds the same site. */
function random(seedValue) {
  let a = seedValue >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const TYPES = ['50000000000000231', '50000000000000232', '50000000000000233', '50000000000000234'];
// names as in src/news/news-catalogue.ts (the seed refuses unknown labels)
const LABELS = [
  ['Ocean Alliance', '海洋联盟'],
  ['Trade Lanes', '航线动态'],
  ['Surcharges & Tariffs', '运价与附加费'],
  ['Holiday Schedule', '节假日安排'],
  ['Port Operations', '港口作业'],
  ['Service Enhancement', '服务提升'],
  ['Sustainability', '绿色低碳'],
  ['Digital', '数字化'],
  ['Corporate', '企业动态'],
];
const PORTS = [
  ['Shanghai', '上海'],
  ['Ningbo', '宁波'],
  ['Qingdao', '青岛'],
  ['Xiamen', '厦门'],
  ['Yantian', '盐田'],
  ['Nansha', '南沙'],
  ['Tianjin', '天津'],
  ['Busan', '釜山'],
  ['Singapore', '新加坡'],
  ['Port Klang', '巴生港'],
  ['Colombo', '科伦坡'],
  ['Jebel Ali', '杰贝阿里'],
  ['Jeddah', '吉达'],
  ['Piraeus', '比雷埃夫斯'],
  ['Valencia', '瓦伦西亚'],
  ['Rotterdam', '鹿特丹'],
  ['Antwerp', '安特卫普'],
  ['Hamburg', '汉堡'],
  ['Felixstowe', '费利克斯托'],
  ['Gdańsk', '格但斯克'],
  ['Los Angeles', '洛杉矶'],
  ['Long Beach', '长滩'],
  ['Seattle', '西雅图'],
  ['Vancouver', '温哥华'],
  ['New York', '纽约'],
  ['Santos', '桑托斯'],
  ['Durban', '德班'],
  ['Melbourne', '墨尔本'],
  ['Sydney', '悉尼'],
  ['Laem Chabang', '林查班'],
];
const SERVICES = ['AEX1', 'AEX2', 'AEX3', 'PSX', 'PNW', 'TPX', 'MEX1', 'RSX', 'SAE', 'AUS1', 'TAX1', 'IPX'];
const CARGO = [
  ['reefer cargo', '冷藏货'],
  ['dangerous goods', '危险品'],
  ['project cargo', '项目货'],
  ['automotive parts', '汽车零部件'],
  ['fresh fruit', '新鲜水果'],
  ['e-commerce parcels', '跨境电商货物'],
];
const DEPARTMENTS = [
  ['Corporate Communications', '企业传播部'],
  ['Trade Management Department', '航线管理部'],
  ['Customer Service Centre', '客户服务中心'],
  ['Digital Solutions Department', '数字化解决方案部'],
];

/** The generated stories (fixed seed) written as a news snapshot, {dir}/{en,zh}/{uuid}.json (the publish bench seeds its API with them too). */
export function writeGeneratedSnapshot(count, dir) {
  const generated = generate(count);
  for (const lang of ['en', 'zh']) {
    mkdirSync(join(dir, lang), { recursive: true });
    for (const item of generated[lang]) writeFileSync(join(dir, lang, `${item.newsUuid}.json`), `${JSON.stringify(item, null, 2)}\n`);
  }
}

function generate(count) {
  const rnd = random(20261121);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const en = [];
  const zh = [];
  const start = Date.UTC(2015, 0, 1);
  const span = Date.UTC(2026, 10, 1) - start;
  for (let i = 0; i < count; i++) {
    const [pEn, pZh] = pick(PORTS);
    const [qEn, qZh] = pick(PORTS);
    const service = pick(SERVICES);
    const [cEn, cZh] = pick(CARGO);
    const [dEn, dZh] = pick(DEPARTMENTS);
    const week = 1 + Math.floor(rnd() * 52);
    const days = 8 + Math.floor(rnd() * 30);
    const teu = (8 + Math.floor(rnd() * 17)) * 1000;
    const labels = [...new Set([pick(LABELS), pick(LABELS)].slice(0, 1 + Math.floor(rnd() * 2)))];
    const statusDt = new Date(start + Math.floor(rnd() * span)).toISOString().slice(0, 10);
    const common = { newsUuid: `bench-${String(i).padStart(6, '0')}`, typeId: TYPES[i % TYPES.length], statusDt, important: false };
    en.push({
      ...common,
      title: `${service} adds a direct ${pEn}–${qEn} call from week ${week} (${i + 1})`,
      subTitle: `${teu.toLocaleString('en-US')} TEU ships, ${days} days port to port`,
      author: dEn,
      labels: labels.map((l) => l[0]),
      summary: `From week ${week} the ${service} service links ${pEn} and ${qEn} directly, with a transit of ${days} days.`,
      body:
        `<p>From the sailing of week ${week}, our ${service} service calls ${pEn} and then sails directly to ${qEn}, cutting the transit to ${days} days. ` +
        `The loop is served by ${teu.toLocaleString('en-US')} TEU vessels with plugs for ${cEn}.</p>` +
        `<p>Bookings open on the e-Business platform four weeks before the first sailing. Cut-off times at ${pEn} stay as published in the sailing schedule.</p>` +
        `<p>For questions about the new call, please contact the ${dEn} or your local Seabridge office.</p>`,
    });
    zh.push({
      ...common,
      title: `${service}航线自第${week}周起新增${pZh}至${qZh}直航（${i + 1}）`,
      subTitle: `投入${teu}标准箱船舶，港到港${days}天`,
      author: dZh,
      labels: labels.map((l) => l[1]),
      summary: `自第${week}周起，${service}航线直接连接${pZh}与${qZh}，航程${days}天。`,
      body:
        `<p>自第${week}周航次起，我司${service}航线挂靠${pZh}后直航${qZh}，航程缩短至${days}天。` +
        `该航线投入${teu}标准箱船舶，配备${cZh}所需的冷藏插座。</p>` +
        `<p>首航前四周起可通过电商平台订舱，${pZh}的截关时间以船期表公布为准。</p>` +
        `<p>如对新增挂靠有任何疑问，请联系${dZh}或当地海桥集运办事处。</p>`,
    });
  }
  return { en, zh };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchNewsScale();
}
