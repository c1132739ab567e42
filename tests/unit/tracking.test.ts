import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pageLinks } from '../../src/tracking/dcsa/cursor';
import { parseEventsQuery } from '../../src/tracking/dcsa/query';
import { documentReferenceKind, Event, type TransportEvent } from '../../src/tracking/dcsa/schemas';
import { checkContainerNumber, checkDigit, withCheckDigit } from '../../src/tracking/iso6346';
import { matches } from '../../src/tracking/provider/feed';
import { parseReference, parseReferences, splitReferences } from '../../src/tracking/references';
import { newSecret, signBody, verifySignature } from '../../src/tracking/signature';
import { lastMove, mergeMilestones, current } from '../../src/tracking/timeline';
import { shipmentView } from '../../src/tracking/view';
import { loadConfig } from '../../src/server/config';

/**
 * Tracking's pure parts: ISO 6346 check digits, what a visitor types, the callback signature, the
 * merge of planned, estimated and actual events, the DCSA query and its cursors, and local times
 * right across daylight saving.
 */

describe('ISO 6346', () => {
  it('gives the check digits of published container numbers', () => {
    // the standard's own example, and numbers printed on real boxes
    expect(checkDigit('CSQU305438')).toBe(3);
    expect(checkDigit('MSKU907032')).toBe(3);
    expect(checkContainerNumber('CSQU3054383')).toEqual({ ok: true });
    expect(checkContainerNumber('CSQU3054384')).toEqual({ ok: false, reason: 'check-digit', expected: 3, given: 4 });
    expect(checkContainerNumber('CSQU305438')).toEqual({ ok: false, reason: 'format' });
  });

  it('writes a remainder of 10 as 0', () => {
    // find a body whose sum is 10 modulo 11 and check it ends in 0
    let found = '';
    for (let n = 0; n < 1000 && !found; n++) {
      const body = `SBLU${String(n).padStart(6, '0')}`;
      let sum = 0;
      const values: Record<string, number> = { S: 30, B: 12, L: 23, U: 32 };
      for (let i = 0; i < 10; i++) sum += (i < 4 ? values[body[i]] : Number(body[i])) * 2 ** i;
      if (sum % 11 === 10) found = body;
    }
    expect(found).not.toBe('');
    expect(withCheckDigit(found).at(-1)).toBe('0');
  });

  it('catches every change of one serial digit, unless the check digit is 0 (remainders 0 and 10 are both written 0)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 4, max: 9 }), fc.integer({ min: 1, max: 9 }), (serial, pos, delta) => {
        const number = withCheckDigit(`SBLU${String(serial).padStart(6, '0')}`);
        fc.pre(number[10] !== '0');
        const digit = (Number(number[pos]) + delta) % 10;
        const typo = `${number.slice(0, pos)}${digit}${number.slice(pos + 1)}`;
        expect(checkContainerNumber(typo).ok).toBe(false);
      }),
    );
  });
});

describe('references', () => {
  it('recognises containers, bills of lading and bookings as typed', () => {
    expect(parseReference(' sblu 309621 2 ')).toMatchObject({ kind: 'container', value: 'SBLU3096212' });
    expect(parseReference('SBLU2611040071')).toMatchObject({ kind: 'bl', value: 'SBLU2611040071' });
    expect(parseReference('2611-0400-71')).toMatchObject({ kind: 'booking', value: '2611040071' });
  });

  it('names the check digit of a mistyped container number, and what a number should look like otherwise', () => {
    expect(parseReference('SBLU3096218')).toMatchObject({ problem: 'check-digit', expected: 2, given: 8 });
    expect(parseReference('SBLU309621')).toMatchObject({ problem: 'container-format' });
    expect(parseReference('hello world')).toMatchObject({ problem: 'unknown-format' });
    expect(parseReference('<script>')).toMatchObject({ problem: 'unknown-format' });
  });

  it('splits lines, commas (ASCII and full-width) and spaced lists, keeps a spaced container whole, drops repeats, keeps ten', () => {
    expect(splitReferences('SBLU3096212\nSBLU2611040071, 2611040071；CSQU3054383')).toEqual(['SBLU3096212', 'SBLU2611040071', '2611040071', 'CSQU3054383']);
    expect(splitReferences('SBLU 309621 2')).toEqual(['SBLU 309621 2']);
    expect(splitReferences('2611040071 2611040072')).toEqual(['2611040071', '2611040072']);
    expect(splitReferences('sblu3096212, SBLU3096212')).toEqual(['sblu3096212']);
    const twelve = Array.from({ length: 12 }, (_, i) => String(2611040000 + i)).join(',');
    const parsed = parseReferences(twelve);
    expect(parsed.references).toHaveLength(10);
    expect(parsed.truncated).toBe(true);
  });
});

