import { z } from 'zod';
import {
  CARGO_NATURES,
  CARGO_UNITS,
  CITY_QUERY_MAX,
  FACTOR_TYPES,
  MAX_SHIPMENTS,
  SHIPMENT_FIELDS,
  cityQueryReady,
  validateShipment,
  type CargoNature,
  type CargoUnit,
  type FactorTypeValue,
  type ShipmentField,
} from '../forms/validation/carbon';
import { Language } from './entities';

/**
 * Wire entities of the carbon calculator (spec 001 §3 "Shipment request", "City
 * suggestion", "Result item"; §7 getToken / getCity / getDigital). Request rules are
 * those of the island (src/forms/validation/carbon.ts); a failing rule's message is a
 * dictionary key, said by the server in the request's language, the path naming the
 * shipment (1 to 4) and the field.
 */

export const CarbonToken = z
  .object({
    access_token: z.string().min(20).describe('Signed token to send with getCity and with each shipment of getDigital'),
    expires_in: z.number().int().positive().describe('Seconds the token stays valid'),
  })
  .strict();

export const CitySuggestion = z
  .object({
    address: z.string().describe('City and country in the language asked'),
    locationId: z.string().describe('Id to send as originLocationId / destinationLocationId'),
  })
  .strict();

export const CityQuery = z
  .object({
    prefix: z.string({ error: 'carbon.err.prefix' }).trim().max(CITY_QUERY_MAX, { error: 'carbon.err.prefix' }).refine(cityQueryReady, { error: 'carbon.err.prefix' }),
    token: z.string().max(400).optional().describe('A token from getToken; checked when sent'),
    language: Language.optional(),
  })
  .strict();

/** One shipment as the island sends it (cargoWeightValue may be text, as typed, or a number). */
export interface ShipmentRequest {
  originLocationId: string;
  destinationLocationId: string;
  cargoWeightValue: number;
  cargoWeightUnit: CargoUnit;
  cargoNature: CargoNature;
  factorType: FactorTypeValue;
  token: string;
}

const where = (i: number) => `shipment ${i + 1}`;

/**
 * POST /carbonCalculate/getDigital body: 1 to 4 shipments, each checked on its own:
 * unknown fields (the old site's fourth shipment sent its token under another name)
 * and every rule, the path naming the shipment and the field.
 */
export const CarbonBody = z
  .unknown()
  .superRefine((value, ctx) => {
    if (!Array.isArray(value) || value.length === 0) {
      ctx.addIssue({ code: 'custom', path: [], message: 'carbon.err.noShipment' });
      return;
    }
    if (value.length > MAX_SHIPMENTS) {
      ctx.addIssue({ code: 'custom', path: [], message: 'carbon.err.tooMany' });
      return;
    }
    value.forEach((item, i) => {
      if (!item || typeof item !== 'object' || Array.isArray(item)) {
        ctx.addIssue({ code: 'custom', path: [where(i)], message: 'carbon.err.shipmentObject' });
        return;
      }
      const record = item as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        if (!(SHIPMENT_FIELDS as readonly string[]).includes(key)) ctx.addIssue({ code: 'custom', path: [where(i), key], message: 'carbon.err.unknownField' });
      }
      const text: Partial<Record<ShipmentField, string>> = {};
      const badType = new Set<string>();
      for (const field of SHIPMENT_FIELDS) {
        const v = record[field];
        if (v === undefined || v === null) continue;
        if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) text[field] = String(v);
        else {
          badType.add(field);
          ctx.addIssue({ code: 'custom', path: [where(i), field], message: 'carbon.err.fieldType' });
        }
      }
      const errors = validateShipment(text, { token: true });
      for (const field of SHIPMENT_FIELDS) {
        const message = errors[field];
        if (message && !badType.has(field)) ctx.addIssue({ code: 'custom', path: [where(i), field], message });
      }
    });
  })
  .transform((value) =>
    (value as Record<string, string | number>[]).map(
      (item): ShipmentRequest => ({
        originLocationId: String(item.originLocationId),
        destinationLocationId: String(item.destinationLocationId),
        cargoWeightValue: Number(item.cargoWeightValue),
        cargoWeightUnit: item.cargoWeightUnit as CargoUnit,
        cargoNature: item.cargoNature as CargoNature,
        factorType: item.factorType as FactorTypeValue,
        token: String(item.token),
      }),
    ),
  );

const Mode = z.enum(['Vessel', 'Feeder', 'Rail', 'Truck']);

export const CarbonLeg = z
  .object({
    fromCityName: z.string(),
    toCityName: z.string(),
    distance: z.number().nonnegative().describe('km'),
    transportationMode: Mode,
    serviceLoopCode: z.string().nullable().describe('Vessel and Feeder legs: the service loop'),
    emissionVolume: z.number().nonnegative().describe('kg CO2e of the leg, for the entry’s factor type'),
    factorId: z.string().describe('The emission factor used (methodology panel, content/carbon/factors.json)'),
    intensity: z.number().positive().describe('kg CO2e per tonne-km applied'),
    distanceMethod: z.enum(['sea-legs', 'rail-junctions', 'road-geodesic']),
    vesselTeu: z.number().int().positive().nullable(),
    corridor: z.string().nullable(),
    fromRef: z.string(),
    toRef: z.string(),
  })
  .strict();

export const CarbonRoute = z
  .object({
    routeId: z.string(),
    totalDistance: z.number().nonnegative().describe('km'),
    totalEmissionVolume: z.number().nonnegative().describe('kg CO2e'),
    routeInfoList: z.array(CarbonLeg).min(1),
  })
  .strict();

export const CarbonResult = z
  .object({
    index: z.number().int().min(1).describe('Display index, 1 to 4'),
    originLocationId: z.string(),
    destinationLocationId: z.string(),
    originCityDisplayName: z.string(),
    destinationCityDisplayName: z.string(),
    cargoVolumeValue: z.number().positive(),
    cargoWeightUnit: z.enum(CARGO_UNITS),
    cargoNature: z.enum(CARGO_NATURES),
    factorType: z.enum(FACTOR_TYPES).describe('The type asked for: details[0] is that one, details[1] the other'),
    cargoTonnes: z.number().positive(),
    details: z.array(z.object({ factorType: z.enum(FACTOR_TYPES), routes: z.array(CarbonRoute).describe('Lowest emission first; empty: No Data') }).strict()).length(2),
    maps: z
      .array(
        z
          .object({
            routeId: z.string(),
            legs: z.array(z.object({ mode: Mode, path: z.array(z.tuple([z.number(), z.number()])).min(2) }).strict()),
          })
          .strict(),
      )
      .describe('Each route’s legs as [lon, lat] paths (longitudes continuous, may pass ±180)'),
  })
  .strict();
export type CarbonResult = z.infer<typeof CarbonResult>;
