/**
 * The wire contract's plain part: codes, the answer wrapper and constants that
 * both sides share. No zod here, so the smallest browser scripts can import it.
 * The zod schemas of every call are in ./calls.ts.
 */

/** Default mount point of the API; PUBLIC_API_BASE overrides it at build time. */
export const DEFAULT_API_BASE = '/homeapiak';

/** Codes the API answers with (strings on the wire). */
export const CODE = {
  ok: '200',
  /** A lookup that found nothing where the existing backend answers 201 (e.g. unknown location). */
  empty: '201',
  badRequest: '400',
  /** Staff calls: no session, or it has ended (src/server/staff/). */
  unauthorized: '401',
  forbidden: '403',
  notFound: '404',
  /** Staff calls: someone else changed it first. */
  conflict: '409',
  methodNotAllowed: '405',
  tooManyRequests: '429',
  serverError: '500',
  unavailable: '503',
} as const;
export type Code = (typeof CODE)[keyof typeof CODE];

/** Every answer: `{ code, message, data: { content } }`. */
export interface Wrapped<T> {
  code: string;
  message: string;
  data: { content: T };
}

export function ok<T>(content: T, message = 'success'): Wrapped<T> {
  return { code: CODE.ok, message, data: { content } };
}

export function fail(code: Code, message: string): Wrapped<null> {
  return { code, message, data: { content: null } };
}

/** The names pictureNameEN takes on POST /webPicture/saveClick. */
export const PICTURE_NAMES = [
  // top-bar platforms
  'EXPO',
  'EB',
  'SYNCONHUB',
  // home banners
  'SLOGAN',
  'SOUTH_AFRICA',
  'META_OCEAN',
  // smart-service butler entries
  'MENU_SMART_SERVICE_BUTLER',
  'ICON_SMART_SERVICE_BUTLER',
] as const;
export type PictureName = (typeof PICTURE_NAMES)[number];

/** News category ids of the spec. */
export const NEWS_TYPE = {
  notices: '50000000000000231',
  news: '50000000000000232',
  specialTopic: '50000000000000233',
  updates: '50000000000000234',
} as const;
export type NewsTypeId = (typeof NEWS_TYPE)[keyof typeof NEWS_TYPE];
export const NEWS_TYPE_IDS = Object.values(NEWS_TYPE) as [NewsTypeId, ...NewsTypeId[]];

/** Location list: parent 0 is a top-level region, -2 a site in the China sub-list. */
export const LOCATION_PARENT = { region: 0, china: -2 } as const;
/** The region whose entry opens the China sub-list instead of listing children. */
export const CHINA_REGION_ID = 86;

/** Continents of the global offices, as the `area` value on the wire and in URLs (the bare section path opens the first). */
export const OFFICE_AREAS = ['asia', 'oceania', 'africa', 'europe', 'america'] as const;
export type OfficeAreaName = (typeof OFFICE_AREAS)[number];
/** Office lists show 10 at first and grow by 10 with Load More; an API page holds at most 100. */
export const OFFICE_PAGE_SIZE = 10;
export const OFFICE_PAGE_MAX = 100;

/** Paths of the calls (relative to the API base). */
export const PATH = {
  health: '/health',
  saveClick: '/webPicture/saveClick',
  locationList: '/local/getLocationList',
  assistantCheck: '/local/ip/decideIntelligentCustomerIp',
  routeGroups: '/routeService/ServiceLoopGroup/:groupId',
  routeServices: '/routeService/routeService/:groupUuid',
  routeMap: '/routeService/routeAddress/:code',
  callPorts: '/routeService/callPort/:code',
  routeAdvantage: '/routeService/advantage/:code',
  loopImport: '/routeService/loopImport/:code',
  loopExport: '/routeService/loopExport/:code',
  scheduleTrade: '/schedule/findServiceCode',
  ships: '/ship/findShips',
  shipDownload: '/ship/download',
  // global offices
  globalOffices: '/globalInstitutions/findGlobalOffices',
  officeSearch: '/globalInstitutions/citys',
  countryOffices: '/globalInstitutions/findCity',
  officeDetail: '/globalInstitutions/findCitys/:officeId',
  // forms (captcha, contact, countries, recruiting)
  captcha: '/public/captcha/new',
  countries: '/ebbase/public/country/countries',
  provinces: '/ebbase/public/country/:countryCode/provinces',
  cities: '/ebbase/public/country/:countryCode/cities',
  saveContact: '/contactUs/saveContactUs',
  positionList: '/position/getAllPosition',
  positionDetail: '/position/findPositionUUID/:id',
  positionNames: '/position/positionName',
  resumeTemplate: '/position/resumePath',
  upload: '/webUpload/upload',
  saveApplication: '/positionApplyFor/savePositionApplyFor',
  // carbon calculator
  carbonToken: '/carbonCalculate/getToken',
  carbonCity: '/carbonCalculate/getCity',
  carbonDigital: '/carbonCalculate/getDigital',
} as const;
