import { z } from 'zod';
import { defineCall } from './define';
import { Language } from './entities';

/**
 * The site's sailing-schedule search call (the island on /{lang}/home/Services/schedules):
 * the same engine as the DCSA Commercial Schedules API under /dcsa/cs/v1/, answered in the
 * contract's wrapper, with names in the language asked, both CO2e factor types and the
 * cut-offs the result cards show. Integrators use the DCSA API.
 */

import { SCHEDULE_PATH, SCHEDULE_TONNES_MAX, SCHEDULE_WEEKS_MAX } from './schedule-paths';

export { SCHEDULE_PATH, SCHEDULE_TONNES_MAX, SCHEDULE_WEEKS_MAX };

const Locode = z.string().regex(/^[A-Z]{2}[A-Z2-9]{3}$/, 'must be a UN/LOCODE such as CNSHA');

export const PointToPointQuery = z
  .object({
    from: Locode.describe('Port of loading (UN/LOCODE)'),
    to: Locode.describe('Port of discharge (UN/LOCODE)'),
    date: z.iso.date('must be a date as YYYY-MM-DD').describe('First departure day (UTC date)'),
    weeks: z.coerce
      .number('must be a whole number of weeks from 1 to 8')
      .int('must be a whole number of weeks from 1 to 8')
      .min(1, 'must be from 1 to 8')
      .max(SCHEDULE_WEEKS_MAX, 'must be from 1 to 8')
      .default(4),
    direct: z.enum(['0', '1'], 'must be 1 (direct sailings only) or 0').default('0'),
    nature: z.enum(['Dry', 'Reefer'], 'must be Dry or Reefer').default('Dry'),
    tonnes: z.coerce.number('must be a number of tonnes').positive('must be above 0').max(SCHEDULE_TONNES_MAX, `must be at most ${SCHEDULE_TONNES_MAX}`).optional(),
    language: Language.optional(),
  })
  .strict()
  .refine((q) => q.from !== q.to, { path: ['to'], message: 'origin and destination are the same port' });

const Place = z.object({ locode: z.string(), name: z.string(), terminal: z.string() }).strict();
const Co2 = z.object({ ttw: z.number().describe('kg CO2e tank to wake'), wtw: z.number().describe('kg CO2e well to wake') }).strict();

export const SailingLeg = z
  .object({
    service: z.string(),
    serviceName: z.string(),
    servicePath: z.string().describe('Spec path of the loop page'),
    vessel: z.string().describe('Vessel name, or "To be nominated"'),
    imo: z.string().nullable(),
    voyage: z.string(),
    from: Place,
    to: Place,
    departure: z.string().describe('Port-local date-time with offset'),
    arrival: z.string(),
    km: z.number(),
  })
  .strict();

export const SailingOption = z
  .object({
    id: z.string().describe('Stable key of the option: its sailings'),
    departure: z.string(),
    arrival: z.string(),
    transitDays: z.number().int(),
    transhipments: z.number().int(),
    legs: z.array(SailingLeg).min(1),
    connections: z.array(z.object({ locode: z.string(), name: z.string(), hours: z.number() }).strict()),
    cutOffs: z.array(z.object({ kind: z.enum(['documentation', 'portCY', 'vgm', 'reefer', 'dangerousGoods']), local: z.string() }).strict()),
    co2PerTeu: Co2,
    co2Cargo: Co2.extend({ tonnes: z.number() }).strict().nullable(),
  })
  .strict();
export type SailingOptionWire = z.infer<typeof SailingOption>;

export const PointToPointAnswer = z
  .object({
    asOf: z.string(),
    horizon: z.object({ from: z.string(), to: z.string() }).strict().describe('First and last departure day published'),
    options: z.array(SailingOption),
  })
  .strict();
export type PointToPointAnswer = z.infer<typeof PointToPointAnswer>;

export const scheduleCalls = {
  schedulePointToPoint: defineCall({
    method: 'GET',
    path: SCHEDULE_PATH.pointToPoint,
    query: PointToPointQuery,
    answer: PointToPointAnswer,
    summary: 'Dated sailings from one port to another over 1 to 8 weeks of departures, direct or with up to two transhipments, with cut-offs and CO2e per TEU and per cargo',
  }),
};
