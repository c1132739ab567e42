import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatedCall } from '../../src/schedules';
import { transportCallReference } from '../../src/schedules/dcsa/answers';
import { DAY_MS, HOUR_MS, localIso } from '../../src/schedules/time';
import { Event, type EquipmentEvent, type TransportEvent } from '../../src/tracking/dcsa/schemas';
import { checkContainerNumber } from '../../src/tracking/iso6346';
import { arrivalEstimate, shipmentEvents, type ProviderEvent } from '../../src/tracking/provider/events';
import { EventFeed, matches } from '../../src/tracking/provider/feed';
import { retryAfterMs } from '../../src/tracking/provider/push';
import { stableUuid } from '../../src/tracking/provider/random';
import { DEFAULT_SHIPMENT_OPTIONS, ShipmentBook, slotClock, type Shipment } from '../../src/tracking/provider/shipments';
import { BL_PATTERN, BOOKING_PATTERN, parseReference } from '../../src/tracking/references';
import { tntProblems } from '../fixtures/tnt-official';

/**
 * The reference Track & Trace provider's shipments and events (src/tracking/provider/), on the
 * real schedules and content, at a fixed instant: determinism, the numbering, the order in which
 * things happen and are reported, the legs on real sailings, and every event against the official
 * TNT 2.2 document. The default window (540 shipments) is checked whole.
 */

const NOW = Date.parse('2026-11-25T06:00:00Z');
const feed = new EventFeed({});
const book = feed.book;
const shipments = feed.shipments(NOW);
const all = feed.all(NOW);
const bySlot = new Map<number, ProviderEvent[]>();
for (const e of all) bySlot.set(e.slot, [...(bySlot.get(e.slot) ?? []), e]);
const instant = (iso: string) => Date.parse(iso);

/** A shipment's events by key (./events.ts names them). */
function keyed(shipment: Shipment): Map<string, ProviderEvent> {
  return new Map((bySlot.get(shipment.slot) ?? []).map((e) => [e.key, e]));
}

