import { z } from 'zod';
import {
  CallPortItem,
  ClickCount,
  Health,
  Language,
  Location,
  LoopDirection,
  PictureName,
  RouteAdvantage,
  RouteGroupItem,
  RouteMap,
  RouteServiceItem,
  ScheduleTrade,
  ServiceCode,
  ShipItem,
  Slots,
} from './entities';
import { Captcha, ContactBody, CountryCode, PositionDetail, PositionListItem, PositionName, RegionOption, ResumeBody, ResumeTemplate, UploadAnswer, UploadBody } from './forms';
import { CityOfficePage, CountryGroup, CurrentPage, OfficeAreaParam, OfficeDetail, PageSize } from './entities';
import { OFFICE_PAGE_SIZE, PATH } from './wire';
import { CarbonBody, CarbonResult, CarbonToken, CitySuggestion, CityQuery } from './carbon';
import {
  NEWS_PATH,
  NewsDetail,
  NewsExport,
  NewsExportBody,
  NewsLabel,
  NewsRevisions,
  NewsLabelPageQuery,
  NewsLastNextQuery,
  NewsPage,
  NewsPageQuery,
  NewsSearchQuery,
  NewsSearchResult,
  NewsType,
  NewsTypeParam,
  NewsUuid,
  NewsListItem,
} from './news';

import { defineCall, LanguageOnly, type CallDef } from './define';
import { helpCalls } from './help';
import { searchCalls } from './search';
import { localCalls } from './local';
import { sclCalls } from './scl';
import { scheduleCalls } from './schedules';
import { subscribeCalls } from './subscribe';
import { trackingCalls } from './tracking';

export type { CallDef } from './define';

