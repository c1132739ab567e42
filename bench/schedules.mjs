// Schedule timings for `npm run bench` (figures only, never asserted):
// - the point-to-point query with up to two transhipments over 12 weeks of departures,
//   one request at a time over loopback to the built server: the DCSA endpoint
//   (/dcsa/cs/v1/point-to-point-routes) and the site's search call (/schedule/pointToPoint),
//   for 300 port pairs drawn with a fixed seed, after a warm-up; p50 / p99 / max in ms;
// - in Debian's Chromium, the search page: time from submitting a search to the results
//   (or the empty message) on screen, for 20 pairs;
// - the build time of the port and vessel schedule pages, from the build's own per-page log
//   (bench-results/build.log, written by bench/run.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { startSite } from '../scripts/lib/serve-built.mjs';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (list) => {
  const s = [...list].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s.at(-1) };
};

function seeded(seed) {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
}

export function scheduleBuildShare(logFile = 'bench-results/build.log') {
  if (!existsSync(logFile)) return null;
  // Astro renders several pages at once (build.concurrency), so a page's logged time includes
  // waiting for the others: the schedule pages' share of all logged page time, applied to the
  // wall time of the page-rendering step, is their cost in the build.
  let ms = 0;
  let allMs = 0;
  let pages = 0;
  let renderSeconds = null;
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    const page = /\(\+(\d+)ms\)/.exec(line);
    if (page) allMs += Number(page[1]);
    const m = /\/home\/Services\/schedules\/(port|vessel)\/.*\(\+(\d+)ms\)/.exec(line);
    if (m) {
      ms += Number(m[2]);
      pages++;
    }
    const rendered = /^\S+ ✓ Completed in ([\d.]+)(m?s)\./.exec(line);
    if (rendered) renderSeconds = Number(rendered[1]) / (rendered[2] === 'ms' ? 1000 : 1);
  }
  if (!pages || renderSeconds === null || !allMs) return { pages, seconds: null };
  return { pages, seconds: (ms / allMs) * renderSeconds, renderSeconds };
}

/** @param {{ runs?: number, browserRuns?: number, site?: { base: string } }} options site: a started site to use (bench/small.mjs), else one of its own */
export async function benchSchedules({ runs = 300, browserRuns = 20, site } = {}) {
  const { base, stop } = site ?? (await startSite());
  try {
    const ports = JSON.parse(readFileSync('content/routes/ports.json', 'utf8')).ports.map((p) => p.locode);
    const called = [];
    for (const p of ports) {
      const r = await fetch(`${base}/dcsa/cs/v1/port-schedules?UNLocationCode=${p}&date=${new Date().toISOString().slice(0, 10)}&limit=1`);
      if (r.status === 200) called.push(p);
    }
    const rnd = seeded(20261125);
    const pairs = [];
    while (pairs.length < runs + 30) {
      const a = called[Math.floor(rnd() * called.length)];
      const b = called[Math.floor(rnd() * called.length)];
      if (a !== b) pairs.push([a, b]);
    }
    const today = new Date().toISOString().slice(0, 10);
    const end = new Date(Date.now() + 84 * 86_400_000).toISOString().slice(0, 10);
    const time = async (url) => {
      const t = process.hrtime.bigint();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
      return Number(process.hrtime.bigint() - t) / 1e6;
    };
    const dcsaUrl = ([a, b]) => `${base}/dcsa/cs/v1/point-to-point-routes?placeOfReceipt=${a}&placeOfDelivery=${b}&departureStartDate=${today}&departureEndDate=${end}&maxTranshipment=2`;
    const siteUrl = ([a, b]) => `${base}/homeapiak/schedule/pointToPoint?from=${a}&to=${b}&date=${today}&weeks=8&language=1`;
    // warm up on pairs that are not measured: every measured query is answered cold (the DCSA
    // app keeps answers it has worked out; a repeat is measured apart)
    for (const pair of pairs.splice(0, 30)) await time(dcsaUrl(pair));
    const dcsa = [];
    for (const pair of pairs) dcsa.push(await time(dcsaUrl(pair)));
    const dcsaRepeat = [];
    for (const pair of pairs.slice(0, 100)) dcsaRepeat.push(await time(dcsaUrl(pair)));
    const site = [];
    for (const pair of pairs) site.push(await time(siteUrl(pair)));

    // in the browser: submit to results on screen
    const { chromium } = await import('@playwright/test');
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    const onScreen = [];
    try {
      const page = await browser.newPage();
      for (const [a, b] of pairs.slice(0, browserRuns)) {
        await page.goto(`${base}/en/home/Services/schedules?from=${a}&to=${b}&date=${today}&weeks=4`, { waitUntil: 'networkidle' });
        await page.waitForSelector('.schedule-results[aria-busy="false"] :is(.schedule-cards, .schedule-status)');
        const ms = await page.evaluate(
          () =>
            new Promise((resolve) => {
              const results = document.querySelector('.schedule-results');
              const t0 = performance.now();
              let seenBusy = false;
              const observer = new MutationObserver(() => {
                if (results.getAttribute('aria-busy') === 'true') seenBusy = true;
                else if (seenBusy && results.querySelector('.schedule-cards, .schedule-status')) {
                  observer.disconnect();
                  requestAnimationFrame(() => resolve(performance.now() - t0));
                }
              });
              observer.observe(results, { subtree: true, childList: true, attributes: true });
              document.querySelector('form.sailing-form').requestSubmit();
            }),
        );
        onScreen.push(ms);
      }
    } finally {
      await browser.close();
    }
    const row = (name, s) => `| ${name} | ${s.n} | ${s.p50.toFixed(2)} | ${s.p99.toFixed(2)} | ${s.max.toFixed(2)} |`;
    const result = { dcsaPointToPoint: summary(dcsa), dcsaRepeat: summary(dcsaRepeat), sitePointToPoint: summary(site), searchToScreen: summary(onScreen), build: scheduleBuildShare() };
    console.log('\nSailing schedules (built server over loopback, one request at a time; browser: Debian Chromium, submit to results painted):');
    console.log('\n| measure | runs | p50 ms | p99 ms | max ms |\n|---|---|---|---|---|');
    console.log(row('DCSA point-to-point-routes, ≤ 2 transhipments, 12 weeks (first asked)', result.dcsaPointToPoint));
    console.log(row('the same, asked again (answer kept)', result.dcsaRepeat));
    console.log(row('site /schedule/pointToPoint, 8 weeks', result.sitePointToPoint));
    console.log(row('search page: submit → results on screen', result.searchToScreen));
    if (result.build?.seconds != null)
      console.log(
        `\nPort and vessel schedule pages: ${result.build.pages} pages, ${result.build.seconds.toFixed(1)} s of the ${result.build.renderSeconds.toFixed(1)} s page-rendering step (their share of the build's per-page times)`,
      );
    return result;
  } finally {
    if (!site) await stop();
  }
}

// `--small` (npm test): ten queries and two searches in the browser, so that the bench cannot rot
if (import.meta.url === `file://${process.argv[1]}`) await benchSchedules(process.argv.includes('--small') ? { runs: 10, browserRuns: 2 } : {});
