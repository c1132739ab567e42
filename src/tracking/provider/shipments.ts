import type { CargoNature } from '../../carbon';
import { createEngine, type DatedCall, type ScheduleEngine, type SailingOption } from '../../schedules';
import { flagCode, transportCallReference } from '../../schedules/dcsa/answers';
import { DAY_MS, HOUR_MS, localDate } from '../../schedules/time';
import { withCheckDigit } from '../iso6346';
import { BL_PREFIX } from '../references';
import { Delays, type DelayReason } from './delays';
import { draws, hashInt, type Draws } from './random';

/**
 * The reference provider's bookings: deterministic shipments on the site's real sailings.
 *
 * Bookings are made at fixed slots, `bookingsPerDay` evenly spaced per UTC day (slot s of day d
 * is booked at d + s × 24 h / bookingsPerDay); a shipment is a pure function of the seed and its
 * slot. It exists when it was booked within the last `windowDays` (never in the future). For a
 * slot, draws from the seed (./random.ts) pick a port pair (mostly a weighted list of busy trades,
 * sometimes any two ports), ask the schedule engine for sailings leaving 3 to 21 days after the
 * booking with up to two transhipments, and take one: never a slot still "to be nominated" (TBN),
 * and only connections that hold once the ships' real delays are known (./delays.ts: the cargo
 * is discharged at the hub before the next ship loads it). A pair without such a sailing is
 * replaced by another.
 *
 * The engine (src/schedules) is built once per UTC day with a horizon reaching back over the
 * window (departures from windowDays + 1 days ago to 25 days ahead); shipments are computed
 * when first asked for and kept per slot, so the same slot gives the same shipment for the life
 * of the process, and in any process with the same seed and content.
 */

export interface ShipmentOptions {
  /** Everything drawn depends on it: another seed, other shipments. */
  seed: string;
  bookingsPerDay: number;
  /** Shipments booked within this many days are trackable. */
  windowDays: number;
}

export const DEFAULT_SHIPMENT_OPTIONS: ShipmentOptions = { seed: 'seabridge-reference-provider', bookingsPerDay: 12, windowDays: 45 };

/** Departures offered from this long after the booking … */
const FIRST_DEPARTURE_DAYS = 3;
/** … to this long after it. */
const LAST_DEPARTURE_DAYS = 21;
/** The engine's horizon ahead of the day: the latest departure of a booking made today, and room. */
const ENGINE_DAYS_AHEAD = 25;
/** Hours from a ship's actual arrival at a hub to the next ship's actual departure, at least (discharge, then load). */
const MIN_CONNECTION_HOURS = 20;

/**
 * Busy trades and their weights: the pairs most bookings are drawn from. Some have direct
 * sailings only, some need one or two transhipments (check with engine.pointToPoint).
 */
export const TRADE_PAIRS: readonly (readonly [readonly [string, string], number])[] = [
  [['CNSHA', 'NLRTM'], 8],
  [['CNNGB', 'USLAX'], 6],
  [['SGSIN', 'DEHAM'], 5],
  [['KRPUS', 'USLGB'], 5],
  [['CNYTN', 'USLAX'], 5],
  [['CNSHA', 'USLAX'], 4],
  [['CNTAO', 'BEANR'], 4],
  [['NLRTM', 'CNSHA'], 4],
  [['CNXMN', 'USNYC'], 3],
  [['CNYTN', 'GBFXT'], 3],
  [['INNSA', 'NLRTM'], 3],
  [['MYPKG', 'AEJEA'], 3],
  [['DEHAM', 'USNYC'], 3],
  [['CNSHA', 'BRSSZ'], 2],
  [['CNNGB', 'AUSYD'], 2],
  [['CNTAO', 'ITGOA'], 2],
  [['JPTYO', 'NLRTM'], 2],
  [['VNHPH', 'DEHAM'], 2],
  [['THLCH', 'USSAV'], 2],
  [['CNSHA', 'ZADUR'], 2],
  [['CNXMN', 'BRSSZ'], 2],
  [['USLAX', 'CNSHA'], 2],
  [['PKKHI', 'DEHAM'], 1],
  [['CNSHA', 'FIHEL'], 1],
  [['JPTYO', 'USOAK'], 1],
  [['IDSUB', 'NLRTM'], 1],
  [['ESVLC', 'USNYC'], 1],
  [['CNNGB', 'NZAKL'], 1],
];
/** Share of bookings between two ports drawn from all the ports called. */
const ANY_PAIR_SHARE = 0.1;
const REEFER_SHARE = 0.12;

export type IsoCode = '22G1' | '45G1' | '45R1';

export interface Container {
  /** ISO 6346: SBLU, six digits, check digit. */
  reference: string;
  isoCode: IsoCode;
}

