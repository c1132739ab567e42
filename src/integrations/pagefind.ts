import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';
import { LANGUAGE_TAG, LOCALES, type Locale } from '../i18n/locales';
import { localePath } from '../i18n/paths';
import { faqEntryAnchor, faqTypePath, loadFaq } from '../lib/faq';

/**
 * After the build, indexes the built pages with Pagefind (Node API, the extended
 * binary, which segments Chinese) and writes the static search bundle to
 * dist/client/pagefind/. Read by src/lib/site-search.ts in the browser.
 *
 * - Only pages holding an element with `data-pagefind-body` are indexed (the
 *   conventions for filters and meta are in docs/architecture.md, "Site search").
 * - FAQ: each entry is one result. Given `faq`, every entry becomes its own small
 *   document (URL = its type page + #anchor, filters site:corporate and kind:faq,
 *   the type's name as its label), indexed as HTML so Chinese is segmented as on
 *   the pages; the FAQ type pages themselves (kind:faq) are then left out so an
 *   entry is not found twice.
 * - Pagefind's own UI bundles are removed from the output (the site has its own
 *   search page), leaving the runtime (pagefind.js, worker, WebAssembly) and the index.
 */

export interface FaqSource {
  load(locale: Locale): { id: string; name: string; entries: { id: string; title: string; html: string; text: string }[] }[];
  /** Spec path of a type's page, e.g. /home/HelpCenter/questions/{typeId}. */
  typePath(typeId: string): string;
  /** Element id of an entry on its type page. */
  entryAnchor(entryId: string): string;
}

/** The help centre's FAQ (content/help/faq.json). */
export const CORPORATE_FAQ: FaqSource = { load: loadFaq, typePath: faqTypePath, entryAnchor: faqEntryAnchor };

export interface PagefindOptions {
  /** FAQ whose entries are indexed one by one; default the help centre's, null for none. */
  faq?: FaqSource | null;
  /** Files read and handed to Pagefind at once. */
  concurrency?: number;
}

/** Pagefind bundles not used by the site (it has its own search page). */
const UNUSED = [
  'pagefind-ui.js',
  'pagefind-ui.css',
  'pagefind-modular-ui.js',
  'pagefind-modular-ui.css',
  'pagefind-component-ui.js',
  'pagefind-component-ui.css',
  'pagefind-highlight.js',
];

const BODY = 'data-pagefind-body';
const FAQ_KIND = /data-pagefind-filter="kind:faq"/;

export function pagefindIndex(options: PagefindOptions = { faq: CORPORATE_FAQ }): AstroIntegration {
  return {
    name: 'carrier:pagefind',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const stats = await buildSearchIndex(fileURLToPath(dir), options);
        const languages = Object.entries(stats.languages)
          .map(([lang, n]) => `${lang} ${n}`)
          .join(', ');
        logger.info(
          `indexed ${stats.pages} pages and ${stats.faqEntries} FAQ entries (${languages}) in ${stats.seconds.toFixed(1)} s; ` +
            `index ${(stats.bytes / 1024 / 1024).toFixed(2)} MB in ${stats.files} files`,
        );
      },
    },
  };
}

export interface IndexStats {
  pages: number;
  faqEntries: number;
  languages: Record<string, number>;
  files: number;
  bytes: number;
  seconds: number;
}

/** Indexes the built site in `root` and writes `root/pagefind/`. Throws on any Pagefind error. */
export async function buildSearchIndex(root: string, options: PagefindOptions = {}): Promise<IndexStats> {
  const started = performance.now();
  const outputPath = join(root, 'pagefind');
  await rm(outputPath, { recursive: true, force: true });
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  const problems: string[] = [...errors];
  try {
    const faqEntries = options.faq ? faqDocuments(options.faq) : [];
    const files = await htmlFiles(root);
    let pages = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: options.concurrency ?? 32 }, async () => {
        while (next < files.length) {
          const file = files[next++];
          const content = await readFile(file, 'utf8');
          if (!content.includes(BODY)) continue;
          if (faqEntries.length && FAQ_KIND.test(content)) continue; // its entries are indexed one by one
          const answer = await index.addHTMLFile({ sourcePath: relative(root, file).split(sep).join('/'), content });
          problems.push(...answer.errors);
          pages++;
        }
      }),
    );
    for (const doc of faqEntries) problems.push(...(await index.addHTMLFile(doc)).errors);
    if (problems.length) throw new Error(`pagefind: ${problems.join('; ')}`);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
    await Promise.all(UNUSED.map((f) => rm(join(outputPath, f), { force: true })));
    const entry = JSON.parse(await readFile(join(outputPath, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
    const size = await folderSize(outputPath);
    return {
      pages,
      faqEntries: faqEntries.length,
      languages: Object.fromEntries(Object.entries(entry.languages).map(([lang, l]) => [lang, l.page_count])),
      ...size,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await index.deleteIndex();
    await pagefind.close();
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** One small HTML document per FAQ entry, at its anchor on the type page. */
export function faqDocuments(faq: FaqSource): { url: string; content: string }[] {
  const docs: { url: string; content: string }[] = [];
  for (const locale of LOCALES) {
    for (const type of faq.load(locale)) {
      for (const entry of type.entries) {
        const anchor = faq.entryAnchor(entry.id).replace(/^#/, '');
        docs.push({
          url: `${localePath(locale, faq.typePath(type.id))}#${anchor}`,
          content:
            `<!doctype html><html lang="${LANGUAGE_TAG[locale]}"><head><title>${escapeHtml(entry.title)}</title></head><body>` +
            `<article data-pagefind-body data-pagefind-filter="site:corporate">` +
            `<span data-pagefind-filter="kind:faq"></span><span data-pagefind-meta="labels:${escapeHtml(type.name)}"></span>` +
            `<h2 data-pagefind-meta="title">${escapeHtml(entry.title)}</h2>${entry.html}</article></body></html>`,
        });
      }
    }
  }
  return docs;
}

async function htmlFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const path = join(entry.parentPath, entry.name);
    if (relative(root, path).split(sep)[0] === 'pagefind') continue;
    found.push(path);
  }
  return found.sort();
}

async function folderSize(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}
