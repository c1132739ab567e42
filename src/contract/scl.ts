import { z } from 'zod';
import { defineCall, type CallDef } from './define.ts';
import { Language } from './entities.ts';

/**
 * Calls of the supply-chain pages (/scl). Spread into `calls` (./calls.ts).
 *
 * The spec's three calls, answered from content/scl (src/scl/scl.ts): the global
 * areas of a service type, the regions of an area, the services of a region. Field
 * names are the spec's; picture paths travel comma-separated; an absent e-mail or
 * picture list is ''. Texts come in the language asked (0 Chinese, 1 English).
 */

/** Service types on the wire: TT trailer transport, WD warehousing and distribution, RT rail transport, CD customs declaration. */
export const SCL_TYPES = ['TT', 'WD', 'RT', 'CD'] as const;
export type SclTypeCode = (typeof SCL_TYPES)[number];

export const SCL_PATH = {
  areas: '/scl/getGlobalAreas',
  regions: '/scl/getRegionsByAreaId',
  services: '/scl/getRegionServiceByRegionId',
} as const;

const TYPE_ERROR = 'must be TT (trailer transport), WD (warehousing and distribution), RT (rail transport) or CD (customs declaration)';
export const SclType = z.enum(SCL_TYPES, { error: TYPE_ERROR });

/** An area or region id as the query carries it (our ids are uuids; the existing backend's may be other strings). */
const SclId = (what: string) =>
  z
    .string({ error: `must name the ${what}` })
    .trim()
    .min(1, { error: `must name the ${what}` })
    .max(64, { error: 'must be at most 64 characters' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: `must be ${what === 'area' ? 'an area' : 'a region'} id (letters, digits, hyphens)` });

export const SclAreaItem = z
  .object({
    areaUuid: z.string(),
    areaName: z.string(),
    areaDesc: z.string().describe('Feature text of the area'),
  })
  .strict();
export type SclAreaItem = z.infer<typeof SclAreaItem>;

export const SclRegionItem = z
  .object({
    regionUuid: z.string(),
    regionName: z.string(),
    companyName: z.string(),
    regionDesc: z.string(),
    regionDescPicPath: z.string().describe('Picture paths, comma-separated'),
  })
  .strict();
export type SclRegionItem = z.infer<typeof SclRegionItem>;

export const SclServiceItem = z
  .object({
    regionServiceUuid: z.string(),
    regionServiceTitle: z.string(),
    regionServiceDesc: z.string(),
    regionServiceEmail: z.string().describe("Contact e-mail, '' when none"),
    regionServicePicPath: z.string().describe("Picture paths, comma-separated ('' when none)"),
  })
  .strict();
export type SclServiceItem = z.infer<typeof SclServiceItem>;

export const sclCalls = {
  sclAreas: defineCall({
    method: 'GET',
    path: SCL_PATH.areas,
    query: z.object({ type: SclType, language: Language.optional() }).strict(),
    answer: z.array(SclAreaItem),
    summary: 'Global areas of a supply-chain service type, in tab order',
  }),
  sclRegions: defineCall({
    method: 'GET',
    path: SCL_PATH.regions,
    query: z.object({ areaUuid: SclId('area'), type: SclType, language: Language.optional() }).strict(),
    answer: z.array(SclRegionItem),
    summary: 'Regions of an area of that type, in list order (404 when the type has no such area)',
  }),
  sclServices: defineCall({
    method: 'GET',
    path: SCL_PATH.services,
    query: z.object({ regionUuid: SclId('region'), type: SclType, language: Language.optional() }).strict(),
    answer: z.array(SclServiceItem),
    summary: 'Services of a region of that type (404 when the type has no such region)',
  }),
} satisfies Record<string, CallDef>;