/** One end of a leg: a vessel call, as scheduled and as it really happens. */
export interface LegCall {
  port: string;
  portName: string;
  terminal: string;
  terminalName: string;
  timeZone: string;
  /** The call's ID, as in the schedules API (`${service}-${vessel}-${exportVoyage}-${port}-${call}`). */
  transportCallID: string;
  /** The call's place in the rotation (1 first). */
  sequence: number;
  importVoyage: string;
  exportVoyage: string;
  /** Scheduled departure (at the port of loading) or arrival (at the port of discharge): epoch ms and local time with offset. */
  scheduled: number;
  scheduledLocal: string;
  /** Minutes late, and the instant it really happens. */
  delayMin: number;
  actual: number;
  reason: DelayReason;
}

export interface ArrivalCall extends LegCall {
  /** Drift of the early estimates from the final delay, minutes (./delays.ts). */
  estimateDriftMin: number;
}

export interface ShipmentLeg {
  service: string;
  vesselImo: string;
  vesselName: string;
  /** ISO 3166 alpha-2, when the flag's name is known. */
  vesselFlag?: string;
  from: LegCall;
  to: ArrivalCall;
  /** Calls the ship makes between the two. */
  intermediateCalls: number;
}

export interface Shipment {
  slot: number;
  /** Epoch ms. */
  bookedAt: number;
  /** Ten digits: the booking day (YYMMDD, UTC) and four digits. */
  booking: string;
  /** SBLU and the booking's ten digits. */
  bl: string;
  nature: CargoNature;
  containers: Container[];
  legs: ShipmentLeg[];
}

/** Slots and instants. */
export interface SlotClock {
  slotMs: number;
  /** The slot booked at or before an instant. */
  slotAt(epoch: number): number;
  bookedAt(slot: number): number;
}

export function slotClock(bookingsPerDay: number): SlotClock {
  if (!Number.isInteger(bookingsPerDay) || bookingsPerDay < 1 || bookingsPerDay > 10_000) throw new Error('tracking provider: bookingsPerDay must be a whole number from 1 to 10000');
  const bookedAt = (slot: number) => Math.floor(slot / bookingsPerDay) * DAY_MS + Math.floor(((slot % bookingsPerDay) * DAY_MS) / bookingsPerDay);
  return {
    slotMs: DAY_MS / bookingsPerDay,
    bookedAt,
    slotAt(epoch) {
      let slot = Math.floor(epoch / (DAY_MS / bookingsPerDay));
      // the division rounds: step to the last slot booked at or before the instant
      while (bookedAt(slot) > epoch) slot--;
      while (bookedAt(slot + 1) <= epoch) slot++;
      return slot;
    },
  };
}

/** The bookings of one seed: slots, the engine of the day, shipments kept per slot. */
export class ShipmentBook {
  readonly options: ShipmentOptions;
  readonly clock: SlotClock;
  private engine?: { day: string; engine: ScheduleEngine; delays: Delays };
  private shipments = new Map<number, Shipment>();
  private readonly bookingOffset: number;
  private readonly serialOffset: number;

  constructor(options: Partial<ShipmentOptions> = {}) {
    this.options = { ...DEFAULT_SHIPMENT_OPTIONS, ...options };
    if (!(this.options.windowDays >= 1 && this.options.windowDays <= 366)) throw new Error('tracking provider: windowDays must be from 1 to 366');
    this.clock = slotClock(this.options.bookingsPerDay);
    this.bookingOffset = hashInt(10_000, this.options.seed, 'booking');
    this.serialOffset = hashInt(1_000_000, this.options.seed, 'serial');
  }

  /** The engine of the UTC day of `now` (built on first use each day, ~0.7 s), and the delays of its calls. */
  engineAt(now: number): { engine: ScheduleEngine; delays: Delays } {
    const day = localDate(now, 'UTC');
    if (this.engine?.day !== day) {
      const engine = createEngine(day, { daysBack: this.options.windowDays + 1, daysAhead: ENGINE_DAYS_AHEAD });
      this.engine = { day, engine, delays: this.engine?.delays ?? new Delays(this.options.seed, engine.content) };
    }
    return this.engine;
  }

  /** The slots of the shipments trackable at `now`: booked after now − windowDays, up to now. */
  window(now: number): { first: number; last: number } {
    const last = this.clock.slotAt(now);
    const first = this.clock.slotAt(now - this.options.windowDays * DAY_MS) + 1;
    return { first, last };
  }

  /** The shipment of a slot (worked out on first use with the engine of `now`'s day, then kept). */
  shipment(slot: number, now: number): Shipment {
    let found = this.shipments.get(slot);
    if (!found) {
      found = this.make(slot, now);
      this.shipments.set(slot, found);
    }
    return found;
  }

  /** Forgets the shipments booked before a slot (they left the window). */
  forgetBefore(slot: number): void {
    for (const key of this.shipments.keys()) if (key < slot) this.shipments.delete(key);
  }

  /** The booking number of a slot: the booking day and a permutation of the slot of the day (unique per day). */
  bookingNumber(slot: number): string {
    const bookedAt = this.clock.bookedAt(slot);
    const ofDay = slot - Math.floor(bookedAt / DAY_MS) * this.options.bookingsPerDay;
    const day = new Date(bookedAt).toISOString();
    return `${day.slice(2, 4)}${day.slice(5, 7)}${day.slice(8, 10)}${String((7919 * ofDay + this.bookingOffset) % 10_000).padStart(4, '0')}`;
  }

