// Bytes a built page makes a browser download on first load: the HTML, the CSS it
// links, and the JavaScript it loads (module scripts and their static imports).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** @param {string} root dist/client  @param {string} page URL path such as /en/home */
export function pageWeight(root, page) {
  const file = join(root, page, 'index.html');
  if (!existsSync(file)) throw new Error(`not built: ${page}`);
  const html = readFileSync(file);
  const text = html.toString('utf8');
  const css = new Set([...text.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]));
  const inlineCss = [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  const js = new Set();
  const queue = [...text.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  // islands load their component and its renderer (React) by URL when they hydrate
  for (const m of text.matchAll(/<astro-island[^>]*>/g)) {
    for (const a of m[0].matchAll(/\b(?:component|renderer)-url="([^"]+)"/g)) queue.push(a[1]);
  }
  let inlineJs = '';
  for (const m of text.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)) {
    inlineJs += m[1];
    for (const i of m[1].matchAll(/(?:from|import)\s*["']([^"']+\.js)["']/g)) queue.push(i[1]);
  }
  while (queue.length) {
    const src = queue.shift();
    if (js.has(src) || /^https?:/.test(src)) continue;
    js.add(src);
    const body = readFileSync(join(root, src)).toString('utf8');
    const dir = src.slice(0, src.lastIndexOf('/') + 1);
    for (const i of body.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) {
      queue.push(i[1].startsWith('.') ? new URL(i[1], `http://x${dir}`).pathname : i[1]);
    }
  }
  const read = (list) => [...list].map((s) => readFileSync(join(root, s)));
  const cssFiles = read(css);
  const jsFiles = read(js);
  const sum = (bufs) => bufs.reduce((n, b) => n + b.length, 0);
  const jsText = jsFiles.map((b) => b.toString('utf8')).join('\n') + inlineJs;
  return {
    page,
    html: html.length,
    htmlGzip: gz(html),
    css: sum(cssFiles) + inlineCss.length,
    cssGzip: gz(Buffer.concat([...cssFiles, Buffer.from(inlineCss)])),
    js: sum(jsFiles) + inlineJs.length,
    jsGzip: jsText.length ? gz(Buffer.from(jsText)) : 0,
    jsFiles: [...js],
    framework: /react-dom|__reactFiber|\$\$typeof|react\.element/.test(jsText) ? 'react' : jsText.includes('swiper') ? 'swiper (carousel)' : 'none',
    zod: /ZodError|\$ZodType/.test(jsText),
  };
}

