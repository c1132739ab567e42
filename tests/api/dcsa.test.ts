import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadSchedules } from '../../src/schedules';
import { DCSA_BASE, ErrorResponse, PointToPoint, PortSchedule, ServiceSchedule } from '../../src/schedules/dcsa/schemas';
import { DAY_MS, HOUR_MS } from '../../src/schedules/time';
import { createDcsaApp } from '../../src/server/dcsa/app';

/**
 * The DCSA Commercial Schedules API (/dcsa/cs/v1/) on the real engine and content:
 * conformance of real answers to our schemas of the standard, the routing properties on
 * the wire, paging with signed cursors, caching, and every refusal in the standard's error
 * body naming the property, under hostile input too. The clock is fixed so the horizon is
 * the same on every run.
 */

const NOW = Date.parse('2026-11-25T06:00:00Z');
const app = createDcsaApp({ cursorKey: 'test-key-of-thirty-two-characters!!', now: () => NOW });
const engine = loadSchedules(NOW);
const ports = [...engine.router.ports].sort();

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await app.request(`http://api.test${DCSA_BASE}${path}`, { headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? (JSON.parse(text) as unknown) : null };
}

function expectError(r: Awaited<ReturnType<typeof get>>, status: number, property?: string) {
  expect(r.status, r.text).toBe(status);
  const body = ErrorResponse.parse(r.body);
  expect(body.statusCode).toBe(status);
  if (property) expect(body.errors.map((e) => e.property)).toContain(property);
  expect(r.headers.get('api-version')).toBe('1.0.4');
  return body;
}

/** Port pairs with direct sailings, with transhipments, and a spread of the rest. */
const PAIRS: [string, string][] = [
  ['CNSHA', 'NLRTM'],
  ['CNSHA', 'USLAX'],
  ['CNTXG', 'GBLIV'],
  ['IEORK', 'NZAKL'],
  ['KRPUS', 'BRSSZ'],
  ['FJSUV', 'IEDUB'],
  ['SGSIN', 'DEHAM'],
  ['AEJEA', 'CNNGB'],
  ...ports
    .filter((_, i) => i % 9 === 0)
    .map((p, i, list) => [p, list[(i + 3) % list.length]] as [string, string])
    .filter(([a, b]) => a !== b),
];

