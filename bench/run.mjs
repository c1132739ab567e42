#!/usr/bin/env node
// npm run bench: builds the site, then prints the build time and pages per second, for each
// page kind the bytes of HTML, CSS and JS (raw and gzip), the carbon calculator's call times,
// the first request of each kind after a start (bench/first-request.mjs), the API under load
// beside a bare Hono hello, and through nginx with one API process killed (bench/load.mjs, also
// written to bench-results/load.json) and Lighthouse on key pages in both languages
// (bench/lighthouse.mjs --quick: the quick kinds of bench/page-kinds.mjs, one run each); writes bench-results/pages.json.
// `--no-load` / `--no-lighthouse` skip those two. `--check` skips the build and only checks
// the size budgets of every built page (used by npm test).
// `--news-scale` also runs bench/news-scale.mjs (pull-news + build for 10,000 stories per language).
// `--tracking` also runs bench/tracking.mjs (tracking on PostgreSQL at 200,000 shipments and a tenth of that).
// `--publish` also runs bench/publish.mjs (publish → live through the newsroom and the worker;
// `--items 10000` for the news-scale stories), then bench/edge.mjs (the same through the CDN edge,
// `--items` too, `--spaced` for publishes minutes apart: publish and rollback served by Varnish, the
// edge's share of the load, origin requests and CPU).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { builtPages, checkBudget, pageWeight } from '../scripts/page-weight.mjs';
import { benchCarbonApi } from './api.mjs';
import { benchFirstRequest } from './first-request.mjs';
import { benchSchedules } from './schedules.mjs';
import { benchLighthouse, printLighthouse } from './lighthouse.mjs';
import { benchLoad, printLoad, saveLoad } from './load.mjs';

const checkOnly = process.argv.includes('--check');
const root = 'dist/client';
const kinds = [
  ['home', '/en/home'],
  ['home (zh)', '/zh/home'],
  ['about: profile', '/en/home/About/about/Profile'],
  ['about: key facts', '/zh/home/About/about/FactFigures'],
  ['about: history (accordion)', '/zh/home/About/history'],
  ['about: reports', '/en/home/About/socialResponsibility/sustainabilityReport'],
  ['carbon calculator (React island)', '/en/home/About/socialResponsibility/carbonCalculator'],
  ['terms', '/en/home/item'],
  ['terms (zh)', '/zh/home/item'],
  ['maintenance', '/en/home/error/defend'],
  ['error', '/zh/error/error'],
  ['sailing schedule search (React island)', '/en/home/Services/schedules'],
  ['port schedule', '/zh/home/Services/schedules/port/CNSHA'],
  ['vessel schedule', '/en/home/Services/schedules/vessel/9880221'],
  ['route tab (finder)', '/en/home/Services/route/11'],
  ['route service page', '/zh/home/Services/route/12/AEX1'],
  ['vessels', '/en/home/Services/ship/0'],
  ['containers', '/en/home/Services/containers/1'],
  ['containers (zh)', '/zh/home/Services/containers/4'],
  ['service page with dialog', '/en/home/Services/fruit'],
  ['service page', '/zh/home/Services/Standardization'],
  ['price table', '/en/home/HelpCenter/business/ClaimForContainerTotalLoss'],
  ['FAQ (search, history)', '/zh/home/HelpCenter/questions/1'],
  ['service schedules (search)', '/en/home/HelpCenter/business/ServiceSchedule'],
  ['downloads (popular from the API)', '/zh/home/HelpCenter/business/Downloads'],
  ['bill of lading terms', '/en/home/HelpCenter/termsAndConditions/BillConditions'],
  ['message form (React island)', '/en/home/Message/leaveMessage'],
  ['résumé form (React island)', '/zh/home/Recruiting/recruiting/resume'],
  ['job list', '/en/home/Recruiting/recruiting'],
  ['job page', '/zh/home/Recruiting/detail/recruitDetail/stowage-planner'],
  ['news list (filter, paging)', '/en/home/News/news/50000000000000233'],
  ['news item', '/zh/home/News/detail/n2025-1118-a0c1/50000000000000234'],
  ['offices: continent map and search', '/en/home/Contact/global/asia'],
  ['offices: country list (Load More)', '/zh/home/Contact/global/countryList/countryList/asia/china'],
  ['offices: office detail', '/en/home/Contact/global/countryList/more/europe/netherlands/rotterdam/NLRTM01'],
  ['supply-chain page (area and region tabs)', '/en/home/SCL/trailerTransport'],
  ['supply-chain page (zh)', '/zh/home/SCL/railTransport'],
  ['site search (Pagefind runtime on demand)', '/en/home/list'],
  ['subscription manager (React island)', '/en/home/News/newsSubscribe'],
  ['subscription manager (zh)', '/zh/home/News/newsSubscribe'],
  ['accessibility statement', '/en/home/accessibility'],
  ['site search (zh)', '/zh/home/list'],
  ['bare-path redirect', '/home/About/history'],
  ['in-language redirect', '/en/home/About/memorabilia'],
  ['local home (carousels)', '/shanghai/cn/home'],
  ['local home (cosconit)', '/cosconit/en/home'],
  ['local news list (paging)', '/shanghai/en/news/business/110022/2'],
  ['local news item', '/hongkong/tc/news/company/120021/2/120104'],
  ['local profile (gallery)', '/hongkong/en/about/profile/120011/6'],
  ['local charges', '/germany/en/services/charges/140031/7'],
  ['local search', '/singapore/en/search'],
];

