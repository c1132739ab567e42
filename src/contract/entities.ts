import { z } from 'zod';
import { OFFICE_AREAS, OFFICE_PAGE_MAX, PICTURE_NAMES } from './wire.ts';

/** Entities that travel on the wire, one schema each, shared by server, client, content and tests. */

/** The `language` query value: 0 Chinese, 1 English. */
export const Language = z.coerce.number({ error: 'language must be 0 (Chinese) or 1 (English)' }).pipe(z.union([z.literal(0), z.literal(1)], { error: 'language must be 0 (Chinese) or 1 (English)' }));

export const PictureName = z.enum(PICTURE_NAMES, {
  error: `pictureNameEN must be one of ${PICTURE_NAMES.join(', ')}`,
});

/** A local (regional) site or a region of the local-site picker. */
export const Location = z
  .object({
    locationId: z.number().int().describe('Unique id'),
    locationParentId: z.number().int().describe('0 = top-level region, -2 = site of the China sub-list, else the id of its region'),
    locationNameEn: z.string().min(1),
    locationNameCn: z.string().min(1),
    locationUrl: z
      .string()
      .regex(
        /^(|\/[a-z0-9-]+|\/home\/Contact\/global\/[A-Za-z0-9/-]+|https?:\/\/\S+)$/,
        'must be empty (a region), a site path such as /shanghai, a corporate offices page (/home/Contact/global/...), or an http(s) URL',
      )
      .describe(
        'Where the site lives: /{location} on this site; for a location without a local site, its offices page on the corporate site (/home/Contact/global/..., the page adds the language); or an external URL',
      ),
  })
  .strict();
export type Location = z.infer<typeof Location>;

export const ClickCount = z.object({ pictureNameEN: PictureName, count: z.number().int().nonnegative() }).strict();

export const Health = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['pglite', 'postgres']),
    databaseOk: z.boolean(),
    version: z.string(),
    time: z.string(),
  })
  .strict();

// ---- Routes (/routeService, /schedule/findServiceCode) --------------------------------

/** A route service's code on the wire (serLpCode), e.g. AAC. */
export const ServiceCode = z.string().regex(/^[A-Z0-9]{2,6}$/, { error: 'must be a service code of 2 to 6 capital letters or digits, e.g. AAC' });

export const RouteGroupItem = z.object({ serLpGroupUuid: z.string(), serLpGroupNameCn: z.string(), serLpGroupNameEn: z.string() }).strict();

export const RouteServiceItem = z.object({ serLpCode: ServiceCode, serLpNameCn: z.string(), serLpNameEn: z.string() }).strict();

export const RouteMap = z.object({ imgPic: z.string().describe('URL of the route map (SVG)') }).strict();

export const CallPortItem = z
  .object({
    callPort: z.string(),
    callPortTerminal: z.string(),
    callPortEta: z.string().describe('Weekday of arrival, MON to SUN'),
    callPortEtaTime: z.string().describe('HH:mm'),
    callPortEtd: z.string(),
    callPortEtdTime: z.string(),
  })
  .strict();

export const RouteAdvantage = z
  .object({
    advantageContext: z.string().describe('Chinese, paragraphs separated by @@'),
    eAdvantageContext: z.string().describe('English, paragraphs separated by @'),
  })
  .strict();

export const LoopDirection = z
  .object({
    direction: z.string(),
    Pol: z.array(
      z
        .object({
          polName: z.string(),
          pod: z.array(z.object({ podName: z.string(), time: z.number().int().positive().describe('Transit days') }).strict()),
        })
        .strict(),
    ),
  })
  .strict();

export const ScheduleTrade = z.object({ trade: z.string() }).strict();

// ---- Vessels (/ship) --------------------------------------------------------------------

/** The capacity class of the vessel page (slots): 0 over 10,000 TEU ... 4 under 800. */
export const Slots = z.coerce
  .number({ error: 'must be a capacity class, 0 to 4' })
  .pipe(z.number().int({ error: 'must be a capacity class, 0 to 4' }).min(0, { error: 'must be a capacity class, 0 to 4' }).max(4, { error: 'must be a capacity class, 0 to 4' }));

