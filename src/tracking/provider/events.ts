import brandJson from '../../../content/brand.json';
import { DAY_MS, HOUR_MS, localIso } from '../../schedules/time';
import { DOCUMENT_REFERENCE_TYPES, type EquipmentEvent, type Event, type ShipmentEvent, type TransportEvent } from '../dcsa/schemas';
import { DELAY_REASONS } from './delays';
import { draws, stableUuid } from './random';
import type { LegCall, Shipment, ShipmentLeg } from './shipments';

/**
 * Every DCSA Track & Trace 2.2 event of a reference shipment (./shipments.ts), worked out at once,
 * each with the instant the provider creates it: what the provider shows at a moment is the events
 * created by then, so a shipment's story unfolds with the clock. Pure: the shipment and the seed.
 *
 * - Transport events, per leg: DEPA at the port of loading, ARRI at the port of discharge. Each has
 *   its plan (PLN, created at booking, the schedule's time), estimates (EST) and the actual (ACT,
 *   created 10–40 minutes after it happened, at the last estimate's time). The departure is
 *   estimated 72 h before the scheduled departure; the arrival when the ship leaves, at one third
 *   and two thirds of the passage, and 24 h before it arrives, each estimate nearer the final
 *   delay (./delays.ts: all shipments on a call agree). An estimate that moves the time by more
 *   than 2 h carries an SMDG delay reason code and a change remark.
 * - Shipment events (ACT, eventDateTime = eventCreatedDateTime): the booking received and
 *   confirmed, the shipping instructions received, the VGM received, the bill of lading drafted
 *   and issued after the ship sailed, the cargo released (available for pick-up) after the last
 *   discharge. The booking's events name the booking, the others the bill of lading.
 * - Equipment events per container (ACT): empty out to the shipper, laden in at the terminal,
 *   loaded and discharged on every leg (transhipment hubs too), laden out to the consignee after
 *   the release, empty back at the depot.
 *
 * eventDateTime is the port's local time with its offset; eventCreatedDateTime is UTC. Event IDs
 * are UUIDs hashed from the seed, the slot and the event's key, so they never change.
 */

export interface ProviderEvent {
  /** The shipment's slot (./shipments.ts). */
  slot: number;
  /** eventCreatedDateTime, epoch ms (whole seconds). */
  created: number;
  id: string;
  /** What the event is within its shipment (the ID's name), e.g. "T:ARRI:EST:1:2". */
  key: string;
  event: Event;
}

const CARRIER = brandJson.carrierCode as { code: string; list: 'SMDG' | 'NMFTA' };
const MINUTE_MS = 60_000;
/** An estimate moving the time by more than this carries a reason. */
const REASON_THRESHOLD_MIN = 120;

const utc = (epoch: number) => new Date(epoch).toISOString().replace('.000Z', 'Z');
const wholeSecond = (epoch: number) => Math.round(epoch / 1000) * 1000;
const wholeMinute = (epoch: number) => Math.round(epoch / MINUTE_MS) * MINUTE_MS;

