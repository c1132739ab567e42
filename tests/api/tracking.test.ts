import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackAnswer } from '../../src/contract/tracking';
import { createTntApp } from '../../src/server/dcsa/tnt-app';
import { TNT_BASE, type Event } from '../../src/tracking/dcsa/schemas';
import { BL, BOOKING, BOX, EVENTS, OTHER_BOX } from '../fixtures/tnt-shipment';
import { newSecret, signBody } from '../../src/tracking/signature';
import { inArray } from 'drizzle-orm';
import { trackingEvents } from '../../src/server/db/schema';
import { countEvents, eventColumns, saveFeed, storeEvents } from '../../src/tracking/store';
import { metricsAnswer } from '../../src/observability/metrics.mjs';
import { tntProblems } from '../fixtures/tnt-official';
import { startHarness, type Harness } from './harness';

/**
 * The tracking store behind the site: callbacks checked and stored once, in any order; the site's
 * read-only DCSA GET /v2/events valid against the official TNT 2.2 document; and the tracking call
 * answering a visitor from the store, on PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */

const SOURCE = 'https://tnt.example.test/v2';
const SUBSCRIPTION = '6f7c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f';
const SECRET = newSecret();
const KEY = 'cursor-key-of-at-least-thirty-two-chars';
const NOW = new Date('2026-11-28T00:00:00Z');

let h: Harness;
let tnt: ReturnType<typeof createTntApp>;
const stored: string[] = [];

beforeAll(async () => {
  h = await startHarness({ TNT_PROVIDER_URL: SOURCE }, { now: () => NOW });
  tnt = createTntApp({ db: h.database.db, cursorKey: KEY, onStored: (ids) => stored.push(...ids) });
  await saveFeed(h.database.db, SOURCE, { providerUrl: SOURCE, subscriptionId: SUBSCRIPTION, secret: SECRET, callbackUrl: 'http://127.0.0.1/dcsa/tnt/v2/notifications' });
});
afterAll(() => h?.close());

const callback = (body: string, headers: Record<string, string | undefined> = {}) => {
  const all: Record<string, string> = { 'content-type': 'application/json', 'subscription-id': SUBSCRIPTION, 'notification-signature': signBody(body, SECRET), 'api-version': '2.2.0' };
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) delete all[k];
    else all[k] = v;
  }
  return tnt.request(`http://site.test${TNT_BASE}/notifications`, { method: 'POST', headers: all, body });
};

describe('callbacks', () => {
  it('refuses a missing, wrong or foreign signature and an unknown subscription, storing nothing', async () => {
    const body = JSON.stringify(EVENTS.slice(0, 3));
    const cases = [
      { 'notification-signature': undefined },
      { 'notification-signature': signBody(body, newSecret()) },
      { 'notification-signature': signBody(`${body} `, SECRET) },
      { 'notification-signature': 'sha1=abcdef' },
      { 'subscription-id': 'a5e3f0c1-0000-4000-8000-000000000000' },
      { 'subscription-id': undefined },
    ];
    for (const headers of cases) {
      const res = await callback(body, headers);
      expect([400, 401], JSON.stringify(headers)).toContain(res.status);
      expect(tntProblems('error', await res.json())).toEqual([]);
    }
    expect(await countEvents(h.database.db)).toBe(0);
  });

  it('refuses a bundle with one invalid event whole, naming it', async () => {
    const broken = [...EVENTS.slice(0, 2), { ...EVENTS[2], eventClassifierCode: 'MAYBE' }];
    const res = await callback(JSON.stringify(broken));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('event 2');
    expect(await countEvents(h.database.db)).toBe(0);
  });

  it('stores a signed bundle once, answering 204 only after; a replay and an overlapping bundle add nothing new', async () => {
    // the process's counters are shared by the test files of one worker (isolate: false): what this test adds is counted
    const storedByCallback = async () => Number(/tracking_events_stored_total\{via="callback"\} (\d+)/.exec((await metricsAnswer()).body)?.[1] ?? 0);
    const countedBefore = await storedByCallback();
    // the events arrive out of order: the later estimate first
    const shuffled = [...EVENTS].reverse();
    const res = await callback(JSON.stringify(shuffled.slice(0, 8)));
    expect(res.status).toBe(204);
    expect(res.headers.get('api-version')).toBe('2.2.0');
    expect(await countEvents(h.database.db)).toBe(8);
    expect(stored).toHaveLength(8);
    expect((await callback(JSON.stringify(shuffled.slice(0, 8)))).status).toBe(204);
    expect((await callback(JSON.stringify(shuffled.slice(4)))).status).toBe(204);
    expect(await countEvents(h.database.db)).toBe(EVENTS.length);
    expect(stored).toHaveLength(EVENTS.length);
    // operations see both in /metrics
    const { body } = await metricsAnswer();
    expect(body).toMatch(/tracking_callbacks_refused_total\{reason="invalidSignature"\} [1-9]/);
    expect(body).toMatch(/tracking_events_stored_total\{via="callback"\} \d+/);
    expect((await storedByCallback()) - countedBefore).toBe(EVENTS.length);
  });
});

