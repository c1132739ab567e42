import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { calls } from '../../contract/calls';
import { NEWS_BLOCK_MAX, NEWS_IMPORTANT_MAX, type NewsDetail, type NewsListItem } from '../../contract/news';
import { CODE, NEWS_TYPE_IDS, type NewsTypeId } from '../../contract/wire';
import { OCEAN_ALLIANCE_LABEL, SERVICE_ENHANCEMENT_LABEL } from '../../news/news-catalogue';
import { loadFaq, searchFaq } from '../../help/faq';
import type { AppDeps } from '../deps';
import { newsItemLabels, newsItems, newsLabels, newsTypes } from '../db/schema';
import { newsRevision } from '../db/news-revision';
import { handle, WireError } from '../handle';

/**
 * /cosNewss/*: news answered from the database (the source of truth; the
 * nightly job pulls it into content/news). Lists are newest first (date, then
 * id), a page is `{ list, count }`; a page past the end is an empty list with
 * the count. An unknown type, label or item is 404.
 */
export function newsRoutes(deps: Pick<AppDeps, 'database'>) {
  const router = new Hono();
  const db = () => deps.database.db;
  const newestFirst = [desc(newsItems.statusDt), desc(newsItems.uuid)];

  function knownType(typeId: string): NewsTypeId {
    if (!(NEWS_TYPE_IDS as readonly string[]).includes(typeId)) throw new WireError(CODE.notFound, `no news type with id ${typeId}`);
    return typeId as NewsTypeId;
  }
  const hasLabel = (labelId: string, language: number): SQL =>
    sql`exists (select 1 from ${newsItemLabels} where ${newsItemLabels.uuid} = ${newsItems.uuid} and ${newsItemLabels.language} = ${language} and ${newsItemLabels.labelId} = ${labelId})`;

  async function labelsOf(uuids: string[], language: 0 | 1) {
    const byItem = new Map<string, { newsLabelUuid: string; labelName: string }[]>();
    if (!uuids.length) return byItem;
    const rows = await db()
      .select({ uuid: newsItemLabels.uuid, id: newsLabels.id, nameEn: newsLabels.nameEn, nameZh: newsLabels.nameZh })
      .from(newsItemLabels)
      .innerJoin(newsLabels, eq(newsLabels.id, newsItemLabels.labelId))
      .where(and(eq(newsItemLabels.language, language), inArray(newsItemLabels.uuid, uuids)))
      .orderBy(asc(newsItemLabels.uuid), asc(newsItemLabels.position));
    for (const r of rows) {
      const list = byItem.get(r.uuid) ?? [];
      list.push({ newsLabelUuid: r.id, labelName: language === 0 ? r.nameZh : r.nameEn });
      byItem.set(r.uuid, list);
    }
    return byItem;
  }

  type Row = typeof newsItems.$inferSelect;
  async function toItems(rows: Row[], language: 0 | 1): Promise<NewsListItem[]> {
    const labels = await labelsOf(
      rows.map((r) => r.uuid),
      language,
    );
    return rows.map((r) => ({
      newsUuid: r.uuid,
      newsTypeId: r.typeId as NewsTypeId,
      title: r.title,
      subTitle: r.subTitle,
      picUrl: r.picUrl,
      statusDt: r.statusDt,
      newLabels: labels.get(r.uuid) ?? [],
      summary: r.summary,
      important: r.important,
    }));
  }

  /** The whole story: the list item with author, body and tags. */
  const whole = (full: NewsListItem, item: Row) => ({ ...full, author: item.author, content: item.body, tradeLabelCodes: item.tradeCodes, portCodes: item.portCodes });

  async function page(where: SQL, currentPage: number, size: number, language: 0 | 1) {
    const [{ count }] = await db().select({ count: sql<number>`count(*)::int` }).from(newsItems).where(where);
    const rows =
      (currentPage - 1) * size >= count
        ? []
        : await db()
            .select()
            .from(newsItems)
            .where(where)
            .orderBy(...newestFirst)
            .limit(size)
            .offset((currentPage - 1) * size);
    return { list: await toItems(rows, language), count };
  }
  async function block(where: SQL, language: 0 | 1, max = NEWS_BLOCK_MAX) {
    return toItems(
      await db()
        .select()
        .from(newsItems)
        .where(where)
        .orderBy(...newestFirst)
        .limit(max),
      language,
    );
  }
  const ofType = (typeId: string, language: 0 | 1) => and(eq(newsItems.language, language), eq(newsItems.typeId, knownType(typeId)))!;

  handle(router, calls.newsTypes, async ({ language }) => {
    const rows = await db().select().from(newsTypes).orderBy(asc(newsTypes.sort));
    return rows.map((r) => ({ newsTypeId: r.id as NewsTypeId, typeName: language === 0 ? r.nameZh : r.nameEn }));
  });

  handle(router, calls.newsLabels, async ({ params, language }) => {
    const typeId = knownType(params.typeId);
    const rows = await db()
      .selectDistinct({ id: newsLabels.id, sort: newsLabels.sort, nameEn: newsLabels.nameEn, nameZh: newsLabels.nameZh })
      .from(newsLabels)
      .innerJoin(newsItemLabels, and(eq(newsItemLabels.labelId, newsLabels.id), eq(newsItemLabels.language, language)))
      .innerJoin(newsItems, and(eq(newsItems.uuid, newsItemLabels.uuid), eq(newsItems.language, language)))
      .where(eq(newsItems.typeId, typeId))
      .orderBy(asc(newsLabels.sort));
    return rows.map((r) => ({ newsLabelUuid: r.id, labelName: language === 0 ? r.nameZh : r.nameEn }));
  });

  handle(router, calls.typeNews, ({ params, query, language }) => page(ofType(params.typeId, language), query.currentPage, query.size, language));
  handle(router, calls.typeNewsOceanAlliance, ({ params, query, language }) =>
    page(and(ofType(params.typeId, language), hasLabel(OCEAN_ALLIANCE_LABEL, language))!, query.currentPage, query.size, language),
  );
  handle(router, calls.typeNewsQuality2019, ({ params, query, language }) =>
    page(and(ofType(params.typeId, language), hasLabel(SERVICE_ENHANCEMENT_LABEL, language))!, query.currentPage, query.size, language),
  );
  handle(router, calls.labelNews, async ({ params, query, language }) => {
    const where = ofType(params.typeId, language);
    if (!query.newsLabelUuid) return page(where, query.currentPage, query.size, language);
    const label = await db().select({ id: newsLabels.id }).from(newsLabels).where(eq(newsLabels.id, query.newsLabelUuid));
    if (!label.length) throw new WireError(CODE.notFound, `no news label with id ${query.newsLabelUuid}`);
    return page(and(where, hasLabel(query.newsLabelUuid, language))!, query.currentPage, query.size, language);
  });

  handle(router, calls.newsLastNext, async ({ params, query, language }) => {
    const [item] = await db()
      .select()
      .from(newsItems)
      .where(and(eq(newsItems.uuid, params.newsId), eq(newsItems.language, language)));
    if (!item) throw new WireError(CODE.notFound, `no news item with id ${params.newsId}${language === 0 ? ' in Chinese' : ' in English'}`);
    if (query.newsTypeUuid !== undefined) {
      knownType(query.newsTypeUuid);
      if (query.newsTypeUuid !== item.typeId) throw new WireError(CODE.notFound, `news item ${params.newsId} is not of type ${query.newsTypeUuid}`);
    }
    const sameList = and(eq(newsItems.language, language), eq(newsItems.typeId, item.typeId));
    const key = sql`(${newsItems.statusDt}, ${newsItems.uuid})`;
    const here = sql`(${item.statusDt}::date, ${item.uuid})`;
    const [prev] = await db()
      .select()
      .from(newsItems)
      .where(and(sameList, sql`${key} > ${here}`))
      .orderBy(asc(newsItems.statusDt), asc(newsItems.uuid))
      .limit(1);
    const [next] = await db()
      .select()
      .from(newsItems)
      .where(and(sameList, sql`${key} < ${here}`))
      .orderBy(...newestFirst)
      .limit(1);
    const [full] = await toItems([item], language);
    const detail: NewsDetail = [
      { prevDate: prev?.statusDt ?? null, lastNewsUuid: prev?.uuid ?? null, lastTitle: prev?.title ?? null },
      { nextDate: next?.statusDt ?? null, nextNewsUuid: next?.uuid ?? null, nextTitle: next?.title ?? null },
      whole(full, item),
    ];
    return detail;
  });

  // the nightly job's incremental pull: revisions of all, then whole stories by id
  const revision = newsRevision;
  handle(router, calls.newsRevisions, async ({ language }) => {
    const rows = await db().select({ newsUuid: newsItems.uuid, newsTypeId: newsItems.typeId, revision }).from(newsItems).where(eq(newsItems.language, language)).orderBy(asc(newsItems.uuid));
    return { list: rows.map((r) => ({ ...r, newsTypeId: r.newsTypeId as NewsTypeId })) };
  });
  handle(router, calls.newsExport, async ({ body, language }) => {
    const rows = await db()
      .select({ item: newsItems, revision })
      .from(newsItems)
      .where(and(eq(newsItems.language, language), inArray(newsItems.uuid, [...new Set(body.ids)])))
      .orderBy(asc(newsItems.uuid));
    const items = await toItems(
      rows.map((r) => r.item),
      language,
    );
    return {
      list: items.map((full, i) => {
        const { item, revision } = rows[i];
        return { ...whole(full, item), revision };
      }),
    };
  });

  handle(router, calls.serviceNews, ({ params, language }) => block(and(ofType(params.fixedId, language), hasLabel(SERVICE_ENHANCEMENT_LABEL, language))!, language));
  handle(router, calls.focusNewss, ({ params, language }) => block(and(ofType(params.id, language), sql`${newsItems.picUrl} is not null`)!, language));
  handle(router, calls.specialNews, ({ params, language }) => block(ofType(params.id, language), language));
  handle(router, calls.focusNews, ({ params, language }) => block(and(ofType(params.id, language), eq(newsItems.important, true))!, language, NEWS_IMPORTANT_MAX));

  handle(router, calls.newsSearch, async ({ query, language }) => {
    const pattern = `%${query.title.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const where = and(
      eq(newsItems.language, language),
      sql`(${newsItems.title} ilike ${pattern} or ${newsItems.subTitle} ilike ${pattern} or ${newsItems.summary} ilike ${pattern} or ${newsItems.body} ilike ${pattern})`,
    )!;
    const found = await page(where, query.currentPage, query.size, language);
    const zh = language === 0;
    // FAQ entries matching the keyword (the help centre's one rule, src/help/faq-match.ts); the list stays news only
    const faqCount = searchFaq(loadFaq(zh ? 'zh' : 'en'), query.title).reduce((n, type) => n + type.entries.length, 0);
    return {
      count: found.count,
      type: [
        { typeName: 'news' as const, typeTitle: zh ? '新闻' : 'News', typeCount: found.count },
        { typeName: 'faq' as const, typeTitle: zh ? '常见问题' : 'FAQ', typeCount: faqCount },
        { typeName: 'all' as const, typeTitle: zh ? '全部' : 'All', typeCount: found.count + faqCount },
      ],
      list: found.list.map((n) => ({
        newsId: n.newsUuid,
        newsTypeId: n.newsTypeId,
        title: n.title,
        content: n.summary || n.subTitle,
        date: n.statusDt,
        labels: n.newLabels.map((l) => ({ labelName: l.labelName })),
        LS: 0 as const,
      })),
    };
  });

  return router;
}
