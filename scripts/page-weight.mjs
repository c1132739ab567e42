// Bytes a built page makes a browser download on first load: the HTML, the CSS it
// links, and the JavaScript it loads (module scripts and their static imports).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
  const codeOnly = codeOf(jsText);
  return {
    page,
    html: html.length,
    htmlGzip: gz(html),
    // start tags: the elements the browser parses, styles and lays out
    elements: (text.match(/<[a-zA-Z][\w-]*/g) ?? []).length,
    css: sum(cssFiles) + inlineCss.length,
    cssGzip: gz(Buffer.concat([...cssFiles, Buffer.from(inlineCss)])),
    js: sum(jsFiles) + inlineJs.length,
    jsGzip: jsText.length ? gz(Buffer.from(jsText)) : 0,
    jsFiles: [...js],
    // by the code shipped, not by the names of chunks a script may import later (Vite's __vite__mapDeps lists "_astro/react-dom.….js")
    framework: /react-dom|__reactFiber|\$\$typeof|react\.element/.test(codeOnly) ? 'react' : codeOnly.includes('swiper') ? 'swiper (carousel)' : 'none',
    zod: /ZodError|\$ZodType/.test(jsText),
  };
}

/**
 * A script's code without the chunk names it may import later: Vite lists a lazily loaded import's
 * chunks by file name (`__vite__mapDeps([... "_astro/react-dom.….js" ...])`), which ships no code;
 * the checks that a page ships no framework look at the code itself (here and in tests/e2e/).
 * @param {string} script
 */
export const codeOf = (script) => script.replace(/"_astro\/[\w.-]+\.js"/g, '""');

const KB = 1024;
const LOCAL = String.raw`^\/(?!en\/|zh\/)[a-z0-9]+\/(?:cn|tc|en)`;
const local = (rest) => new RegExp(`${LOCAL}/${rest}`);

/**
 * Size budgets of every built page, checked by `npm test` (node bench/run.mjs --check):
 * the first rule whose pattern matches a page applies; the last one catches every other page.
 * JS is what the page loads on first view (module scripts and their static imports, the
 * islands' components and renderer); code loaded on demand (the message overlay's form,
 * the site picker's list, Pagefind's runtime, the carousels of a profile gallery) is not.
 * Every page carries the shell: the corporate one about 4.7 KB gzip with the loader of the
 * message overlay, the local one about 4.9 KB, and the cookie notice's inline reveal (src/shared/cookies.ts).
 */
