import { z } from 'zod';
import { Localised, PublicPath } from './common.ts';

/**
 * content/vessels.json: the vessels shown on /home/Services/ship/{0..4}, one entry
 * per vessel. The capacity class (the page's tab, `slots` on the wire) is not
 * stored: capacityClass() derives it from capacityTeu.
 */

/** The five capacity classes of the vessel page, largest first (the spec's slots 0 to 4). */
export const CAPACITY_CLASSES = [0, 1, 2, 3, 4] as const;
export type CapacityClass = (typeof CAPACITY_CLASSES)[number];

/**
 * Bounds of each class in TEU: `min` inclusive, `max` exclusive, except class 1
 * which includes 10,000 ("over 10,000" is class 0; "4,500 to 10,000" is class 1).
 */
export const CAPACITY_CLASS_BOUNDS: Record<CapacityClass, { min?: number; max?: number }> = {
  0: { min: 10_000 },
  1: { min: 4_500, max: 10_000 },
  2: { min: 2_000, max: 4_500 },
  3: { min: 800, max: 2_000 },
  4: { max: 800 },
};

/**
 * The capacity class of a vessel: 0 over 10,000 TEU, 1 from 4,500 to 10,000,
 * 2 from 2,000 to under 4,500, 3 from 800 to under 2,000, 4 under 800.
 */
export function capacityClass(teu: number): CapacityClass {
  if (!Number.isFinite(teu) || teu <= 0) throw new RangeError(`capacity must be a positive number of TEU, got ${teu}`);
  if (teu > 10_000) return 0;
  if (teu >= 4_500) return 1;
  if (teu >= 2_000) return 2;
  if (teu >= 800) return 3;
  return 4;
}

export function isCapacityClass(value: unknown): value is CapacityClass {
  return typeof value === 'number' && (CAPACITY_CLASSES as readonly number[]).includes(value);
}

/**
 * IMO ship identification number check: seven digits; the first six multiplied
 * by 7, 6, 5, 4, 3 and 2, summed, and the last digit of the sum is the seventh.
 * 9074729: 9×7 + 0×6 + 7×5 + 4×4 + 7×3 + 2×2 = 139, check digit 9.
 */
export function imoCheckDigit(firstSix: string): number {
  if (!/^\d{6}$/.test(firstSix)) throw new RangeError(`expected six digits, got ${firstSix}`);
  const sum = [...firstSix].reduce((acc, digit, i) => acc + Number(digit) * (7 - i), 0);
  return sum % 10;
}

export function isValidImo(imo: string): boolean {
  return /^\d{7}$/.test(imo) && imoCheckDigit(imo.slice(0, 6)) === Number(imo[6]);
}

/** An IMO ship identification number, its check digit checked. */
export const Imo = z.string().refine(isValidImo, 'must be an IMO number: seven digits whose last is the check digit of the first six (e.g. 9074729)').describe('IMO ship identification number');

/** Classification societies that class the fleet (named on the certificates). */
export const CLASS_SOCIETIES = {
  ABS: 'American Bureau of Shipping',
  BV: 'Bureau Veritas',
  CCS: 'China Classification Society',
  DNV: 'DNV',
  KR: 'Korean Register',
  LR: "Lloyd's Register",
  NK: 'ClassNK (Nippon Kaiji Kyokai)',
} as const;
export type ClassSociety = keyof typeof CLASS_SOCIETIES;

export const VesselCertificate = z
  .object({
    name: Localised.describe('Name of the certificate, e.g. Certificate of Classification / 船级证书'),
    file: PublicPath.describe('The PDF holding it: /files/vessels/{id}.pdf (written by src/build/derived/generators/make-certificates.mjs)'),
  })
  .strict();

export const Vessel = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case slug, e.g. seabridge-harmony')
      .describe('Stable slug; sent as shipUuid on the wire (certificate download)'),
    name: Localised.describe('Vessel name: English in capitals as registered (SEABRIDGE HARMONY), Chinese (海桥和谐)'),
    imo: z
      .string()
      .regex(/^\d{7}$/, 'IMO number: seven digits')
      .refine(isValidImo, 'IMO number: the check digit (seventh) does not match the first six digits')
      .describe('IMO ship identification number, seven digits with a valid check digit'),
    built: z.number().int().min(1990).max(2030).describe('Year of delivery'),
    lengthM: z.number().min(60).max(410).describe('Length overall (LOA) in metres'),
    beamM: z.number().min(10).max(62).describe('Moulded beam in metres'),
    speedKn: z.number().min(10).max(26).describe('Service speed in knots'),
    capacityTeu: z.number().int().min(50).max(25_000).describe('Nominal capacity in TEU; decides the capacity class'),
    flag: Localised.describe('Flag state, e.g. Hong Kong, China / 中国香港'),
    classSociety: z.enum(Object.keys(CLASS_SOCIETIES) as [ClassSociety, ...ClassSociety[]]).describe('Classification society (named on the certificates)'),
    image: PublicPath.optional().describe('Side view of the vessel (SVG or picture); without it the page shows a neutral placeholder'),
    certificates: z.array(VesselCertificate).min(1).describe('The certificates the download holds, in order'),
  })
  .strict()
  .refine((v) => v.beamM * 4 < v.lengthM, { message: 'beam must be under a quarter of the length: check lengthM and beamM', path: ['beamM'] })
  .refine((v) => v.certificates.every((c) => c.file === `/files/vessels/${v.id}.pdf`), {
    message: 'every certificate of a vessel is in its one file /files/vessels/{id}.pdf (what /ship/download?shipUuid={id} serves)',
    path: ['certificates'],
  });
export type Vessel = z.infer<typeof Vessel>;

/** The whole file, with ids and IMO numbers unique. */
export const Vessels = z
  .array(Vessel)
  .min(1)
  .superRefine((list, ctx) => {
    for (const key of ['id', 'imo'] as const) {
      const seen = new Set<string>();
      list.forEach((v, i) => {
        if (seen.has(v[key])) ctx.addIssue({ code: 'custom', message: `duplicate ${key} ${v[key]}`, path: [i, key] });
        seen.add(v[key]);
      });
    }
  });

/** content/vessels.json: the fleet, in the order the fleet page lists it. */
export const VesselsFile = z.object({ vessels: Vessels }).strict();

/** The file a vessel's certificate download serves (GET /ship/download?shipUuid={id}). */
export function certificateFile(vessel: Pick<Vessel, 'id'>): string {
  return `/files/vessels/${vessel.id}.pdf`;
}
