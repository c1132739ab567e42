import { z } from 'zod';
import { SCL_TYPES } from '../../contract/scl.ts';
import { Localised } from './common.ts';

/**
 * The supply-chain service pages as maintainers edit them: content/scl/{page}.json,
 * one file per service type (trailerTransport, warehouseDistribution, railTransport,
 * customsDeclaration), both languages side by side.
 *
 * A file holds the page's texts, its picture catalogue and its global areas; an area
 * holds its regions, a region its services. The uuids are the ids on the wire
 * (areaUuid, regionUuid, regionServiceUuid) and in deep links, the same in both
 * languages: never change one that is published. Pictures are drawn by
 * `node src/build/derived/generators/make-scl-artwork.mjs` from the catalogue (scene + id) into
 * public/scl/{id}.svg; re-run it after adding or changing a picture.
 */

/** The drawings src/build/derived/generators/make-scl-artwork.mjs knows how to make. */
export const SCL_SCENES = [
  // trailer transport
  'truck-bridge',
  'truck-yard',
  'truck-depot-dusk',
  'truck-road-industry',
  'truck-road-country',
  'truck-border',
  'truck-dispatch',
  'truck-barge',
  'truck-lowbed',
  // warehousing and distribution
  'wh-building',
  'wh-dc-containers',
  'wh-racks-forklift',
  'wh-racks-aisle',
  'wh-cold',
  'wh-parcels',
  'wh-crossdock',
  'wh-cfs',
  // rail transport
  'rail-steppe',
  'rail-sunset',
  'rail-terminal',
  'rail-gauge',
  'rail-bridge',
  'rail-doublestack',
  'rail-seaport',
  // customs declaration
  'cd-documents',
  'cd-scanner',
  'cd-screen-desktop',
  'cd-screen-laptop',
  'cd-gate',
  'cd-tariff',
  'cd-inspection',
] as const;
export type SclScene = (typeof SCL_SCENES)[number];

export const SclUuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a lower-case uuid such as 0f8c2a4e-6b1d-5c3e-9a7f-2d4b6e8a1c3f')
  .describe('Stable id on the wire and in deep links, the same in both languages; never change a published one');

export const SclPictureId = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case letters, digits and hyphens, e.g. tt-bridge-1')
  .describe("Id of a picture of the file's catalogue; the file is public/scl/{id}.svg");

export const SclPicture = z
  .object({
    id: SclPictureId,
    scene: z.enum(SCL_SCENES, { error: `must be one of the drawings: ${SCL_SCENES.join(', ')}` }).describe('What the generator draws'),
    alt: Localised.describe('What the picture shows, for screen readers (describe the drawing, not the place)'),
  })
  .strict();
export type SclPicture = z.infer<typeof SclPicture>;

/** A contact address: checked against the carrier's domain (brand.json e-mail) by src/scl/scl.ts. */
const Email = z.email({ error: 'must be an e-mail address' }).describe('Contact e-mail of the desk that sells the service (optional)');

export const SclService = z
  .object({
    uuid: SclUuid,
    title: Localised.describe('Service title (regionServiceTitle)'),
    desc: Localised.describe('What the service does, one or more paragraphs separated by a blank line (regionServiceDesc)'),
    email: Email.optional(),
    pictures: z.array(SclPictureId).max(4, 'at most 4 pictures').describe('Pictures of the service (regionServicePicPath)'),
  })
  .strict();
export type SclService = z.infer<typeof SclService>;

export const SclRegion = z
  .object({
    uuid: SclUuid,
    name: Localised.describe('Region name as the left list shows it (regionName)'),
    company: Localised.describe('Company that operates the services there (companyName)'),
    desc: Localised.describe('Region description, paragraphs separated by a blank line (regionDesc)'),
    pictures: z.array(SclPictureId).min(1, 'at least one picture').max(3, 'at most 3 pictures').describe('Pictures beside the description (regionDescPicPath)'),
    services: z.array(SclService).describe('Services of the region, in the order shown; none shows the empty state'),
  })
  .strict();
export type SclRegion = z.infer<typeof SclRegion>;

export const SclArea = z
  .object({
    uuid: SclUuid,
    name: Localised.describe('Tab label of the global area (areaName)'),
    desc: Localised.describe("The area's feature text under the tabs (areaDesc)"),
    regions: z.array(SclRegion).describe('Regions of the area, the first selected; none shows the empty state'),
  })
  .strict();
export type SclArea = z.infer<typeof SclArea>;

export const SclTypeFile = z
  .object({
    type: z.enum(SCL_TYPES, { error: `must be one of ${SCL_TYPES.join(', ')}` }).describe('Type code on the wire: TT trailer, WD warehouse, RT rail, CD customs'),
    title: Localised.describe('Page heading and card title'),
    intro: Localised.describe('One or two sentences under the heading'),
    summary: Localised.describe('One sentence on the cards that link here from the other three pages'),
    cover: SclPictureId.describe('Picture of the cards that link here'),
    pictures: z.array(SclPicture).min(1).describe('Picture catalogue of this page'),
    areas: z.array(SclArea).min(1, 'at least one global area').describe('Global areas, in tab order (the first selected)'),
  })
  .strict();
export type SclTypeFile = z.infer<typeof SclTypeFile>;
