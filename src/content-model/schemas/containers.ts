import { z } from 'zod';
import { Localised, LocalisedImage, LocalisedParagraphs } from './common.ts';

/**
 * content/containers.json: the container pages /home/Services/containers/{1..5}.
 * Types 1 to 4 (dry, reefer, open top, flat rack) have features and a size table;
 * type 5 is the loading-combination page. Sizes hold METRIC figures only (mm, m³,
 * kg): src/shared/units.ts computes the imperial ones, so they are never typed twice.
 */

export const CONTAINER_TYPE_IDS = [1, 2, 3, 4, 5] as const;
export type ContainerTypeId = (typeof CONTAINER_TYPE_IDS)[number];

/** The sizes by wire code (the spec's size code), with their display names. */
export const SIZE_NAMES = { '20': "20'", '20hc': "20'HC", '40': "40'", '40hc': "40'HC", '40oh': "40'OH" } as const;
export type SizeCode = keyof typeof SIZE_NAMES;

/** Which sizes each type lists, in order (spec: dry 20, 20HC, 40, 40HC; reefer 20, 40, 40HC; open 20, 40, 40OH; flat 20, 40). */
export const SIZES_BY_KIND = {
  dry: ['20', '20hc', '40', '40hc'],
  reefer: ['20', '40', '40hc'],
  openTop: ['20', '40', '40oh'],
  flatRack: ['20', '40'],
} as const satisfies Record<string, readonly SizeCode[]>;
export type ContainerKind = keyof typeof SIZES_BY_KIND;

/** Number of feature icons per type (spec: dry 12, reefer 5, open top 5; the flat rack shows a picture instead). */
export const FEATURE_COUNT: Record<ContainerKind, number> = { dry: 12, reefer: 5, openTop: 5, flatRack: 0 };

/** Feature icons, drawn by src/build/derived/generators/make-fleet-artwork.mjs into public/images/containers/icon-{name}.svg. */
export const FEATURE_ICONS = [
  'steel',
  'watertight',
  'floor',
  'lashing',
  'vents',
  'lockbox',
  'seal',
  'csc',
  'stack',
  'pallet',
  'forklift',
  'liner',
  'thermometer',
  'airflow',
  'monitor',
  'humidity',
  'pti',
  'roofbows',
  'tarpaulin',
  'crane',
  'header',
] as const;
export type FeatureIcon = (typeof FEATURE_ICONS)[number];
export const featureIconPath = (icon: FeatureIcon) => `/images/containers/icon-${icon}.svg`;

const mm = (what: string) => z.number().int().min(100).max(13_000).describe(`${what}, mm`);
const kg = z.number().int().min(500).max(50_000);

export const ContainerSize = z
  .object({
    code: z.enum(Object.keys(SIZE_NAMES) as [SizeCode, ...SizeCode[]]).describe("Size code: 20, 20hc, 40, 40hc or 40oh (name shown: 20', 20'HC, ...)"),
    length: mm('Internal length'),
    width: mm('Internal width'),
    height: mm('Internal height'),
    doorWidth: mm('Door opening width').optional(),
    doorHeight: mm('Door opening height').optional(),
    volume: z.number().min(1).max(100).multipleOf(0.1).nullable().describe('Internal volume in m³ with one decimal; null where there is none (flat rack: shown as a slash)'),
    tare: kg.describe('Tare mass, kg'),
    payload: z.union([z.tuple([kg]), z.tuple([kg, kg])]).describe('Maximum payload in kg; a second value (units rated for a higher gross mass) is marked # and explained by payloadNote'),
  })
  .strict()
  .refine((s) => (s.doorWidth === undefined) === (s.doorHeight === undefined), { message: 'give both door figures or neither', path: ['doorWidth'] })
  .refine((s) => s.doorWidth === undefined || (s.doorWidth <= s.width && s.doorHeight! <= s.height), {
    message: 'the door opening cannot be larger than the inside',
    path: ['doorWidth'],
  })
  .refine((s) => s.volume === null || Math.abs(s.volume - (s.length * s.width * s.height) / 1e9) <= 0.6, {
    message: 'volume does not match length × width × height',
    path: ['volume'],
  });
