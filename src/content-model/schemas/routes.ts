import { z } from 'zod';
import { Localised } from './common.ts';
import { isValidImo } from './vessels.ts';

/**
 * Route content: the carrier's network as maintainers edit it.
 *
 * - content/routes/ports.json       every port a service calls, with its terminals
 * - content/routes/directions.json  the eight trade tabs of the route page (ids 11 to 18)
 * - content/routes/trades/{id}.json one file per trade tab: its route groups and their services
 *
 * Everything shown about a service (call-port table, loop export/import tables with
 * transit days, route map) is derived from the rotation below; nothing is typed twice.
 */

export const UnLocode = z
  .string()
  .regex(/^[A-Z]{2}[A-Z2-9]{3}$/, 'must be a UN/LOCODE: country code and three letters, e.g. CNSHA')
  .describe('UN/LOCODE of the port, e.g. CNSHA');

export const TimeZone = z
  .string()
  .refine((v) => /^[A-Za-z_]+\/[A-Za-z_/+-]+$/.test(v) && isTimeZone(v), 'must be an IANA time zone name, e.g. Asia/Shanghai or America/Los_Angeles')
  .describe('IANA time zone of the port (every date and time at the port is shown in it), e.g. Asia/Shanghai');

export const Terminal = z
  .object({
    code: z
      .string()
      .regex(/^[A-Z0-9]{2,8}$/, 'terminal code: 2 to 8 capital letters or digits')
      .describe('Short code used in rotations, e.g. YSCT'),
    name: Localised.describe('Terminal name as shippers know it'),
  })
  .strict();

export const Port = z
  .object({
    locode: UnLocode,
    name: Localised.describe('Port name, e.g. Shanghai / 上海'),
    country: Localised.describe('Country or region name'),
    lat: z.number().min(-90).max(90).describe('Latitude of the port in decimal degrees (north positive)'),
    lon: z.number().min(-180).max(180).describe('Longitude of the port in decimal degrees (east positive)'),
    timeZone: TimeZone,
    terminals: z.array(Terminal).min(1),
  })
  .strict();
export type Port = z.infer<typeof Port>;

/** content/routes/ports.json: every port a service calls, with its terminals. */
export const PortsFile = z.object({ ports: z.array(Port) }).strict();

/** Is `name` a time zone of the IANA database that this runtime knows? */
export function isTimeZone(name: string): boolean {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}

export const DIRECTION_IDS = [11, 12, 13, 17, 14, 15, 18, 16] as const;

export const Direction = z
  .object({
    id: z.number().int().min(11).max(18).describe('Tab id on the route page (11 to 18)'),
    name: Localised.describe('Tab name, e.g. Trans-Pacific / 跨太平洋航线'),
    intro: Localised.describe('One or two sentences introducing the trade'),
  })
  .strict();
export type Direction = z.infer<typeof Direction>;

/** content/routes/directions.json: the trade tabs of the route page, in tab order. */
export const DirectionsFile = z.object({ directions: z.array(Direction) }).strict();

export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export const Weekday = z.enum(WEEKDAYS);

const Clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time as HH:mm (24 h)');

/** A moment in the voyage: whole days after the first call's arrival (day 0), and a local time. */
export const VoyageTime = z
  .object({
    day: z.number().int().min(0).describe('Days after the first arrival of the rotation (day 0)'),
    time: Clock,
  })
  .strict();
export type VoyageTime = z.infer<typeof VoyageTime>;

/** Sea passages a leg can be told to take (src/geo/passages.ts knows where each is). */
export const SEA_PASSAGES = ['suez', 'panama', 'kiel-canal', 'cape-of-good-hope'] as const;
export const SeaPassage = z.enum(SEA_PASSAGES);
export type SeaPassage = z.infer<typeof SeaPassage>;

