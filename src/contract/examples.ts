import { z } from 'zod';
import { PointToPointQuery as DcsaPointToPointQuery, PointToPoint, PortSchedule, PortSchedulesQuery, ServiceSchedule, VesselSchedulesQuery } from '../schedules/dcsa/schemas';
import { fillPath, type CallName } from './calls';
import { HELP_PATH } from './help-paths';
import { SCHEDULE_PATH } from './schedule-paths';
import { SUBSCRIBE_PATH, UnsubscribeQuery } from './subscribe';
import { AlertUnsubscribeQuery, TRACK_ALERT_PATH } from './tracking';
import { NEWS_TYPE, PATH } from './wire';

/**
 * The example request of every operation of the OpenAPI document (./openapi.ts): what a reader
 * would try first, with real ids of the committed content (an office of content/offices, a
 * service of content/routes/trades, a local site of content/local, a story of content/news, a
 * position of content/recruiting/positions.json, a vessel of content/vessels.json, ports of
 * content/routes/ports.json). The answers shown beside them are not written here: the API
 * answers these requests itself when the document is first asked for
 * (src/server/openapi-examples.ts), so an example cannot drift from what the API says.
 *
 * An operation that must not be called to make an example (it writes or counts, mails, needs a
 * one-time code, a captcha or a signed link, uploads, answers about the caller, or answers a file
 * or a redirect rather than JSON) is in NO_LIVE_EXAMPLE with the reason: the document shows its
 * request only.
 */

/** A request: path parameters, query parameters (as the query string carries them) and, for a POST, the JSON body. */
export interface ExampleRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/**
 * The operations of the document that are not calls of `calls`: the file and redirect answers of
 * the wire API, and the DCSA Commercial Schedules API (its own base, its answers a bare list),
 * with the schemas of their query and of their JSON answer where they have one.
 */