  private make(slot: number, now: number): Shipment {
    const { seed } = this.options;
    const { engine, delays } = this.engineAt(now);
    const bookedAt = this.clock.bookedAt(slot);
    const d = draws(seed, 'shipment', slot);
    const nature: CargoNature = d.next() < REEFER_SHARE ? 'Reefer' : 'Dry';
    const option = this.chooseSailing(engine, delays, d, bookedAt, nature, slot);
    const booking = this.bookingNumber(slot);
    const count = d.weighted([
      [1, 5],
      [2, 3],
      [3, 2],
    ]);
    const containers: Container[] = [];
    for (let j = 0; j < count; j++) {
      // serials are a permutation of slot × 3 + j: no two shipments of a window share a box
      const serial = (387_799 * ((slot * 3 + j) % 1_000_000) + this.serialOffset) % 1_000_000;
      const isoCode: IsoCode = nature === 'Reefer' ? '45R1' : d.next() < 0.4 ? '22G1' : '45G1';
      containers.push({ reference: withCheckDigit(`${BL_PREFIX}${String(serial).padStart(6, '0')}`), isoCode });
    }
    return { slot, bookedAt, booking, bl: `${BL_PREFIX}${booking}`, nature, containers, legs: option.legs.map((leg) => this.leg(engine, delays, leg)) };
  }

  private chooseSailing(engine: ScheduleEngine, delays: Delays, d: Draws, bookedAt: number, nature: CargoNature, slot: number): SailingOption {
    const ports = [...engine.router.ports].sort();
    for (let attempt = 0; attempt < 20; attempt++) {
      let pair: readonly [string, string];
      if (attempt < 10 && d.next() >= ANY_PAIR_SHARE) pair = d.weighted(TRADE_PAIRS);
      else {
        const from = d.pick(ports);
        const to = d.pick(ports);
        if (from === to) continue;
        pair = [from, to];
      }
      const options = engine
        .pointToPoint({
          from: pair[0],
          to: pair[1],
          departureFrom: bookedAt + FIRST_DEPARTURE_DAYS * DAY_MS,
          departureTo: bookedAt + LAST_DEPARTURE_DAYS * DAY_MS,
          maxTranshipment: 2,
          nature,
        })
        .filter((o) => o.legs.every((l) => l.departure.vessel !== 'TBN') && connectionsHold(delays, o));
      if (options.length) return d.pick(options);
    }
    throw new Error(`tracking provider: no sailing found for the booking of slot ${slot}`);
  }

  private leg(engine: ScheduleEngine, delays: Delays, leg: SailingOption['legs'][number]): ShipmentLeg {
    const { departure, arrival, segment } = leg;
    const vessel = engine.vessel(departure.vessel)!;
    const flag = flagCode(vessel.flag.en);
    const from = delays.of(departure.service, departure.k, departure.index);
    const to = delays.of(arrival.service, arrival.k, arrival.index);
    return {
      service: segment.service,
      vesselImo: vessel.imo,
      vesselName: vessel.name.slice(0, 35),
      ...(flag ? { vesselFlag: flag } : {}),
      from: this.call(engine, departure, departure.departure, from.departureMin, from.departureReason),
      to: { ...this.call(engine, arrival, arrival.arrival, to.arrivalMin, to.arrivalReason), estimateDriftMin: to.estimateDriftMin },
      intermediateCalls: segment.b - segment.a - 1,
    };
  }

  private call(engine: ScheduleEngine, call: DatedCall, moment: DatedCall['arrival'], delayMin: number, reason: DelayReason): LegCall {
    const port = engine.content.network.ports.get(call.port)!;
    return {
      port: call.port,
      portName: port.name.en,
      terminal: call.terminal,
      terminalName: port.terminals.find((t) => t.code === call.terminal)?.name.en ?? call.terminal,
      timeZone: port.timeZone,
      transportCallID: transportCallReference(call),
      sequence: call.index + 1,
      importVoyage: call.importVoyage,
      exportVoyage: call.exportVoyage,
      scheduled: moment.epoch,
      scheduledLocal: moment.local,
      delayMin,
      actual: moment.epoch + delayMin * 60_000,
      reason,
    };
  }
}

/** Whether each connection of an option holds with the ships' real delays (discharge, then load on the next ship). */
function connectionsHold(delays: Delays, option: SailingOption): boolean {
  for (let i = 1; i < option.legs.length; i++) {
    const inbound = option.legs[i - 1].arrival;
    const outbound = option.legs[i].departure;
    const arrived = inbound.arrival.epoch + delays.of(inbound.service, inbound.k, inbound.index).arrivalMin * 60_000;
    const leaves = outbound.departure.epoch + delays.of(outbound.service, outbound.k, outbound.index).departureMin * 60_000;
    if (leaves - arrived < MIN_CONNECTION_HOURS * HOUR_MS) return false;
  }
  return true;
}
