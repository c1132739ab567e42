import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';
import { LANGUAGE_TAG, LOCALES, type Locale } from '../i18n/locales';
import { localePath } from '../i18n/paths';
import { faqEntryAnchor, faqTypePath, loadFaq } from '../help/faq';
import { parseContent } from '../shared/parse-content';
import { NEWS_ARCHIVE_BUNDLE, NEWS_BUNDLES, NEWS_RECENT_BUNDLE, SUPERSEDED_FILE, newsBundleOf, recentSince, type NewsBundle } from './news-bundles';
import { UNUSED, writeNewsBundle } from './news-index';
import { newsSearchDocument } from '../news/article';
import { NewsItem } from '../content-model/schemas/news';
import { escapeHtml } from '../shared/format';
import { outputFileOf, pagesNotRendered, recordRenderedPages } from '../build/rendered-pages';

/**
 * Indexes the site with Pagefind (Node API, the extended binary, which segments Chinese)
 * through the build, and writes the static search bundles to dist/client/pagefind/: the news
 * stories from the content from the start of the build, every other page as Astro renders it
 * (handed over by src/middleware.ts), both in the Pagefind process on the second core. Read by
 * src/search/site-search.ts in the browser.
 *
 * - Only pages holding an element with `data-pagefind-body` are indexed (the
 *   conventions for filters and meta are in docs/search.md, "Conventions for pages that want to be found").
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

/** A document Pagefind reads instead of a built page: sourcePath names the page's file (relative to the site root). */
export interface SearchDocument {
  sourcePath: string;
  content: string;
  /** The stories' bundle it goes to (src/search/news-bundles.ts); the archive's when unset. */
  bundle?: NewsBundle;
}

export interface PagefindOptions {
  /** FAQ whose entries are indexed one by one; default the help centre's, null for none. */
  faq?: FaqSource | null;
  /**
   * Documents known from the content before any page is rendered (the news stories). They are
   * indexed from the start of the build, while Astro renders (Pagefind runs in its own process,
   * so on the second core), and the built pages they stand for are then not read again.
   */
  early?: ((root: URL) => SearchDocument[]) | null;
}

const BODY = 'data-pagefind-body';
const FAQ_KIND = /data-pagefind-filter="kind:faq"/;

export function pagefindIndex(options: PagefindOptions = { faq: CORPORATE_FAQ, early: newsDocuments }): AstroIntegration {
  let root: URL;
  let indexer: SearchIndexer | undefined;
  return {
    name: 'carrier:pagefind',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = config.root;
      },
      'astro:build:start': async () => {
        // staged in the project (same file system as dist/, so moved in by a rename)
        indexer = await SearchIndexer.start(options.early?.(root) ?? [], fileURLToPath(new URL('var/.cache/', root)), { faq: Boolean(options.faq) });
        // every page rendered passes through src/middleware.ts, which hands it here
        const started = indexer;
        recordRenderedPages((pathname, response) => started.rendered(pathname, response));
      },
      'astro:build:done': async ({ dir, logger, pages }) => {
        if (!indexer) throw new Error('pagefind: the indexer did not start with the build');
        // the pages the incremental build copied from the last build were not rendered: read back from dist
        await indexer.copied(fileURLToPath(dir), pagesNotRendered(pages));
        const stats = await indexer.finish(fileURLToPath(dir), options);
        const languages = Object.entries(stats.languages)
          .map(([lang, n]) => `${lang} ${n}`)
          .join(', ');
        logger.info(
          `indexed ${stats.pages} pages and ${stats.faqEntries} FAQ entries (${languages}); ${stats.early} pages from the content and ${stats.rendered} as they were rendered or copied (${stats.copied} copied from the last build) ` +
            `(the content's done ${stats.earlySeconds.toFixed(1)} s into the build), finished in ${stats.seconds.toFixed(1)} s after the pages ` +
            `(waiting ${stats.phases.waited.toFixed(1)} s, checks and FAQ ${stats.phases.checked.toFixed(1)} s, writing ${stats.phases.written.toFixed(1)} s); index ${(stats.bytes / 1024 / 1024).toFixed(2)} MB in ${stats.files} files`,
        );
      },
    },
  };
}

