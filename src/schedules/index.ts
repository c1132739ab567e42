import { loadCarbonEngine, type CargoNature, type CarbonNetwork } from '../carbon';
import { loadScheduleContent, type ScheduleContent, type ScheduleVessel } from './content';
import { cutOffs, type CutOff } from './cutoffs';
import { footprint, teuTonnes, type Footprint } from './footprint';
import { buildRouter, type PointToPointQuery, type RouteOption, type Router } from './routing';
import { DAY_MS, addDays, localDate, startOfDay } from './time';
import { networkTimetable, type DatedCall, type LoopTimetable } from './timetable';

/**
 * The dated sailing schedules: one engine per day, built from content (rotations,
 * deployment, ports' time zones, rules) and the carbon network. The API (/dcsa/cs/v1/),
 * the schedule pages (at build time) and the tests use it; nothing here does HTTP.
 *
 * The horizon is fixed by the day: departures from HORIZON_DAYS_BACK days ago to
 * HORIZON_DAYS_AHEAD days ahead are published; calls of those voyages are dated to
 * their end.
 */

export const HORIZON_DAYS_BACK = 14;
export const HORIZON_DAYS_AHEAD = 12 * 7;

export interface Horizon {
  /** The day the engine was built for (UTC date). */
  asOf: string;
  /** First and last day of published departures (UTC dates) and the instants they span. */
  from: string;
  to: string;
  fromEpoch: number;
  toEpoch: number;
}

export interface SailingOption extends RouteOption {
  nature: CargoNature;
  /** Per TEU and for the cargo asked (when given). */
  perTeu: Footprint;
  cargo?: Footprint;
  /** Cut-offs at the port of loading. */
  cutOffs: CutOff[];
}

export interface PointToPointRequest extends PointToPointQuery {
  nature: CargoNature;
  /** Cargo weight in tonnes (none: one TEU). */
  tonnes?: number;
}

export interface ScheduleEngine {
  horizon: Horizon;
  content: ScheduleContent;
  carbon: CarbonNetwork;
  timetables: Map<string, LoopTimetable>;
  router: Router;
  pointToPoint(request: PointToPointRequest): SailingOption[];
  /** Calls at a port whose arrival or departure falls between two instants, by departure. */
  portCalls(port: string, from: number, to: number): DatedCall[];
  /** Calls of a vessel whose departure falls between two instants, in order. */
  vesselCalls(imo: string, from: number, to: number): DatedCall[];
  vessel(imo: string): ScheduleVessel | undefined;
  timeZone(port: string): string;
  cutOffsOf(call: DatedCall): CutOff[];
}

let cached: { day: string; engine: ScheduleEngine } | undefined;

/** The engine for the day of `now` (rebuilt when the day changes). */
export function loadSchedules(now: number = Date.now()): ScheduleEngine {
  const day = localDate(now, 'UTC');
  if (cached?.day !== day) cached = { day, engine: createEngine(day) };
  return cached.engine;
}

/** How far the published departures reach from the day (defaults: HORIZON_DAYS_BACK and HORIZON_DAYS_AHEAD). */
export interface HorizonDays {
  daysBack?: number;
  daysAhead?: number;
}

/**
 * The engine of a day. The site's horizon is the default; another reach (the reference
 * tracking provider, src/tracking/provider/, needs sailings from further back) is a second
 * argument.
 */
export function createEngine(asOf: string, { daysBack = HORIZON_DAYS_BACK, daysAhead = HORIZON_DAYS_AHEAD }: HorizonDays = {}): ScheduleEngine {
  const content = loadScheduleContent();
  const carbon = loadCarbonEngine().network;
  const from = addDays(asOf, -daysBack);
  const to = addDays(asOf, daysAhead);
  const horizon: Horizon = { asOf, from, to, fromEpoch: startOfDay(from, 'UTC'), toEpoch: startOfDay(to, 'UTC') + DAY_MS - 1 };
  const timetables = networkTimetable(content, from, to);
  const router = buildRouter(content, carbon, timetables);
  const timeZone = (port: string) => {
    const p = content.network.ports.get(port);
    if (!p) throw new Error(`schedules: no port ${port}`);
    return p.timeZone;
  };
  // cut-offs go through the time-zone database: worked out once per call
  const cutOffCache = new WeakMap<DatedCall, CutOff[]>();
  const cutOffsOf = (call: DatedCall) => {
    let found = cutOffCache.get(call);
    if (!found) {
      found = cutOffs(content.rules, call.port, call.departure.epoch, timeZone(call.port));
      cutOffCache.set(call, found);
    }
    return found;
  };
  const clamp = (a: number, b: number) => [Math.max(a, horizon.fromEpoch), Math.min(b, horizon.toEpoch)] as const;

  // all calls, by port and by vessel, departure order
  const byPort = new Map<string, DatedCall[]>();
  const byVessel = new Map<string, DatedCall[]>();
  for (const table of timetables.values())
    for (const voyage of table.voyages)
      for (const call of voyage) {
        add(byPort, call.port, call);
        if (call.vessel !== 'TBN') add(byVessel, call.vessel, call);
      }
  for (const list of [...byPort.values(), ...byVessel.values()]) list.sort((a, b) => a.departure.epoch - b.departure.epoch);

  return {
    horizon,
    content,
    carbon,
    timetables,
    router,
    timeZone,
    cutOffsOf,
    vessel: (imo) => content.vessels.get(imo),
    pointToPoint(request) {
      const [departureFrom, departureTo] = clamp(request.departureFrom, request.departureTo);
      if (departureFrom > departureTo) return [];
      const perTeuTonnes = teuTonnes(carbon);
      return router.search({ ...request, departureFrom, departureTo }).map((option) => {
        const first = option.legs[0].departure;
        return {
          ...option,
          nature: request.nature,
          perTeu: footprint(option, request.nature, perTeuTonnes),
          cargo: request.tonnes === undefined ? undefined : footprint(option, request.nature, request.tonnes),
          cutOffs: cutOffsOf(first),
        };
      });
    },
    portCalls(port, a, b) {
      const [lo, hi] = clamp(a, b);
      return (byPort.get(port) ?? []).filter((c) => c.departure.epoch >= lo && c.arrival.epoch <= hi);
    },
    vesselCalls(imo, a, b) {
      const [lo, hi] = clamp(a, b);
      return (byVessel.get(imo) ?? []).filter((c) => c.departure.epoch >= lo && c.departure.epoch <= hi);
    },
  };
}

function add<V>(map: Map<string, V[]>, key: string, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export type { CutOff, DatedCall, Footprint, LoopTimetable, RouteOption, ScheduleVessel };
