import type { Port, Service } from '../content-model/schemas/routes';
import type { ScheduleContent } from './content';
import { DAY_MS, addDays, daysBetween, zonedMoment, type ZonedMoment } from './time';

/**
 * Dated calls: every call of every loop's voyages over a horizon, from the rotation (voyage
 * day and port-local time of each call), the deployment (ships in turn, one departure a week)
 * and the reference sailing (a voyage number and the local date it departs the first port).
 *
 * Voyage k of a loop (k = 0 for the reference sailing, negative before it) starts its day 0
 * seven days × k after the reference's day 0, is sailed by ship k mod n of the deployment,
 * and is numbered reference + k. A call's voyage number carries the letter of the direction
 * the ship leaves it in (E, W, N or S, from the bound's label): the export direction from
 * the first call until the first port of loading of the import direction, the import one
 * after. Calls after the last of the rotation belong to the ship's next voyage (k + n).
 */

export interface DatedCall {
  service: string;
  /** Voyage index relative to the reference sailing. */
  k: number;
  /** Index of the call in the rotation. */
  index: number;
  port: string;
  terminal: string;
  /** IMO number, or 'TBN'. */
  vessel: string;
  /** Voyage number the ship arrives on (the previous leg's direction) and departs on. */
  importVoyage: string;
  exportVoyage: string;
  arrival: ZonedMoment;
  departure: ZonedMoment;
}

export interface LoopTimetable {
  service: Service;
  /** Day 0 (local date at the first port) of voyage 0. */
  day0: string;
  /** Voyage indexes covered, inclusive. */
  kMin: number;
  kMax: number;
  /** calls[k - kMin][index] */
  voyages: DatedCall[][];
  /** The voyage whose call `index` departs at or after `epoch` (binary search), or undefined past the horizon. */
  firstDepartureAtOrAfter(index: number, epoch: number): DatedCall | undefined;
  /** A voyage's call by index, continuing into voyage k + n after the last call (undefined outside the horizon). */
  call(k: number, index: number): DatedCall | undefined;
}

const BOUND_LETTER: Record<string, string> = { Eastbound: 'E', Westbound: 'W', Northbound: 'N', Southbound: 'S' };

export function boundLetter(label: string): string {
  const letter = BOUND_LETTER[label];
  if (!letter) throw new Error(`bound label "${label}" is not one of ${Object.keys(BOUND_LETTER).join(', ')}`);
  return letter;
}

/** Index of the first call the ship leaves in the import direction. */
export function turnIndex(service: Service): number {
  const first = Math.min(...service.import.pols.filter((i) => i > 0));
  return Number.isFinite(first) ? first : service.calls.length;
}

export const voyageNumber = (n: number) => String(((n % 10000) + 10000) % 10000).padStart(4, '0');

/**
 * The timetable of one loop for voyages whose day 0 lies between `from` and `to`
 * (YYYY-MM-DD, inclusive), widened by one round trip on both sides so that every
 * sailing that departs or arrives in the window is there.
 */
export function loopTimetable(service: Service, ports: ReadonlyMap<string, Port>, from: string, to: string): LoopTimetable {
  const { deployment } = service;
  const n = deployment.vessels.length;
  const day0 = addDays(deployment.reference.departure, -service.calls[0].departure.day);
  const rounds = Math.ceil(service.roundTripDays / 7);
  const kMin = Math.floor(daysBetween(day0, from) / 7) - rounds - 1;
  const kMax = Math.ceil(daysBetween(day0, to) / 7) + rounds + 1;
  const exportLetter = boundLetter(service.export.label.en);
  const importLetter = boundLetter(service.import.label.en);
  const turn = turnIndex(service);
  const letterLeaving = (index: number) => (index < turn ? exportLetter : importLetter);
  const zones = service.calls.map((c) => {
    const port = ports.get(c.port);
    if (!port) throw new Error(`loop ${service.code}: no port ${c.port}`);
    return port.timeZone;
  });
  const voyages: DatedCall[][] = [];
  for (let k = kMin; k <= kMax; k++) {
    const start = addDays(day0, 7 * k);
    const vessel = deployment.vessels[((k % n) + n) % n];
    const number = deployment.reference.voyage + k;
    voyages.push(
      service.calls.map((c, index) => ({
        service: service.code,
        k,
        index,
        port: c.port,
        terminal: c.terminal,
        vessel,
        importVoyage: index === 0 ? voyageNumber(number - n) + importLetter : voyageNumber(number) + letterLeaving(index - 1),
        exportVoyage: voyageNumber(number) + letterLeaving(index),
        arrival: zonedMoment(start, c.arrival.day, c.arrival.time, zones[index]),
        departure: zonedMoment(start, c.departure.day, c.departure.time, zones[index]),
      })),
    );
  }
  for (const voyage of voyages)
    voyage.forEach((c, i) => {
      const before = i > 0 ? voyage[i - 1] : undefined;
      if (c.departure.epoch <= c.arrival.epoch)
        throw new Error(`loop ${service.code}: at ${c.port} (call ${i + 1}) the ship leaves before it arrives in local time (${c.arrival.local} → ${c.departure.local})`);
      if (before && c.arrival.epoch <= before.departure.epoch)
        throw new Error(
          `loop ${service.code}: the ship reaches ${c.port} (call ${i + 1}, ${c.arrival.local}) before it leaves ${before.port} (${before.departure.local}); check the day and time against the time zones`,
        );
    });
  const call = (k: number, index: number): DatedCall | undefined => {
    const lap = Math.floor(index / service.calls.length);
    const kk = k + lap * n;
    if (kk < kMin || kk > kMax) return undefined;
    return voyages[kk - kMin][index % service.calls.length];
  };
  return {
    service,
    day0,
    kMin,
    kMax,
    voyages,
    call,
    firstDepartureAtOrAfter(index, epoch) {
      let lo = 0;
      let hi = voyages.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (voyages[mid][index].departure.epoch < epoch) lo = mid + 1;
        else hi = mid;
      }
      return lo < voyages.length ? voyages[lo][index] : undefined;
    },
  };
}

/** Every loop's timetable for a window of dates (YYYY-MM-DD). */
export function networkTimetable(content: ScheduleContent, from: string, to: string): Map<string, LoopTimetable> {
  return new Map(content.services.map(({ service }) => [service.code, loopTimetable(service, content.network.ports, from, to)]));
}

export { DAY_MS };