describe('point-to-point-routes', () => {
  it('answers the standard objects for many port pairs, each routing connecting with increasing dates and its transit time', async () => {
    let routings = 0;
    for (const [from, to] of PAIRS) {
      const r = await get(`/point-to-point-routes?placeOfReceipt=${from}&placeOfDelivery=${to}&departureStartDate=2026-11-25&departureEndDate=2026-12-31`);
      expect(r.status, `${from}>${to}: ${r.text.slice(0, 300)}`).toBe(200);
      expect(r.headers.get('api-version')).toBe('1.0.4');
      const list = z.array(PointToPoint).parse(r.body);
      routings += list.length;
      list.forEach((p, n) => {
        expect(p.solutionNumber).toBe(n + 1);
        expect(p.placeOfReceipt.location.UNLocationCode).toBe(from);
        expect(p.placeOfDelivery.location.UNLocationCode).toBe(to);
        const dep = Date.parse(p.placeOfReceipt.dateTime);
        const arr = Date.parse(p.placeOfDelivery.dateTime);
        expect(p.transitTime).toBe(Math.ceil((arr - dep) / DAY_MS));
        expect(p.placeOfReceipt.dateTime.slice(0, 10) >= '2026-11-25').toBe(true);
        expect(p.solutionFootprint!.co2e).toBeGreaterThan(0);
        const legSum = p.legs.reduce((s, l) => s + l.footprint!.co2e!, 0);
        expect(Math.abs(legSum - p.solutionFootprint!.co2e!)).toBeLessThan(0.002 * p.legs.length);
        expect(p.legs[0].departure.dateTime).toBe(p.placeOfReceipt.dateTime);
        expect(p.legs.at(-1)!.arrival.dateTime).toBe(p.placeOfDelivery.dateTime);
        p.legs.forEach((leg, i) => {
          expect(leg.sequenceNumber).toBe(i + 1);
          expect(Date.parse(leg.arrival.dateTime)).toBeGreaterThan(Date.parse(leg.departure.dateTime));
          let t = Date.parse(leg.departure.dateTime);
          for (const call of leg.intermediateCalls ?? []) {
            expect(Date.parse(call.arrivalDateTime!)).toBeGreaterThan(t);
            expect(Date.parse(call.departureDateTime!)).toBeGreaterThan(Date.parse(call.arrivalDateTime!));
            t = Date.parse(call.departureDateTime!);
          }
          expect(Date.parse(leg.arrival.dateTime)).toBeGreaterThan(t);
          expect(leg.transport!.servicePartners![0].carrierExportVoyageNumber).toMatch(/^\d{4}[NEWS]$/);
          if (i > 0) {
            const hub = leg.departure.location.UNLocationCode!;
            expect(p.legs[i - 1].arrival.location.UNLocationCode).toBe(hub);
            const gap = Date.parse(leg.departure.dateTime) - Date.parse(p.legs[i - 1].arrival.dateTime);
            expect(gap).toBeGreaterThanOrEqual(engine.router.minConnection(hub)!);
            expect(gap).toBeLessThanOrEqual(engine.router.maxWaitMs);
          }
        });
      });
    }
    expect(routings).toBeGreaterThan(50);
  });

  it('only direct sailings with maxTranshipment=0, none when the pair needs a transhipment', async () => {
    const direct = z.array(PointToPoint).parse((await get('/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=USLAX&maxTranshipment=0')).body);
    expect(direct.length).toBeGreaterThan(0);
    expect(direct.every((p) => p.legs.length === 1)).toBe(true);
    expect((await get('/point-to-point-routes?placeOfReceipt=CNTXG&placeOfDelivery=GBLIV&maxTranshipment=0')).body).toEqual([]);
  });

  it('footprint in tonnes CO2e for one TEU, for the weight asked, higher for reefer', async () => {
    const q = '/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&maxTranshipment=0&limit=1';
    const teu = z.array(PointToPoint).parse((await get(q)).body)[0].solutionFootprint!.co2e!;
    const heavy = z.array(PointToPoint).parse((await get(`${q}&cargoGrossWeight=25`)).body)[0].solutionFootprint!.co2e!;
    const reefer = z.array(PointToPoint).parse((await get(`${q}&cargoType=REEFER`)).body)[0].solutionFootprint!.co2e!;
    expect(heavy).toBeCloseTo(teu * 2.5, 2);
    expect(reefer).toBeGreaterThan(teu);
    expect(teu).toBeGreaterThan(0.5);
    expect(teu).toBeLessThan(2);
  });

  it('filters by arrival dates and by service type (CY only is offered)', async () => {
    const all = z.array(PointToPoint).parse((await get('/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM')).body);
    const day = all[2].placeOfDelivery.dateTime.slice(0, 10);
    const some = z.array(PointToPoint).parse((await get(`/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&arrivalStartDate=${day}&arrivalEndDate=${day}`)).body);
    expect(some.length).toBeGreaterThan(0);
    for (const p of some) expect(p.placeOfDelivery.dateTime.slice(0, 10)).toBe(day);
    expect((await get('/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&receiptTypeAtOrigin=SD')).body).toEqual([]);
  });
});

describe('port-schedules and vessel-schedules', () => {
  it('port schedules: one per terminal, calls from the date, arrival before departure', async () => {
    for (const port of ['CNSHA', 'SGSIN', 'NLRTM', 'USLAX', 'NZAKL', 'FJSUV']) {
      const r = await get(`/port-schedules?UNLocationCode=${port}&date=2026-12-01`);
      expect(r.status, r.text.slice(0, 200)).toBe(200);
      const list = z.array(PortSchedule).parse(r.body);
      expect(list.length).toBeGreaterThan(0);
      for (const terminal of list) {
        expect(terminal.location.UNLocationCode).toBe(port);
        for (const s of terminal.vesselSchedules!) {
          const [a, d] = s.timestamps;
          expect([a.eventTypeCode, d.eventTypeCode]).toEqual(['ARRI', 'DEPA']);
          expect(Date.parse(d.eventDateTime)).toBeGreaterThan(Date.parse(a.eventDateTime));
          expect(d.eventDateTime.slice(0, 10) >= '2026-12-01').toBe(true);
          expect(s.isDummyVessel).toBe(s.vessel === undefined);
        }
      }
    }
  });

  it('vessel schedules by vessel, service, voyage and location, whole voyages or matched calls', async () => {
    const byVessel = z.array(ServiceSchedule).parse((await get('/vessel-schedules?vesselIMONumber=9880221')).body);
    expect(byVessel).toHaveLength(1);
    expect(byVessel[0].vesselSchedules.every((v) => v.vessel?.vesselIMONumber === '9880221')).toBe(true);
    const byService = z.array(ServiceSchedule).parse((await get('/vessel-schedules?carrierServiceCode=PSX')).body);
    expect(byService.map((s) => s.carrierServiceCode)).toEqual(['PSX']);
    expect(byService[0].vesselSchedules).toHaveLength(6);
    const voyage = byService[0].vesselSchedules[0].transportCalls![0].carrierExportVoyageNumber!;
    const one = z.array(ServiceSchedule).parse((await get(`/vessel-schedules?carrierServiceCode=PSX&carrierVoyageNumber=${voyage}&responseScope=MATCHED_CALLS`)).body);
    const calls = one[0].vesselSchedules.flatMap((v) => v.transportCalls!);
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls) expect([c.carrierImportVoyageNumber, c.carrierExportVoyageNumber]).toContain(voyage);
    const atPort = z.array(ServiceSchedule).parse((await get('/vessel-schedules?UNLocationCode=NZAKL&responseScope=MATCHED_CALLS')).body);
    expect(atPort.flatMap((s) => s.vesselSchedules.flatMap((v) => v.transportCalls!)).every((c) => c.location!.UNLocationCode === 'NZAKL')).toBe(true);
    expect((await get('/vessel-schedules?universalServiceReference=SR12345A')).body).toEqual([]);
    // a slot to be nominated is a dummy vessel
    const tbn = z.array(ServiceSchedule).parse((await get('/vessel-schedules?carrierServiceCode=AEX3')).body);
    expect(tbn[0].vesselSchedules.some((v) => v.isDummyVessel && !v.vessel)).toBe(true);
  });
});