export const Call = z
  .object({
    port: UnLocode.describe('Port called (must be in ports.json)'),
    terminal: z.string().describe('Terminal code of that port (must be in its terminals)'),
    arrival: VoyageTime,
    departure: VoyageTime,
    via: SeaPassage.optional().describe(
      'Only where the ship does not take the shortest way: the passage the leg from this call to the next port goes through. ' +
        '"cape-of-good-hope": round Africa rather than through Suez (e.g. Asia – Europe away from the Red Sea); ' +
        '"kiel-canal": between the Elbe and the Baltic through the Kiel Canal, which the sea legs otherwise never use (ships up to about 235 m, 32.5 m beam, 9.5 m draught); ' +
        '"suez", "panama": through that canal where another way is shorter. ' +
        'The sea leg is then keyed "FROM-TO~passage" in content/routes/sea-legs.json (npm run routes:legs).',
    ),
  })
  .strict()
  .refine((c) => c.departure.day * 1440 + toMinutes(c.departure.time) > c.arrival.day * 1440 + toMinutes(c.arrival.time), {
    message: 'departure must come after arrival',
    path: ['departure'],
  });
export type Call = z.infer<typeof Call>;

/** One direction of the loop (e.g. eastbound): which calls load cargo (POL) and which discharge it (POD). */
export const Bound = z
  .object({
    label: Localised.describe('Direction heading, e.g. Eastbound / 东行'),
    pols: z.array(z.number().int().min(0)).min(1).describe('Indexes into calls of the ports of loading, in rotation order'),
    pods: z.array(z.number().int().min(0)).min(1).describe('Indexes into calls of the ports of discharge, in rotation order; an index before a POL means the next voyage'),
  })
  .strict();
export type Bound = z.infer<typeof Bound>;

/** A slot of the deployment: the IMO number of the ship, or "TBN" while the ship is to be nominated. */
export const DeployedSlot = z
  .string()
  .refine((slot) => slot === 'TBN' || isValidImo(slot), 'must be the IMO number of a ship (seven digits whose last is the check digit of the first six, e.g. 9074729), or "TBN"')
  .describe('IMO number of the vessel (content/vessels.json or content/routes/chartered-vessels.json), or "TBN" for a ship to be nominated');

export const Deployment = z
  .object({
    vessels: z.array(DeployedSlot).min(1).describe('The ships of the loop in the order they sail it: one departure a week, each ship one week after the one before'),
    reference: z
      .object({
        voyage: z.number().int().min(1).max(9999).describe('Voyage number of one sailing of the first ship in the list'),
        departure: z.iso.date().describe('Local date (YYYY-MM-DD) on which that voyage departs the first port of the rotation'),
      })
      .strict()
      .describe('One known sailing, from which every other sailing of the loop is dated and numbered (one a week, voyage numbers counting up)'),
  })
  .strict();
export type Deployment = z.infer<typeof Deployment>;

