import { z } from 'zod';
import { defineCall, type CallDef } from './define';
import { Language } from './entities';
import { PATH } from './wire';

/**
 * Calls of the regional local sites (/local). Spread into `calls` (./calls.ts).
 * Every answer comes from content/local (src/local/local.ts), the content the pages are built from.
 * Lists page from 1 (`pageNum`, 9 a page; search 10); a page past the end is an empty list with
 * its total. An unknown location, language or menu is 404 in the wrapper, except the language
 * lookups, which answer code 201 (the site then goes to /404), as the existing backend does.
 */

const LocationParam = z.string({ error: 'location is required' }).regex(/^[a-z][a-z0-9]{1,30}$/, { error: 'location must be a location key such as shanghai' });
const LangParam = z.string({ error: 'lang is required' }).regex(/^[a-z]{2}$/, { error: 'lang must be a site language code such as cn, tc or en' });
const MenuUuid = z.string({ error: 'menu uuid is required' }).regex(/^[0-9]{4,12}$/, { error: 'menu uuid must be 4 to 12 digits' });
const ItemId = z.string({ error: 'id is required' }).regex(/^[0-9]{4,12}$/, { error: 'id must be 4 to 12 digits' });
const PageNum = z.coerce
  .number({ error: 'pageNum must be a whole number from 1' })
  .pipe(z.number().int({ error: 'pageNum must be a whole number from 1' }).min(1, { error: 'pageNum must be a whole number from 1' }).max(100_000, { error: 'pageNum must be at most 100000' }))
  .default(1);

const Site = { location: LocationParam, lang: LangParam, language: Language.optional() };
const SiteQuery = z.object(Site).strict();
/** Detail calls name only the menu (the spec); location and lang (additions) pick the site when several share the uuid. */
const Pick = { location: LocationParam.optional(), lang: LangParam.optional(), language: Language.optional() };

export const PAGE_TYPE_VALUES = [
  'Default_Content_Page',
  'Default_Summary_Page',
  'Business_News_Page',
  'Company_News_Page',
  'News_Letter_Page',
  'Form_Download_Page',
  'Company_Profile_Page',
  'Charge_Page',
  'Redirect_Page',
] as const;

const MenuEntryBase = z.object({
  menuUuid: z.string(),
  level: z.union([z.literal(1), z.literal(2)]),
  seq: z.number().int(),
  menuText: z.string(),
  /** The page's URL (/{location}/{lang}/{path}/{id}/{type}); the external URL for a Redirect_Page; '' for a parent menu. */
  totalRouterPath: z.string(),
  /** null for a first-level entry that only groups second-level ones. */
  pageType: z.enum(PAGE_TYPE_VALUES).nullable(),
  isOpenNewTab: z.union([z.literal(0), z.literal(1)]),
});
export const LocalMenuEntry = MenuEntryBase.extend({ subLocalMenus: z.array(MenuEntryBase.extend({ subLocalMenus: z.array(z.never()) })) });
export type LocalMenuEntry = z.infer<typeof LocalMenuEntry>;

const Neighbour = z.object({ id: z.string(), title: z.string(), path: z.string() }).nullable();

export const LocalNewsItem = z.object({
  id: z.string(),
  newsTitle: z.string(),
  /** BUS: business news; COM: company news. */
  newsType: z.enum(['BUS', 'COM']),
  statusDt: z.string(),
  recCreDt: z.string(),
  coverImgPath: z.string().nullable(),
  /** Teaser (the cards' text; the detail call answers the full HTML in newsText). */
  summary: z.string(),
  /** Addition: the item's page on the site. */
  path: z.string(),
});
export const LocalDefaultInfo = z.object({
  id: z.string(),
  defaultInfoTitle: z.string(),
  statusDt: z.string(),
  recCreDt: z.string(),
  coverImagePath: z.string().nullable(),
  summary: z.string(),
  path: z.string(),
});
export const LocalNewsletter = z.object({
  id: z.string(),
  newsLetterTitle: z.string(),
  statusDt: z.string(),
  newsLetterCoverPath: z.string(),
  /** File name of the PDF (the spec's newsLetterOriginTitle / formDownloadOriginTitle) and its path. */
  newsLetterOriginTitle: z.string(),
  formDownloadOriginTitle: z.string(),
  path: z.string(),
});
export const LocalFileDownload = z.object({
  id: z.string(),
  formDownloadTitle: z.string(),
  formDownloadOriginTitle: z.string(),
  statusDt: z.string(),
  path: z.string(),
});
const Paged = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int().nonnegative(), list: z.array(item) });