describe('paging and caching', () => {
  it('pages with limit and Next-Page-Cursor, the pages adding up to the whole list', async () => {
    const q = '/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&cargoType=REEFER';
    const whole = (await get(`${q}&limit=1000`)).body as unknown[];
    expect(whole.length).toBeGreaterThan(5);
    const pages: unknown[] = [];
    let cursor: string | null = null;
    let n = 0;
    do {
      const r = await get(`${q}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(r.status).toBe(200);
      pages.push(...(r.body as unknown[]));
      cursor = r.headers.get('next-page-cursor');
      expect(n++).toBeLessThan(100);
    } while (cursor);
    expect(pages).toEqual(whole);
  });

  it('refuses a tampered or foreign cursor, naming the cursor', async () => {
    const first = await get('/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&limit=1');
    const cursor = first.headers.get('next-page-cursor')!;
    expect(cursor.length).toBeLessThanOrEqual(1024);
    const tampered = `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`;
    expectError(await get(`/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&limit=1&cursor=${encodeURIComponent(tampered)}`), 400, 'cursor');
    expectError(await get(`/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=USLAX&limit=1&cursor=${encodeURIComponent(cursor)}`), 400, 'cursor');
    expectError(await get(`/port-schedules?UNLocationCode=CNSHA&date=2026-12-01&cursor=${encodeURIComponent(cursor)}`), 400, 'cursor');
    expectError(await get('/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&cursor=not-a-cursor'), 400, 'cursor');
    const other = createDcsaApp({ cursorKey: 'another-key-of-thirty-two-characters', now: () => NOW });
    const res = await other.request(`http://api.test${DCSA_BASE}/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&limit=1&cursor=${encodeURIComponent(cursor)}`);
    expect(res.status).toBe(400);
    // the same cursor, same query, same key: accepted
    expect((await get(`/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM&limit=1&cursor=${encodeURIComponent(cursor)}`)).status).toBe(200);
  });

  it('answers with an ETag and Cache-Control, and 304 to a matching If-None-Match', async () => {
    const q = '/port-schedules?UNLocationCode=SGSIN&date=2026-12-01';
    const r = await get(q);
    const etag = r.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect(r.headers.get('cache-control')).toBe('public, max-age=600');
    const again = await get(q, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // the ETag names this answer only: another date, another page, another port each have their own
    const others = await Promise.all(['/port-schedules?UNLocationCode=SGSIN&date=2026-12-02', `${q}&limit=1`, '/port-schedules?UNLocationCode=CNSHA&date=2026-12-01'].map((o) => get(o)));
    expect(new Set([etag, ...others.map((o) => o.headers.get('etag'))]).size).toBe(4);
    // a stale ETag gets the full answer, the same as the first time
    const stale = await get(q, { 'if-none-match': 'W/"stale"' });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(r.text);
  });
});

describe('refusals in the standard error body', () => {
  const P2P = '/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRTM';
  it.each([
    ['/point-to-point-routes?placeOfDelivery=NLRTM', 'placeOfReceipt'],
    ['/point-to-point-routes?placeOfReceipt=cnsha&placeOfDelivery=NLRTM', 'placeOfReceipt'],
    ['/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=NLRT1', 'placeOfDelivery'],
    ['/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=ZZZZZ', 'placeOfDelivery'],
    ['/point-to-point-routes?placeOfReceipt=CNSHA&placeOfDelivery=CNSHA', 'placeOfDelivery'],
    [`${P2P}&departureStartDate=2026-12-10&departureEndDate=2026-12-01`, 'departureEndDate'],
    [`${P2P}&departureStartDate=2026-01-01&departureEndDate=2027-06-01`, 'departureEndDate'],
    [`${P2P}&arrivalStartDate=2027-02-01&arrivalEndDate=2027-01-01`, 'arrivalEndDate'],
    [`${P2P}&departureStartDate=2026-13-01`, 'departureStartDate'],
    [`${P2P}&limit=0`, 'limit'],
    [`${P2P}&limit=1001`, 'limit'],
    [`${P2P}&limit=ten`, 'limit'],
    [`${P2P}&maxTranshipment=-1`, 'maxTranshipment'],
    [`${P2P}&cargoType=FROZEN`, 'cargoType'],
    [`${P2P}&receiptTypeAtOrigin=XX`, 'receiptTypeAtOrigin'],
    [`${P2P}&colour=blue`, 'colour'],
    [`${P2P}&limit=1&limit=2`, 'limit'],
    ['/port-schedules?UNLocationCode=CNSHA', 'date'],
    ['/port-schedules?UNLocationCode=XXXXX&date=2026-12-01', 'UNLocationCode'],
    ['/vessel-schedules?vesselIMONumber=12', 'vesselIMONumber'],
    ['/vessel-schedules?carrierServiceCode=PSX&startDate=2027-01-10&endDate=2027-01-01', 'endDate'],
    ['/vessel-schedules?UNLocationCode=QQQQQ', 'UNLocationCode'],
  ])('%s → 400 naming %s', async (path, property) => {
    expectError(await get(path), 400, property);
  });

  it('asks for a filter on vessel-schedules, refuses another major version, other methods and paths', async () => {
    expectError(await get('/vessel-schedules?startDate=2026-12-01'), 400);
    expectError(await get(P2P, { 'api-version': '2' }), 400, 'API-Version');
    expect((await get(P2P, { 'api-version': '1' })).status).toBe(200);
    const post = await app.request(`http://api.test${DCSA_BASE}/port-schedules?UNLocationCode=CNSHA&date=2026-12-01`, { method: 'POST' });
    expect(post.status).toBe(405);
    ErrorResponse.parse(await post.json());
    expectError(await get('/schedules'), 404);
  });

  it('never answers 5xx to hostile input, and names what it refuses', async () => {
    const keys = [
      'placeOfReceipt',
      'placeOfDelivery',
      'departureStartDate',
      'departureEndDate',
      'arrivalStartDate',
      'arrivalEndDate',
      'maxTranshipment',
      'cargoType',
      'cargoGrossWeight',
      'limit',
      'cursor',
      'UNLocationCode',
      'date',
      'vesselIMONumber',
      'vesselName',
      'carrierServiceCode',
      'carrierVoyageNumber',
      'startDate',
      'endDate',
      'responseScope',
      'x',
    ];
    const value = fc.oneof(
      fc.constantFrom(
        'CNSHA',
        'NLRTM',
        'SGSIN',
        '2026-12-01',
        '2027-01-15',
        '0',
        '2',
        '1000',
        'DRY',
        'REEFER',
        'PSX',
        '9880221',
        "' OR 1=1 --",
        '<script>',
        '../../etc',
        '%00',
        '1e309',
        '-1',
        '',
        '中文',
      ),
      fc.string({ maxLength: 30 }),
      fc.constantFrom('x'.repeat(3000)),
    );
    const endpoint = fc.constantFrom('point-to-point-routes', 'port-schedules', 'vessel-schedules');
    await fc.assert(
      fc.asyncProperty(endpoint, fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 6 }), async (path, params) => {
        const r = await get(`/${path}?${new URLSearchParams(params)}`);
        expect(r.status, r.text.slice(0, 300)).toBeLessThan(500);
        if (r.status === 200) expect(Array.isArray(r.body)).toBe(true);
        else {
          const body = expectError(r, 400);
          for (const e of body.errors) expect(e.errorCodeMessage.length).toBeGreaterThan(5);
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});

describe('horizon', () => {
  it('publishes two weeks back to twelve weeks ahead of the day', () => {
    expect(engine.horizon.asOf).toBe('2026-11-25');
    expect((engine.horizon.toEpoch - engine.horizon.fromEpoch + 1) / DAY_MS).toBe(99);
    expect(HOUR_MS).toBe(3_600_000);
  });
});
