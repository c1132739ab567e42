import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import brandJson from '../../../content/brand.json';
import { legEmission } from '../../carbon';
import type { CutOffKind } from '../../content-model/schemas/schedules';
import type { CutOff } from '../cutoffs';
import type { ScheduleEngine, SailingOption } from '../index';
import { optionKey, transitDays } from '../site-wire';
import type { DatedCall } from '../timetable';
import type { PointToPoint, PortSchedule, ServiceSchedule } from './schemas';

/**
 * The engine's sailings in the objects of DCSA Commercial Schedules 1.0.x: point-to-point
 * routings, port schedules (one per terminal) and vessel schedules (per service and ship).
 * Times are the ports' local times with offsets, as the engine serves them. Pure.
 */

countries.registerLocale(en);
const CARRIER = brandJson.carrierCode as { code: string; list: 'SMDG' | 'NMFTA' };
const FLAG_NAMES: Record<string, string> = { 'Hong Kong, China': 'HK' };

export const CUT_OFF_CODE: Record<CutOffKind, 'DCO' | 'FCO' | 'VCO' | 'RCO' | 'DGC'> = { documentation: 'DCO', portCY: 'FCO', vgm: 'VCO', reefer: 'RCO', dangerousGoods: 'DGC' };

const cutOffMemo = new WeakMap<CutOff[], { cutOffDateTimeCode: (typeof CUT_OFF_CODE)[CutOffKind]; cutOffDateTime: string }[]>();
const cutOffTimes = (list: CutOff[]) => {
  let found = cutOffMemo.get(list);
  if (!found) cutOffMemo.set(list, (found = list.map((c) => ({ cutOffDateTimeCode: CUT_OFF_CODE[c.kind], cutOffDateTime: c.local }))));
  return found;
};
/** Tonnes with three decimals (kilograms). */
const tonnes = (kg: number) => Math.round(kg) / 1000;

export function flagCode(name: string): string | undefined {
  return FLAG_NAMES[name] ?? countries.getAlpha2Code(name, 'en');
}

/** Objects every answer repeats (vessels, locations), built once per engine and shared (they are only serialised). */
const memo = new WeakMap<ScheduleEngine, Map<string, unknown>>();
function cached<T>(engine: ScheduleEngine, key: string, make: () => T): T {
  let map = memo.get(engine);
  if (!map) memo.set(engine, (map = new Map()));
  let found = map.get(key) as T | undefined;
  if (found === undefined) map.set(key, (found = make()));
  return found;
}

function vessel(engine: ScheduleEngine, imo: string) {
  return cached(engine, `v:${imo}`, () => {
    const v = engine.vessel(imo);
    if (!v) return undefined;
    const flag = flagCode(v.flag.en);
    return { vesselIMONumber: v.imo, name: v.name, ...(flag ? { flag } : {}), operatorCarrierCode: CARRIER.code, operatorCarrierCodeListProvider: CARRIER.list };
  });
}

function location(engine: ScheduleEngine, call: Pick<DatedCall, 'port' | 'terminal'>) {
  return cached(engine, `l:${call.port}:${call.terminal}`, () => {
    const port = engine.content.network.ports.get(call.port)!;
    return { locationName: port.name.en, facilityName: port.terminals.find((t) => t.code === call.terminal)!.name.en, UNLocationCode: call.port };
  });
}

export const transportCallReference = (c: DatedCall) => `${c.service}-${c.vessel}-${c.exportVoyage}-${c.port}-${c.index + 1}`;

function servicePartner(engine: ScheduleEngine, c: DatedCall) {
  const { service } = engine.content.network.services.get(c.service)!;
  return {
    carrierCode: CARRIER.code,
    carrierCodeListProvider: CARRIER.list,
    carrierServiceName: service.name.en,
    carrierServiceCode: service.code,
    carrierImportVoyageNumber: c.importVoyage,
    carrierExportVoyageNumber: c.exportVoyage,
  };
}