/** The events of a shipment, by creation time then ID. */
export function shipmentEvents(shipment: Shipment, seed: string): ProviderEvent[] {
  const out: ProviderEvent[] = [];
  const { slot, bookedAt, booking, bl, legs, containers } = shipment;
  const documentReferences = [
    { documentReferenceType: DOCUMENT_REFERENCE_TYPES.BKG, documentReferenceValue: booking },
    { documentReferenceType: DOCUMENT_REFERENCE_TYPES.TRD, documentReferenceValue: bl },
  ];
  const rand = (key: string) => draws(seed, 'event-times', slot, key);
  const add = <E extends Omit<Event, 'eventID' | 'eventCreatedDateTime'>>(key: string, createdAt: number, body: E) => {
    const created = wholeSecond(createdAt);
    const id = stableUuid(seed, 'event', slot, key);
    const { eventType, eventClassifierCode, eventDateTime, ...rest } = body;
    out.push({ slot, created, id, key, event: { eventID: id, eventType, eventClassifierCode, eventCreatedDateTime: utc(created), eventDateTime, ...rest } as Event });
  };

  // ---- shipment (document) events --------------------------------------------------------------
  const shipmentEvent = (key: string, at: number, documentTypeCode: ShipmentEvent['documentTypeCode'], shipmentEventTypeCode: ShipmentEvent['shipmentEventTypeCode'], reason?: string) => {
    const created = wholeSecond(at);
    add<Omit<ShipmentEvent, 'eventID' | 'eventCreatedDateTime'>>(key, created, {
      eventType: 'SHIPMENT',
      eventClassifierCode: 'ACT',
      // the standard: eventDateTime is the same as eventCreatedDateTime for shipment events
      eventDateTime: utc(created),
      shipmentEventTypeCode,
      documentID: documentTypeCode === 'BKG' ? booking : bl,
      documentTypeCode,
      ...(reason ? { reason } : {}),
    });
    return created;
  };
  const first = legs[0];
  const last = legs[legs.length - 1];
  const departure0 = first.from.scheduled;
  const r = rand('documents');
  shipmentEvent('S:BKG:RECE', bookedAt, 'BKG', 'RECE');
  const confirmed = shipmentEvent('S:BKG:CONF', bookedAt + r.between(1, 4) * HOUR_MS, 'BKG', 'CONF');
  const instructions = shipmentEvent('S:SHI:RECE', Math.max(departure0 - r.between(3, 5) * DAY_MS, confirmed + r.between(1, 6) * HOUR_MS), 'SHI', 'RECE');
  shipmentEvent('S:VGM:RECE', Math.max(departure0 - r.between(1.75, 2.25) * DAY_MS, instructions + r.between(1, 6) * HOUR_MS), 'VGM', 'RECE');
  shipmentEvent('S:TRD:DRFT', Math.max(departure0 - r.between(1.75, 2.25) * DAY_MS, instructions + r.between(2, 12) * HOUR_MS), 'TRD', 'DRFT');
  shipmentEvent('S:TRD:ISSU', first.from.actual + r.between(6, 30) * HOUR_MS, 'TRD', 'ISSU');

  // ---- transport events ------------------------------------------------------------------------
  const calls = new Map<string, TransportEvent['transportCall']>();
  const transportCall = (leg: ShipmentLeg, call: LegCall) => {
    let found = calls.get(call.transportCallID);
    if (!found) {
      found = {
        transportCallID: call.transportCallID,
        carrierServiceCode: leg.service,
        exportVoyageNumber: call.exportVoyage,
        importVoyageNumber: call.importVoyage,
        transportCallSequenceNumber: call.sequence,
        UNLocationCode: call.port,
        ...facility(call),
        facilityTypeCode: 'POTE',
        modeOfTransport: 'VESSEL',
        location: { locationName: call.portName, UNLocationCode: call.port },
        vessel: {
          vesselIMONumber: leg.vesselImo,
          vesselName: leg.vesselName,
          ...(leg.vesselFlag ? { vesselFlag: leg.vesselFlag } : {}),
          vesselOperatorCarrierCode: CARRIER.code,
          vesselOperatorCarrierCodeListProvider: CARRIER.list,
        },
      };
      calls.set(call.transportCallID, found);
    }
    return found;
  };
  const transportEvent = (
    key: string,
    created: number,
    leg: ShipmentLeg,
    call: LegCall,
    code: TransportEvent['transportEventTypeCode'],
    classifier: TransportEvent['eventClassifierCode'],
    at: number,
    moved?: { reason: keyof typeof DELAY_REASONS; by: number },
  ) =>
    add<Omit<TransportEvent, 'eventID' | 'eventCreatedDateTime'>>(key, created, {
      eventType: 'TRANSPORT',
      eventClassifierCode: classifier,
      eventDateTime: classifier === 'PLN' ? call.scheduledLocal : localIso(at, call.timeZone),
      transportEventTypeCode: code,
      ...(moved && Math.abs(moved.by) > REASON_THRESHOLD_MIN ? { delayReasonCode: moved.reason, changeRemark: remark(moved.reason, call, code, moved.by) } : {}),
      transportCall: transportCall(leg, call),
      documentReferences,
    });

  legs.forEach((leg, i) => {
    const { from, to } = leg;
    const t = rand(`leg:${i}`);
    // the plan, with the booking (a second or two after it, the departure first)
    transportEvent(`T:DEPA:PLN:${i}`, bookedAt + (1 + 2 * i) * 1000, leg, from, 'DEPA', 'PLN', from.scheduled);
    transportEvent(`T:ARRI:PLN:${i}`, bookedAt + (2 + 2 * i) * 1000, leg, to, 'ARRI', 'PLN', to.scheduled);
    // the departure: one estimate three days ahead, then the actual
    transportEvent(`T:DEPA:EST:${i}`, Math.max(from.scheduled - 3 * DAY_MS, bookedAt + MINUTE_MS), leg, from, 'DEPA', 'EST', from.actual, { reason: from.reason, by: from.delayMin });
    const departedReport = wholeSecond(from.actual + t.between(10, 40) * MINUTE_MS);
    transportEvent(`T:DEPA:ACT:${i}`, departedReport, leg, from, 'DEPA', 'ACT', from.actual);
    // the arrival: estimates as the ship sails, nearer the final delay each time, then the actual
    const passage = to.actual - from.actual;
    const moments = [departedReport + 1000, from.actual + passage / 3, from.actual + (2 * passage) / 3, to.actual - DAY_MS];
    let previousMin = 0;
    let lastCreated = -Infinity;
    moments.forEach((createdAt, j) => {
      if (createdAt <= lastCreated + MINUTE_MS) return;
      lastCreated = createdAt;
      const estimateMin = arrivalEstimate(to.delayMin, to.estimateDriftMin, to.actual, createdAt);
      transportEvent(`T:ARRI:EST:${i}:${j}`, createdAt, leg, to, 'ARRI', 'EST', to.scheduled + estimateMin * MINUTE_MS, { reason: to.reason, by: estimateMin - previousMin });
      previousMin = estimateMin;
    });
    transportEvent(`T:ARRI:ACT:${i}`, to.actual + t.between(10, 40) * MINUTE_MS, leg, to, 'ARRI', 'ACT', to.actual);
  });

  // ---- equipment events ------------------------------------------------------------------------
  const origin = first.from;
  const destination = last.to;
  let lastDischarge = 0;
  const perContainer = containers.map((container) => {
    const e = rand(`container:${container.reference}`);
    const equipment = (key: string, at: number, code: EquipmentEvent['equipmentEventTypeCode'], empty: boolean, place: LegCall, options: { terminal: boolean; leg?: ShipmentLeg }) => {
      const when = wholeMinute(at);
      add<Omit<EquipmentEvent, 'eventID' | 'eventCreatedDateTime'>>(`E:${container.reference}:${key}`, when + e.between(1, 30) * MINUTE_MS, {
        eventType: 'EQUIPMENT',
        eventClassifierCode: 'ACT',
        eventDateTime: localIso(when, place.timeZone),
        equipmentEventTypeCode: code,
        equipmentReference: container.reference,
        ISOEquipmentCode: container.isoCode,
        emptyIndicatorCode: empty ? 'EMPTY' : 'LADEN',
        eventLocation: { locationName: place.portName, UNLocationCode: place.port, ...(options.terminal ? facility(place) : {}) },
        ...(options.leg ? { transportCall: transportCall(options.leg, place) } : {}),
        documentReferences,
      });
      return when;
    };
    const emptyOut = equipment('GTOT:EMPTY', Math.max(departure0 - e.between(4, 6) * DAY_MS, confirmed + e.between(2, 8) * HOUR_MS), 'GTOT', true, origin, { terminal: false });
    equipment('GTIN:LADEN', Math.max(departure0 - e.between(1, 3) * DAY_MS, emptyOut + e.between(6, 24) * HOUR_MS), 'GTIN', false, origin, { terminal: true });
    legs.forEach((leg, i) => {
      equipment(`LOAD:${i}`, leg.from.actual - e.between(2, 6) * HOUR_MS, 'LOAD', false, leg.from, { terminal: true, leg });
      const discharged = equipment(`DISC:${i}`, leg.to.actual + e.between(3, 12) * HOUR_MS, 'DISC', false, leg.to, { terminal: true, leg });
      if (i === legs.length - 1) lastDischarge = Math.max(lastDischarge, discharged);
    });
    return { e, equipment };
  });
  const released = shipmentEvent('S:SRM:RELS', lastDischarge + r.between(2, 30) * HOUR_MS, 'SRM', 'RELS', 'Cargo released: available for pick-up');
  for (const { e, equipment } of perContainer) {
    const ladenOut = equipment('GTOT:LADEN', released + e.between(1, 3) * DAY_MS, 'GTOT', false, destination, { terminal: true });
    equipment('GTIN:EMPTY', ladenOut + e.between(2, 6) * DAY_MS, 'GTIN', true, destination, { terminal: false });
  }

  return out.sort(byCreated);
}

