import type { EventsFilter } from '../dcsa/query';
import type { Event } from '../dcsa/schemas';
import { BL_PREFIX } from '../references';
import { byCreated, shipmentEvents, type ProviderEvent } from './events';
import { ShipmentBook, type Shipment, type ShipmentOptions } from './shipments';

/**
 * The reference provider's events as one list: every event of the shipments in the window
 * (./shipments.ts), in the standard's order (eventCreatedDateTime, then eventID), of which a
 * reader at `now` sees those created by then. GET /v2/events and the pusher both read pages of it
 * after a keyset position (created, eventID) with the standard's filters.
 *
 * The list is rebuilt when the window moves (a new booking slot, one every 24 h / bookingsPerDay):
 * the events of a slot are worked out once and kept while the slot is in the window. A booking,
 * bill of lading or container filter reads only its shipment's events.
 */

/** A place in the list: the last event read (created, eventID). */
export interface Position {
  created: number;
  id: string;
}

interface WindowIndex {
  first: number;
  last: number;
  /** Every event of the window's shipments, future ones included, in order. */
  events: ProviderEvent[];
  bySlot: Map<number, ProviderEvent[]>;
  byId: Map<string, ProviderEvent>;
  /** Booking, bill of lading and container numbers → slot. */
  byReference: Map<string, number>;
}

export type Stage = 'booked' | 'at-sea' | 'transhipment' | 'arrived' | 'delivered';

export interface SampleReference {
  stage: Stage;
  booking: string;
  bl: string;
  containers: string[];
  from: string;
  to: string;
  transhipments: number;
  /** ISO UTC. */
  bookedAt: string;
}

export class EventFeed {
  readonly book: ShipmentBook;
  private index?: WindowIndex;
  private slotEvents = new Map<number, ProviderEvent[]>();

  constructor(options: Partial<ShipmentOptions> | ShipmentBook = {}) {
    this.book = options instanceof ShipmentBook ? options : new ShipmentBook(options);
  }

  /** The window's list at `now` (rebuilt when the window has moved). */
  private at(now: number): WindowIndex {
    const { first, last } = this.book.window(now);
    if (this.index && this.index.first === first && this.index.last === last) return this.index;
    for (const slot of this.slotEvents.keys()) if (slot < first || slot > last) this.slotEvents.delete(slot);
    this.book.forgetBefore(first);
    const bySlot = new Map<number, ProviderEvent[]>();
    const byReference = new Map<string, number>();
    const events: ProviderEvent[] = [];
    for (let slot = first; slot <= last; slot++) {
      let list = this.slotEvents.get(slot);
      const shipment = this.book.shipment(slot, now);
      if (!list) {
        list = shipmentEvents(shipment, this.book.options.seed);
        this.slotEvents.set(slot, list);
      }
      bySlot.set(slot, list);
      byReference.set(shipment.booking, slot).set(shipment.bl, slot);
      for (const c of shipment.containers) byReference.set(c.reference, slot);
      for (const e of list) events.push(e);
    }
    events.sort(byCreated);
    this.index = { first, last, events, bySlot, byId: new Map(events.map((e) => [e.id, e])), byReference };
    return this.index;
  }

  /** The shipments trackable at `now`, oldest booking first. */
  shipments(now: number): Shipment[] {
    const { first, last } = this.at(now);
    const out: Shipment[] = [];
    for (let slot = first; slot <= last; slot++) out.push(this.book.shipment(slot, now));
    return out;
  }

  /** The shipment a booking, bill of lading or container number names at `now`. */
  shipmentOf(reference: string, now: number): Shipment | undefined {
    const slot = this.at(now).byReference.get(reference);
    return slot === undefined ? undefined : this.book.shipment(slot, now);
  }

  /** Events of a shipment visible at `now`. */
  eventsOf(shipment: Shipment, now: number): ProviderEvent[] {
    return (this.at(now).bySlot.get(shipment.slot) ?? []).filter((e) => e.created <= now);
  }

  /** One event by ID, if it exists and is created by `now`. */
  event(id: string, now: number): ProviderEvent | undefined {
    const found = this.at(now).byId.get(id);
    return found && found.created <= now ? found : undefined;
  }

  /** Every event of the window, future ones included (tests, measurements). */
  all(now: number): readonly ProviderEvent[] {
    return this.at(now).events;
  }

  /**
   * Up to `limit` events created by `now`, after a position, matching a filter, in order; `more`
   * when others follow (created by `now`).
   */
  page(filter: EventsFilter, after: Position | undefined, now: number, limit: number): { events: ProviderEvent[]; more: boolean } {
    const index = this.at(now);
    let list = index.events;
    // a booking, bill of lading or container: only its shipment's events
    const slots = [filter.carrierBookingReference, filter.transportDocumentReference, filter.equipmentReference]
      .filter((r): r is string => r !== undefined)
      .map((r) => index.byReference.get(r) ?? Number.NaN);
    if (slots.length) {
      if (slots.some((s) => s !== slots[0]) || Number.isNaN(slots[0])) return { events: [], more: false };
      list = index.bySlot.get(slots[0]) ?? [];
    }
    let lo = -Infinity;
    let hi = now;
    for (const { op, at } of filter.created ?? []) {
      if (op === 'gte' || op === 'eq') lo = Math.max(lo, at);
      if (op === 'gt') lo = Math.max(lo, at + 1);
      if (op === 'lte' || op === 'eq') hi = Math.min(hi, at);
      if (op === 'lt') hi = Math.min(hi, at - 1);
    }
    let i = lowerBound(list, (e) => e.created >= lo);
    if (after)
      i = Math.max(
        i,
        lowerBound(list, (e) => byCreated(e, after) > 0),
      );
    const events: ProviderEvent[] = [];
    for (; i < list.length && list[i].created <= hi; i++) {
      if (!matches(list[i].event, filter)) continue;
      if (events.length === limit) return { events, more: true };
      events.push(list[i]);
    }
    return { events, more: false };
  }