describe('shipments', () => {
  it('books bookingsPerDay shipments a day over the window, never in the future', () => {
    expect(shipments).toHaveLength(DEFAULT_SHIPMENT_OPTIONS.bookingsPerDay * DEFAULT_SHIPMENT_OPTIONS.windowDays);
    for (const s of shipments) {
      expect(s.bookedAt).toBeLessThanOrEqual(NOW);
      expect(s.bookedAt).toBeGreaterThan(NOW - DEFAULT_SHIPMENT_OPTIONS.windowDays * DAY_MS);
      // evenly spaced: every two hours on the hour
      expect(s.bookedAt % (2 * HOUR_MS)).toBe(0);
    }
    const clock = slotClock(7);
    for (let slot = 1000; slot < 1100; slot++) {
      expect(clock.slotAt(clock.bookedAt(slot))).toBe(slot);
      expect(clock.slotAt(clock.bookedAt(slot + 1) - 1)).toBe(slot);
    }
  });

  it('is a pure function of seed and slot: the same shipment and event IDs in another book, on another day', () => {
    const other = new ShipmentBook({});
    const later = NOW + 12 * DAY_MS;
    const { first } = other.window(later);
    const compared = shipments.filter((s) => s.slot >= first);
    expect(compared.length).toBeGreaterThan(300);
    for (const s of compared) {
      const again = other.shipment(s.slot, later);
      expect(again).toEqual(s);
      expect(shipmentEvents(again, other.options.seed).map((e) => e.id)).toEqual(shipmentEvents(s, book.options.seed).map((e) => e.id));
    }
    // another seed, other shipments
    const reseeded = new ShipmentBook({ seed: 'another seed' });
    const differing = shipments.slice(-40).filter((s) => JSON.stringify(reseeded.shipment(s.slot, NOW)) !== JSON.stringify(s));
    expect(differing.length).toBeGreaterThan(35);
  });

  it('numbers bookings, bills of lading and containers as the site recognises them, each once', () => {
    const seen = new Set<string>();
    for (const s of shipments) {
      expect(s.booking).toMatch(BOOKING_PATTERN);
      expect(s.bl).toMatch(BL_PATTERN);
      expect(s.bl).toBe(`SBLU${s.booking}`);
      expect(s.booking.slice(0, 6)).toBe(new Date(s.bookedAt).toISOString().slice(2, 10).replaceAll('-', ''));
      expect(parseReference(s.booking)).toMatchObject({ kind: 'booking' });
      expect(parseReference(s.bl)).toMatchObject({ kind: 'bl' });
      expect(s.containers.length).toBeGreaterThanOrEqual(1);
      expect(s.containers.length).toBeLessThanOrEqual(3);
      for (const c of s.containers) {
        expect(checkContainerNumber(c.reference), c.reference).toEqual({ ok: true });
        expect(c.reference.startsWith('SBLU')).toBe(true);
        expect(parseReference(c.reference)).toMatchObject({ kind: 'container' });
        expect(c.isoCode).toBe(s.nature === 'Reefer' ? '45R1' : c.isoCode === '22G1' ? '22G1' : '45G1');
      }
      for (const ref of [s.booking, s.bl, ...s.containers.map((c) => c.reference)]) {
        expect(seen.has(ref), ref).toBe(false);
        seen.add(ref);
      }
    }
    expect(shipments.some((s) => s.nature === 'Reefer')).toBe(true);
    expect(shipments.some((s) => s.containers.length === 3)).toBe(true);
  });

  it('sails on the real dated sailings, legs chained port to port, without nominated-later ships', () => {
    const { engine } = book.engineAt(NOW);
    const byReference = new Map<string, DatedCall>();
    for (const table of engine.timetables.values()) for (const voyage of table.voyages) for (const call of voyage) byReference.set(transportCallReference(call), call);
    for (const s of shipments) {
      const first = s.legs[0];
      expect(first.from.scheduled - s.bookedAt).toBeGreaterThanOrEqual(3 * DAY_MS);
      expect(first.from.scheduled - s.bookedAt).toBeLessThanOrEqual(21 * DAY_MS);
      s.legs.forEach((leg, i) => {
        expect(leg.vesselImo).toMatch(/^\d{7}$/);
        // both calls are calls of the engine's timetable, on that ship, at those times
        const departure = byReference.get(leg.from.transportCallID);
        const arrival = byReference.get(leg.to.transportCallID);
        expect(departure?.departure.epoch, leg.from.transportCallID).toBe(leg.from.scheduled);
        expect(arrival?.arrival.epoch, leg.to.transportCallID).toBe(leg.to.scheduled);
        expect(departure?.service).toBe(leg.service);
        expect(departure?.vessel).toBe(leg.vesselImo);
        expect(arrival?.vessel).toBe(leg.vesselImo);
        expect(departure?.departure.local).toBe(leg.from.scheduledLocal);
        expect(arrival?.arrival.local).toBe(leg.to.scheduledLocal);
        expect(leg.to.scheduled).toBeGreaterThan(leg.from.scheduled);
        expect(leg.to.actual).toBeGreaterThan(leg.from.actual);
        expect(leg.from.actual).toBeGreaterThanOrEqual(leg.from.scheduled);
        if (i > 0) {
          const before = s.legs[i - 1];
          expect(leg.from.port).toBe(before.to.port);
          expect(leg.from.scheduled).toBeGreaterThan(before.to.scheduled);
          // time to discharge and load again at the hub, with the real delays
          expect(leg.from.actual - before.to.actual).toBeGreaterThanOrEqual(20 * HOUR_MS);
          expect(leg.service).not.toBe(before.service);
        }
      });
    }
  });

  it('has direct shipments and shipments transhipped once and twice', () => {
    const transhipped = shipments.filter((s) => s.legs.length > 1).length;
    expect(transhipped / shipments.length).toBeGreaterThan(0.1);
    expect(transhipped / shipments.length).toBeLessThan(0.7);
    expect(shipments.some((s) => s.legs.length === 3)).toBe(true);
    expect(new Set(shipments.map((s) => `${s.legs[0].from.port}>${s.legs.at(-1)!.to.port}`)).size).toBeGreaterThan(25);
  });
});

