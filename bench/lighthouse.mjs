#!/usr/bin/env node
// Lighthouse (mobile settings: emulated phone, simulated slow 4G and 4x CPU slowdown)
// in Debian's Chromium on key pages of the built site in both languages: the four
// category scores and LCP, CLS and TBT. Prints a table and writes
// bench-results/lighthouse.json. Part of `npm run bench`; alone:
// `node bench/lighthouse.mjs` after `npm run build`.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startSite } from '../scripts/lib/serve-built.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Page kinds and their paths per language; a local home uses that site's own languages. */
export const LIGHTHOUSE_PAGES = [
  ['home', { en: '/en/home', zh: '/zh/home' }],
  ['news detail', { en: '/en/home/News/detail/n2025-1118-a0c1/50000000000000234', zh: '/zh/home/News/detail/n2025-1118-a0c1/50000000000000234' }],
  ['route page', { en: '/en/home/Services/route/12/AEX1', zh: '/zh/home/Services/route/12/AEX1' }],
  ['carbon calculator', { en: '/en/home/About/socialResponsibility/carbonCalculator', zh: '/zh/home/About/socialResponsibility/carbonCalculator' }],
  ['local home', { en: '/shanghai/en/home', zh: '/shanghai/cn/home' }],
];

export async function benchLighthouse({ root = 'dist/client' } = {}) {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`);
  const site = await startSite();
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const rows = [];
  try {
    for (const [kind, paths] of LIGHTHOUSE_PAGES) {
      for (const [lang, path] of Object.entries(paths)) {
        if (!existsSync(`${root}${path}/index.html`)) {
          rows.push({ kind, lang, path, error: 'not built' });
          continue;
        }
        const result = await lighthouse(`${site.base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const { categories, audits, runtimeError } = result.lhr;
        const score = (id) => (categories[id]?.score == null ? null : Math.round(categories[id].score * 100));
        const metric = (id, digits = 0) => {
          const v = audits[id]?.numericValue;
          return v == null ? null : Number(v.toFixed(digits));
        };
        rows.push({
          kind,
          lang,
          path,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: metric('largest-contentful-paint'),
          cls: metric('cumulative-layout-shift', 3),
          tbtMs: metric('total-blocking-time'),
          ...(runtimeError ? { error: runtimeError.message } : {}),
        });
      }
    }
  } finally {
    chrome.kill();
    await site.stop();
  }
  return rows;
}

export function printLighthouse(rows) {
  console.log('\nLighthouse, mobile settings (simulated slow 4G, 4x CPU slowdown), Debian Chromium:');
  const show = (v) => (v == null ? 'n/a' : v);
  console.log('| page | lang | performance | accessibility | best practices | SEO | LCP ms | CLS | TBT ms |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    if (r.error && r.performance === undefined) console.log(`| ${r.kind} | ${r.lang} | ${r.error} | | | | | | |`);
    else
      console.log(
        `| ${r.kind} | ${r.lang} | ${show(r.performance)} | ${show(r.accessibility)} | ${show(r.bestPractices)} | ${show(r.seo)} | ${show(r.lcpMs)} | ${show(r.cls)} | ${show(r.tbtMs)} |${r.error ? ` ${r.error}` : ''}`,
      );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchLighthouse();
  printLighthouse(rows);
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/lighthouse.json', JSON.stringify({ at: new Date().toISOString(), rows }, null, 2));
}
