#!/usr/bin/env node
// Link checker over the built site (dist/client): every internal link, image,
// script, stylesheet and file reference of every page resolves to a built file,
// every #anchor to an element id on its target page, and every API link to a
// call the API answers. External links are listed by host, not fetched (CI has no
// internet). Run by `npm test` after the build; `node scripts/check-links.mjs`
// by hand. Exits non-zero naming each broken link and the page it is on.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2] ?? 'dist/client';
const API_BASE = process.env.PUBLIC_API_BASE || '/homeapiak';

/** Every .html file under root, as [file, URL path]. */
function pages(dir = root, out = [], base = dir) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name === 'pagefind' || name === '_astro') continue;
      pages(file, out, base);
    } else if (name.endsWith('.html')) {
      const rel = file.slice(base.length).replaceAll('\\', '/');
      out.push([file, rel.endsWith('/index.html') ? rel.slice(0, -'index.html'.length) || '/' : rel]);
    }
  }
  return out;
}

/** The built file a URL path is served from, or null. */
function builtFile(pathname, dir = root) {
  let p;
  try {
    p = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const candidates = [join(dir, p), join(dir, p, 'index.html'), join(dir, `${p.replace(/\/$/, '')}.html`)];
  for (const c of candidates) if (existsSync(c) && statSync(c).isFile()) return c;
  return null;
}

const idCache = new Map();
function idsOf(file) {
  let ids = idCache.get(file);
  if (!ids) {
    const html = readFileSync(file, 'utf8');
    ids = new Set([...html.matchAll(/\s(?:id|name)="([^"]+)"/g)].map((m) => m[1]));
    idCache.set(file, ids);
  }
  return ids;
}

const unescapeEntities = (s) => s.replaceAll('&amp;', '&').replaceAll('&#38;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");

/**
 * Checks every page under root. `apiPaths` are the API's call paths (`:name` for a
 * parameter); without them API links are not checked.
 * @param {{ root?: string, apiPaths?: string[] }} options
 */
export function checkLinks({ root: dir = root, apiPaths = [] } = {}) {
  const patterns = apiPaths.map((p) => new RegExp(`^${p.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`));
  const all = pages(dir);
  const broken = [];
  const external = new Map();
  let checked = 0;
  for (const [file, pagePath] of all) {
    const html = readFileSync(file, 'utf8');
    const refs = new Set();
    for (const m of html.matchAll(/<(a|link|img|script|source|iframe|area|use)\b[^>]*?\s(href|src|srcset|xlink:href)="([^"]*)"/gi)) {
      const [, tag, attr, raw] = m;
      if (tag.toLowerCase() === 'link' && /rel="(?:preconnect|dns-prefetch|canonical|alternate)"/.test(m[0]) && /^https?:/.test(raw)) continue;
      const values = attr === 'srcset' ? raw.split(',').map((s) => s.trim().split(/\s+/)[0]) : [raw];
      for (const v of values) refs.add(unescapeEntities(v));
    }
    for (const ref of refs) {
      if (!ref || /^(mailto:|tel:|data:|javascript:void|#$)/i.test(ref)) continue;
      if (/^javascript:/i.test(ref)) {
        broken.push([pagePath, ref, 'javascript: link']);
        continue;
      }
      if (/^(https?:)?\/\//i.test(ref)) {
        const host = new URL(ref, 'https://x').host;
        external.set(host, (external.get(host) ?? 0) + 1);
        continue;
      }
      checked++;
      const url = new URL(ref, `http://site${pagePath}`);
      if (url.pathname.startsWith(`${API_BASE}/`)) {
        const callPath = url.pathname.slice(API_BASE.length);
        if (patterns.length && !patterns.some((p) => p.test(callPath))) broken.push([pagePath, ref, 'no such API call']);
        continue;
      }
      const target = builtFile(url.pathname, dir);
      if (!target) {
        broken.push([pagePath, ref, 'no such page or file']);
        continue;
      }
      if (url.hash && url.hash.length > 1 && target.endsWith('.html')) {
        const id = decodeURIComponent(url.hash.slice(1));
        if (!idsOf(target).has(id)) broken.push([pagePath, ref, `no element #${id} on the target page`]);
      }
    }
  }
  return {
    pages: all.length,
    checked,
    broken,
    external: [...external.keys()].sort(),
  };
}

function report({ pages: count, checked, broken, external }) {
  console.log(`links: ${checked} internal references on ${count} pages checked; external hosts (not fetched): ${external.join(', ') || 'none'}`);
  if (!broken.length) return console.log('links: none broken');
  const shown = broken.slice(0, 60);
  for (const [page, ref, why] of shown) console.error(`  broken on ${page}: ${ref} (${why})`);
  if (broken.length > shown.length) console.error(`  ... and ${broken.length - shown.length} more`);
  console.error(`links: ${broken.length} broken`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = checkLinks();
  report(result);
  process.exit(result.broken.length ? 1 : 0);
}
