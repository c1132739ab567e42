import type { Classifier, Event } from './dcsa/schemas';

/**
 * The merge of planned, estimated and actual events (DCSA PLN, EST, ACT) into milestones. A
 * milestone is one thing that happens once: a departure or an arrival at a transport call, a
 * container's gate-out, load or discharge at a place, a document's step. Each of its events is kept:
 * the plan, every estimate in the order the provider created them (a newer estimate supersedes an
 * older one whatever the order they arrived in), the actual. What counts is the actual if there is
 * one, else the latest estimate, else the plan; "moved from … to …" is the change the latest
 * estimate made to what was expected before it. Pure: no clock, no database.
 */

export interface TimedValue {
  /** When it happens (or happened, or is expected), epoch ms. */
  at: number;
  /** When the provider created the event, epoch ms. */
  createdAt: number;
  eventId: string;
}

export interface Milestone {
  key: string;
  eventType: Event['eventType'];
  /** transportEventTypeCode, equipmentEventTypeCode or shipmentEventTypeCode. */
  code: string;
  documentType?: string;
  empty?: boolean;
  container?: string;
  isoCode?: string;
  location?: string;
  locationName?: string;
  transportCallId?: string;
  vessel?: { imo: string; name?: string };
  service?: string;
  exportVoyage?: string;
  importVoyage?: string;
  planned?: TimedValue;
  /** Every estimate, oldest created first. */
  estimates: TimedValue[];
  actual?: TimedValue;
}

export type MilestoneState = 'actual' | 'estimated' | 'planned';

/** The key of the milestone an event belongs to. */
export function milestoneKey(event: Event): string {
  switch (event.eventType) {
    case 'TRANSPORT':
      return `T:${event.transportEventTypeCode}:${event.transportCall.transportCallID}`;
    case 'EQUIPMENT':
      return `E:${event.equipmentEventTypeCode}:${event.emptyIndicatorCode}:${event.equipmentReference ?? ''}:${event.transportCall?.transportCallID ?? event.eventLocation?.UNLocationCode ?? event.transportCall?.UNLocationCode ?? ''}`;
    case 'SHIPMENT':
      return `S:${event.documentTypeCode}:${event.shipmentEventTypeCode}:${event.documentID}`;
  }
}

const later = (a: TimedValue | undefined, b: TimedValue) => !a || b.createdAt > a.createdAt || (b.createdAt === a.createdAt && b.eventId > a.eventId);

/** Milestones from events in any order, each with its plan, estimates and actual. */
export function mergeMilestones(events: readonly Event[]): Milestone[] {
  const byKey = new Map<string, Milestone>();
  for (const event of events) {
    const key = milestoneKey(event);
    let m = byKey.get(key);
    if (!m) {
      m = { key, eventType: event.eventType, code: '', estimates: [] };
      takeDetails(m, event);
      byKey.set(key, m);
    }
    const value: TimedValue = { at: Date.parse(event.eventDateTime), createdAt: Date.parse(event.eventCreatedDateTime), eventId: event.eventID };
    const classifier: Classifier = event.eventClassifierCode;
    if (classifier === 'PLN') {
      if (later(m.planned, value)) m.planned = value;
    } else if (classifier === 'EST') m.estimates.push(value);
    else if (later(m.actual, value)) {
      m.actual = value;
      takeDetails(m, event); // the actual's details win (the vessel that really sailed)
    }
  }
  for (const m of byKey.values()) m.estimates.sort((a, b) => a.createdAt - b.createdAt || (a.eventId < b.eventId ? -1 : 1));
  return [...byKey.values()].sort((a, b) => expectedAt(a) - expectedAt(b) || order(a) - order(b));
}

function takeDetails(m: Milestone, event: Event) {
  switch (event.eventType) {
    case 'TRANSPORT': {
      const call = event.transportCall;
      m.code = event.transportEventTypeCode;
      m.transportCallId = call.transportCallID;
      m.location = call.UNLocationCode ?? call.location?.UNLocationCode;
      m.locationName = call.location?.locationName;
      if (call.vessel) m.vessel = { imo: call.vessel.vesselIMONumber, name: call.vessel.vesselName };
      m.service = call.carrierServiceCode;
      m.exportVoyage = call.exportVoyageNumber;
      m.importVoyage = call.importVoyageNumber;
      break;
    }
    case 'EQUIPMENT': {
      m.code = event.equipmentEventTypeCode;
      m.empty = event.emptyIndicatorCode === 'EMPTY';
      m.container = event.equipmentReference;
      m.isoCode = event.ISOEquipmentCode;
      const call = event.transportCall;
      m.transportCallId = call?.transportCallID;
      m.location = call?.UNLocationCode ?? event.eventLocation?.UNLocationCode ?? call?.location?.UNLocationCode;
      m.locationName = event.eventLocation?.locationName ?? call?.location?.locationName;
      if (call?.vessel) m.vessel = { imo: call.vessel.vesselIMONumber, name: call.vessel.vesselName };
      m.service = call?.carrierServiceCode;
      m.exportVoyage = call?.exportVoyageNumber;
      m.importVoyage = call?.importVoyageNumber;
      break;
    }
    case 'SHIPMENT':
      m.code = event.shipmentEventTypeCode;
      m.documentType = event.documentTypeCode;
      break;
  }
}

/** What counts now: the actual, else the latest estimate, else the plan. */
export function current(m: Milestone): { state: MilestoneState; value: TimedValue } | undefined {
  if (m.actual) return { state: 'actual', value: m.actual };
  const estimate = m.estimates.at(-1);
  if (estimate) return { state: 'estimated', value: estimate };
  if (m.planned) return { state: 'planned', value: m.planned };
  return undefined;
}

/** The time a milestone is expected at (actual, latest estimate or plan). */
export const expectedAt = (m: Milestone) => current(m)?.value.at ?? Number.POSITIVE_INFINITY;

/**
 * The last move of the expected time: from the value expected before the latest estimate (the
 * previous estimate, else the plan) to the latest estimate. Undefined when nothing moved.
 */
export function lastMove(m: Milestone): { from: number; to: number } | undefined {
  const latest = m.estimates.at(-1);
  if (!latest) return undefined;
  const before = m.estimates.at(-2) ?? m.planned;
  if (!before || before.at === latest.at) return undefined;
  return { from: before.at, to: latest.at };
}

/** Within one instant, the order a journey runs in (a gate-in comes before the load, a departure after it). */
const ORDER: Record<string, number> = { RECE: 0, CONF: 1, SUBM: 2, GTOT: 3, STUF: 4, GTIN: 5, LOAD: 6, DEPA: 7, ARRI: 8, DISC: 9, RELS: 10, PICK: 11, DROP: 12 };
const order = (m: Milestone) => ORDER[m.code] ?? 5;