describe('Notification-Signature', () => {
  const secret = newSecret();
  const body = new TextEncoder().encode('[{"eventID":"x"}]\n');

  it('is sha256= the HMAC of the exact bytes, with a 64-byte secret', () => {
    expect(Buffer.from(secret, 'base64')).toHaveLength(64);
    const header = signBody(body, secret);
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySignature(header, body, secret)).toBe(true);
    expect(verifySignature(`  ${header.toUpperCase().replace('SHA256', 'sha256')} `, body, secret)).toBe(true);
  });

  it('refuses a changed body, another secret, another algorithm, a truncated or missing header', () => {
    const header = signBody(body, secret);
    const changed = new TextEncoder().encode('[{"eventID":"y"}]\n');
    expect(verifySignature(header, changed, secret)).toBe(false);
    expect(verifySignature(header, body, newSecret())).toBe(false);
    expect(verifySignature(header.replace('sha256', 'sha1'), body, secret)).toBe(false);
    expect(verifySignature(header.slice(0, -2), body, secret)).toBe(false);
    expect(verifySignature(null, body, secret)).toBe(false);
    expect(verifySignature('', body, secret)).toBe(false);
  });
});

/** A transport event at Rotterdam's terminal (its call id fixed), for the merge tests. */
function arrival(id: string, classifier: 'PLN' | 'EST' | 'ACT', at: string, created: string): TransportEvent {
  return Event.parse({
    eventID: id,
    eventType: 'TRANSPORT',
    eventClassifierCode: classifier,
    eventDateTime: at,
    eventCreatedDateTime: created,
    transportEventTypeCode: 'ARRI',
    transportCall: {
      transportCallID: 'AEX1-0412W-NLRTM-7',
      UNLocationCode: 'NLRTM',
      modeOfTransport: 'VESSEL',
      carrierServiceCode: 'AEX1',
      exportVoyageNumber: '0412W',
      vessel: { vesselIMONumber: '9863297', vesselName: 'SEABRIDGE HARMONY' },
    },
    documentReferences: [
      { documentReferenceType: 'BKG (Booking)', documentReferenceValue: '2611040071' },
      { documentReferenceType: 'TRD', documentReferenceValue: 'SBLU2611040071' },
    ],
  }) as TransportEvent;
}
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('PLN, EST and ACT merged', () => {
  const plan = arrival(uuid(1), 'PLN', '2026-12-03T14:00:00+01:00', '2026-11-10T02:00:00Z');
  const est1 = arrival(uuid(2), 'EST', '2026-12-03T20:00:00+01:00', '2026-11-30T02:00:00Z');
  const est2 = arrival(uuid(3), 'EST', '2026-12-04T09:00:00+01:00', '2026-12-01T02:00:00Z');
  const act = arrival(uuid(4), 'ACT', '2026-12-04T09:30:00+01:00', '2026-12-04T09:00:00Z');

  it('keeps each kind apart in one milestone, the newest estimate by creation time whatever the order of arrival', () => {
    for (const order of [
      [plan, est1, est2],
      [est2, plan, est1],
      [est2, est1, plan],
    ]) {
      const [m] = mergeMilestones(order);
      expect(m.planned?.eventId).toBe(uuid(1));
      expect(m.estimates.map((e) => e.eventId)).toEqual([uuid(2), uuid(3)]);
      expect(current(m)).toMatchObject({ state: 'estimated', value: { eventId: uuid(3) } });
      expect(lastMove(m)).toEqual({ from: Date.parse('2026-12-03T20:00:00+01:00'), to: Date.parse('2026-12-04T09:00:00+01:00') });
    }
  });

  it('lets the actual count once it comes, the history of estimates kept', () => {
    const [m] = mergeMilestones([act, est1, plan, est2]);
    expect(current(m)).toMatchObject({ state: 'actual', value: { eventId: uuid(4) } });
    expect(m.estimates).toHaveLength(2);
  });

  it('shows the plan as the move of a first estimate, and shows times in Rotterdam’s offset of that day', () => {
    const view = shipmentView('en', [plan, est1], { nowMs: Date.parse('2026-12-01T00:00:00Z') })!;
    const m = view.milestones[0];
    expect(m.time).toMatchObject({ state: 'estimated', at: '2026-12-03T20:00:00+01:00', planned: '2026-12-03T14:00:00+01:00', movedFrom: '2026-12-03T14:00:00+01:00' });
    expect(m.place).toEqual({ locode: 'NLRTM', name: 'Rotterdam' });
    // a provider that sends UTC is shown in the port's time, summer (UTC+2) and winter (UTC+1) alike
    const summer = arrival(uuid(5), 'PLN', '2026-07-01T12:00:00Z', '2026-06-01T00:00:00Z');
    expect(shipmentView('zh', [summer], { nowMs: 0 })!.milestones[0].time.at).toBe('2026-07-01T14:00:00+02:00');
    const winter = arrival(uuid(6), 'PLN', '2026-12-01T12:00:00Z', '2026-11-01T00:00:00Z');
    expect(shipmentView('zh', [winter], { nowMs: 0 })!.milestones[0].time.at).toBe('2026-12-01T13:00:00+01:00');
  });

  it('reads the document reference types in the document’s spelling and the plain codes', () => {
    expect(documentReferenceKind('BKG (Booking)')).toBe('BKG');
    expect(documentReferenceKind('TRD')).toBe('TRD');
    expect(documentReferenceKind('SHI')).toBeUndefined();
  });
});