export const ShipItem = z
  .object({
    shipUuid: z.string(),
    shipNameCn: z.string(),
    shipNameEn: z.string(),
    createTime: z.string().describe('Year built'),
    length: z.number().describe('Length overall, m'),
    width: z.number().describe('Beam, m'),
    spdSpeed: z.number().describe('Service speed, knots'),
    slots: z.number().int().min(0).max(4).describe('Capacity class'),
    capacity: z.number().int().describe('Nominal capacity, TEU'),
    bunting: z.string().describe('Flag, in the language asked'),
    imo: z.string(),
    shipPic: z.string().nullable().describe('Side view image URL, or null'),
  })
  .strict();

// ---- Global offices (/globalInstitutions) ------------------------------------------------

export const OfficeAreaParam = z.enum(OFFICE_AREAS, { error: `area must be one of ${OFFICE_AREAS.join(', ')}` });

/** currentPage of a paged office list: 1 for the first page. */
export const CurrentPage = z.coerce
  .number({ error: 'currentPage must be a whole number from 1' })
  .pipe(
    z.number().int({ error: 'currentPage must be a whole number from 1' }).min(1, { error: 'currentPage must be a whole number from 1' }).max(100_000, { error: 'currentPage must be at most 100000' }),
  );

/** size of a paged office list: how many offices a page holds (the site asks 10, 20, 30 … as Load More grows the list). */
export const PageSize = z.coerce.number({ error: `size must be a whole number from 1 to ${OFFICE_PAGE_MAX}` }).pipe(
  z
    .number()
    .int({ error: `size must be a whole number from 1 to ${OFFICE_PAGE_MAX}` })
    .min(1, { error: `size must be a whole number from 1 to ${OFFICE_PAGE_MAX}` })
    .max(OFFICE_PAGE_MAX, { error: `size must be a whole number from 1 to ${OFFICE_PAGE_MAX}` }),
);

/** A country of the continent index: Chinese and English name, and its URL segment. */
export const IndexCountry = z
  .object({
    countryName: z.string().describe('Chinese name'),
    ecountryName: z.string().describe('English name'),
    countryKey: z.string().describe('URL segment and findCity Country value, e.g. united-states'),
    officeCount: z.number().int().positive(),
  })
  .strict();

/** One letter of the continent index (English initial, or pinyin initial of the Chinese name for language 0). */
export const CountryGroup = z.object({ index: z.string().regex(/^([A-Z]|#)$/), countryList: z.array(IndexCountry) }).strict();

export const CityOfficeItem = z
  .object({
    bkOfficeUuid: z.string().describe('Office id, e.g. CNSHA01'),
    city: z.string().describe('City, in the language asked'),
    country: z.string().describe('Country, in the language asked'),
    area: OfficeAreaParam,
    cnTeminal: z.string().describe('Office (company) name in Chinese (field name as the existing backend spells it)'),
    enTeminal: z.string().describe('Office (company) name in English'),
    ctAddr: z.string().describe('Address in Chinese'),
    etAddr: z.string().describe('Address in English'),
    tel: z.string(),
    fax: z.string().describe('Empty when the office has no fax'),
    countryKey: z.string().describe('URL segment of the country'),
    cityKey: z.string().describe('URL segment of the city'),
  })
  .strict();

/** A page of offices: the items of the page and the total count of matches. */
export const CityOfficePage = z.object({ list: z.array(CityOfficeItem), count: z.number().int().nonnegative() }).strict();

export const LinkmanItem = z
  .object({
    department: z.string(),
    position: z.string(),
    name: z.string(),
    email: z.string().describe('E-mail address, or an http(s) link to a contact form (shown as an external link)'),
    tel: z.string(),
    fax: z.string().describe('Empty when none'),
  })
  .strict();

export const OfficeDetail = z
  .object({
    bkOfficeUuid: z.string(),
    area: OfficeAreaParam,
    country: z.string(),
    countryKey: z.string(),
    city: z.string(),
    cityKey: z.string(),
    company: z.string(),
    address: z.string(),
    tel: z.string(),
    fax: z.string().describe('Empty when the office has no fax'),
    linkman: z.array(LinkmanItem),
  })
  .strict();