export const OTHER_OPERATIONS = {
  shipCertificateDownload: { method: 'GET', path: PATH.shipDownload, api: 'wire' },
  scheduleFileDownload: { method: 'GET', path: HELP_PATH.scheduleDownload, api: 'wire' },
  documentDownload: { method: 'GET', path: HELP_PATH.fileDownload, api: 'wire' },
  subscribeUnsubscribeLink: { method: 'GET', path: SUBSCRIBE_PATH.unsubscribe, api: 'wire', query: UnsubscribeQuery },
  schedulePointToPointWorkbook: { method: 'GET', path: `${SCHEDULE_PATH.pointToPoint}.xlsx`, api: 'wire' },
  getPointToPointRoutes: { method: 'GET', path: '/point-to-point-routes', api: 'dcsa', query: DcsaPointToPointQuery, answer: z.array(PointToPoint) },
  getPortSchedules: { method: 'GET', path: '/port-schedules', api: 'dcsa', query: PortSchedulesQuery, answer: z.array(PortSchedule) },
  getVesselSchedules: { method: 'GET', path: '/vessel-schedules', api: 'dcsa', query: VesselSchedulesQuery, answer: z.array(ServiceSchedule) },
  trackAlertUnsubscribeLink: { method: 'GET', path: TRACK_ALERT_PATH.unsubscribe, api: 'wire', query: AlertUnsubscribeQuery },
  getEvents: { method: 'GET', path: '/events', api: 'tnt' },
  postNotification: { method: 'POST', path: '/notifications', api: 'tnt' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: string; api: 'wire' | 'dcsa' | 'tnt'; query?: z.ZodType; answer?: z.ZodType }>;

export type OperationId = CallName | keyof typeof OTHER_OPERATIONS;

const SHANGHAI = { location: 'shanghai', lang: 'en' };
/** Stands for the sign of a captcha from GET /public/captcha/new (a real one is signed by the server and accepted once). */
const CAPTCHA = { code: 'K7P2', sign: 'the-sign-of-GET-/public/captcha/new' };
/** A message of the leave-a-message form that passes every rule (the API tests start from it too). */
export const EXAMPLE_MESSAGE = {
  email: 'li.wei@example.com',
  userName: 'Li Wei',
  companyName: 'Example Trading Co.',
  needCall: '0',
  tel: '021-12345678',
  country: 'China/Shanghai/Shanghai',
  content: 'Please quote a 40HQ from Shanghai to Rotterdam, weekly, from January.',
};
/** A subscription of spec 002 that passes every rule, without its e-mail code and captcha (the API tests start from it too). */
export const EXAMPLE_SUBSCRIPTION = {
  email: 'chen.jing@example.com',
  company: 'Huadong Electronics Trading Co., Ltd.',
  firstName: 'Jing',
  lastName: 'Chen',
  country: 'CN',
  province: 'SH',
  city: 'Shanghai',
  phone: '86-21-61234567',
  jobTitle: 'Logistics Manager',
  lang: 'en-US',
  dayOfWeek: 'MON',
  labels: 'TP;AE',
  portSubscribe: 'CNSHA;NLRTM',
  feqImportant: '1',
  feqBusiness: '1',
  feqPort: '1',
  status: 'ACITVE',
};
/** A subscription of spec 002 as the form sends it. */
const SUBSCRIPTION = {
  ...EXAMPLE_SUBSCRIPTION,
  emailCode: '408213',
  ...CAPTCHA,
};
/** Stands for the subscriber id and signature of a mail's unsubscribe link. */
const UNSUBSCRIBE_LINK = { u: '3f1c2a9e-8d4b-4f6a-9c1e-2b7d5a0e4c11', t: 'q8ZrV0m3XkP1tYwA6nL2sJ9dH4fG7cB5eR0uI8oT3yE' };

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The example request of every operation, for a given day (YYYY-MM-DD, UTC): the schedule
 * calls ask for sailings from that day, since the published schedules move with the date.
 */
export function exampleRequests(today: string): Record<OperationId, ExampleRequest> {
  return {
    health: {},
    saveClick: { query: { pictureNameEN: 'EB' } },
    getLocationList: {},
    routeGroups: { params: { groupId: '11' } },
    routeServices: { params: { groupUuid: 'tp-uswc' } },
    routeMap: { params: { code: 'PSX' } },
    callPorts: { params: { code: 'PSX' } },
    routeAdvantage: { params: { code: 'PSX' } },
    loopExport: { params: { code: 'PSX' } },
    loopImport: { params: { code: 'PSX' } },
    scheduleTrade: { query: { serviceCode: 'PSX' } },
    ships: { query: { slots: '0' } },
    globalOffices: { query: { area: 'europe' } },
    officeSearch: { query: { key: 'Rotterdam', currentPage: '1', size: '10' } },
    countryOffices: { query: { Country: 'Netherlands' } },
    officeDetail: { params: { officeId: 'NLRTM01' } },
    captcha: {},
    countries: {},
    provinces: { params: { countryCode: 'CN' } },
    cities: { params: { countryCode: 'CN' }, query: { province: 'SH' } },
    saveContact: {
      body: { ...EXAMPLE_MESSAGE, ...CAPTCHA },
    },
    positionList: { query: { currentPage: '1', size: '7' } },
    positionDetail: { params: { id: 'marine-superintendent' } },
    positionNames: {},
    resumeTemplate: { query: { positionUUID: 'marine-superintendent' } },
    // the body is multipart/form-data with one field, file (a .doc or .docx), which JSON cannot show
    upload: { query: { language: '1' } },
    saveApplication: {
      body: {
        applyForName: 'Wang Fang',
        applyForSex: '女',
        graduateSchool: 'Shanghai Maritime University',
        magor: 'Naval Architecture',
        graduateTime: '2019-07',
        positionUUID: 'marine-superintendent',
        path: '0f3a9c2e7b5d4e1f8a6c3b2d1e0f9a8b',
        ...CAPTCHA,
      },
    },
    carbonToken: {},
    carbonCity: { query: { prefix: 'Rotter' } },
    carbonDigital: {
      body: [
        {
          originLocationId: 'cn-shanghai',
          destinationLocationId: 'nl-rotterdam',
          cargoWeightValue: 2,
          cargoWeightUnit: 'TEU',
          cargoNature: 'Dry',
          factorType: 'WTW',
          token: 't1.carbon.the-access_token-of-GET-/carbonCalculate/getToken',
        },
      ],
    },
    newsTypes: {},
    newsLabels: { params: { typeId: NEWS_TYPE.news } },
    typeNews: { params: { typeId: NEWS_TYPE.news }, query: { currentPage: '1', size: '5' } },
    typeNewsOceanAlliance: { params: { typeId: NEWS_TYPE.specialTopic } },
    typeNewsQuality2019: { params: { typeId: NEWS_TYPE.updates } },
    labelNews: { params: { typeId: NEWS_TYPE.news }, query: { newsLabelUuid: 'trade-lanes' } },
    newsLastNext: { params: { newsId: 'n2025-1118-a0c1' }, query: { newsTypeUuid: NEWS_TYPE.updates } },
    serviceNews: { params: { fixedId: NEWS_TYPE.updates } },
    focusNewss: { params: { id: NEWS_TYPE.news } },
    specialNews: { params: { id: NEWS_TYPE.notices } },
    focusNews: { params: { id: NEWS_TYPE.notices } },
    newsRevisions: {},
    newsExport: { body: { ids: ['n2025-1118-a0c1', 'n2025-1125-8b05'] } },
    newsSearch: { query: { title: 'Nansha' } },
    faqTypes: {},
    faqByType: { body: { faqTypeUuid: '1', faqTitle: 'book' } },
    scheduleGroups: {},
    scheduleLoops: { query: { tradeName: 'Trans-Pacific' } },
    scheduleFiles: { query: { serviceCode: 'PSX' } },
    popularDownloads: {},
    popularCertificates: {},
    tariffs: {},
    localMenu: { query: SHANGHAI },
    localDefaultSummary: { query: { ...SHANGHAI, summaryMenuUuid: '110032', pageNum: '1' } },
    localNewsSummary: { query: { ...SHANGHAI, summaryMenuUuid: '110022', pageNum: '1' } },
    localDefaultDetailBySummary: { query: { ...SHANGHAI, summaryMenuUuid: '110032', id: '110401' } },
    localNewsDetail: { query: { ...SHANGHAI, summaryMenuUuid: '110022', id: '110101' } },
    localDefaultDetail: { query: { ...SHANGHAI, menuUuid: '110012' } },
    localFullProfile: { query: SHANGHAI },
    localNewsletters: { query: { ...SHANGHAI, menuUuid: '110023', pageNum: '1' } },
    localFileDownloads: { query: { ...SHANGHAI, menuUuid: '110033', pageNum: '1' } },
    localRedirectInfo: { query: { ...SHANGHAI, menuUuid: '110034' } },
    localSearch: { query: { ...SHANGHAI, keyWords: 'surcharge', pageNum: '1' } },
    localBanners: { query: SHANGHAI },
    localCompanyName: { query: SHANGHAI },
    localImportantNews: { query: SHANGHAI },
    localHomeCompanyNews: { query: SHANGHAI },
    localNavTitle: { query: SHANGHAI },
    localBriefProfile: { query: SHANGHAI },
    localLanguages: { query: { location: 'shanghai' } },
    localLanguage: { query: SHANGHAI },
    localQuickLinks: { query: SHANGHAI },
    localQr: { query: { ...SHANGHAI, position: 'TOP' } },
    localAddress: { query: SHANGHAI },
    localLogo: { params: { location: 'shanghai' } },
    localChatIp: {},
    sclAreas: { query: { type: 'TT' } },
    sclRegions: { query: { areaUuid: '952d85aa-60d6-5f44-b598-2b81c0f842a9', type: 'TT' } },
    sclServices: { query: { regionUuid: '592c95a9-b521-58b5-aea8-c144899bc7ec', type: 'TT' } },
    schedulePointToPoint: { query: { from: 'CNSHA', to: 'NLRTM', date: today, weeks: '1' } },
    subscribeNewsLabels: {},
    subscribePorts: {},
    subscribeCountries: {},
    subscribeProvinces: { params: { country: 'CN' } },
    subscribeCities: { params: { country: 'US', province: 'CA' } },
    subscribeSendCode: { body: { email: SUBSCRIPTION.email, lang: 'en-US' } },
    subscribeLookup: { body: { email: SUBSCRIPTION.email, lang: 'en-US', code: SUBSCRIPTION.emailCode } },
    subscribeRegister: { body: SUBSCRIPTION },
    subscribeUpdate: { body: { ...SUBSCRIPTION, uuid: UNSUBSCRIBE_LINK.u, dayOfWeek: 'FRI' } },
    subscribeCancel: { body: { email: SUBSCRIPTION.email, lang: 'en-US', emailCode: SUBSCRIPTION.emailCode, ...CAPTCHA } },
    subscribeOneClick: { query: UNSUBSCRIBE_LINK, body: { 'List-Unsubscribe': 'One-Click' } },
    shipCertificateDownload: { query: { shipUuid: 'seabridge-harmony' } },
    scheduleFileDownload: { query: { scheduleUuid: 'psx-long-term' } },
    documentDownload: { query: { fileStatisticsUuid: 'bl-terms', language: '1' } },
    subscribeUnsubscribeLink: { query: UNSUBSCRIBE_LINK },
    schedulePointToPointWorkbook: { query: { from: 'CNSHA', to: 'NLRTM', date: today, weeks: '4', sort: 'departure' } },
    track: { query: { refs: 'SBLU3096212, 2611040071', language: '1' } },
    trackSamples: {},
    trackAlertCode: { body: { email: 'shipper@example.com', reference: 'SBLU2611040071' } },
    trackAlertCreate: { body: { email: 'shipper@example.com', reference: 'SBLU2611040071', code: '408213', milestones: ['departure', 'arrival', 'eta'], etaHours: 12 } },
    trackAlertUnsubscribe: { query: { a: '3f1c2a9e-8d4b-4f6a-9c1e-2b7d5a0e4c11', t: 'q8ZrV0m3XkP1tYwA6nL2sJ9dH4fG7cB5eR0uI8oT3yE' }, body: { 'List-Unsubscribe': 'One-Click' } },
    getPointToPointRoutes: { query: { placeOfReceipt: 'CNSHA', placeOfDelivery: 'NLRTM', departureStartDate: today, departureEndDate: addDays(today, 13), limit: '2' } },
    getPortSchedules: { query: { UNLocationCode: 'SGSIN', date: today, limit: '2' } },
    getVesselSchedules: { query: { vesselIMONumber: '9880221', startDate: today, endDate: addDays(today, 27) } },
    trackAlertUnsubscribeLink: { query: { a: '3f1c2a9e-8d4b-4f6a-9c1e-2b7d5a0e4c11', t: 'q8ZrV0m3XkP1tYwA6nL2sJ9dH4fG7cB5eR0uI8oT3yE' } },
    getEvents: { query: { carrierBookingReference: '2611040071', 'eventCreatedDateTime:gte': `${addDays(today, -30)}T00:00:00Z`, limit: '20' } },
    postNotification: {},
  };
}

/** Operations shown with their request only, and why none of them is called to make an answer example. */
export const NO_LIVE_EXAMPLE: Partial<Record<OperationId, string>> = {
  saveClick: 'Counts a click: calling it would add one to the counts the site reports',
  captcha:
    'Issues a new captcha, counted against the caller’s captcha rate limit; an answer made for the document would hand the same live captcha (its sign valid for CAPTCHA_TTL_SECONDS) to every reader',
  saveContact: 'Stores a message and mails staff; needs a solved captcha',
  upload: 'Stores an uploaded file (a multipart/form-data body with the field file, which a JSON example cannot carry)',
  saveApplication: 'Stores an application and mails HR; needs the token of an upload and a solved captcha',
  carbonToken: 'Answers a freshly signed token (a credential valid for 30 minutes) and counts against the caller’s RATE_LIMIT_CARBON; the document would publish a token that expires soon after',
  carbonDigital: 'Each shipment must carry a token from getToken (see there) and every call counts against the caller’s RATE_LIMIT_CARBON',
  localChatIp: 'The answer is about the caller’s own address: made inside the server it would describe the server, not the reader',
  subscribeSendCode: 'Mails a code to the address (and counts against RATE_LIMIT_SUBSCRIBE)',
  subscribeLookup: 'Needs the 6-digit code mailed to the address, and answers that subscriber’s record',
  subscribeRegister: 'Stores a subscription; needs the mailed e-mail code and a solved captcha',
  subscribeUpdate: 'Changes a subscription; needs the mailed e-mail code and a solved captcha',
  subscribeCancel: 'Ends a subscription; needs the mailed e-mail code and a solved captcha',
  subscribeOneClick: 'Ends a subscription; needs the signed link of a real subscriber’s mail',
  shipCertificateDownload: 'Counts a download (the popular-certificates list) and answers a redirect, not JSON',
  scheduleFileDownload: 'Counts a download and answers a redirect, not JSON',
  documentDownload: 'Counts a download (the popular-downloads list) and answers a redirect, not JSON',
  subscribeUnsubscribeLink: 'Ends a subscription; needs the signed link of a real subscriber’s mail, and answers a redirect',
  schedulePointToPointWorkbook: 'Answers an .xlsx workbook, which has no place in a JSON example',
  track: 'Counts against the caller’s RATE_LIMIT_TRACK, and answers from the tracking store, which the provider fills after the server starts',
  trackAlertCode: 'Mails a code to the address (and counts against RATE_LIMIT_SUBSCRIBE)',
  trackAlertCreate: 'Needs the 6-digit code mailed to the address',
  trackAlertUnsubscribe: 'Ends alerts; needs the signed link of a real alert mail',
  trackAlertUnsubscribeLink: 'Ends alerts; needs the signed link of a real alert mail, and answers a redirect',
  getEvents: 'Answers the tracking store, which the provider fills after the server starts: an example made at start would be empty or one moment’s events',
  postNotification: 'The provider’s callback: needs the subscription’s id and a body signed with its secret',
};

/** The URL (path and query, relative to the base of its API) of an example request to a path with `:name` parameters. */
export function exampleUrl(path: string, request: ExampleRequest): string {
  const query = new URLSearchParams(request.query ?? {}).toString();
  return `${fillPath(path, request.params)}${query ? `?${query}` : ''}`;
}
