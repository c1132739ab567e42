import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { escapeHtml } from '../shared/format.ts';
import { pagesNotRendered, recordRenderedPages, renderedPaths } from '../build/rendered-pages.ts';

/**
 * After the build:
 * - every page built under /en/... gets a bare twin at the spec's path (/home/...,
 *   and / itself): a tiny page whose one shared script (/lang-redirect.js) picks the
 *   stored language, else the browser's, else English, and replaces the URL with
 *   the prefixed one, query and hash kept. It links both languages for no-JS visitors.
 * - sitemap.xml lists every page in both languages with hreflang alternates;
 *   robots.txt points at it.
 * @param {{ site: string }} options
 * @returns {import('astro').AstroIntegration}
 */
export function bilingualPages({ site }) {
  return {
    name: 'carrier:bilingual-pages',
    hooks: {
      'astro:build:start': () => {
        recordRenderedPages();
      },
      'astro:build:done': async ({ dir, logger, pages }) => {
        const root = fileURLToPath(dir);
        // the pages as rendered (src/build/rendered-pages.ts), not a walk of dist/, and those the
        // incremental build copied from the last build without rendering them
        const recorded = renderedPaths();
        if (!recorded) throw new Error('bilingual-pages: no record of the rendered pages (src/middleware.ts reports them)');
        const rendered = [...recorded, ...pagesNotRendered(pages)];
        const english = pagesUnder(rendered, 'en');
        const chinese = new Set(pagesUnder(rendered, 'zh'));
        let bare = 0;
        // written one after the other, synchronously: at 10,000 stories a language there are 10,000
        // small files, and a synchronous write costs a fraction of an asynchronous one's round trips
        for (const page of english) {
          if (page === '') continue; // /en itself redirects to /en/home
          const folder = join(root, page);
          const target = join(folder, 'index.html');
          if (existsSync(target)) continue;
          mkdirSync(folder, { recursive: true });
          writeFileSync(target, barePage(`/${page}`, site));
          bare++;
        }
        await writeFile(join(root, 'index.html'), barePage('/home', site));
        await build({
          entryPoints: [fileURLToPath(new URL('../browser/lang-redirect.ts', import.meta.url))],
          outfile: join(root, 'lang-redirect.js'),
          bundle: true,
          minify: true,
          format: 'iife',
          target: 'es2020',
          logLevel: 'warning',
        });
        const sitemapPages = english.filter((p) => p !== '' && chinese.has(p) && !isUtility(p));
        await writeFile(join(root, 'sitemap.xml'), sitemap(sitemapPages, site));
        await writeFile(join(root, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', site).href}\n`);
        logger.info(`${bare + 1} bare-path pages, sitemap with ${sitemapPages.length * 2} URLs`);
      },
    },
  };
}

/** Pages that are not for search engines. */
function isUtility(page) {
  return /^(404|error|home\/error)(\/|$)/.test(page);
}

/** The folders (posix, relative to /{locale}/) of the rendered pages of a locale, sorted. */
function pagesUnder(paths, locale) {
  const prefix = `/${locale}`;
  return [
    ...new Set(
      paths
        .filter((p) => p === prefix || p.startsWith(`${prefix}/`))
        .map((p) =>
          decodeURI(p)
            .slice(prefix.length)
            .replace(/^\/+|\/+$/g, ''),
        ),
    ),
  ].sort();
}

export function barePage(path, site) {
  const en = escapeHtml(`/en${path}`);
  const zh = escapeHtml(`/zh${path}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="content-security-policy" content="default-src 'none'; script-src 'self'; style-src 'none'; base-uri 'none'">
<title>Seabridge · 海桥集运</title>
<link rel="canonical" href="${escapeHtml(new URL(`/en${path}`, site).href)}">
<link rel="alternate" hreflang="en-US" href="${escapeHtml(new URL(`/en${path}`, site).href)}">
<link rel="alternate" hreflang="zh-CN" href="${escapeHtml(new URL(`/zh${path}`, site).href)}">
<script src="/lang-redirect.js"></script>
</head>
<body>
<p><a href="${en}" hreflang="en" lang="en">Continue in English</a></p>
<p><a href="${zh}" hreflang="zh" lang="zh-CN">进入中文网站</a></p>
</body>
</html>
`;
}

export function sitemap(pages, site) {
  const url = (locale, page) => new URL(`/${locale}/${page}`, site).href;
  const entries = pages.flatMap((page) =>
    ['en', 'zh'].map(
      (locale) => `  <url>
    <loc>${escapeHtml(url(locale, page))}</loc>
    <xhtml:link rel="alternate" hreflang="en-US" href="${escapeHtml(url('en', page))}"/>
    <xhtml:link rel="alternate" hreflang="zh-CN" href="${escapeHtml(url('zh', page))}"/>
    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(url('en', page))}"/>
  </url>`,
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join('\n')}
</urlset>
`;
}