/** One routing; `n` is its solution number (1 first), footprint for the cargo (tonnes) or one TEU. */
export function pointToPoint(engine: ScheduleEngine, option: SailingOption, n: number): PointToPoint {
  const first = option.legs[0].departure;
  const last = option.legs.at(-1)!.arrival;
  const footprint = option.cargo ?? option.perTeu;
  return {
    placeOfReceipt: { facilityTypeCode: 'POTE', location: location(engine, first), dateTime: first.departure.local },
    placeOfDelivery: { facilityTypeCode: 'POTE', location: location(engine, last), dateTime: last.arrival.local },
    receiptTypeAtOrigin: 'CY',
    deliveryTypeAtDestination: 'CY',
    cutOffTimes: cutOffTimes(option.cutOffs),
    solutionNumber: n,
    routingReference: optionKey(option),
    transitTime: transitDays(option.departure, option.arrival),
    solutionFootprint: { co2e: tonnes(footprint.wtwKg) },
    legs: option.legs.map((leg, i) => {
      const table = engine.timetables.get(leg.segment.service)!;
      const between: DatedCall[] = [];
      for (let index = leg.segment.a + 1; index < leg.segment.b; index++) {
        const call = table.call(leg.departure.k, index);
        if (call) between.push(call);
      }
      const intensity = leg.segment.edge.intensity[option.nature];
      const legKg = legEmission(footprint.tonnes, leg.segment.edge.km, intensity, 'WTW');
      const v = vessel(engine, leg.departure.vessel);
      return {
        sequenceNumber: i + 1,
        transport: { modeOfTransport: 'VESSEL' as const, servicePartners: [servicePartner(engine, leg.departure)], ...(v ? { vessel: v } : {}) },
        departure: {
          transportCallReference: transportCallReference(leg.departure),
          facilityTypeCode: 'POTE' as const,
          location: location(engine, leg.departure),
          dateTime: leg.departure.departure.local,
        },
        ...(between.length
          ? {
              intermediateCalls: between.map((c) => ({
                transportCallReference: transportCallReference(c),
                facilityTypeCode: 'POTE' as const,
                location: location(engine, c),
                arrivalDateTime: c.arrival.local,
                departureDateTime: c.departure.local,
              })),
            }
          : {}),
        arrival: { transportCallReference: transportCallReference(leg.arrival), facilityTypeCode: 'POTE' as const, location: location(engine, leg.arrival), dateTime: leg.arrival.arrival.local },
        footprint: { co2e: tonnes(legKg) },
        cutOffTimes: cutOffTimes(engine.cutOffsOf(leg.departure)),
      };
    }),
  };
}

function timestamps(c: DatedCall) {
  return [
    { eventTypeCode: 'ARRI' as const, eventClassifierCode: 'PLN' as const, eventDateTime: c.arrival.local },
    { eventTypeCode: 'DEPA' as const, eventClassifierCode: 'PLN' as const, eventDateTime: c.departure.local },
  ];
}

/** Calls at a port from a moment on, one PortSchedule per terminal called, terminals by name, calls by arrival. */
export function portSchedules(engine: ScheduleEngine, locode: string, from: number): PortSchedule[] {
  const port = engine.content.network.ports.get(locode)!;
  const calls = engine.portCalls(locode, from, engine.horizon.toEpoch).sort((a, b) => a.arrival.epoch - b.arrival.epoch);
  return port.terminals
    .filter((t) => calls.some((c) => c.terminal === t.code))
    .sort((a, b) => a.name.en.localeCompare(b.name.en))
    .map((t) => ({
      location: { locationName: port.name.en, facilityName: t.name.en, UNLocationCode: locode },
      vesselSchedules: calls
        .filter((c) => c.terminal === t.code)
        .map((c) => {
          const v = c.vessel === 'TBN' ? undefined : vessel(engine, c.vessel);
          return {
            servicePartners: [servicePartner(engine, c)],
            ...(v ? { vessel: v } : {}),
            isDummyVessel: c.vessel === 'TBN',
            timestamps: timestamps(c),
            cutOffTimes: cutOffTimes(engine.cutOffsOf(c)),
          };
        }),
    }));
}