export const calls = {
  health: defineCall({
    method: 'GET',
    path: PATH.health,
    query: LanguageOnly,
    answer: Health,
    summary: 'Liveness and database check',
  }),
  saveClick: defineCall({
    method: 'POST',
    path: PATH.saveClick,
    query: z.object({ pictureNameEN: PictureName, language: Language.optional() }).strict(),
    answer: ClickCount,
    summary: 'Counts a click on a top-bar platform, a banner or a smart-service entry',
  }),
  getLocationList: defineCall({
    method: 'GET',
    path: PATH.locationList,
    query: LanguageOnly,
    answer: z.array(Location),
    summary: 'Regions and local sites for the local-site picker',
  }),
  routeGroups: defineCall({
    method: 'GET',
    path: PATH.routeGroups,
    query: LanguageOnly,
    params: z.object({ groupId: z.coerce.number({ error: 'must be a trade tab id, 11 to 18' }).int({ error: 'must be a trade tab id, 11 to 18' }) }),
    answer: z.array(RouteGroupItem),
    summary: 'Route groups of a trade tab (11 to 18)',
  }),
  routeServices: defineCall({
    method: 'GET',
    path: PATH.routeServices,
    query: LanguageOnly,
    params: z.object({ groupUuid: z.string().regex(/^[a-z0-9-]{1,64}$/, { error: 'must be a route group id (lower-case letters, digits, hyphens)' }) }),
    answer: z.array(RouteServiceItem),
    summary: 'Services of a route group',
  }),
  routeMap: defineCall({ method: 'GET', path: PATH.routeMap, query: LanguageOnly, params: z.object({ code: ServiceCode }), answer: RouteMap, summary: "A service's route map" }),
  callPorts: defineCall({
    method: 'GET',
    path: PATH.callPorts,
    query: LanguageOnly,
    params: z.object({ code: ServiceCode }),
    answer: z.array(CallPortItem),
    summary: "A service's port rotation with terminals and weekly ETA / ETD",
  }),
  routeAdvantage: defineCall({
    method: 'GET',
    path: PATH.routeAdvantage,
    query: LanguageOnly,
    params: z.object({ code: ServiceCode }),
    answer: RouteAdvantage,
    summary: "A service's selling points in both languages",
  }),
  loopExport: defineCall({
    method: 'GET',
    path: PATH.loopExport,
    query: LanguageOnly,
    params: z.object({ code: ServiceCode }),
    answer: z.array(LoopDirection),
    summary: 'Head-haul POLs with their PODs and transit days',
  }),
  loopImport: defineCall({
    method: 'GET',
    path: PATH.loopImport,
    query: LanguageOnly,
    params: z.object({ code: ServiceCode }),
    answer: z.array(LoopDirection),
    summary: 'Back-haul POLs with their PODs and transit days',
  }),
  scheduleTrade: defineCall({
    method: 'GET',
    path: PATH.scheduleTrade,
    query: z.object({ serviceCode: ServiceCode, language: Language.optional() }).strict(),
    answer: ScheduleTrade,
    summary: 'The trade a service belongs to (for the service schedule page)',
  }),
  ships: defineCall({
    method: 'GET',
    path: PATH.ships,
    query: z.object({ slots: Slots, language: Language.optional() }).strict(),
    answer: z.array(ShipItem),
    summary: 'Vessels of a capacity class (0 over 10,000 TEU ... 4 under 800)',
  }),
  // ---- global offices: continent index, city search, country list, office detail ----
  globalOffices: defineCall({
    method: 'GET',
    path: PATH.globalOffices,
    query: z.object({ area: OfficeAreaParam, language: Language.optional() }).strict(),
    answer: z.array(CountryGroup),
    summary: "A continent's countries grouped by initial letter (pinyin initial of the Chinese name for language 0)",
  }),
  officeSearch: defineCall({
    method: 'GET',
    path: PATH.officeSearch,
    query: z
      .object({
        key: z
          .string({ error: 'must not be empty: enter part of a city name' })
          .trim()
          .min(1, { error: 'must not be empty: enter part of a city name' })
          .max(50, { error: 'must be at most 50 characters' }),
        currentPage: CurrentPage.default(1),
        size: PageSize.default(OFFICE_PAGE_SIZE),
        language: Language.optional(),
      })
      .strict(),
    answer: CityOfficePage,
    summary: 'Offices whose city (English or Chinese name, accents and case ignored) contains key, a page of them and the total count',
  }),
  countryOffices: defineCall({
    method: 'GET',
    path: PATH.countryOffices,
    query: z
      .object({
        Country: z.string({ error: 'must name a country' }).trim().min(1, { error: 'must name a country' }).max(80, { error: 'must be at most 80 characters' }),
        currentPage: CurrentPage.default(1),
        size: PageSize.default(OFFICE_PAGE_SIZE),
        language: Language.optional(),
      })
      .strict(),
    answer: CityOfficePage,
    summary: "A country's offices (Country: its URL segment, English or Chinese name), a page of them and the total count",
  }),
  officeDetail: defineCall({
    method: 'GET',
    path: PATH.officeDetail,
    query: LanguageOnly,
    params: z.object({ officeId: z.string().regex(/^[A-Za-z0-9]{1,20}$/, { error: 'must be an office id such as CNSHA01' }) }),
    answer: OfficeDetail,
    summary: 'An office with its linkmen (404 when unknown)',
  }),
  // ---- forms: captcha, leave a message, countries, recruiting ----
  captcha: defineCall({ method: 'GET', path: PATH.captcha, query: LanguageOnly, answer: Captcha, summary: 'A new captcha picture and its sign' }),
  countries: defineCall({ method: 'GET', path: PATH.countries, query: LanguageOnly, answer: z.array(RegionOption), summary: 'Countries and regions, named in the language asked' }),
  provinces: defineCall({
    method: 'GET',
    path: PATH.provinces,
    query: LanguageOnly,
    params: z.object({ countryCode: CountryCode }),
    answer: z.array(RegionOption),
    summary: 'Provinces (states) of a country',
  }),
  cities: defineCall({
    method: 'GET',
    path: PATH.cities,
    query: z.object({ province: z.string().regex(/^[A-Za-z0-9-]{1,10}$/, { error: 'must be a province code' }), language: Language.optional() }).strict(),
    params: z.object({ countryCode: CountryCode }),
    answer: z.array(RegionOption),
    summary: 'Cities of a province',
  }),
  saveContact: defineCall({
    method: 'POST',
    path: PATH.saveContact,
    query: LanguageOnly,
    body: ContactBody,
    answer: z.null(),
    summary: 'Stores a message of the leave-message form and notifies staff (captcha required)',
  }),
  positionList: defineCall({
    method: 'GET',
    path: PATH.positionList,
    query: z
      .object({
        currentPage: z.coerce.number({ error: 'must be a page number from 1' }).int().min(1, { error: 'must be a page number from 1' }).optional(),
        size: z.coerce.number({ error: 'must be 1 to 50' }).int().min(1, { error: 'must be 1 to 50' }).max(50, { error: 'must be 1 to 50' }).optional(),
        pagesize: z.coerce.number({ error: 'must be 1 to 50' }).int().min(1, { error: 'must be 1 to 50' }).max(50, { error: 'must be 1 to 50' }).optional(),
        language: Language.optional(),
      })
      .strict(),
    answer: z.array(PositionListItem),
    summary: 'Published positions, newest first, one page (7 by default); fewer than the size means no more',
  }),
  positionDetail: defineCall({
    method: 'GET',
    path: PATH.positionDetail,
    query: LanguageOnly,
    params: z.object({ id: z.string().regex(/^[a-z0-9-]{1,64}$/, { error: 'must be a position id' }) }),
    answer: PositionDetail,
    summary: 'A published position (404 when unknown or unpublished)',
  }),
  positionNames: defineCall({ method: 'GET', path: PATH.positionNames, query: LanguageOnly, answer: z.array(PositionName), summary: 'Published positions for the resume form' }),
  resumeTemplate: defineCall({
    method: 'GET',
    path: PATH.resumeTemplate,
    query: z.object({ positionUUID: z.string().regex(/^[a-z0-9-]{1,64}$/, { error: 'must be a position id' }), language: Language.optional() }).strict(),
    answer: ResumeTemplate,
    summary: "The position's résumé template (.docx)",
  }),
  upload: defineCall({
    method: 'POST',
    path: PATH.upload,
    query: LanguageOnly,
    body: UploadBody,
    answer: UploadAnswer,
    summary: 'Uploads a résumé (multipart field file, DOC or DOCX checked by content, at most 10 MB); answers the token to apply with',
  }),
  saveApplication: defineCall({
    method: 'POST',
    path: PATH.saveApplication,
    query: LanguageOnly,
    body: ResumeBody,
    answer: z.null(),
    summary: 'Stores an application with its uploaded résumé and notifies staff (captcha required)',
  }),
  // ---- carbon calculator ----
  carbonToken: defineCall({ method: 'GET', path: PATH.carbonToken, query: LanguageOnly, answer: CarbonToken, summary: 'A short-lived signed token for the calculator calls' }),
  carbonCity: defineCall({
    method: 'GET',
    path: PATH.carbonCity,
    query: CityQuery,
    answer: z.array(CitySuggestion),
    summary: 'Up to 10 cities whose name (English or Chinese, or an alias) starts with prefix, the best matches and larger cities first, named in the language asked',
  }),
  carbonDigital: defineCall({
    method: 'POST',
    path: PATH.carbonDigital,
    query: LanguageOnly,
    body: CarbonBody,
    answer: z.array(CarbonResult),
    summary: 'Distance and CO2e of 1 to 4 shipments over their lowest-emission routes (JSON array; each shipment with a token from getToken)',
  }),
  // ---- news (answered from the database; the nightly job pulls them into content/news) ----
  newsTypes: defineCall({ method: 'GET', path: NEWS_PATH.types, query: LanguageOnly, answer: z.array(NewsType), summary: 'The four news types, named in the language asked' }),
  newsLabels: defineCall({
    method: 'GET',
    path: NEWS_PATH.labels,
    query: LanguageOnly,
    params: z.object({ typeId: NewsTypeParam }),
    answer: z.array(NewsLabel),
    summary: 'Labels carried by the items of a news type (404 for an unknown type)',
  }),
  typeNews: defineCall({
    method: 'GET',
    path: NEWS_PATH.typeNews,
    query: NewsPageQuery,
    params: z.object({ typeId: NewsTypeParam }),
    answer: NewsPage,
    summary: 'A page of a news type, newest first (page size 5 by default), and the total count',
  }),
  typeNewsOceanAlliance: defineCall({
    method: 'GET',
    path: NEWS_PATH.typeNewsOceanAlliance,
    query: NewsPageQuery,
    params: z.object({ typeId: NewsTypeParam }),
    answer: NewsPage,
    summary: 'A page of the items of a type labelled Ocean Alliance',
  }),
  typeNewsQuality2019: defineCall({
    method: 'GET',
    path: NEWS_PATH.typeNewsQuality2019,
    query: NewsPageQuery,
    params: z.object({ typeId: NewsTypeParam }),
    answer: NewsPage,
    summary: 'A page of the Service Enhancement list (items of a type labelled Service Enhancement)',
  }),
  labelNews: defineCall({
    method: 'GET',
    path: NEWS_PATH.labelNews,
    query: NewsLabelPageQuery,
    params: z.object({ typeId: NewsTypeParam }),
    answer: NewsPage,
    summary: 'A page of a news type filtered by label (newsLabelUuid; none = all)',
  }),
  newsLastNext: defineCall({
    method: 'GET',
    path: NEWS_PATH.lastNext,
    query: NewsLastNextQuery,
    params: z.object({ newsId: NewsUuid }),
    answer: NewsDetail,
    summary: 'An item with its previous (newer) and next (older) neighbours in its type list',
  }),
  serviceNews: defineCall({
    method: 'GET',
    path: NEWS_PATH.serviceNews,
    query: LanguageOnly,
    params: z.object({ fixedId: NewsTypeParam }),
    answer: z.array(NewsListItem),
    summary: 'Newest items of a type labelled Service Enhancement (at most 5)',
  }),
  focusNewss: defineCall({
    method: 'GET',
    path: NEWS_PATH.focusNewss,
    query: LanguageOnly,
    params: z.object({ id: NewsTypeParam }),
    answer: z.array(NewsListItem),
    summary: 'Newest items of a type with a picture, for the carousels (at most 5)',
  }),
  specialNews: defineCall({
    method: 'GET',
    path: NEWS_PATH.specialNews,
    query: LanguageOnly,
    params: z.object({ id: NewsTypeParam }),
    answer: z.array(NewsListItem),
    summary: 'Newest items of a type, for the home blocks (at most 5)',
  }),
  focusNews: defineCall({
    method: 'GET',
    path: NEWS_PATH.focusNews,
    query: LanguageOnly,
    params: z.object({ id: NewsTypeParam }),
    answer: z.array(NewsListItem),
    summary: 'Important items of a type, newest first (at most 5)',
  }),
  newsRevisions: defineCall({
    method: 'GET',
    path: NEWS_PATH.revisions,
    query: LanguageOnly,
    answer: NewsRevisions,
    summary: 'Addition for the nightly job: every story of the language with its type and revision (changes whenever the story or its labels change)',
  }),
  newsExport: defineCall({
    method: 'POST',
    path: NEWS_PATH.export,
    query: LanguageOnly,
    body: NewsExportBody,
    answer: NewsExport,
    summary: 'Addition for the nightly job: up to 500 whole stories by id (JSON { ids }), each with its revision; ids not found are left out',
  }),
  newsSearch: defineCall({
    method: 'GET',
    path: NEWS_PATH.titleAll,
    query: NewsSearchQuery,
    answer: NewsSearchResult,
    summary: 'News whose title, subtitle, teaser or text contains the keyword, a page of them with counts per tab',
  }),
  // ---- one object per later feature area, each in its own file ----
  ...helpCalls,
  ...searchCalls,
  ...localCalls,
  ...sclCalls,
  ...scheduleCalls,
  ...subscribeCalls,
  ...trackingCalls,
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallQuery<C extends CallDef> = z.input<C['query']>;
export type CallParams<C extends CallDef> = z.input<C['params']>;
export type CallBody<C extends CallDef> = z.input<C['body']>;
export type CallAnswer<C extends CallDef> = z.output<C['answer']>;

/** Fills `:name` path parameters. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Turns zod issues into one sentence that names each field. */
export function describeIssues(error: z.ZodError, where?: string): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.length ? issue.path.join('.') : (where ?? 'request');
      return issue.message.startsWith(`${field} `) ? issue.message : `${field}: ${issue.message}`;
    })
    .join('; ');
}