export const BUDGETS = [
  { match: /^\/(en|zh)\/home$/, jsGzipMax: 40 * KB, noReact: true, what: 'home (carousels): no React, JS under 40 KB gzip' },
  { match: /^\/(en|zh)\/home\/About\/socialResponsibility\/carbonCalculator$/, jsGzipMax: 85 * KB, noZod: true, what: 'carbon calculator (React island, rules without zod): JS under 85 KB gzip' },
  {
    match: /^\/(en|zh)\/home\/(Message\/leaveMessage|Recruiting\/recruiting\/resume|News\/newsSubscribe)$/,
    jsGzipMax: 85 * KB,
    noZod: true,
    what: 'form page (React island: message, résumé or subscription form, rules without zod): JS under 85 KB gzip',
  },
  {
    match: /^\/(en|zh)\/home\/Services\/schedules$/,
    jsGzipMax: 85 * KB,
    htmlGzipMax: 24 * KB,
    noZod: true,
    what: 'sailing schedule search (React island hydrated on intent, no zod): JS under 85 KB gzip, HTML under 24 KB gzip',
  },
  {
    match: /^\/(en|zh)\/home\/Track$/,
    jsGzipMax: 85 * KB,
    htmlGzipMax: 24 * KB,
    noZod: true,
    what: 'tracking page (React island hydrated on intent, its results component loaded with the first answer, no zod): JS under 85 KB gzip, HTML under 24 KB gzip',
  },
  // four weeks of calls: the HTML is the weight (about 3,500 elements for Shanghai's hundred calls)
  {
    match: /^\/(en|zh)\/home\/Services\/schedules\/(port|vessel)\//,
    jsGzipMax: 5.25 * KB,
    htmlGzipMax: 20 * KB,
    elementsMax: 4500,
    noFramework: true,
    what: 'port or vessel schedule: no framework, JS under 5.25 KB gzip, HTML under 20 KB gzip and 4,500 elements',
  },
  { match: local('newsSubscribe$'), jsGzipMax: 85 * KB, noZod: true, what: 'local subscription page (React island, rules without zod): JS under 85 KB gzip' },
  // pages that only show content: no framework and under 5.25 KB (the shell, the cookie notice's inline reveal, and nothing else or a few lines more)
  {
    match:
      /^\/(en|zh)\/home\/(About\/(?!socialResponsibility\/carbonCalculator)|item$|accessibility$|News\/detail\/|Contact\/global\/countryList\/more\/|HelpCenter\/termsAndConditions\/|HelpCenter\/business\/(ClaimForContainerTotalLoss|RegulationsOnContainerStuffingOperation|EuInlandTariff)$|Recruiting\/detail\/|Services\/(Standardization|transport|lcl|movehouse|ontime|equipment|portInformation)$|error\/)|^\/(en|zh)\/(404|error\/)/,
    jsGzipMax: 5.25 * KB,
    noFramework: true,
    what: 'content page: no framework, JS under 5.25 KB gzip',
  },
  {
    match: local(String.raw`(cookiePolicy$|(?!news\/(business|company)news\/).+\/(1|7|9)$|.+\/\d+\/2\/\d+$)`),
    jsGzipMax: 5.25 * KB,
    noFramework: true,
    what: 'local content page: no framework, JS under 5.25 KB gzip',
  },
  // pages with a small script of their own (filters, paging, finders, search boxes, dialogs): no framework
  { match: /^\/(en|zh)\/home\/Contact\//, jsGzipMax: 7.5 * KB, noFramework: true, what: 'global offices (map, search, Load More): no framework, JS under 7.5 KB gzip' },
  { match: /^\/(en|zh)\/home\/Services\/route\//, jsGzipMax: 6.5 * KB, noFramework: true, what: 'route page (finder, section menu, POL tabs): no framework, JS under 6.5 KB gzip' },
  { match: /^\/(en|zh)\/home\/list$/, jsGzipMax: 7.5 * KB, noFramework: true, what: 'site search page: no framework, JS under 7.5 KB gzip (Pagefind runtime on demand)' },
  {
    match: /^\/(en|zh)\/home\//,
    jsGzipMax: 7.5 * KB,
    noFramework: true,
    what: 'other corporate page (news lists, FAQ, schedules, downloads, services, jobs, supply chain): no framework, JS under 7.5 KB gzip',
  },
  { match: local('home$'), jsGzipMax: 40 * KB, noReact: true, what: 'local home (carousels): no React, JS under 40 KB gzip' },
  { match: local(String.raw`.+\/6$`), jsGzipMax: 40 * KB, noReact: true, what: 'local company profile (gallery carousels): no React, JS under 40 KB gzip' },
  { match: local('search$'), jsGzipMax: 8 * KB, noFramework: true, what: 'local search (Pagefind runtime loads on the first search): no framework, JS under 8 KB gzip' },
  { match: new RegExp(LOCAL), jsGzipMax: 6.5 * KB, noFramework: true, what: 'other local page (news, newsletter and download lists with paging): no framework, JS under 6.5 KB gzip' },
  { match: /^\//, jsGzipMax: 3 * KB, noFramework: true, what: 'any other page (bare-path and language redirects, error pages): no framework, JS under 3 KB gzip' },
];

/** The rule that applies to a page: the first that matches. */
export function budgetFor(page) {
  return BUDGETS.find((b) => b.match.test(page));
}

export function checkBudget(weight) {
  const problems = [];
  const b = budgetFor(weight.page);
  if (!b) return problems;
  if (b.noReact && weight.framework === 'react') problems.push(`${weight.page} ships React (${b.what})`);
  if (b.noFramework && weight.framework !== 'none') problems.push(`${weight.page} ships a framework: ${weight.framework} (${b.what})`);
  if (b.noZod && weight.zod) problems.push(`${weight.page} ships zod (${b.what})`);
  if (weight.jsGzip > b.jsGzipMax) problems.push(`${weight.page} ships ${weight.jsGzip} B of JS gzip, budget ${b.jsGzipMax} B (${b.what})`);
  if (b.htmlGzipMax && weight.htmlGzip > b.htmlGzipMax) problems.push(`${weight.page} is ${weight.htmlGzip} B of HTML gzip, budget ${b.htmlGzipMax} B (${b.what})`);
  if (b.elementsMax && weight.elements > b.elementsMax) problems.push(`${weight.page} has ${weight.elements} elements, budget ${b.elementsMax} (${b.what})`);
  return problems;
}

/** Every built page: the URL path of each index.html (and other .html) under root. */
export function builtPages(root) {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      if (statSync(file).isDirectory()) {
        if (name !== '_astro' && name !== 'pagefind') walk(file);
      } else if (name === 'index.html') out.push(file.slice(root.length, -'/index.html'.length) || '/');
    }
  };
  walk(root);
  return out.sort();
}