export interface VesselFilter {
  vesselIMONumber?: string;
  vesselName?: string;
  carrierServiceCode?: string;
  universalServiceReference?: string;
  carrierVoyageNumber?: string;
  universalVoyageReference?: string;
  UNLocationCode?: string;
  facilitySMDGCode?: string;
  vesselOperatorCarrierCode?: string;
  /** Local dates (YYYY-MM-DD) a timestamp must fall between, inclusive. */
  startDate: string;
  endDate: string;
  responseScope: 'FULL_VOYAGE' | 'MATCHED_CALLS';
}

/** Vessel schedules: per service (content order), per ship (deployment order), the matched voyages' calls in order. */
export function vesselSchedules(engine: ScheduleEngine, f: VesselFilter): ServiceSchedule[] {
  const out: ServiceSchedule[] = [];
  const inDates = (c: DatedCall) => [c.arrival.local, c.departure.local].some((t) => t.slice(0, 10) >= f.startDate && t.slice(0, 10) <= f.endDate);
  const matches = (c: DatedCall) => {
    const v = c.vessel === 'TBN' ? undefined : engine.vessel(c.vessel);
    if (f.vesselIMONumber && c.vessel !== f.vesselIMONumber) return false;
    if (f.vesselName && v?.name.toLowerCase() !== f.vesselName.toLowerCase()) return false;
    if (f.carrierServiceCode && c.service !== f.carrierServiceCode) return false;
    if (f.universalServiceReference || f.universalVoyageReference) return false; // no universal references are published for these loops
    if (f.carrierVoyageNumber && c.importVoyage !== f.carrierVoyageNumber && c.exportVoyage !== f.carrierVoyageNumber) return false;
    if (f.UNLocationCode && c.port !== f.UNLocationCode) return false;
    if (f.facilitySMDGCode && c.terminal !== f.facilitySMDGCode) return false;
    if (f.vesselOperatorCarrierCode && f.vesselOperatorCarrierCode !== CARRIER.code) return false;
    return inDates(c);
  };
  for (const { service } of engine.content.services) {
    const table = engine.timetables.get(service.code)!;
    const byShip = new Map<string, DatedCall[]>();
    for (const voyage of table.voyages) {
      const matched = voyage.filter(matches);
      if (!matched.length) continue;
      const calls = f.responseScope === 'FULL_VOYAGE' ? voyage : matched;
      const list = byShip.get(voyage[0].vessel) ?? [];
      list.push(...calls);
      byShip.set(voyage[0].vessel, list);
    }
    if (!byShip.size) continue;
    out.push({
      carrierServiceName: service.name.en,
      carrierServiceCode: service.code,
      vesselSchedules: service.deployment.vessels
        .filter((imo, i, all) => byShip.has(imo) && all.indexOf(imo) === i)
        .map((imo) => {
          const v = imo === 'TBN' ? undefined : vessel(engine, imo);
          return {
            ...(v ? { vessel: v } : {}),
            isDummyVessel: imo === 'TBN',
            transportCalls: byShip.get(imo)!.map((c) => ({
              transportCallReference: transportCallReference(c),
              carrierImportVoyageNumber: c.importVoyage,
              carrierExportVoyageNumber: c.exportVoyage,
              cutOffTimes: cutOffTimes(engine.cutOffsOf(c)),
              location: { locationName: engine.content.network.ports.get(c.port)!.name.en, facilityName: location(engine, c).facilityName, UNLocationCode: c.port },
              isCargoOperationalCall: true,
              timestamps: timestamps(c),
            })),
          };
        }),
    });
  }
  return out;
}
