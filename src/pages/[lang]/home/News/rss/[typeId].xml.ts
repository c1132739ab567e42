import type { APIRoute, GetStaticPaths } from 'astro';
import { NEWS_TYPE_IDS, type NewsTypeId } from '../../../../../contract/wire';
import { LANGUAGE_TAG, LOCALES, type Locale } from '../../../../../i18n/locales';
import { useTranslations } from '../../../../../i18n/t';
import { getNews } from '../../../../../shared/content';
import { newsDetailHref, newsListHref } from '../../../../../news/news';
import { escapeHtml } from '../../../../../shared/format';
import { pageCacheKey } from '../../../../../build/cache-keys';

/** RSS 2.0 feed of one news type in one language: /{lang}/home/News/rss/{typeId}.xml */
export const getStaticPaths = (async () => {
  const paths = [];
  // the incremental build copies the feed while its stories and the frame are the same
  for (const lang of LOCALES) for (const typeId of NEWS_TYPE_IDS) paths.push({ params: { lang, typeId }, props: { locale: lang, typeId }, cacheKey: pageCacheKey(await getNews(lang, typeId)) });
  return paths;
}) satisfies GetStaticPaths;

const rfc822 = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00+08:00`).toUTCString();

export const GET: APIRoute = async ({ props, site }) => {
  const { locale, typeId } = props as { locale: Locale; typeId: NewsTypeId };
  const t = useTranslations(locale);
  const type = t(`news.type.${typeId}` as 'news.type.50000000000000231');
  const abs = (path: string) => new URL(path, site ?? 'https://www.seabridgelines.com').href;
  const items = await getNews(locale, typeId);
  const self = abs(`/${locale}/home/News/rss/${typeId}.xml`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
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
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
};