describe('tracking a reference', () => {
  const track = async (refs: string, language = 1) => {
    const r = await h.request(`/tracking/track?refs=${encodeURIComponent(refs)}&language=${language}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return TrackAnswer.parse(r.body.data.content);
  };

  it('answers a booking, its bill of lading and a container with the same journey, the newest estimate counting', async () => {
    const answer = await track(`${BOOKING}\n${BL}, ${BOX}`);
    expect(answer.demo).toBe(false);
    expect(answer.results.map((r) => [r.kind, r.status])).toEqual([
      ['booking', 'found'],
      ['bl', 'found'],
      ['container', 'found'],
    ]);
    const [byBooking, , byBox] = answer.results.map((r) => r.shipment!);
    expect(byBooking.containers.map((c) => c.number).sort()).toEqual([OTHER_BOX, BOX].sort());
    // a container shows itself only
    expect(byBox.containers.map((c) => c.number)).toEqual([BOX]);
    expect(byBox.milestones.some((m) => m.container === OTHER_BOX)).toBe(false);
    expect(byBooking.origin).toEqual({ locode: 'CNSHA', name: 'Shanghai' });
    expect(byBooking.destination).toEqual({ locode: 'NLRTM', name: 'Rotterdam' });
    expect(byBooking.legs).toHaveLength(1);
    const leg = byBooking.legs[0];
    expect(leg.vessel).toEqual({ imo: '9863297', name: 'SEABRIDGE HARMONY' });
    expect(leg.departure).toMatchObject({ state: 'actual', at: '2026-11-20T19:30:00+08:00', planned: '2026-11-20T18:00:00+08:00' });
    expect(leg.arrival).toMatchObject({ state: 'estimated', at: '2026-12-23T09:00:00+01:00', movedFrom: '2026-12-22T20:00:00+01:00', planned: '2026-12-22T14:00:00+01:00' });
    expect(leg.co2e!.wtwKg).toBeGreaterThan(leg.co2e!.ttwKg);
    expect(byBooking.now).toMatchObject({ code: 'DEPA', place: { locode: 'CNSHA' } });
    expect(byBooking.next).toMatchObject({ code: 'ARRI', place: { locode: 'NLRTM' } });
    expect(byBooking.completed).toBe(false);
  });

  it('answers in Chinese with the ports’ Chinese names', async () => {
    const answer = await track(BOOKING, 0);
    expect(answer.results[0].shipment!.destination).toEqual({ locode: 'NLRTM', name: '鹿特丹' });
  });

  it('answers an unknown reference in the same shape, and names a wrong check digit, both languages', async () => {
    const answer = await track('SBLU3096218, 9999999999, SBLU30962');
    expect(answer.results.map((r) => r.status)).toEqual(['invalid', 'not-found', 'invalid']);
    expect(answer.results[0].problem).toMatchObject({ code: 'check-digit', expected: 2 });
    expect(answer.results[0].problem!.message).toContain('check digit');
    expect(answer.results[1]).toMatchObject({ kind: 'booking', shipment: null, problem: null });
    const zh = await track('SBLU3096218', 0);
    expect(zh.results[0].problem!.message).toContain('校验位');
  });

  it('refuses an empty or too long query in the wrapper, naming the field', async () => {
    const empty = await h.request('/tracking/track?refs=%20');
    expect(empty.body.code).toBe('400');
    expect(empty.body.message).toContain('refs');
    const long = await h.request(`/tracking/track?refs=${'1'.repeat(700)}`);
    expect(long.body.code).toBe('400');
  });
});

describe('GET /dcsa/tnt/v2/events', () => {
  const get = async (query: string, headers: Record<string, string> = {}) => {
    const res = await tnt.request(`http://site.test${TNT_BASE}/events${query}`, { headers });
    return { res, body: res.status === 304 ? null : await res.json() };
  };

  it('answers the store as the official document says, every kind of event, with API-Version and an ETag', async () => {
    const { res, body } = await get('');
    expect(res.status).toBe(200);
    expect(res.headers.get('api-version')).toBe('2.2.0');
    expect(tntProblems('events', body)).toEqual([]);
    expect(new Set((body as Event[]).map((e) => e.eventType))).toEqual(new Set(['SHIPMENT', 'TRANSPORT', 'EQUIPMENT']));
    const again = await get('', { 'if-none-match': res.headers.get('etag')! });
    expect(again.res.status).toBe(304);
  });

  it('pages with limit=1 and the cursor through the same events as one page, in creation order', async () => {
    const { body: all } = await get('?limit=100');
    const walked: string[] = [];
    let next: string | null = '?limit=1';
    while (next) {
      const { res, body } = await get(next.includes('?') ? next.slice(next.indexOf('?')) : next);
      expect(res.status).toBe(200);
      expect(body).toHaveLength(1);
      walked.push((body as Event[])[0].eventID);
      next = res.headers.get('next-page');
    }
    expect(walked).toEqual((all as Event[]).map((e) => e.eventID));
    const created = (all as Event[]).map((e) => Date.parse(e.eventCreatedDateTime));
    expect(created).toEqual([...created].sort((a, b) => a - b));
  });

  it('filters by booking, container, kind and creation time', async () => {
    // a booking names every event of its shipment, the B/L's documents too
    const { body: booked } = await get(`?carrierBookingReference=${BOOKING}&shipmentEventTypeCode=ISSU`);
    expect((booked as Event[]).map((e) => (e as { documentID?: string }).documentID)).toEqual([BL]);
    const { body: boxes } = await get(`?equipmentReference=${BOX}`);
    expect((boxes as Event[]).length).toBe(3);
    const { body: estimates } = await get('?eventType=TRANSPORT&transportEventTypeCode=ARRI&eventCreatedDateTime:gte=2026-11-26T00:00:00Z');
    expect((estimates as Event[]).map((e) => e.eventClassifierCode)).toEqual(['EST']);
    const { body: none } = await get('?shipmentEventTypeCode=ISSU&equipmentEventTypeCode=GTIN');
    expect(none).toEqual([]);
  });

  it('is readable from any origin (a preflight answered), the callback from none', async () => {
    const preflight = await tnt.request(`http://site.test${TNT_BASE}/events`, { method: 'OPTIONS', headers: { origin: 'https://integrator.example', 'access-control-request-method': 'GET' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS');
    const { res } = await get('?limit=1');
    expect(res.headers.get('access-control-expose-headers')).toContain('Next-Page');
    const callback = await tnt.request(`http://site.test${TNT_BASE}/notifications`, { method: 'POST', body: '[]' });
    expect(callback.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses bad values with the standard error body naming each', async () => {
    for (const [query, property] of [
      ['?eventType=FOO', 'eventType'],
      ['?limit=0', 'limit'],
      ['?eventCreatedDateTime=yesterday', 'eventCreatedDateTime'],
      ['?colour=red', 'colour'],
      ['?cursor=abc.def', 'cursor'],
    ]) {
      const { res, body } = await get(query);
      expect(res.status, query).toBe(400);
      expect(tntProblems('error', body)).toEqual([]);
      expect(JSON.stringify(body)).toContain(property);
    }
    const { res } = await get('', { 'api-version': '3' });
    expect(res.status).toBe(400);
  });
});

describe('storeEvents', () => {
  it('stores a large bundle in one transaction and nothing twice', async () => {
    const many: Event[] = Array.from({ length: 2500 }, (_, i) => ({ ...EVENTS[4], eventID: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}` }) as Event);
    const before = await countEvents(h.database.db);
    expect((await storeEvents(h.database.db, SOURCE, many)).length).toBe(2500);
    expect((await storeEvents(h.database.db, SOURCE, many)).length).toBe(0);
    expect(await countEvents(h.database.db)).toBe(before + 2500);
  });

  it('fills every column of each event kind as eventColumns says (the rows go in as one JSON parameter)', async () => {
    const source = 'https://columns.example.test/v2';
    const kinds = new Set(EVENTS.map((e) => e.eventType));
    expect(kinds).toEqual(new Set(['SHIPMENT', 'TRANSPORT', 'EQUIPMENT']));
    const fresh = EVENTS.map((e, i) => ({ ...e, eventID: `20000000-0000-4000-8000-${String(i).padStart(12, '0')}` }) as Event);
    expect((await storeEvents(h.database.db, source, fresh)).sort()).toEqual(fresh.map((e) => e.eventID).sort());
    const rows = await h.database.db
      .select()
      .from(trackingEvents)
      .where(
        inArray(
          trackingEvents.eventId,
          fresh.map((e) => e.eventID),
        ),
      );
    expect(rows).toHaveLength(fresh.length);
    for (const event of fresh) {
      const { receivedAt, ...row } = rows.find((r) => r.eventId === event.eventID)!;
      expect(receivedAt).toBeInstanceOf(Date);
      const expected = Object.fromEntries(Object.entries(eventColumns(source, event)).map(([k, v]) => [k, v ?? null]));
      expect(row).toEqual(expected);
    }
  });
});
