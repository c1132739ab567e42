import { z } from 'zod';
import { PICTURE_NAMES } from './wire';

/** Entities that travel on the wire, one schema each, shared by server, client, content and tests. */

/** The `language` query value: 0 Chinese, 1 English. */
export const Language = z.coerce
  .number({ error: 'language must be 0 (Chinese) or 1 (English)' })
  .pipe(z.union([z.literal(0), z.literal(1)], { error: 'language must be 0 (Chinese) or 1 (English)' }));

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
      .regex(/^(|\/[a-z0-9-]+|https?:\/\/\S+)$/, 'must be empty (a region), a site path such as /shanghai, or an http(s) URL')
      .describe('Where the site lives: /{location} on this site, or an external URL'),
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

export const RouteGroupItem = z
  .object({ serLpGroupUuid: z.string(), serLpGroupNameCn: z.string(), serLpGroupNameEn: z.string() })
  .strict();

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