export const localCalls = {
  localMenu: defineCall({
    method: 'GET',
    path: '/local/menu/getLocalMenuListByLang',
    query: SiteQuery,
    answer: z.array(LocalMenuEntry),
    summary: 'Menu of a local site in one language: first-level entries with their second-level ones',
  }),
  localDefaultSummary: defineCall({
    method: 'GET',
    path: '/local/pages/summary/getDefaultSummaryPage',
    query: z.object({ ...Site, summaryMenuUuid: MenuUuid, pageNum: PageNum }).strict(),
    answer: z.object({ localDefaultInfoList: z.array(LocalDefaultInfo), totalNum: z.number().int().nonnegative() }),
    summary: "One page (9) of a Default_Summary_Page menu's items, newest first",
  }),
  localNewsSummary: defineCall({
    method: 'GET',
    path: '/local/pages/summary/getNewsSummaryPage',
    query: z.object({ ...Site, summaryMenuUuid: MenuUuid, pageNum: PageNum }).strict(),
    answer: z.object({ total: z.number().int().nonnegative(), content: z.object({ content: z.array(LocalNewsItem) }) }),
    summary: 'One page (9) of the business or company news a news menu lists, newest first',
  }),
  localDefaultDetailBySummary: defineCall({
    method: 'GET',
    path: '/local/pages/summary/getDefaultDetailPageBySummaryUuid',
    query: z.object({ ...Pick, summaryMenuUuid: MenuUuid, id: ItemId }).strict(),
    answer: LocalDefaultInfo.extend({ defaultInfoText: z.string(), previous: Neighbour, next: Neighbour }),
    summary: 'An item of a Default_Summary_Page with its previous (newer) and next (older) neighbours',
  }),
  localNewsDetail: defineCall({
    method: 'GET',
    path: '/local/pages/summary/getNewsDetailPage',
    query: z.object({ ...Pick, summaryMenuUuid: MenuUuid, id: ItemId }).strict(),
    answer: LocalNewsItem.extend({ newsText: z.string(), previous: Neighbour, next: Neighbour }),
    summary: "A news item with its previous (newer) and next (older) neighbours in its menu's list",
  }),
  localDefaultDetail: defineCall({
    method: 'GET',
    path: '/local/pages/summary/getDefaultDetailPage',
    query: z.object({ ...Pick, menuUuid: MenuUuid }).strict(),
    answer: z.object({ menuUuid: z.string(), title: z.string(), content: z.string(), path: z.string() }),
    summary: 'A Default_Content_Page: its title and HTML',
  }),
  localFullProfile: defineCall({
    method: 'GET',
    path: '/local/specificInfo/findCompanyFullProfileInfo',
    query: SiteQuery,
    answer: z.object({ profileInfo: z.string(), photoGallerys: z.array(z.object({ photoTitle: z.string(), photoPath: z.string(), seq: z.number().int() })) }),
    summary: 'Company profile HTML and photo gallery',
  }),
  localNewsletters: defineCall({
    method: 'GET',
    path: '/local/specificInfo/findNewsLetterInfo',
    query: z.object({ ...Site, menuUuid: MenuUuid, pageNum: PageNum }).strict(),
    answer: Paged(LocalNewsletter),
    summary: "One page (9) of a newsletter menu's PDFs, newest first",
  }),
  localFileDownloads: defineCall({
    method: 'GET',
    path: '/local/specificInfo/findFileDownloadsInfo',
    query: z.object({ ...Site, menuUuid: MenuUuid, pageNum: PageNum }).strict(),
    answer: Paged(LocalFileDownload),
    summary: "One page (9) of a download menu's files, newest first",
  }),
  localRedirectInfo: defineCall({
    method: 'GET',
    path: '/local/specificInfo/findLocalRedirectInfo',
    query: z.object({ ...Site, menuUuid: MenuUuid }).strict(),
    answer: z.object({ menuUuid: z.string(), menuText: z.string(), url: z.string(), isOpenNewTab: z.union([z.literal(0), z.literal(1)]) }),
    summary: 'Where a Redirect_Page sends the visitor',
  }),
  localSearch: defineCall({
    method: 'GET',
    path: '/local/search/getContentByKeyWords',
    query: z
      .object({
        ...Site,
        keyWords: z.string({ error: 'keyWords is required' }).trim().min(1, { error: 'keyWords is required' }).max(100, { error: 'keyWords: at most 100 characters' }),
        pageNum: PageNum,
      })
      .strict(),
    answer: Paged(z.object({ title: z.string(), pageType: z.enum(PAGE_TYPE_VALUES), path: z.string(), content: z.string() })),
    summary: 'Search of one local site and language (10 a page): every word in the title or text',
  }),
  localBanners: defineCall({
    method: 'GET',
    path: '/local/findBannerByLocationAndLang',
    query: SiteQuery,
    answer: z.array(z.object({ bannerTitle: z.string(), bannerTitleVice: z.string(), imgPath: z.string() })),
    summary: 'Banners of the local home',
  }),
  localCompanyName: defineCall({
    method: 'GET',
    path: '/local/findCompanyNameByLocationAndLang',
    query: SiteQuery,
    answer: z.object({ companyNameText: z.string() }),
    summary: 'Company name text of the local home',
  }),
  localImportantNews: defineCall({
    method: 'GET',
    path: '/local/findImportNewsByLocationAndLang',
    query: SiteQuery,
    answer: z.array(z.object({ id: z.string(), newsTitle: z.string(), statusDt: z.string(), path: z.string() })).max(6),
    summary: 'Important news of the local home (at most 6), newest first',
  }),
  localHomeCompanyNews: defineCall({
    method: 'GET',
    path: '/local/findHomeCompanyNewsByLocationAndLang',
    query: SiteQuery,
    answer: z.array(LocalNewsItem.extend({ newsText: z.string() })),
    summary: 'Newest company news of the local home (at most 4)',
  }),
  localNavTitle: defineCall({
    method: 'GET',
    path: '/local/findNavTitle',
    query: SiteQuery,
    answer: z.array(z.object({ titleName: z.string(), parentUuid: z.string(), imgPath: z.string(), openNewTab: z.boolean(), url: z.string(), seq: z.number().int() })),
    summary: 'Navigation cards of the local home (parentUuid "0": top level); cosconit: its product groups and products',
  }),
  localBriefProfile: defineCall({
    method: 'GET',
    path: '/local/findCompanyBriefProfileByLocationAndLang',
    query: SiteQuery,
    answer: z.object({ profileInfo: z.string(), profileImgPath: z.string() }),
    summary: 'Brief company profile with its picture (local home)',
  }),
  localLanguages: defineCall({
    method: 'GET',
    path: '/local/findLanguageByLocation',
    query: z.object({ location: LocationParam, language: Language.optional() }).strict(),
    answer: z.array(z.object({ lang: z.string(), langText: z.string() })),
    summary: 'Languages of a location, the default first (code 201 for an unknown location; [] while it has none)',
  }),
  localLanguage: defineCall({
    method: 'GET',
    path: '/local/findLanguageByLocationAndLang',
    query: SiteQuery,
    answer: z.object({ lang: z.string(), langText: z.string() }),
    summary: 'Whether a location offers a language (code 201 when not)',
  }),
  localQuickLinks: defineCall({
    method: 'GET',
    path: '/local/findQuickLinksByLocationAndLang',
    query: SiteQuery,
    answer: z.array(z.object({ quickLinkUrl: z.string(), quickLinkText: z.string(), seq: z.number().int() })),
    summary: 'Quick links of the local footer',
  }),
  localQr: defineCall({
    method: 'GET',
    path: '/local/findQrByLocationAndLang',
    query: z.object({ ...Site, position: z.enum(['TOP', 'BOTTOM'], { error: 'position must be TOP or BOTTOM' }) }).strict(),
    answer: z.array(z.object({ imagePath: z.string(), imageDesc: z.string(), locationCode: z.string(), position: z.enum(['TOP', 'BOTTOM']) })),
    summary: 'QR codes of the top-bar panel (1 to 4) or the footer (0 or 1; locationCode "default" for the shared one)',
  }),
  localAddress: defineCall({
    method: 'GET',
    path: '/local/findLocalAddressByLocationAndLang',
    query: SiteQuery,
    answer: z.object({ location: z.string() }),
    summary: 'Address block of the local footer as HTML',
  }),
  localLogo: defineCall({
    method: 'GET',
    path: '/local/findLogo/:location',
    query: z.object({ language: Language.optional() }).strict(),
    params: z.object({ location: LocationParam }),
    answer: z.object({ imagePath: z.string() }),
    summary: 'Logo of a local site',
  }),
  localChatIp: defineCall({
    method: 'GET',
    path: PATH.assistantCheck,
    query: z.object({ language: Language.optional() }).strict(),
    answer: z.boolean(),
    summary: 'Whether the smart customer service may be offered to the caller',
  }),
} satisfies Record<string, CallDef>;
