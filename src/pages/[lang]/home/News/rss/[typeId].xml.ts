import type { APIRoute, GetStaticPaths } from 'astro';
import { NEWS_TYPE_IDS, type NewsTypeId } from '../../../../../contract/wire';
import { LOCALES, type Locale } from '../../../../../i18n/locales';
import { getNews } from '../../../../../shared/content';
import { DEFAULT_SITE, newsFeedXml } from '../../../../../news/feed';
import { pageCacheKey } from '../../../../../build/cache-keys';

/** RSS 2.0 feed of one news type in one language: /{lang}/home/News/rss/{typeId}.xml (src/news/feed.ts) */
export const getStaticPaths = (async () => {
  const paths = [];
  // the incremental build copies the feed while its stories and the frame are the same
  for (const lang of LOCALES) for (const typeId of NEWS_TYPE_IDS) paths.push({ params: { lang, typeId }, props: { locale: lang, typeId }, cacheKey: pageCacheKey(await getNews(lang, typeId)) });
  return paths;
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props, site }) => {
  const { locale, typeId } = props as { locale: Locale; typeId: NewsTypeId };
  const xml = newsFeedXml(locale, typeId, await getNews(locale, typeId), site ?? DEFAULT_SITE);
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
};