describe('events', () => {
  it('are valid against the official TNT 2.2 document, for every event type and classifier that occurs', () => {
    const events = all.map((e) => e.event);
    expect(tntProblems('events', events)).toEqual([]);
    for (const e of events) expect(Event.safeParse(e).success).toBe(true);
    const kinds = new Set(
      events.map((e) => {
        if (e.eventType === 'TRANSPORT') return `T:${e.transportEventTypeCode}:${e.eventClassifierCode}${e.delayReasonCode ? ':reason' : ''}`;
        if (e.eventType === 'SHIPMENT') return `S:${e.documentTypeCode}:${e.shipmentEventTypeCode}:${e.eventClassifierCode}`;
        return `E:${e.equipmentEventTypeCode}:${e.emptyIndicatorCode}:${e.eventClassifierCode}${e.transportCall ? ':call' : ''}`;
      }),
    );
    expect([...kinds].sort()).toEqual(
      [
        'E:DISC:LADEN:ACT:call',
        'E:GTIN:EMPTY:ACT',
        'E:GTIN:LADEN:ACT',
        'E:GTOT:EMPTY:ACT',
        'E:GTOT:LADEN:ACT',
        'E:LOAD:LADEN:ACT:call',
        'S:BKG:CONF:ACT',
        'S:BKG:RECE:ACT',
        'S:SHI:RECE:ACT',
        'S:SRM:RELS:ACT',
        'S:TRD:DRFT:ACT',
        'S:TRD:ISSU:ACT',
        'S:VGM:RECE:ACT',
        'T:ARRI:ACT',
        'T:ARRI:EST',
        'T:ARRI:EST:reason',
        'T:ARRI:PLN',
        'T:DEPA:ACT',
        'T:DEPA:EST',
        'T:DEPA:EST:reason',
        'T:DEPA:PLN',
      ].sort(),
    );
  });

  it('have unique UUIDs (version 5, RFC 4122 variant), hashed from seed, shipment and key', () => {
    const ids = all.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 2000)) {
      expect(z.uuid().safeParse(id).success).toBe(true);
      expect(id[14]).toBe('5');
      expect('89ab').toContain(id[19]);
    }
    expect(stableUuid('a', 1)).toBe(stableUuid('a', 1));
    expect(stableUuid('a', 1)).not.toBe(stableUuid('a', 2));
  });

  it('write eventDateTime in the port-local time with its offset, eventCreatedDateTime in UTC, all at or after the booking', () => {
    for (const s of shipments) {
      const zones = new Map(s.legs.flatMap((l) => [l.from, l.to]).map((c) => [c.port, c.timeZone]));
      for (const { event: e, created } of bySlot.get(s.slot)!) {
        expect(e.eventCreatedDateTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
        expect(instant(e.eventCreatedDateTime)).toBe(created);
        expect(created).toBeGreaterThanOrEqual(s.bookedAt);
        if (e.eventType === 'SHIPMENT') expect(e.eventDateTime).toBe(e.eventCreatedDateTime);
        else {
          const port = e.eventType === 'TRANSPORT' ? e.transportCall.UNLocationCode! : e.eventLocation!.UNLocationCode!;
          expect(e.eventDateTime).toBe(localIso(instant(e.eventDateTime), zones.get(port)!));
        }
        if (e.eventType !== 'SHIPMENT' && e.eventClassifierCode === 'ACT') expect(instant(e.eventDateTime)).toBeLessThan(created);
      }
    }
  });

  it('tell each milestone in order: plan at booking, estimates, then the actual at the last estimate, 10–40 minutes after it', () => {
    let moved = 0;
    for (const s of shipments) {
      const byMilestone = new Map<string, ProviderEvent[]>();
      for (const e of bySlot.get(s.slot)!)
        if (e.event.eventType === 'TRANSPORT') {
          const key = `${e.event.transportEventTypeCode}:${e.event.transportCall.transportCallID}`;
          byMilestone.set(key, [...(byMilestone.get(key) ?? []), e]);
        }
      expect(byMilestone.size).toBe(2 * s.legs.length);
      for (const [key, list] of byMilestone) {
        const of = (c: string) => list.filter((e) => e.event.eventClassifierCode === c);
        const [plan] = of('PLN');
        const estimates = of('EST');
        const [actual] = of('ACT');
        expect(of('PLN'), key).toHaveLength(1);
        expect(of('ACT'), key).toHaveLength(1);
        expect(estimates.length, key).toBeGreaterThanOrEqual(1);
        expect(plan.created).toBeLessThan(estimates[0].created);
        for (let i = 1; i < estimates.length; i++) expect(estimates[i].created).toBeGreaterThan(estimates[i - 1].created);
        expect(estimates.at(-1)!.created).toBeLessThan(actual.created);
        expect(instant(actual.event.eventDateTime)).toBe(instant(estimates.at(-1)!.event.eventDateTime));
        expect(actual.created - instant(actual.event.eventDateTime)).toBeGreaterThanOrEqual(10 * 60_000);
        expect(actual.created - instant(actual.event.eventDateTime)).toBeLessThanOrEqual(40 * 60_000 + 1000);
        // a reason where an estimate moves the expected time by more than 2 h, none elsewhere
        let expected = instant(plan.event.eventDateTime);
        for (const est of estimates) {
          const at = instant(est.event.eventDateTime);
          const e = est.event as TransportEvent;
          expect(e.delayReasonCode !== undefined, `${key} ${e.eventDateTime}`).toBe(Math.abs(at - expected) > 2 * HOUR_MS);
          expect(e.changeRemark !== undefined).toBe(e.delayReasonCode !== undefined);
          if (e.delayReasonCode) moved++;
          expected = at;
        }
      }
      // the plans are the schedule's times
      const k = keyed(s);
      s.legs.forEach((leg, i) => {
        expect(k.get(`T:DEPA:PLN:${i}`)!.event.eventDateTime).toBe(leg.from.scheduledLocal);
        expect(k.get(`T:ARRI:PLN:${i}`)!.event.eventDateTime).toBe(leg.to.scheduledLocal);
        expect(k.get(`T:DEPA:EST:${i}`)!.created).toBeGreaterThanOrEqual(Math.max(leg.from.scheduled - 3 * DAY_MS, s.bookedAt));
      });
    }
    expect(moved).toBeGreaterThan(100);
  });

  it('happen in the order a shipment goes: empty out, laden in, load, depart, arrive, discharge (each leg), release, laden out, empty back', () => {
    for (const s of shipments) {
      const k = keyed(s);
      const at = (key: string) => {
        const e = k.get(key);
        if (!e) throw new Error(`${s.booking}: no event ${key}`);
        return instant(e.event.eventDateTime);
      };
      const created = (key: string) => k.get(key)!.created;
      const n = s.legs.length;
      expect(created('S:BKG:RECE')).toBe(s.bookedAt);
      expect(created('S:BKG:CONF') - s.bookedAt).toBeGreaterThanOrEqual(HOUR_MS);
      expect(created('S:BKG:CONF') - s.bookedAt).toBeLessThanOrEqual(4 * HOUR_MS + 1000);
      expect(created('S:SHI:RECE')).toBeGreaterThan(created('S:BKG:CONF'));
      expect(created('S:VGM:RECE')).toBeGreaterThan(created('S:SHI:RECE'));
      expect(created('S:TRD:DRFT')).toBeGreaterThan(created('S:SHI:RECE'));
      expect(created('S:TRD:DRFT')).toBeLessThan(at('T:DEPA:ACT:0'));
      expect(created('S:TRD:ISSU') - at('T:DEPA:ACT:0')).toBeGreaterThanOrEqual(6 * HOUR_MS - 1000);
      expect(created('S:TRD:ISSU') - at('T:DEPA:ACT:0')).toBeLessThanOrEqual(30 * HOUR_MS + 1000);
      for (const { reference } of s.containers) {
        const chain = [`E:${reference}:GTOT:EMPTY`, `E:${reference}:GTIN:LADEN`];
        for (let i = 0; i < n; i++) chain.push(`E:${reference}:LOAD:${i}`, `T:DEPA:ACT:${i}`, `T:ARRI:ACT:${i}`, `E:${reference}:DISC:${i}`);
        for (let i = 1; i < chain.length; i++) expect(at(chain[i]), `${s.booking}: ${chain[i - 1]} before ${chain[i]}`).toBeGreaterThan(at(chain[i - 1]));
        expect(at(`E:${reference}:GTOT:EMPTY`)).toBeGreaterThan(created('S:BKG:CONF'));
        expect(created('S:SRM:RELS')).toBeGreaterThan(at(`E:${reference}:DISC:${n - 1}`));
        expect(at(`E:${reference}:GTOT:LADEN`)).toBeGreaterThan(created('S:SRM:RELS'));
        expect(at(`E:${reference}:GTIN:EMPTY`)).toBeGreaterThan(at(`E:${reference}:GTOT:LADEN`));
        // loads and discharges name their vessel call; gates name the port
        for (let i = 0; i < n; i++) {
          expect((k.get(`E:${reference}:LOAD:${i}`)!.event as EquipmentEvent).transportCall?.transportCallID).toBe(s.legs[i].from.transportCallID);
          expect((k.get(`E:${reference}:DISC:${i}`)!.event as EquipmentEvent).transportCall?.transportCallID).toBe(s.legs[i].to.transportCallID);
        }
        expect((k.get(`E:${reference}:GTOT:EMPTY`)!.event as EquipmentEvent).eventLocation?.UNLocationCode).toBe(s.legs[0].from.port);
        expect((k.get(`E:${reference}:GTIN:EMPTY`)!.event as EquipmentEvent).eventLocation?.UNLocationCode).toBe(s.legs[n - 1].to.port);
      }
      const lastDischarge = Math.max(...s.containers.map((c) => at(`E:${c.reference}:DISC:${n - 1}`)));
      expect(created('S:SRM:RELS') - lastDischarge).toBeGreaterThanOrEqual(2 * HOUR_MS - 1000);
      expect(created('S:SRM:RELS') - lastDischarge).toBeLessThanOrEqual(30 * HOUR_MS + 1000);
    }
  });

  it('agree across shipments on a vessel call: one actual time per call, delays mostly small', () => {
    const actualByCall = new Map<string, number[]>();
    for (const { event: e } of all)
      if (e.eventType === 'TRANSPORT' && e.eventClassifierCode === 'ACT') {
        const key = `${e.transportEventTypeCode}:${e.transportCall.transportCallID}`;
        actualByCall.set(key, [...(actualByCall.get(key) ?? []), instant(e.eventDateTime)]);
      }
    const shared = [...actualByCall.values()].filter((times) => times.length > 1);
    expect(shared.length).toBeGreaterThan(50);
    for (const times of shared) expect(new Set(times).size).toBe(1);
    const arrivals = shipments.flatMap((s) => s.legs.map((l) => l.to.delayMin));
    const small = arrivals.filter((m) => m <= 120).length / arrivals.length;
    const large = arrivals.filter((m) => m > 18 * 60).length / arrivals.length;
    expect(small).toBeGreaterThan(0.35);
    expect(small).toBeLessThan(0.85);
    expect(large).toBeGreaterThan(0.02);
    expect(large).toBeLessThan(0.3);
    expect(Math.max(...arrivals)).toBeLessThanOrEqual(54 * 60);
  });

  it('estimate arrivals nearer the final delay as the ship gets closer', () => {
    const actual = Date.parse('2026-12-10T00:00:00Z');
    const series = [10, 7, 4, 2, 1].map((days) => arrivalEstimate(300, 480, actual, actual - days * DAY_MS));
    for (let i = 1; i < series.length; i++) expect(Math.abs(series[i] - 300)).toBeLessThanOrEqual(Math.abs(series[i - 1] - 300));
    expect(series.at(-1)).toBe(300);
    expect(arrivalEstimate(30, -240, actual, actual - 8 * DAY_MS)).toBe(0);
  });
});