export interface IndexStats {
  pages: number;
  /** Pages indexed from their early documents. */
  early: number;
  /** Pages the incremental build copied from the last build (indexed from their files, or from their early documents). */
  copied: number;
  /** Pages indexed as Astro rendered them (handed over by src/middleware.ts). */
  rendered: number;
  /** From the start of the build until the early documents were indexed. */
  earlySeconds: number;
  /** After the pages: waiting for the early documents and the rendered pages, reading and adding pages not seen rendered, writing the index. */
  phases: { waited: number; checked: number; written: number };
  faqEntries: number;
  languages: Record<string, number>;
  files: number;
  bytes: number;
  seconds: number;
}

/** Every news story of the content, as the document its detail page holds (src/news/article.ts), in its bundle (src/search/news-bundles.ts). */
export function newsDocuments(root: URL, since = recentSince()): SearchDocument[] {
  const docs: SearchDocument[] = [];
  for (const locale of LOCALES) {
    const folder = fileURLToPath(new URL(`content/news/${locale}/`, root));
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder)) {
      if (!name.endsWith('.json')) continue;
      const item = parseContent(`content/news/${locale}/${name}`, NewsItem, JSON.parse(readFileSync(join(folder, name), 'utf8')));
      docs.push({ ...newsSearchDocument(item, locale), bundle: newsBundleOf(item.statusDt, since) });
    }
  }
  return docs;
}

/**
 * The search index through the build, in Pagefind bundles the browser merges into one:
 * - the early documents (the stories) are indexed from the start of the build and their bundles
 *   (src/search/news-bundles.ts) written as soon as they are in, into a staging folder, all in the
 *   Pagefind process while Astro renders (so on the second core);
 * - `finish` indexes the built pages that no early document stands for, and the FAQ entries,
 *   into the main bundle (/pagefind/), checks that every early document had its page (and that
 *   a sample of those pages hold the document's article word for word), and moves the early
 *   bundles in beside it (/pagefind/news/ and /pagefind/news-recent/).
 */
export class SearchIndexer {
  private readonly started = performance.now();
  private fed = 0;
  private readonly early: Map<string, string>;
  private readonly written: Promise<string[]>;
  /** Every page Astro rendered (its file, relative to the site root), as the middleware handed it over. */
  private readonly seen = new Set<string>();
  /** Rendered pages being added to the main index; each answers its problems. */
  private readonly adding: Promise<string[]>[] = [];
  private renderedPages = 0;
  /** Pages the incremental build copied from the last build. */
  private copiedPages = 0;

  private constructor(
    private readonly index: pagefind.PagefindIndex,
    early: SearchDocument[],
    private readonly staging: string,
    concurrency: number,
    private readonly faqPages: boolean,
  ) {
    this.early = new Map(early.map((d) => [d.sourcePath, d.content]));
    this.written = this.feed(early, concurrency);
    // kept until finish, so that a failure is reported there and not as an unhandled rejection
    this.written.catch(() => {});
  }

  static async start(early: SearchDocument[], stagingParent: string, options: { concurrency?: number; faq?: boolean } = {}): Promise<SearchIndexer> {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
    await mkdir(stagingParent, { recursive: true });
    const staging = await mkdtemp(join(stagingParent, 'pagefind-early-'));
    return new SearchIndexer(index, early, staging, options.concurrency ?? 16, options.faq ?? true);
  }

  /**
   * A page as Astro rendered it (from src/middleware.ts): pages an early document stands for are
   * only counted; any other page holding `data-pagefind-body` is added to the main index from a
   * copy of the response, while Astro goes on rendering (Pagefind works in its own process).
   */
  rendered(pathname: string, response: Response): void {
    const sourcePath = outputFileOf(pathname);
    this.seen.add(sourcePath);
    if (this.early.has(sourcePath)) return;
    const copy = response.clone();
    const added = copy.text().then(async (content) => {
      if (!content.includes(BODY)) return [];
      if (this.faqPages && FAQ_KIND.test(content)) return []; // its entries are indexed one by one
      this.renderedPages++;
      return (await this.index.addHTMLFile({ sourcePath, content })).errors;
    });
    added.catch(() => {});
    this.adding.push(added);
  }