describe('GET /v2/events query', () => {
  const key = 'k'.repeat(32);
  const q = (s: string) => parseEventsQuery(new URLSearchParams(s), key);
  /** The parameter each refusal names (its message starts with it). */
  const named = (r: ReturnType<typeof q>) => ('errors' in r ? r.errors.map((e) => /^(.+?): /.exec(e.message)?.[1]) : []);

  it('takes the filters, the operators on eventCreatedDateTime (a raw + included), the deprecated aliases and the limit', () => {
    const r = q(
      'eventType=TRANSPORT,EQUIPMENT&eventCreatedDateTime:gte=2026-11-01T00:00:00Z&eventCreatedDateTime:lt=2026-11-02T08:00:00%2B08:00&eventCreatedDateTime=2026-11-01T20:00:00+08:00&limit=5&bookingReference=2611040071&sort=eventCreatedDateTime',
    );
    expect(named(r)).toEqual([]);
    if (!('query' in r)) return;
    expect(r.query.limit).toBe(5);
    expect(r.query.filter).toEqual({
      eventType: ['TRANSPORT', 'EQUIPMENT'],
      carrierBookingReference: '2611040071',
      created: [
        { op: 'gte', at: Date.parse('2026-11-01T00:00:00Z') },
        { op: 'lt', at: Date.parse('2026-11-02T00:00:00Z') },
        { op: 'eq', at: Date.parse('2026-11-01T12:00:00Z') },
      ],
    });
    // an alias and its successor are the same query (the same cursors)
    const successor = q(
      'eventType=TRANSPORT,EQUIPMENT&eventCreatedDateTime:gte=2026-11-01T00:00:00Z&eventCreatedDateTime:lt=2026-11-02T08:00:00%2B08:00&eventCreatedDateTime=2026-11-01T20:00:00+08:00&limit=7&carrierBookingReference=2611040071&sort=eventCreatedDateTime',
    );
    expect('query' in successor && successor.query.filters).toBe(r.query.filters);
  });

  it('names each bad parameter, all at once', () => {
    const r = q(
      `eventType=FOO&limit=0&eventCreatedDateTime=yesterday&eventCreatedDateTime:about=2026-11-01T00:00:00Z&color=red&equipmentReference=${'X'.repeat(16)}&scheduleID=1&bookingReference=1&carrierBookingReference=1&sort=eventID&eventType=SHIPMENT&toString=1&__proto__=2`,
    );
    expect(named(r)).toEqual([
      'eventType',
      'limit',
      'eventCreatedDateTime',
      'eventCreatedDateTime:about',
      'color',
      'equipmentReference',
      'scheduleID',
      'bookingReference',
      'sort',
      'eventType',
      'toString',
      '__proto__',
    ]);
    expect('errors' in r && r.errors.at(-1)?.message).toBe('__proto__: is not a parameter of GET /v2/events');
  });

  it('binds a cursor to its filters and refuses an altered one', () => {
    const first = q('eventType=SHIPMENT');
    if (!('query' in first)) throw new Error('refused');
    const cursor = encodeCursor(key, first.query.filters, { createdAt: 5, eventId: uuid(1) });
    expect(q(`eventType=SHIPMENT&limit=3&cursor=${cursor}`)).toMatchObject({ query: { after: { createdAt: 5, eventId: uuid(1) } } });
    expect(q(`eventType=TRANSPORT&cursor=${cursor}`)).toMatchObject({ errors: [{ reason: 'invalidCursor', message: expect.stringMatching(/^cursor: belongs to another query/) }] });
    const [payload, sig] = cursor.split('.');
    const forged = `${Buffer.from(JSON.stringify({ f: first.query.filters, p: { createdAt: 0, eventId: uuid(0) } })).toString('base64url')}.${sig}`;
    expect(decodeCursor(key, forged, first.query.filters)).toMatchObject({ error: expect.stringContaining('altered') });
    expect(decodeCursor('other'.repeat(8), `${payload}.${sig}`, first.query.filters)).toHaveProperty('error');
    // a position of another shape (a listing's cursor under the same key) is not an events cursor
    expect(named(q(`eventType=SHIPMENT&cursor=${encodeCursor(key, first.query.filters, 7)}`))).toEqual(['cursor']);
  });

  it('links the pages by the request path, the cursor replaced', () => {
    expect(pageLinks('http://site.test/dcsa/tnt/v2/events?limit=2&cursor=old', 'new')).toEqual({
      'current-page': '/dcsa/tnt/v2/events?limit=2&cursor=old',
      'first-page': '/dcsa/tnt/v2/events?limit=2',
      'next-page': '/dcsa/tnt/v2/events?limit=2&cursor=new',
    });
    expect(pageLinks('http://site.test/v2/events')).toEqual({ 'current-page': '/v2/events', 'first-page': '/v2/events' });
  });

  it('matches a type code filter only on events of its kind, and a booking on its documents', () => {
    const e = arrival(uuid(1), 'PLN', '2026-12-03T14:00:00+01:00', '2026-11-10T02:00:00Z');
    expect(matches(e, { transportEventTypeCode: ['ARRI'] })).toBe(true);
    expect(matches(e, { transportEventTypeCode: ['ARRI'], equipmentEventTypeCode: ['GTIN'] })).toBe(false);
    expect(matches(e, { shipmentEventTypeCode: ['DRFT'] })).toBe(false);
    expect(matches(e, { carrierBookingReference: '2611040071', UNLocationCode: 'NLRTM' })).toBe(true);
    expect(matches(e, { transportDocumentReference: 'SBLU2611040071', vesselIMONumber: '9863297' })).toBe(true);
    expect(matches(e, { carrierBookingReference: '2611040072' })).toBe(false);
  });
});