describe('the window', () => {
  it('shows only events created by now, in order of creation then ID, and pages by keyset', () => {
    const visible = all.filter((e) => e.created <= NOW);
    expect(visible.length).toBeGreaterThan(5000);
    expect(all.length).toBeGreaterThan(visible.length);
    const walked: string[] = [];
    let after: { created: number; id: string } | undefined;
    for (;;) {
      const page = feed.page({}, after, NOW, 997);
      walked.push(...page.events.map((e) => e.id));
      if (!page.more) break;
      const last = page.events.at(-1)!;
      after = { created: last.created, id: last.id };
    }
    expect(walked).toEqual(visible.map((e) => e.id));
    for (let i = 1; i < visible.length; i++) expect(visible[i].created > visible[i - 1].created || (visible[i].created === visible[i - 1].created && visible[i].id > visible[i - 1].id)).toBe(true);
  });

  it('filters as the standard says: a type code only matches its kind, references their shipment', () => {
    const s = shipments[200];
    const events = feed.page({ carrierBookingReference: s.booking }, undefined, NOW, 1000).events;
    expect(events.length).toBeGreaterThan(5);
    expect(events.every((e) => e.slot === s.slot)).toBe(true);
    expect(feed.page({ transportDocumentReference: s.bl }, undefined, NOW, 1000).events).toEqual(events);
    expect(feed.page({ carrierBookingReference: s.booking, transportDocumentReference: shipments[201].bl }, undefined, NOW, 10).events).toEqual([]);
    const gtin = all.find((e) => e.event.eventType === 'EQUIPMENT')!.event;
    expect(matches(gtin, { shipmentEventTypeCode: ['RECE'] })).toBe(false);
    expect(matches(gtin, { eventType: ['EQUIPMENT', 'SHIPMENT'] })).toBe(true);
    expect(matches(gtin, { equipmentEventTypeCode: [(gtin as EquipmentEvent).equipmentEventTypeCode] })).toBe(true);
    expect(matches(gtin, { transportEventTypeCode: ['ARRI'] })).toBe(false);
    const sinceYesterday = feed.page({ created: [{ op: 'gte', at: NOW - DAY_MS }] }, undefined, NOW, 1000).events;
    expect(sinceYesterday.length).toBe(all.filter((e) => e.created >= NOW - DAY_MS && e.created <= NOW).length);
  });

  it('gives sample references at different stages, each found again by its numbers', () => {
    const samples = feed.samples(NOW, 6);
    expect(samples).toHaveLength(6);
    expect(new Set(samples.map((s) => s.stage))).toEqual(new Set(['booked', 'at-sea', 'transhipment', 'arrived', 'delivered']));
    for (const sample of samples) {
      const shipment = feed.shipmentOf(sample.booking, NOW)!;
      expect(feed.shipmentOf(sample.bl, NOW)).toBe(shipment);
      for (const c of sample.containers) expect(feed.shipmentOf(c, NOW)).toBe(shipment);
      expect(feed.stageOf(shipment, NOW)).toBe(sample.stage);
    }
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, nothing else', () => {
    const now = Date.parse('2026-11-25T06:00:00Z');
    expect(retryAfterMs('1', now)).toBe(1000);
    expect(retryAfterMs(' 120 ', now)).toBe(120_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 06:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 05:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
