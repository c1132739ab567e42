import type { NewsTypeId } from '../contract/wire';
import { LANGUAGE_TAG, type Locale } from '../i18n/locales';
import { useTranslations } from '../i18n/t';
import { escapeHtml } from '../shared/format';
import { newsDetailHref, newsListHref } from './news';
import type { NewsListing } from './news-list';

const rfc822 = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00+08:00`).toUTCString();

/**
 * The RSS 2.0 feed of one news type in one language (/{lang}/home/News/rss/{typeId}.xml), from its
 * stories newest first: written by the build's endpoint and by a publish (src/releases/news-patch.ts).
 */
export function newsFeedXml(locale: Locale, typeId: NewsTypeId, items: readonly NewsListing[], site: URL | string): string {
  const t = useTranslations(locale);
  const type = t(`news.type.${typeId}` as 'news.type.50000000000000231');
  const abs = (path: string) => new URL(path, site).href;
  const self = abs(`/${locale}/home/News/rss/${typeId}.xml`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${escapeHtml(type)}</title>
<link>${escapeHtml(abs(newsListHref(locale, typeId)))}</link>
<description>${escapeHtml(t('news.rssDescription', { type }))}</description>
<language>${LANGUAGE_TAG[locale]}</language>
<atom:link href="${escapeHtml(self)}" rel="self" type="application/rss+xml"/>
${items
  .map((item) => {
    const link = escapeHtml(abs(newsDetailHref(locale, item)));
    return `<item>
<title>${escapeHtml(item.title)}</title>
<link>${link}</link>
<guid isPermaLink="false">${escapeHtml(`${item.newsUuid}-${locale}`)}</guid>
<pubDate>${rfc822(item.statusDt)}</pubDate>
${item.summary ? `<description>${escapeHtml(item.summary)}</description>\n` : ''}${item.labels.map((l) => `<category>${escapeHtml(l)}</category>`).join('\n')}
</item>`;
  })
  .join('\n')}
</channel>
</rss>
`;
}

/** The site's address when the config names none. */
export const DEFAULT_SITE = 'https://www.seabridgelines.com';