export const Service = z
  .object({
    code: z
      .string()
      .regex(/^[A-Z0-9]{2,6}$/, 'service code: 2 to 6 capital letters or digits')
      .describe('Service loop code, e.g. AAC'),
    name: Localised.refine((n) => n.en.length <= 50, {
      path: ['en'],
      message: 'the English service name is at most 50 characters (the DCSA schedules standard carries it as carrierServiceName)',
    }).describe('Service name, e.g. Asia – US West Coast Express / 亚洲—美西快航'),
    trade: z.string().min(1).describe('Trade name used by the service schedule page (?trade=)'),
    startsOn: Weekday.describe('Weekday of the first arrival (day 0)'),
    roundTripDays: z
      .number()
      .int()
      .min(7)
      .refine((d) => d % 7 === 0, 'a weekly service turns in whole weeks')
      .describe('Days of one round trip; vessels deployed = roundTripDays / 7'),
    vesselClass: z.string().min(1).describe('Deployed ship size, e.g. "14,000 TEU"'),
    calls: z.array(Call).min(3),
    export: Bound.describe('Head-haul direction (loop export table)'),
    import: Bound.describe('Back-haul direction (loop import table)'),
    deployment: Deployment.describe('Which ships sail the loop, and one dated reference sailing'),
    advantages: z
      .object({
        en: z.string().min(1).describe('English text; paragraphs separated by "@"; a direction heading (Eastbound, Westbound, Northbound, Southbound) is a paragraph of its own'),
        zh: z.string().min(1).describe('Chinese text; paragraphs separated by "@@"; direction headings 东行, 西行, 北行, 南行 are paragraphs of their own'),
      })
      .strict(),
  })
  .strict()
  .superRefine((s, ctx) => {
    const last = s.calls.at(-1)!;
    const needed = Math.ceil(s.roundTripDays / 7);
    if (s.deployment.vessels.length !== needed)
      ctx.addIssue({
        code: 'custom',
        path: ['deployment', 'vessels'],
        message: `loop ${s.code}: a weekly service with a round trip of ${s.roundTripDays} days needs ${needed} ships, ${s.deployment.vessels.length} deployed`,
      });
    const firstDeparture = new Date(`${s.deployment.reference.departure}T00:00:00Z`);
    const day0Weekday = WEEKDAYS[(((firstDeparture.getUTCDay() + 6 - s.calls[0].departure.day) % 7) + 7) % 7];
    if (day0Weekday !== s.startsOn)
      ctx.addIssue({
        code: 'custom',
        path: ['deployment', 'reference', 'departure'],
        message: `loop ${s.code}: the first call's departure falls on day ${s.calls[0].departure.day} of a rotation starting on ${s.startsOn}, so ${s.deployment.reference.departure} (a ${WEEKDAYS[(firstDeparture.getUTCDay() + 6) % 7]}) cannot be one`,
      });
    const seen = new Set<string>();
    s.deployment.vessels.forEach((imo, i) => {
      if (imo !== 'TBN' && seen.has(imo)) ctx.addIssue({ code: 'custom', path: ['deployment', 'vessels', i], message: `loop ${s.code}: vessel ${imo} is deployed twice` });
      seen.add(imo);
    });
    if (last.departure.day >= s.roundTripDays)
      ctx.addIssue({ code: 'custom', path: ['roundTripDays'], message: `the last departure (day ${last.departure.day}) must fall inside the round trip of ${s.roundTripDays} days` });
    s.calls.forEach((c, i) => {
      if (i === 0) return;
      const prev = s.calls[i - 1];
      if (c.arrival.day * 1440 + toMinutes(c.arrival.time) <= prev.departure.day * 1440 + toMinutes(prev.departure.time))
        ctx.addIssue({ code: 'custom', path: ['calls', i, 'arrival'], message: 'arrival must come after the previous departure' });
    });
    for (const key of ['export', 'import'] as const)
      for (const field of ['pols', 'pods'] as const)
        s[key][field].forEach((index, j) => {
          if (index >= s.calls.length) ctx.addIssue({ code: 'custom', path: [key, field, j], message: `no call at index ${index}` });
        });
  });
export type Service = z.infer<typeof Service>;

export const RouteGroup = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and hyphens')
      .describe('Stable id (serLpGroupUuid on the wire)'),
    name: Localised.describe('Route group name, e.g. Asia – US West Coast / 亚洲—美西'),
    services: z.array(Service).min(1),
  })
  .strict();
export type RouteGroup = z.infer<typeof RouteGroup>;

export const Trade = z
  .object({
    direction: z.number().int().min(11).max(18),
    groups: z.array(RouteGroup).min(1),
  })
  .strict();
export type Trade = z.infer<typeof Trade>;

export function toMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/** One sea leg of content/routes/sea-legs.json (generated by npm run routes:legs): distance and the path drawn on maps. */
export const SeaLeg = z
  .object({
    km: z.number().positive(),
    nm: z.number().positive(),
    path: z
      .array(z.tuple([z.number(), z.number()]))
      .min(2)
      .describe('[lon, lat] points; longitudes may pass ±180 to stay continuous'),
  })
  .loose();
export type SeaLeg = z.infer<typeof SeaLeg>;
