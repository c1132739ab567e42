import { LANGUAGE_TAG, type Locale } from '../i18n/locales';
import { useTranslations } from '../i18n/t';
import { dateOnly, escapeHtml } from '../shared/format';
import type { NewsItem } from '../content-model/schemas/news';

/**
 * A news story's article: the markup of its detail page (src/components/news/NewsDetailPage.astro)
 * and, word for word, the document the site search indexes for it. Because the search index
 * needs only the story, the build indexes every story while the pages are still being
 * rendered (src/search/integration.ts) instead of reading 20,000 finished pages back.
 *
 * What the search reads (docs/search.md, "Index at build time"): the body with the filters
 * site:corporate and kind:news, the meta date, labels and title, and a hidden keyword line
 * (section, type, labels, author) at half weight; the author and date list is not indexed.
 */
export function newsArticleHtml(item: NewsItem, locale: Locale): string {
  const t = useTranslations(locale);
  const typeName = t(`news.type.${item.typeId}` as 'news.type.50000000000000231');
  const date = dateOnly(item.statusDt);
  const keywords = [t('news.title'), typeName, ...item.labels, item.author].filter(Boolean).join(' · ');
  return (
    `<article class="news-article" data-pagefind-body data-pagefind-filter="site:corporate">` +
    `<span hidden data-pagefind-filter="kind:news"></span>` +
    `<span hidden data-pagefind-meta="date:${date}"></span>` +
    (item.labels.length ? `<span hidden data-pagefind-meta="labels:${escapeHtml(item.labels.join(', '))}"></span>` : '') +
    `<p hidden data-pagefind-meta="keywords" data-pagefind-weight="0.5">${escapeHtml(keywords)}</p>` +
    `<header><h2 class="news-article-title" data-pagefind-meta="title">${escapeHtml(item.title)}</h2>` +
    (item.subTitle ? `<p class="news-subtitle">${escapeHtml(item.subTitle)}</p>` : '') +
    `<dl class="news-meta" data-pagefind-ignore>` +
    (item.author ? `<div><dt>${escapeHtml(t('news.author'))}</dt><dd>${escapeHtml(item.author)}</dd></div>` : '') +
    `<div><dt>${escapeHtml(t('news.date'))}</dt><dd><time datetime="${date}">${date}</time></dd></div></dl></header>` +
    // the body was sanitized by the nightly job (src/shared/sanitize-html.ts) and is validated again by the content schema
    `<div class="news-body prose">${item.body}</div></article>`
  );
}

/** The built file of a story's detail page, relative to the site root (as Pagefind names it). */
export function newsDetailFile(item: Pick<NewsItem, 'newsUuid' | 'typeId'>, locale: Locale): string {
  return `${locale}/home/News/detail/${item.newsUuid}/${item.typeId}/index.html`;
}

/** The document the site search indexes for a story: its article in a page of its language. */
export function newsSearchDocument(item: NewsItem, locale: Locale): { sourcePath: string; content: string } {
  return {
    sourcePath: newsDetailFile(item, locale),
    content: `<!doctype html><html lang="${LANGUAGE_TAG[locale]}"><head><title>${escapeHtml(item.title)}</title></head><body>${newsArticleHtml(item, locale)}</body></html>`,
  };
}