  /**
   * A few references trackable at `now`, at different stages (booked, at sea, transhipped at a
   * hub, arrived, delivered): one of each stage found first (the latest booking), then more.
   */
  samples(now: number, n = 5): SampleReference[] {
    const byStage = new Map<Stage, Shipment[]>();
    for (const shipment of this.shipments(now).reverse()) {
      const stage = this.stageOf(shipment, now);
      const list = byStage.get(stage) ?? [];
      list.push(shipment);
      byStage.set(stage, list);
    }
    const order: Stage[] = ['booked', 'at-sea', 'transhipment', 'arrived', 'delivered'];
    const out: SampleReference[] = [];
    for (let round = 0; out.length < n; round++) {
      let any = false;
      for (const stage of order) {
        const shipment = byStage.get(stage)?.[round];
        if (!shipment || out.length >= n) continue;
        any = true;
        const legs = shipment.legs;
        out.push({
          stage,
          booking: shipment.booking,
          bl: shipment.bl,
          containers: shipment.containers.map((c) => c.reference),
          from: legs[0].from.port,
          to: legs[legs.length - 1].to.port,
          transhipments: legs.length - 1,
          bookedAt: new Date(shipment.bookedAt).toISOString(),
        });
      }
      if (!any) break;
    }
    return out;
  }

  /** Where a shipment is at `now`, from its events created by then. */
  stageOf(shipment: Shipment, now: number): Stage {
    const seen = new Set(this.eventsOf(shipment, now).map((e) => e.key));
    const legs = shipment.legs.length;
    if (seen.has('S:SRM:RELS')) return 'delivered';
    if (seen.has(`T:ARRI:ACT:${legs - 1}`)) return 'arrived';
    if (legs > 1 && seen.has('T:ARRI:ACT:0')) return 'transhipment';
    if (seen.has('T:DEPA:ACT:0')) return 'at-sea';
    return 'booked';
  }
}

/**
 * Whether an event passes a filter of GET /v2/events or a subscription, in memory (the site's store
 * does the same in SQL): a type code matches only events of its kind; a booking or bill of lading
 * matches every event of the shipment. Not the created times: the list is read between them.
 */
export function matches(event: Event, f: EventsFilter): boolean {
  if (f.eventType && !f.eventType.includes(event.eventType)) return false;
  // a type code filter matches only events of its kind (the standard: shipmentEventTypeCode=DRFT and equipmentEventTypeCode=GTIN together match nothing)
  if (f.shipmentEventTypeCode && (event.eventType !== 'SHIPMENT' || !f.shipmentEventTypeCode.includes(event.shipmentEventTypeCode))) return false;
  if (f.documentTypeCode && (event.eventType !== 'SHIPMENT' || !f.documentTypeCode.includes(event.documentTypeCode))) return false;
  if (f.transportEventTypeCode && (event.eventType !== 'TRANSPORT' || !f.transportEventTypeCode.includes(event.transportEventTypeCode))) return false;
  if (f.equipmentEventTypeCode && (event.eventType !== 'EQUIPMENT' || !f.equipmentEventTypeCode.includes(event.equipmentEventTypeCode))) return false;
  if (f.equipmentReference !== undefined && (event.eventType !== 'EQUIPMENT' || event.equipmentReference !== f.equipmentReference)) return false;
  if (f.carrierBookingReference !== undefined || f.transportDocumentReference !== undefined) {
    // every event of the shipment concerns both its booking and its bill of lading
    const refs = event.eventType === 'SHIPMENT' ? [event.documentID] : (event.documentReferences ?? []).map((r) => r.documentReferenceValue);
    if (event.eventType === 'SHIPMENT') refs.push(...documentPair(event.documentID));
    if (f.carrierBookingReference !== undefined && !refs.includes(f.carrierBookingReference)) return false;
    if (f.transportDocumentReference !== undefined && !refs.includes(f.transportDocumentReference)) return false;
  }
  const call = event.eventType === 'SHIPMENT' ? undefined : event.transportCall;
  if (f.transportCallID !== undefined && call?.transportCallID !== f.transportCallID) return false;
  if (f.vesselIMONumber !== undefined && call?.vessel?.vesselIMONumber !== f.vesselIMONumber) return false;
  if (f.exportVoyageNumber !== undefined && call?.exportVoyageNumber !== f.exportVoyageNumber) return false;
  if (f.carrierServiceCode !== undefined && call?.carrierServiceCode !== f.carrierServiceCode) return false;
  if (f.UNLocationCode !== undefined) {
    const location = call?.UNLocationCode ?? (event.eventType === 'EQUIPMENT' ? event.eventLocation?.UNLocationCode : undefined);
    if (location !== f.UNLocationCode) return false;
  }
  return true;
}

/** A booking's bill of lading and a bill of lading's booking (the provider's numbering: SBLU + the booking's digits). */
function documentPair(documentID: string): string[] {
  return documentID.startsWith(BL_PREFIX) ? [documentID.slice(BL_PREFIX.length)] : [`${BL_PREFIX}${documentID}`];
}

/** The first index whose element passes (the list is ordered so that the test is false, then true). */
function lowerBound<T>(list: readonly T[], test: (value: T) => boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (test(list[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