export type ContainerSize = z.infer<typeof ContainerSize>;

export const Feature = z.object({ icon: z.enum(FEATURE_ICONS).describe('Icon name (public/images/containers/icon-{name}.svg)'), label: Localised }).strict();

export const ContainerType = z
  .object({
    id: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).describe('Type id in the URL: 1 dry, 2 reefer, 3 open top, 4 flat rack'),
    kind: z.enum(Object.keys(SIZES_BY_KIND) as [ContainerKind, ...ContainerKind[]]),
    tab: Localised.describe('Short name on the type tab'),
    title: Localised.describe('Page heading'),
    intro: LocalisedParagraphs,
    features: z.array(Feature).describe('Feature icons with labels (none for the flat rack)'),
    picture: LocalisedImage.optional().describe('Shown instead of the icons (flat rack)'),
    sizes: z.array(ContainerSize).min(1),
    payloadNote: Localised.optional().describe('Footnote for payload values marked #'),
    sizesNote: Localised.optional().describe('How the figures are measured, where it differs from a closed box (flat rack)'),
  })
  .strict()
  .superRefine((t, ctx) => {
    const want = FEATURE_COUNT[t.kind];
    if (t.features.length !== want) ctx.addIssue({ code: 'custom', path: ['features'], message: `${t.kind} shows ${want} feature icons, found ${t.features.length}` });
    if (t.kind === 'flatRack' && !t.picture) ctx.addIssue({ code: 'custom', path: ['picture'], message: 'the flat rack shows a picture instead of icons' });
    const codes = t.sizes.map((s) => s.code);
    const expected = SIZES_BY_KIND[t.kind] as readonly string[];
    if (codes.join() !== expected.join()) ctx.addIssue({ code: 'custom', path: ['sizes'], message: `${t.kind} lists the sizes ${expected.join(', ')} in that order, found ${codes.join(', ')}` });
    const marked = t.sizes.some((s) => s.payload.length === 2);
    if (marked && !t.payloadNote) ctx.addIssue({ code: 'custom', path: ['payloadNote'], message: 'a payload has a second value (#): add payloadNote' });
    if ((t.kind === 'flatRack') !== t.sizes.every((s) => s.volume === null)) ctx.addIssue({ code: 'custom', path: ['sizes'], message: 'only the flat rack has no volume' });
  });
export type ContainerType = z.infer<typeof ContainerType>;

/** Type 5: the three loading-combination blocks, each with its fixed list of numbers. */
export const LoadingCombinations = z
  .object({
    id: z.literal(5),
    tab: Localised,
    title: Localised,
    intro: LocalisedParagraphs,
    blocks: z
      .array(
        z
          .object({
            title: Localised,
            numberLabel: Localised.describe('What the numbers are: rows, bays, tiers'),
            numbers: z.array(z.number().int().min(0).max(99)).min(1).describe('The fixed list, shown with two digits (00, 03, ...)'),
            explanation: LocalisedParagraphs,
          })
          .strict(),
      )
      .length(3),
    note: Localised.describe('Closing remark (the bay plan is confirmed with the booking)'),
  })
  .strict();
export type LoadingCombinations = z.infer<typeof LoadingCombinations>;

export const Containers = z
  .object({
    types: z.array(ContainerType).length(4),
    combinations: LoadingCombinations,
  })
  .strict()
  .refine((c) => c.types.map((t) => `${t.id}:${t.kind}`).join() === '1:dry,2:reefer,3:openTop,4:flatRack', {
    message: 'types are 1 dry, 2 reefer, 3 open top, 4 flat rack, in that order',
    path: ['types'],
  });
export type Containers = z.infer<typeof Containers>;

export const sizeName = (code: SizeCode) => SIZE_NAMES[code];