  /** Pages copied from the last build (not rendered, so never handed over): indexed as if rendered, from their files. */
  async copied(root: string, pathnames: string[]): Promise<void> {
    for (const pathname of pathnames) {
      const sourcePath = outputFileOf(pathname);
      this.seen.add(sourcePath);
      if (this.early.has(sourcePath)) continue;
      const content = await readFile(join(root, sourcePath), 'utf8').catch(() => '');
      if (!content.includes(BODY) || (this.faqPages && FAQ_KIND.test(content))) continue;
      this.renderedPages++;
      this.adding.push(this.index.addHTMLFile({ sourcePath, content }).then((r) => r.errors));
    }
    this.copiedPages = pathnames.length;
  }

  private async feed(docs: SearchDocument[], concurrency: number): Promise<string[]> {
    const problems = await Promise.all(
      NEWS_BUNDLES.map((bundle) =>
        writeNewsBundle(
          docs.filter((d) => (d.bundle ?? NEWS_ARCHIVE_BUNDLE) === bundle),
          join(this.staging, bundle),
          concurrency,
        ),
      ),
    );
    this.fed = performance.now();
    return problems.flat();
  }

  async finish(root: string, options: PagefindOptions = {}): Promise<IndexStats> {
    const { early, index } = this;
    const outputPath = join(root, 'pagefind');
    const entered = performance.now();
    try {
      const problems = [...(await this.written), ...(await Promise.all(this.adding)).flat()];
      const lap = (() => {
        let last = performance.now();
        return () => {
          const now = performance.now();
          const seconds = (now - last) / 1000;
          last = now;
          return seconds;
        };
      })();
      const waited = lap();
      if (!this.seen.size) throw new Error('pagefind: no rendered page reached the search index (src/middleware.ts hands every page to it)');
      await rm(outputPath, { recursive: true, force: true });
      const faqEntries = options.faq ? faqDocuments(options.faq) : [];
      const covered = [...this.seen].filter((p) => early.has(p));
      if (covered.length !== early.size) {
        const built = new Set(covered);
        const missing = [...early.keys()].filter((p) => !built.has(p));
        problems.push(`${missing.length} documents indexed from the content have no built page, e.g. ${missing.slice(0, 3).join(', ')}`);
      }
      // the early documents are the pages' own articles: check a sample, word for word
      for (const sourcePath of covered.sort().filter((_, i) => i % 500 === 0)) {
        const article = /<article[\s\S]*<\/article>/.exec(early.get(sourcePath)!)![0];
        if (!(await readFile(join(root, sourcePath), 'utf8')).includes(article)) problems.push(`${sourcePath}: the page's article differs from the document indexed for it`);
      }
      for (const doc of faqEntries) problems.push(...(await index.addHTMLFile(doc)).errors);
      if (problems.length) throw new Error(`pagefind: ${problems.join('; ')}`);
      const checked = lap();
      const written = await index.writeFiles({ outputPath });
      const writing = lap();
      if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
      await Promise.all(UNUSED.map((f) => rm(join(outputPath, f), { force: true })));
      const bundles = [outputPath];
      for (const bundle of NEWS_BUNDLES) {
        const path = join(outputPath, bundle);
        await rename(join(this.staging, bundle), path).catch(() => cp(join(this.staging, bundle), path, { recursive: true }));
        bundles.push(path);
      }
      // a full build's archive holds every old story as it is: none of its entries is out of date
      await writeFile(join(outputPath, NEWS_RECENT_BUNDLE, SUPERSEDED_FILE), '[]');
      const languages: Record<string, number> = {};
      for (const bundle of bundles) {
        const entry = JSON.parse(await readFile(join(bundle, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
        for (const [lang, l] of Object.entries(entry.languages)) languages[lang] = (languages[lang] ?? 0) + l.page_count;
      }
      const size = await folderSize(outputPath);
      return {
        pages: this.renderedPages + covered.length,
        copied: this.copiedPages,
        early: covered.length,
        rendered: this.renderedPages,
        faqEntries: faqEntries.length,
        languages,
        ...size,
        seconds: (performance.now() - entered) / 1000,
        phases: { waited, checked, written: writing },
        earlySeconds: (this.fed - this.started) / 1000,
      };
    } finally {
      await index.deleteIndex();
      await pagefind.close();
      await rm(this.staging, { recursive: true, force: true });
    }
  }
}

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

async function folderSize(dir: string): Promise<{ files: number; bytes: number }> {
  const files = (await readdir(dir, { withFileTypes: true, recursive: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  let bytes = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < files.length) {
        const { size } = await stat(files[next++]);
        bytes += size;
      }
    }),
  );
  return { files: files.length, bytes };
}