/** Events in the standard's order: created, then eventID. */
export const byCreated = (a: { created: number; id: string }, b: { created: number; id: string }) => a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The estimated delay of an arrival (minutes) as known at `createdAt`: the final delay plus a
 * drift that shrinks to nothing 24 h before the ship arrives (in 5-minute steps, never early).
 */
export function arrivalEstimate(finalMin: number, driftMin: number, actual: number, createdAt: number): number {
  const share = Math.min(1, Math.max(0, (actual - DAY_MS - createdAt) / (7 * DAY_MS)));
  return Math.max(0, Math.round((finalMin + driftMin * share) / 5) * 5);
}

function facility(call: LegCall): { facilityCode: string; facilityCodeListProvider: 'SMDG' } | { otherFacility: string } {
  return call.terminal.length <= 6 ? { facilityCode: call.terminal, facilityCodeListProvider: 'SMDG' } : { otherFacility: call.terminalName.slice(0, 50) };
}

function remark(reason: keyof typeof DELAY_REASONS, call: LegCall, code: 'ARRI' | 'DEPA', byMin: number): string {
  const hours = Math.round(Math.abs(byMin) / 6) / 10;
  const what = code === 'ARRI' ? 'Arrival' : 'Departure';
  return `${DELAY_REASONS[reason](call.portName)}. ${what} ${byMin > 0 ? 'later' : 'earlier'} by ${hours} h than last advised.`.slice(0, 250);
}
