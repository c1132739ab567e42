#!/usr/bin/env node
// Lighthouse (mobile settings: emulated phone, simulated slow 4G and 4x CPU slowdown)
// in Debian's Chromium on every page kind of the built site (bench/page-kinds.mjs), in each
// language the kind has: the four category scores, LCP, CLS, TBT and the bytes loaded, the
// median of three runs per page. Every run also measures a fixed reference page
// (bench/lighthouse-reference.html, served apart from the site): Lighthouse times vary a lot
// between machines and with their load, and that figure is what lets two runs be compared.
// It also measures the floor pages (bench/lighthouse-floor.{en,zh}.html: a heading and a
// paragraph, no style, script or image): what any page at all costs in this set-up.
// Alone: `node bench/lighthouse.mjs` after `npm run build` (about 40 minutes; writes
// bench-results/lighthouse.json); `--quick` measures the kinds marked quick once each
// (part of `npm run bench`); `--runs N` and `--only TEXT` (kinds whose name or path contains TEXT).
import { readFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startSite } from '../scripts/lib/serve-built.mjs';
import { securityHeaders } from '../scripts/lib/security-headers.mjs';
import { PAGE_KINDS } from './page-kinds.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const REFERENCE = new URL('./lighthouse-reference.html', import.meta.url);
/** The floor pages: a heading and a paragraph, no style, script or image, in each language: what any page costs here. */
const FLOORS = { en: new URL('./lighthouse-floor.en.html', import.meta.url), zh: new URL('./lighthouse-floor.zh.html', import.meta.url) };

/** The pages of a run: every kind, or the quick ones; `only` keeps the kinds whose name or a path contains it. */
export function lighthousePages({ quick = false, only = '' } = {}) {
  return PAGE_KINDS.filter((k) => (!quick || k.quick) && (!only || k.kind.includes(only) || Object.values(k.paths).some((p) => p.includes(only)))).flatMap((k) =>
    Object.entries(k.paths).map(([lang, path]) => ({ kind: k.kind, lang, path, rendered: Boolean(k.rendered) })),
  );
}

/** The fixed reference page at / and the floor pages at /floor-{lang}, on a loopback port of their own. */
async function serveReference() {
  const pages = new Map([['/', readFileSync(REFERENCE)], ...Object.entries(FLOORS).map(([lang, file]) => [`/floor-${lang}`, readFileSync(file)])]);
  const server = createServer((req, res) => {
    // those pages and nothing else (a robots.txt answered with a page would cost it SEO points; a missing favicon, best practices)
    // /floor-{lang}+headers: the floor page with the site's security headers (npm start's and nginx's)
    const [path, withHeaders] = req.url.split('+headers');
    const body = withHeaders === '' ? pages.get(path) : pages.get(req.url);
    if (!body) return res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...(withHeaders === '' ? securityHeaders('/en/home') : {}) });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return { url, floor: (lang, headers = false) => `${url}floor-${lang}${headers ? '+headers' : ''}`, stop: () => new Promise((r) => server.close(r)) };
}

async function measure(url, port) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
  const { categories, audits, runtimeError } = result.lhr;
  const score = (id) => (categories[id]?.score == null ? null : Math.round(categories[id].score * 100));
  // a page kept out of search engines on purpose (`noindex`: the tracking results, answers to any query) loses
  // the "is crawlable" audit by design; its SEO is the weighted score of the other audits, marked so
  const noindex = audits['is-crawlable']?.score === 0 && /noindex/.test(JSON.stringify(audits['is-crawlable'].details ?? ''));
  const seoWithout = (skip) => {
    const refs = categories.seo.auditRefs.filter((r) => r.id !== skip && r.weight && audits[r.id]?.score != null);
    const weight = refs.reduce((sum, r) => sum + r.weight, 0);
    return weight ? Math.round((refs.reduce((sum, r) => sum + r.weight * audits[r.id].score, 0) / weight) * 100) : null;
  };
  const metric = (id) => audits[id]?.numericValue ?? null;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: noindex ? seoWithout('is-crawlable') : score('seo'),
    ...(noindex ? { noindex } : {}),
    lcpMs: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbtMs: metric('total-blocking-time'),
    kb: metric('total-byte-weight') == null ? null : metric('total-byte-weight') / 1024,
    ...(runtimeError ? { error: runtimeError.message } : {}),
  };
}

const FIGURES = ['performance', 'accessibility', 'bestPractices', 'seo', 'lcpMs', 'cls', 'tbtMs', 'kb'];
const DIGITS = { lcpMs: 0, tbtMs: 0, cls: 3, kb: 0 };