/** The budgets of the foundation issue; more page kinds join as they are built. */
export const BUDGETS = [
  { match: /^\/(en|zh)\/home$/, jsGzipMax: 40 * 1024, noReact: true, what: 'home: no React, JS under 40 KB gzip' },
  // Every corporate page carries the shell, whose floating widget opens the message form as an overlay:
  // its loader (Vite's dynamic-import helper, the overlay's few lines) adds about 1.5 KB gzip to each page;
  // React and the form load only when the overlay first opens. The budgets below include it.
  { match: /^\/(en|zh)\/home\/(About(?!\/socialResponsibility\/carbonCalculator)|item)/, jsGzipMax: 7 * 1024, noFramework: true, what: 'content page: no framework, JS under 7 KB gzip' },
  { match: /^\/(en|zh)\/home\/Services\/route\//, jsGzipMax: 8 * 1024, noFramework: true, what: 'route page: no framework, JS under 8 KB gzip' },
  { match: /^\/(en|zh)\/home\/(Services\/(?!route\/)|HelpCenter\/business\/)/, jsGzipMax: 7.5 * 1024, noFramework: true, what: 'vessel, container and service page: no framework, JS under 7.5 KB gzip' },
  { match: /^\/(en|zh)\/home\/HelpCenter\/(questions|termsAndConditions)\//, jsGzipMax: 7 * 1024, noFramework: true, what: 'FAQ (search with history) and terms pages: no framework, JS under 7 KB gzip' },
  { match: /^\/(en|zh)\/home\/Contact\//, jsGzipMax: 9 * 1024, noFramework: true, what: 'global offices (map, search, Load More): no framework, JS under 9 KB gzip' },
  { match: /^\/(en|zh)\/home\/About\/socialResponsibility\/carbonCalculator$/, jsGzipMax: 85 * 1024, noZod: true, what: 'carbon calculator (React island, rules without zod): JS under 85 KB gzip' },
  { match: /^\/(en|zh)\/home\/(Message\/leaveMessage|Recruiting\/recruiting\/resume|News\/newsSubscribe)$/, jsGzipMax: 85 * 1024, noZod: true, what: 'form page (React island: message, résumé or subscription form, rules without zod): JS under 85 KB gzip' },
  { match: /^\/(en|zh)\/home\/News\/(news|detail)\//, jsGzipMax: 7 * 1024, noFramework: true, what: 'news list and news item: no framework, JS under 7 KB gzip' },
  { match: /^\/(en|zh)\/home\/Recruiting\/(recruiting$|detail\/)/, jsGzipMax: 7 * 1024, noFramework: true, what: 'job list and job page: no framework, JS under 7 KB gzip' },
  // The search page's own script (widget + hit mapping, ≈2.7 KB gzip) on top of the shell. Pagefind's runtime is fetched only when
  // a search runs, by a dynamic import of /pagefind/pagefind.js (not counted here): about 120 KB on the first search (pagefind.js
  // and its worker 25 KB gzip, WebAssembly 55-60 KB, index chunk and result fragments); later searches fetch only new chunks.
  { match: /^\/(en|zh)\/home\/list$/, jsGzipMax: 8 * 1024, noFramework: true, what: 'site search page: no framework, JS under 8 KB gzip (Pagefind runtime on demand)' },
  { match: /^\/(en|zh)\/home\/SCL\//, jsGzipMax: 7 * 1024, noFramework: true, what: 'supply-chain page (area and region tabs): no framework, JS under 7 KB gzip' },
  // Regional local sites (/{location}/{lang}/...): the home and the profile page carry Swiper carousels.
  { match: /^\/(?!en\/|zh\/)[a-z0-9]+\/(cn|tc|en)\/home$/, jsGzipMax: 40 * 1024, noReact: true, what: 'local home (carousels): no React, JS under 40 KB gzip' },
  { match: /^\/(?!en\/|zh\/)[a-z0-9]+\/(cn|tc|en)\/(?!home$|search$)(?!.*\/6$)/, jsGzipMax: 7 * 1024, noFramework: true, what: 'local content page: no framework, JS under 7 KB gzip' },
  { match: /^\/(?!en\/|zh\/)[a-z0-9]+\/(cn|tc|en)\/.+\/6$/, jsGzipMax: 40 * 1024, noReact: true, what: 'local company profile (gallery carousels): no React, JS under 40 KB gzip' },
  { match: /^\/(?!en\/|zh\/)[a-z0-9]+\/(cn|tc|en)\/search$/, jsGzipMax: 9 * 1024, noFramework: true, what: 'local search (Pagefind runtime loads on the first search): no framework, JS under 9 KB gzip' },
];

export function checkBudget(weight) {
  const problems = [];
  for (const b of BUDGETS) {
    if (!b.match.test(weight.page)) continue;
    if (b.noReact && weight.framework === 'react') problems.push(`${weight.page} ships React`);
    if (b.noFramework && weight.framework !== 'none') problems.push(`${weight.page} ships a framework (${weight.framework})`);
    if (b.noZod && weight.zod) problems.push(`${weight.page} ships zod`);
    if (weight.jsGzip > b.jsGzipMax) problems.push(`${weight.page} ships ${weight.jsGzip} B of JS gzip, budget ${b.jsGzipMax} B (${b.what})`);
  }
  return problems;
}