let buildSeconds = null;
if (!checkOnly) {
  const started = process.hrtime.bigint();
  const result = spawnSync('astro', ['build', '--force'], { stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // the build's per-page log, for the share of the schedule pages (bench/schedules.mjs)
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/build.log', result.stdout);
  buildSeconds = Number(process.hrtime.bigint() - started) / 1e9;
}

const kb = (n) => (n / 1024).toFixed(1);
const rows = kinds.map(([kind, page]) => ({ kind, ...pageWeight(root, page) }));
// the budgets apply to every built page, not only to the kinds in the table
const allPages = builtPages(root);
const problems = allPages.flatMap((page) => checkBudget(pageWeight(root, page)));

if (!checkOnly) {
  console.log(`\nBuild: ${buildSeconds.toFixed(1)} s for ${allPages.length} pages (${(allPages.length / buildSeconds).toFixed(1)} pages/s, search index included)`);
  console.log('\n| page kind | path | HTML KB (gz) | CSS KB (gz) | JS KB (gz) | JS framework |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.kind} | ${r.page} | ${kb(r.html)} (${kb(r.htmlGzip)}) | ${kb(r.css)} (${kb(r.cssGzip)}) | ${kb(r.js)} (${kb(r.jsGzip)}) | ${r.framework} |`);
  }
  // the route map a service page shows as an image (drawn at build time, one per service and language)
  const maps = ['en', 'zh'].flatMap((lang) =>
    readdirSync(`${root}/maps/routes/${lang}`).map((f) => {
      const body = readFileSync(`${root}/maps/routes/${lang}/${f}`);
      return { map: `${lang}/${f}`, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
    }),
  );
  const byGzip = [...maps].sort((a, b) => a.gzip - b.gzip);
  const median = byGzip[Math.floor(byGzip.length / 2)];
  console.log(`
Route maps: ${maps.length} SVGs; gzip KB smallest ${kb(byGzip[0].gzip)} (${byGzip[0].map}), median ${kb(median.gzip)}, largest ${kb(byGzip.at(-1).gzip)} (${byGzip.at(-1).map}); raw total ${kb(maps.reduce((n, m) => n + m.bytes, 0))} KB`);
  // the carbon calculator's calls, timed against the build just made
  const carbonApi = await benchCarbonApi();
  // the schedule search (DCSA and site calls, the island in Chromium) and the schedule pages' build time
  const schedules = await benchSchedules();
  // the first request of each kind on a freshly started server, once it reports ready (goal: under 200 ms)
  const firstRequest = await benchFirstRequest();
  const landSvg = readFileSync(`${root}/maps/carbon/land.svg`);
  console.log(`\nCarbon route-map land (/maps/carbon/land.svg, fetched once by the calculator): ${kb(landSvg.length)} KB (${kb(gzipSync(landSvg, { level: 9 }).length)} KB gzip)`);
  // the API under load beside a bare Hono hello, and Lighthouse on key pages (both serve the build just made)
  const load = process.argv.includes('--no-load') ? null : await benchLoad();
  if (load) {
    printLoad(load);
    saveLoad(load);
  }
  const lighthouse = process.argv.includes('--no-lighthouse') ? null : await benchLighthouse({ quick: true });
  if (lighthouse) printLighthouse(lighthouse);
  mkdirSync('bench-results', { recursive: true });
  const pages = allPages.length;
  writeFileSync(
    'bench-results/pages.json',
    JSON.stringify({ date: new Date().toISOString(), buildSeconds, pages, pagesPerSecond: pages / buildSeconds, rows, maps, carbonApi, schedules, firstRequest, load, lighthouse }, null, 2),
  );
  console.log('\nwritten to bench-results/pages.json');
  // --news-scale: the nightly job (pull-news + build with the search index) for 10,000 generated stories per language (~15 min)
  if (process.argv.includes('--news-scale')) {
    const { benchNewsScale } = await import('./news-scale.mjs');
    await benchNewsScale();
  }
  // --tracking: tracking at scale on PostgreSQL: 200,000 shipments, look-ups and callback ingestion (bench/tracking.mjs)
  if (process.argv.includes('--tracking')) {
    const { benchTracking } = await import('./tracking.mjs');
    await benchTracking();
  }
  // --publish: publish → live through the newsroom and the worker, beside a full nightly in the same run (bench/publish.mjs)
  if (process.argv.includes('--publish')) {
    const { benchPublish } = await import('./publish.mjs');
    await benchPublish();
    const { benchEdge } = await import('./edge.mjs');
    await benchEdge();
  }
}
if (problems.length) {
  const shown = problems.slice(0, 40);
  console.log(`\nbudgets: ${problems.length} over (of ${allPages.length} pages)\n- ${shown.join('\n- ')}${problems.length > shown.length ? `\n- ... and ${problems.length - shown.length} more` : ''}`);
  process.exit(1);
}
console.log(`\nbudgets: all ${allPages.length} built pages within budget`);