/** Each figure's median over the runs that Lighthouse completed (taken figure by figure), and the runs' spread of TBT. */
function median(all) {
  // a run Lighthouse could not trace (NO_NAVSTART on a busy machine) is left out
  const failed = all.filter((r) => r.error);
  const runs = failed.length < all.length ? all.filter((r) => !r.error) : all;
  const out = { runs: runs.length, ...(runs.some((r) => r.noindex) ? { noindex: true } : {}) };
  for (const f of FIGURES) {
    const values = runs
      .map((r) => r[f])
      .filter((v) => v != null)
      .sort((a, b) => a - b);
    const mid = (values.length - 1) / 2;
    out[f] = values.length ? Number(((values[Math.floor(mid)] + values[Math.ceil(mid)]) / 2).toFixed(DIGITS[f] ?? 0)) : null;
  }
  const tbts = runs.map((r) => r.tbtMs).filter((v) => v != null);
  if (tbts.length > 1) out.tbtRangeMs = [Math.round(Math.min(...tbts)), Math.round(Math.max(...tbts))];
  if (!failed.length) return out;
  return failed.length === all.length ? { ...out, error: failed[0].error } : { ...out, failedRuns: failed.length };
}

/**
 * @param {{ quick?: boolean, runs?: number, only?: string, root?: string, site?: { base: string }, onRound?: (partial: { runs: number, reference: object, rows: object[] }) => void }} options
 * site: a started site to use (bench/small.mjs), else one of its own
 * @returns {Promise<{ runs: number, reference: object, rows: object[] }>}
 */
export async function benchLighthouse({ quick = false, runs = quick ? 1 : 3, only = '', root = 'dist/client', site: given, onRound } = {}) {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`);
  const pages = lighthousePages({ quick, only });
  const site = given ?? (await startSite());
  const reference = await serveReference();
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const measured = new Map(pages.map((p) => [p.path, []]));
  const referenceRuns = [];
  // each language plain, and English with the site's security headers
  const floorKinds = [...Object.keys(FLOORS).map((lang) => ({ lang, headers: false })), { lang: 'en', headers: true }];
  const floorRuns = floorKinds.map(() => []);
  const result = (rounds) => ({
    runs: rounds,
    reference: { kind: 'reference page', lang: 'en', path: 'bench/lighthouse-reference.html', ...median(referenceRuns) },
    floors: floorKinds.map(({ lang, headers }, i) => ({ kind: headers ? "floor page, the site's headers" : 'floor page', lang, path: `bench/lighthouse-floor.${lang}.html`, ...median(floorRuns[i]) })),
    rows: pages.map((p) => (measured.get(p.path).length ? { ...p, ...median(measured.get(p.path)) } : { ...p, error: 'not built' })),
  });
  try {
    // in rounds (every page once, then again), so that a busy minute of the machine touches one run of several pages, not every run of one
    for (let round = 0; round < runs; round++) {
      referenceRuns.push(await measure(reference.url, chrome.port));
      for (const [i, { lang, headers }] of floorKinds.entries()) floorRuns[i].push(await measure(reference.floor(lang, headers), chrome.port));
      for (const { path, rendered } of pages) {
        if (!rendered && !existsSync(`${root}${path.split('?')[0]}/index.html`)) continue;
        measured.get(path).push(await measure(`${site.base}${path}`, chrome.port));
      }
      onRound?.(result(round + 1));
    }
  } finally {
    chrome.kill();
    await reference.stop();
    if (!given) await site.stop();
  }
  return result(runs);
}

export function printLighthouse({ runs, reference, floors = [], rows }) {
  console.log(`\nLighthouse, mobile settings (simulated slow 4G, 4x CPU slowdown), Debian Chromium; ${runs === 1 ? 'one run' : `median of ${runs} runs`} per page:`);
  const show = (v) => (v == null ? 'n/a' : v);
  console.log('| page | lang | performance | accessibility | best practices | SEO | LCP ms | CLS | TBT ms | KB |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of [reference, ...floors, ...rows]) {
    if (r.error) console.log(`| ${r.kind} | ${r.lang} | ${r.error} | | | | | | | |`);
    else
      console.log(
        `| ${r.kind} | ${r.lang} | ${show(r.performance)} | ${show(r.accessibility)} | ${show(r.bestPractices)} | ${show(r.seo)}${r.noindex ? ' (noindex, on purpose: the other SEO audits)' : ''} | ${show(r.lcpMs)} | ${show(r.cls)} | ${show(r.tbtMs)}${r.tbtRangeMs ? ` (${r.tbtRangeMs.join('–')})` : ''} | ${show(r.kb)} |${r.failedRuns ? ` ${r.failedRuns} run(s) failed` : ''}`,
      );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i === -1 ? undefined : process.argv[i + 1];
  };
  const quick = process.argv.includes('--quick');
  const only = arg('--only') ?? '';
  // the full run is the record (written after each round, so that a run cut short keeps its rounds); a quick or partial one only prints
  const record = !quick && !only;
  const write = (result) => {
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/lighthouse.json', JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2));
  };
  const result = await benchLighthouse({ quick, only, ...(arg('--runs') ? { runs: Number(arg('--runs')) } : {}), ...(record ? { onRound: write } : {}) });
  printLighthouse(result);
  if (record) console.log('\nwritten to bench-results/lighthouse.json');
}
