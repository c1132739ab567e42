import { z } from 'zod';
import { CurrentPage, Language, PageSize } from './entities';
import { NEWS_TYPE_IDS } from './wire';

/**
 * News calls of the wire contract (/cosNewss/*): entities and queries. The
 * calls themselves are in ./calls.ts.
 */

/** The spec's constants: a news list page holds 5; the important-news ticker at most 5. */
export const NEWS_PAGE_SIZE = 5;
export const NEWS_IMPORTANT_MAX = 5;
/** Home blocks (focus, special, service) answer at most this many items. */
export const NEWS_BLOCK_MAX = 5;
/** News search pages grow by 10 (document 001). */
export const NEWS_SEARCH_PAGE_SIZE = 10;

export const NEWS_PATH = {
  types: '/cosNewss/findNewsType',
  labels: '/cosNewss/findLabelNews/:typeId',
  typeNews: '/cosNewss/findTypeNews/:typeId',
  typeNewsOceanAlliance: '/cosNewss/findTypeNews/:typeId/OceanAlliance',
  typeNewsQuality2019: '/cosNewss/findTypeNews/:typeId/Quality2019',
  labelNews: '/cosNewss/findNewss/:typeId',
  lastNext: '/cosNewss/findLastNextNews/:newsId',
  serviceNews: '/cosNewss/findServiceNews/:fixedId',
  focusNewss: '/cosNewss/findFocusNewss/:id',
  specialNews: '/cosNewss/findSpecialNews/:id',
  focusNews: '/cosNewss/findFocusNews/:id',
  titleAll: '/cosNewss/findTitleAll',
  revisions: '/cosNewss/exportRevisions',
  export: '/cosNewss/exportNews',
} as const;

const typeIdError = { error: `must be a news type id, one of ${NEWS_TYPE_IDS.join(', ')}` };
/** A news type id in a path: only the four of the spec (anything else is 404 on the server, so it is only shape-checked here). */
export const NewsTypeParam = z.string().regex(/^[0-9]{1,20}$/, typeIdError);
export const NewsUuid = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, { error: 'must be a news id (letters, digits, hyphens)' });
export const NewsLabelUuid = z.string().regex(/^[a-z0-9-]{1,64}$/, { error: 'must be a label id (lower-case letters, digits, hyphens)' });

export const NewsType = z.object({ newsTypeId: z.enum(NEWS_TYPE_IDS), typeName: z.string() });
export const NewsLabel = z.object({ newsLabelUuid: z.string(), labelName: z.string() });

/** A list item: the spec's newsUuid, title, picUrl, statusDt, newLabels; plus (our additions) type, subtitle, teaser and the important flag. */
export const NewsListItem = z.object({
  newsUuid: z.string(),
  newsTypeId: z.enum(NEWS_TYPE_IDS),
  title: z.string(),
  subTitle: z.string(),
  picUrl: z.string().nullable(),
  statusDt: z.iso.date().describe('Publication date, YYYY-MM-DD'),
  newLabels: z.array(NewsLabel),
  summary: z.string(),
  important: z.boolean(),
});
export type NewsListItem = z.infer<typeof NewsListItem>;

/** A page of a list: the items and the total count (the wrapper has only `content`, so both travel in it). */
export const NewsPage = z.object({ list: z.array(NewsListItem), count: z.number().int().min(0) });

/** The item of findLastNextNews: the whole story. */
export const NewsDetailItem = z.object({
  newsUuid: z.string(),
  newsTypeId: z.enum(NEWS_TYPE_IDS),
  title: z.string(),
  subTitle: z.string(),
  author: z.string(),
  statusDt: z.iso.date(),
  picUrl: z.string().nullable(),
  newLabels: z.array(NewsLabel),
  summary: z.string(),
  important: z.boolean(),
  content: z.string().describe('HTML body'),
  tradeLabelCodes: z.array(z.string()).optional().describe('Addition: trade label codes the story is about (newsletter matching); absent on the existing backend'),
  portCodes: z.array(z.string()).optional().describe('Addition: UN/LOCODEs of the ports the story is about (newsletter matching)'),
});

/** findLastNextNews: the spec's three-item list (previous, next, the item itself). Neighbours are null at either end. */
export const NewsDetail = z.tuple([
  z.object({ prevDate: z.iso.date().nullable(), lastNewsUuid: z.string().nullable(), lastTitle: z.string().nullable() }),
  z.object({ nextDate: z.iso.date().nullable(), nextNewsUuid: z.string().nullable(), nextTitle: z.string().nullable() }),
  NewsDetailItem,
]);
export type NewsDetail = z.infer<typeof NewsDetail>;

/**
 * Addition, for the nightly job (`npm run pull-news`), which reads the whole archive:
 * exportRevisions lists every story of a language with its revision (an opaque string
 * that changes whenever the story or its labels change, in the database's own clock),
 * and exportNews answers up to NEWS_EXPORT_MAX whole stories by id in one request. A
 * pull fetches in full only the stories whose revision it does not hold.
 */
export const NEWS_EXPORT_MAX = 500;
export const NewsRevisions = z.object({
  list: z.array(z.object({ newsUuid: z.string(), newsTypeId: z.enum(NEWS_TYPE_IDS), revision: z.string().min(1) })),
});
export type NewsRevisions = z.infer<typeof NewsRevisions>;
export const NewsExportBody = z
  .object({
    ids: z
      .array(NewsUuid)
      .min(1, { error: 'must list at least one news id' })
      .max(NEWS_EXPORT_MAX, { error: `must list at most ${NEWS_EXPORT_MAX} news ids per request` }),
  })
  .strict();
/** A whole story as exportNews answers it: findLastNextNews's item without the neighbours, with its revision. Unknown ids are left out. */
export const NewsExportItem = NewsDetailItem.extend({ revision: z.string().min(1) });
export type NewsExportItem = z.infer<typeof NewsExportItem>;
export const NewsExport = z.object({ list: z.array(NewsExportItem) });

/** findTitleAll (document 001's news search result); LS 0 = news, 1 = FAQ. */
export const NewsSearchResult = z.object({
  count: z.number().int().min(0),
  type: z.array(z.object({ typeName: z.enum(['news', 'faq', 'all']), typeTitle: z.string(), typeCount: z.number().int().min(0) })),
  list: z.array(
    z.object({
      newsId: z.string(),
      newsTypeId: z.string(),
      title: z.string(),
      content: z.string(),
      date: z.iso.date(),
      labels: z.array(z.object({ labelName: z.string() })),
      LS: z.union([z.literal(0), z.literal(1)]),
    }),
  ),
});

export const NewsPageQuery = z.object({ currentPage: CurrentPage.default(1), size: PageSize.default(NEWS_PAGE_SIZE), language: Language.optional() }).strict();
export const NewsLabelPageQuery = z
  .object({ currentPage: CurrentPage.default(1), size: PageSize.default(NEWS_PAGE_SIZE), newsLabelUuid: NewsLabelUuid.optional(), language: Language.optional() })
  .strict();
export const NewsLastNextQuery = z.object({ newsTypeUuid: NewsTypeParam.optional(), language: Language.optional() }).strict();
export const NewsSearchQuery = z
  .object({
    title: z.string({ error: 'must not be empty: enter a keyword' }).trim().min(1, { error: 'must not be empty: enter a keyword' }).max(100, { error: 'must be at most 100 characters' }),
    currentPage: CurrentPage.default(1),
    size: PageSize.default(NEWS_SEARCH_PAGE_SIZE),
    language: Language.optional(),
  })
  .strict();