describe('where events come from', () => {
  const config = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env }).tracking;

  it('runs the demonstration provider on a development start only, unless asked by name', () => {
    expect(config({}).provider.kind).toBe('demo');
    expect(config({ HOST: '127.0.0.1' }).provider.kind).toBe('demo');
    expect(config({ NODE_ENV: 'production' }).provider).toMatchObject({ kind: 'none', reason: expect.stringContaining('TNT_DEMO=on') });
    expect(config({ HOST: '0.0.0.0' }).provider.kind).toBe('none');
    expect(config({ NODE_ENV: 'production', TNT_DEMO: 'on' }).provider.kind).toBe('demo');
    expect(config({ TNT_DEMO: 'off' }).provider.kind).toBe('none');
  });

  it('takes a real provider when named, and says what is wrong with a bad value', () => {
    expect(config({ NODE_ENV: 'production', TNT_PROVIDER_URL: 'https://tnt.example.com/v2/', TNT_PROVIDER_TOKEN: 't' }).provider).toEqual({
      kind: 'url',
      url: 'https://tnt.example.com/v2',
      token: 't',
    });
    expect(() => config({ TNT_PROVIDER_URL: 'ftp://x' })).toThrow(/TNT_PROVIDER_URL/);
    expect(() => config({ TNT_DEMO: 'maybe' })).toThrow(/TNT_DEMO/);
  });
});
