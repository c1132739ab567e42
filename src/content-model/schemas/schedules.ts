import { z } from 'zod';
import { Localised } from './common.ts';
import { UnLocode } from './routes.ts';
import { Imo } from './vessels.ts';

/**
 * Content of the dated sailing schedules (src/schedules/):
 *
 * - content/routes/chartered-vessels.json  ships chartered in for the loops (the fleet page lists
 *   only our own ships, content/vessels.json); a loop's deployment names ships of either file
 * - content/routes/schedule-rules.json     cut-offs per port and the transhipment hubs
 *
 * The deployment itself (which ships sail a loop, and one dated reference sailing) sits next to
 * the rotation in content/routes/trades/{id}.json.
 */

export const CharteredVessel = z
  .object({
    name: z
      .string()
      .regex(/^[A-Z0-9][A-Z0-9 .'-]{1,34}$/, 'vessel name in capitals as registered, e.g. NORTHERN FALCON')
      .describe('Registered name'),
    imo: Imo,
    built: z.number().int().min(1990).max(2030).describe('Year built'),
    capacityTeu: z.number().int().positive().describe('Nominal capacity in TEU'),
    lengthM: z.number().positive().max(450).describe('Length overall, metres'),
    beamM: z.number().positive().max(70).describe('Beam, metres'),
    speedKn: z.number().positive().max(30).describe('Service speed, knots'),
    flag: Localised.describe('Flag state'),
  })
  .strict();
export type CharteredVessel = z.infer<typeof CharteredVessel>;

export const CharteredVessels = z.array(CharteredVessel).superRefine((list, ctx) => {
  const seen = new Set<string>();
  list.forEach((v, i) => {
    if (seen.has(v.imo)) ctx.addIssue({ code: 'custom', path: [i, 'imo'], message: `IMO ${v.imo} is listed twice` });
    seen.add(v.imo);
  });
});

/** content/routes/chartered-vessels.json */
export const CharteredVesselsFile = z.object({ vessels: CharteredVessels }).strict();

const Clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time as HH:mm (24 h)');

/**
 * A cut-off as a rule relative to the vessel's departure from the port: `hoursBefore` the
 * departure, and, with `at`, moved back to the last time `at` (port-local) not later than that.
 */
export const CutOffRule = z
  .object({
    hoursBefore: z.number().int().min(0).max(240).describe('Hours before the vessel departs the port'),
    at: Clock.optional().describe('Port-local time the cut-off falls on: the last such time at or before hoursBefore'),
  })
  .strict();
export type CutOffRule = z.infer<typeof CutOffRule>;

/** The five cut-offs a sailing has. */
export const CUT_OFF_KINDS = ['documentation', 'portCY', 'vgm', 'reefer', 'dangerousGoods'] as const;
export type CutOffKind = (typeof CUT_OFF_KINDS)[number];

export const CutOffRules = z
  .object({
    documentation: CutOffRule.describe('Shipping instructions and customs documents'),
    portCY: CutOffRule.describe('Full containers gated in at the terminal (port / CY cut-off)'),
    vgm: CutOffRule.describe('Verified gross mass submitted (SOLAS VGM)'),
    reefer: CutOffRule.describe('Reefer containers gated in'),
    dangerousGoods: CutOffRule.describe('Dangerous goods declaration approved'),
  })
  .strict();
export type CutOffRules = z.infer<typeof CutOffRules>;

export const Hub = z
  .object({
    port: UnLocode.describe('Port where cargo may change ships'),
    minConnectionHours: z.number().int().min(1).max(168).optional().describe('Least time between the arrival of one ship and the departure of the next (default: defaultMinConnectionHours)'),
  })
  .strict();

export const ScheduleRules = z
  .object({
    cutOffs: z
      .object({
        default: CutOffRules.describe('Cut-offs at every port not listed under ports'),
        ports: z.record(UnLocode, CutOffRules.partial()).describe('Ports whose cut-offs differ from the default: only the rules that differ'),
      })
      .strict(),
    transhipment: z
      .object({
        defaultMinConnectionHours: z.number().int().min(1).max(168).describe('Minimum connection time at a hub that names none'),
        maxWaitDays: z.number().int().min(1).max(21).describe('Longest wait at a hub for the next ship that is still offered'),
        hubs: z.array(Hub).min(1).describe('Ports where cargo changes ships'),
      })
      .strict(),
  })
  .strict()
  .superRefine((r, ctx) => {
    const seen = new Set<string>();
    r.transhipment.hubs.forEach((h, i) => {
      if (seen.has(h.port)) ctx.addIssue({ code: 'custom', path: ['transhipment', 'hubs', i, 'port'], message: `hub ${h.port} is listed twice` });
      seen.add(h.port);
    });
  });
export type ScheduleRules = z.infer<typeof ScheduleRules>;
