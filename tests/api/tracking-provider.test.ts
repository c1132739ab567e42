import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../src/schedules/time';
import type { Event, Subscription } from '../../src/tracking/dcsa/schemas';
import { startProvider, type RunningProvider } from '../../src/tracking/provider';
import { newSecret, verifySignature } from '../../src/tracking/signature';
import { tntProblems } from '../fixtures/tnt-official';

/**
 * The reference Track & Trace provider over real HTTP (src/tracking/provider/): started on
 * 127.0.0.1:0 with a fixed clock, asked with fetch like any provider, and pushing to receivers
 * started here. Answers and callback bodies are checked against the official TNT 2.2 document.
 * Nothing waits on timing luck: the clock is moved by hand and the pusher flushed; the one real
 * wait (a Retry-After of one second) is a poll for the outcome with a generous limit.
 */

const NOW = Date.parse('2026-11-25T06:00:00Z');
let clock = NOW;
let provider: RunningProvider;

beforeAll(async () => {
  provider = await startProvider({ now: () => clock, bookingsPerDay: 3, pushIntervalMs: 0, seed: 'api-test' });
});
afterAll(async () => {
  await provider?.close();
});

interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

async function call<T = unknown>(path: string, init: RequestInit = {}, base = provider.url): Promise<Answer<T>> {
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: (text ? JSON.parse(text) : null) as T };
}
const get = <T = unknown>(path: string, headers: Record<string, string> = {}, base = provider.url) => call<T>(path, { headers }, base);
const send = <T = unknown>(method: string, path: string, body: unknown) =>
  call<T>(path, { method, headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** Every event a query lists, following Next-Page (a link relative to the origin). */
async function walk(path: string): Promise<{ events: Event[]; pages: number }> {
  const events: Event[] = [];
  let next: string | null = path;
  let pages = 0;
  while (next) {
    const answer: Answer<Event[]> = await call<Event[]>(next);
    expect(answer.status, answer.text).toBe(200);
    events.push(...answer.body);
    pages++;
    next = answer.headers.get('next-page');
  }
  return { events, pages };
}

function expectRefusal(answer: Answer, status: number, names: string) {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get('api-version')).toBe('2.2.0');
  expect(tntProblems('error', answer.body)).toEqual([]);
  const body = answer.body as { statusCode: number; errors: { reason: string; message: string }[] };
  expect(body.statusCode).toBe(status);
  expect(body.errors.map((e) => e.message).join(' | ')).toContain(names);
}

const iso = (epoch: number) => new Date(epoch).toISOString();

describe('GET /v2/events', () => {
  it('answers a root array of events valid against the official document, with API-Version and page links', async () => {
    const answer = await get<Event[]>('/v2/events');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('api-version')).toBe('2.2.0');
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Array.isArray(answer.body)).toBe(true);
    expect(answer.body).toHaveLength(100);
    expect(tntProblems('events', answer.body)).toEqual([]);
    expect(answer.headers.get('current-page')).toBe('/v2/events');
    expect(answer.headers.get('first-page')).toBe('/v2/events');
    expect(answer.headers.get('next-page')).toMatch(/^\/v2\/events\?cursor=/);
    for (const e of answer.body) expect(Date.parse(e.eventCreatedDateTime)).toBeLessThanOrEqual(clock);
  });

  it('lists every event created by now once, in created order: big pages and pages of one walk the same list', async () => {
    const everything = await walk('/v2/events?limit=1000');
    expect(everything.pages).toBeGreaterThan(1);
    expect(tntProblems('events', everything.events)).toEqual([]);
    const ids = everything.events.map((e) => e.eventID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      provider.feed
        .all(clock)
        .filter((e) => e.created <= clock)
        .map((e) => e.id),
    );
    for (let i = 1; i < everything.events.length; i++) {
      const [a, b] = [everything.events[i - 1], everything.events[i]];
      const order = Date.parse(b.eventCreatedDateTime) - Date.parse(a.eventCreatedDateTime) || (b.eventID > a.eventID ? 1 : -1);
      expect(order).toBeGreaterThan(0);
    }
    // the last two days, in one page and in pages of one
    const since = `eventCreatedDateTime:gte=${iso(clock - 2 * DAY_MS)}`;
    const big = await walk(`/v2/events?${since}&limit=1000`);
    const small = await walk(`/v2/events?${since}&limit=1`);
    expect(big.pages).toBe(1);
    expect(big.events.length).toBeGreaterThan(20);
    expect(small.pages).toBe(big.events.length);
    expect(small.events).toEqual(big.events);
    expect(big.events).toEqual(everything.events.filter((e) => Date.parse(e.eventCreatedDateTime) >= clock - 2 * DAY_MS));
  });

  it('filters on eventCreatedDateTime with each operator, a space for + included', async () => {
    const all = (await walk('/v2/events?limit=1000')).events;
    const created = (e: Event) => Date.parse(e.eventCreatedDateTime);
    const pivot = all[Math.floor(all.length / 2)];
    const at = created(pivot);
    const cases: [string, (t: number) => boolean][] = [
      ['gte', (t) => t >= at],
      ['gt', (t) => t > at],
      ['lte', (t) => t <= at],
      ['lt', (t) => t < at],
      ['eq', (t) => t === at],
    ];
    for (const [op, keep] of cases) {
      const { events } = await walk(`/v2/events?eventCreatedDateTime:${op}=${encodeURIComponent(pivot.eventCreatedDateTime)}&limit=1000`);
      expect(events, op).toEqual(all.filter((e) => keep(created(e))));
    }
    const exactly = (await walk(`/v2/events?eventCreatedDateTime=${encodeURIComponent(pivot.eventCreatedDateTime)}`)).events;
    expect(exactly.map((e) => e.eventID)).toContain(pivot.eventID);
    // the same instant written in Shanghai time, its + sent raw (a space once decoded)
    const shanghai = new Date(at + 8 * HOUR_MS).toISOString().slice(0, 19);
    expect((await walk(`/v2/events?eventCreatedDateTime=${shanghai}+08:00`)).events).toEqual(exactly);
    const between = (await walk(`/v2/events?eventCreatedDateTime:gt=${iso(at - DAY_MS)}&eventCreatedDateTime:lt=${iso(at)}&limit=1000`)).events;
    expect(between).toEqual(all.filter((e) => created(e) > at - DAY_MS && created(e) < at));
  });

  it('filters by booking, bill of lading, container, event and type codes, and location', async () => {
    const [sample] = provider.sampleReferences(5).filter((s) => s.stage === 'delivered');
    expect(sample).toBeDefined();
    const byBooking = (await walk(`/v2/events?carrierBookingReference=${sample.booking}`)).events;
    expect(byBooking.length).toBeGreaterThan(15);
    expect((await walk(`/v2/events?transportDocumentReference=${sample.bl}`)).events).toEqual(byBooking);
    expect((await walk(`/v2/events?bookingReference=${sample.booking}`)).events).toEqual(byBooking);
    for (const e of byBooking)
      if (e.eventType === 'SHIPMENT') expect([sample.booking, sample.bl]).toContain(e.documentID);
      else expect(e.documentReferences?.map((r) => r.documentReferenceValue)).toEqual([sample.booking, sample.bl]);
    const container = sample.containers[0];
    const byContainer = (await walk(`/v2/events?equipmentReference=${container}`)).events;
    // out empty, in laden, loaded and discharged at least
    expect(byContainer.length).toBeGreaterThanOrEqual(4);
    for (const e of byContainer) expect(e.eventType === 'EQUIPMENT' && e.equipmentReference).toBe(container);
    expect(byContainer).toEqual(byBooking.filter((e) => e.eventType === 'EQUIPMENT' && e.equipmentReference === container));
    const kinds = (await walk(`/v2/events?carrierBookingReference=${sample.booking}&eventType=SHIPMENT,TRANSPORT`)).events;
    expect(kinds).toEqual(byBooking.filter((e) => e.eventType !== 'EQUIPMENT'));
    const documents = (await walk(`/v2/events?carrierBookingReference=${sample.booking}&documentTypeCode=TRD&shipmentEventTypeCode=ISSU,DRFT`)).events;
    expect(documents.map((e) => e.eventType === 'SHIPMENT' && e.shipmentEventTypeCode)).toEqual(['DRFT', 'ISSU']);
    // a shipment code and an equipment code together match nothing (the standard's example)
    expect((await walk(`/v2/events?shipmentEventTypeCode=DRFT&equipmentEventTypeCode=GTIN`)).events).toEqual([]);
    const departure = byBooking.find((e) => e.eventType === 'TRANSPORT' && e.transportEventTypeCode === 'DEPA' && e.eventClassifierCode === 'ACT');
    if (departure?.eventType !== 'TRANSPORT') throw new Error('no departure');
    const call = departure.transportCall;
    const atCall = (await walk(`/v2/events?transportCallID=${encodeURIComponent(call.transportCallID)}&limit=1000`)).events;
    expect(atCall.length).toBeGreaterThanOrEqual(3);
    for (const e of atCall) expect(e.eventType !== 'SHIPMENT' && e.transportCall?.transportCallID).toBe(call.transportCallID);
    const onVessel = (await walk(`/v2/events?vesselIMONumber=${call.vessel!.vesselIMONumber}&transportEventTypeCode=DEPA&limit=1000`)).events;
    expect(onVessel.map((e) => e.eventID)).toContain(departure.eventID);
    for (const e of onVessel) expect(e.eventType === 'TRANSPORT' && e.transportEventTypeCode).toBe('DEPA');
    const voyage = (await walk(`/v2/events?carrierServiceCode=${call.carrierServiceCode}&exportVoyageNumber=${call.exportVoyageNumber}&limit=1000`)).events;
    expect(voyage.map((e) => e.eventID)).toContain(departure.eventID);
    const port = (await walk(`/v2/events?UNLocationCode=${call.UNLocationCode}&eventType=TRANSPORT,EQUIPMENT&limit=1000`)).events;
    for (const e of port) expect(e.eventType !== 'SHIPMENT' && (e.transportCall?.UNLocationCode ?? (e.eventType === 'EQUIPMENT' ? e.eventLocation?.UNLocationCode : ''))).toBe(call.UNLocationCode);
    // nothing known: an empty array, not an error
    const none = await get<Event[]>('/v2/events?carrierBookingReference=0000000000');
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    expect(none.headers.get('next-page')).toBeNull();
  });

  it('refuses bad values in the standard error body naming the parameter', async () => {
    const first = await get('/v2/events?limit=2');
    const cursor = new URL(first.headers.get('next-page')!, provider.url).searchParams.get('cursor')!;
    const [payload, mac] = cursor.split('.');
    const tampered = `${payload.slice(0, -2)}${payload.at(-2) === 'A' ? 'B' : 'A'}${payload.at(-1)}.${mac}`;
    const refusals: [string, string, Record<string, string>?][] = [
      ['eventType=FOO', 'eventType'],
      ['eventType=SHIPMENT,', 'eventType'],
      ['shipmentEventTypeCode=ARRI', 'shipmentEventTypeCode'],
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=-1', 'limit'],
      ['eventCreatedDateTime=yesterday', 'eventCreatedDateTime'],
      ['eventCreatedDateTime:gte=2026-11-24', 'eventCreatedDateTime:gte'],
      ['eventCreatedDateTime:after=2026-11-24T00:00:00Z', 'eventCreatedDateTime:after'],
      ['colour=blue', 'colour'],
      ['limit=5&limit=6', 'limit'],
      ['UNLocationCode=shanghai', 'UNLocationCode'],
      ['carrierBookingReference=', 'carrierBookingReference'],
      ['transportDocumentID=0b8a7e0c-0000-4000-8000-000000000000', 'transportDocumentID'],
      [`cursor=${tampered}`, 'cursor'],
      ['cursor=nonsense', 'cursor'],
      [`limit=2&eventType=SHIPMENT&cursor=${cursor}`, 'cursor'],
      ['sort=carrierBookingReference:DESC', 'sort'],
      ['', 'API-Version', { 'API-Version': '3' }],
      ['', 'API-Version', { 'API-Version': '1.0.0' }],
    ];
    for (const [query, name, headers] of refusals) expectRefusal(await get(`/v2/events?${query}`, headers), 400, name);
    // the cursor itself, with the same filters, is fine; the major version 2 too, and the full 2.2.0
    expect((await get(`/v2/events?limit=2&cursor=${cursor}`)).status).toBe(200);
    expect((await get('/v2/events?limit=1', { 'API-Version': '2' })).status).toBe(200);
    expect((await get('/v2/events?limit=1', { 'API-Version': '2.2.0' })).status).toBe(200);
    expectRefusal(await call('/v2/events', { method: 'POST' }), 405, 'POST');
    expectRefusal(await get('/v2/nothing-here'), 404, '/v2/nothing-here');
    expectRefusal(await get('/'), 404, 'no such endpoint');
  });

  it('answers one event by ID (deprecated endpoint): 200, or 404 for one not created yet', async () => {
    const [first] = (await get<Event[]>('/v2/events?limit=1')).body;
    const one = await get<Event>(`/v2/events/${first.eventID}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(first);
    const future = provider.feed.all(clock).find((e) => e.created > clock)!;
    expectRefusal(await get(`/v2/events/${future.id}`), 404, future.id);
    expectRefusal(await get('/v2/events/00000000-0000-4000-8000-000000000000'), 404, 'eventID');
    expectRefusal(await get('/v2/events/not-a-uuid'), 400, 'eventID');
  });
});

describe('/v2/event-subscriptions', () => {
  it('creates, lists, reads, replaces, re-keys and deletes subscriptions, in the standard shapes', async () => {
    const secret = newSecret();
    const body = { callbackUrl: 'http://127.0.0.1:9/callback', eventType: ['SHIPMENT', 'TRANSPORT'], carrierBookingReference: '2611250001' };
    const created = await send<Subscription>('POST', '/v2/event-subscriptions', { ...body, secret });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('api-version')).toBe('2.2.0');
    expect(tntProblems('subscription', created.body)).toEqual([]);
    expect(created.body).toEqual({ subscriptionID: expect.any(String), ...body });
    expect(created.text).not.toContain(secret);
    const id = created.body.subscriptionID;
    const second = await send<Subscription>('POST', '/v2/event-subscriptions', { callbackUrl: 'https://example.test/hook?shipper=1', secret: newSecret() });
    expect(second.status).toBe(201);

    const list = await get<Subscription[]>('/v2/event-subscriptions');
    expect(list.status).toBe(200);
    expect(tntProblems('subscriptions', list.body)).toEqual([]);
    expect(list.body.map((s) => s.subscriptionID)).toEqual([id, second.body.subscriptionID]);
    const paged = await get<Subscription[]>('/v2/event-subscriptions?limit=1');
    expect(paged.body.map((s) => s.subscriptionID)).toEqual([id]);
    const rest = await get<Subscription[]>(paged.headers.get('next-page')!);
    expect(rest.body.map((s) => s.subscriptionID)).toEqual([second.body.subscriptionID]);
    expect(rest.headers.get('next-page')).toBeNull();

    const one = await get<Subscription>(`/v2/event-subscriptions/${id}`);
    expect(one.status).toBe(200);
    expect(tntProblems('subscription', one.body)).toEqual([]);
    expect(one.body).toEqual(created.body);

    const replaced = await send<Subscription>('PUT', `/v2/event-subscriptions/${id}`, { subscriptionID: id, callbackUrl: 'http://127.0.0.1:9/other', equipmentEventTypeCode: ['LOAD', 'DISC'] });
    expect(replaced.status, replaced.text).toBe(200);
    expect(tntProblems('subscription', replaced.body)).toEqual([]);
    expect(replaced.body).toEqual({ subscriptionID: id, callbackUrl: 'http://127.0.0.1:9/other', equipmentEventTypeCode: ['LOAD', 'DISC'] });
    expect((await get<Subscription>(`/v2/event-subscriptions/${id}`)).body).toEqual(replaced.body);
    expectRefusal(await send('PUT', `/v2/event-subscriptions/${id}`, { subscriptionID: second.body.subscriptionID, callbackUrl: 'http://127.0.0.1:9/x' }), 400, 'subscriptionID');
    expectRefusal(await send('PUT', `/v2/event-subscriptions/${id}`, { callbackUrl: 'http://127.0.0.1:9/x', secret: newSecret() }), 400, 'secret');

    const rekeyed = await send('PUT', `/v2/event-subscriptions/${id}/secret`, { secret: newSecret() });
    expect(rekeyed.status, rekeyed.text).toBe(204);
    expect(rekeyed.headers.get('api-version')).toBe('2.2.0');
    expectRefusal(await send('PUT', `/v2/event-subscriptions/${id}/secret`, { secret: Buffer.alloc(16).toString('base64') }), 400, 'secret');

    for (const s of [id, second.body.subscriptionID]) {
      const deleted = await call(`/v2/event-subscriptions/${s}`, { method: 'DELETE' });
      expect(deleted.status).toBe(204);
      expect(deleted.headers.get('api-version')).toBe('2.2.0');
    }
    expectRefusal(await get(`/v2/event-subscriptions/${id}`), 404, id);
    expectRefusal(await call(`/v2/event-subscriptions/${id}`, { method: 'DELETE' }), 404, id);
    expect((await get<Subscription[]>('/v2/event-subscriptions')).body).toEqual([]);
  });

  it('refuses bodies the standard does not allow, naming the property', async () => {
    const refusals: [unknown, string][] = [
      [{ secret: newSecret() }, 'callbackUrl'],
      [{ callbackUrl: 'ftp://example.test/x', secret: newSecret() }, 'callbackUrl'],
      [{ callbackUrl: 'http://127.0.0.1:9/x' }, 'secret'],
      [{ callbackUrl: 'http://127.0.0.1:9/x', secret: 'not base64!' }, 'secret'],
      [{ callbackUrl: 'http://127.0.0.1:9/x', secret: Buffer.alloc(31, 1).toString('base64') }, 'secret'],
      [{ callbackUrl: 'http://127.0.0.1:9/x', secret: newSecret(), eventType: ['FOO'] }, 'eventType'],
      [{ callbackUrl: 'http://127.0.0.1:9/x', secret: newSecret(), colour: 'blue' }, 'colour'],
      ['{"callbackUrl":', 'body'],
    ];
    for (const [body, name] of refusals) expectRefusal(await send('POST', '/v2/event-subscriptions', body), 400, name);
    expectRefusal(await get('/v2/event-subscriptions?limit=0'), 400, 'limit');
    expectRefusal(await get('/v2/event-subscriptions/not-a-uuid'), 400, 'subscriptionID');
    expect((await get<Subscription[]>('/v2/event-subscriptions')).body).toEqual([]);
  });
});

describe('the subscriptions file', () => {
  it('keeps the subscriptions, their secrets and delivery positions across a restart; without it they are gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tnt-provider-'));
    const file = join(dir, 'subscriptions.json');
    const options = { now: () => NOW, bookingsPerDay: 1, windowDays: 5, pushIntervalMs: 0, subscriptionsFile: file };
    try {
      const first = await startProvider(options);
      let created: Answer<Subscription>;
      try {
        created = await call<Subscription>(
          '/v2/event-subscriptions',
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ callbackUrl: 'http://127.0.0.1:9/cb', secret: newSecret() }) },
          first.url,
        );
        expect(created.status).toBe(201);
      } finally {
        await first.close();
      }
      const id = created.body.subscriptionID;
      const kept = first.subscriptions.get(id)!;
      const second = await startProvider(options);
      try {
        const again = await get<Subscription>(`/v2/event-subscriptions/${id}`, {}, second.url);
        expect(again.status).toBe(200);
        expect(again.body).toEqual(created.body);
        expect(second.subscriptions.get(id)).toEqual(kept);
      } finally {
        await second.close();
      }
      const forgetful = await startProvider({ ...options, subscriptionsFile: undefined });
      try {
        expect((await get(`/v2/event-subscriptions/${id}`, {}, forgetful.url)).status).toBe(404);
      } finally {
        await forgetful.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('credentials', () => {
  it('asks for the API key when it has one', async () => {
    const guarded = await startProvider({ now: () => NOW, bookingsPerDay: 1, windowDays: 5, pushIntervalMs: 0, apiKey: 'k3y-of-the-test' });
    try {
      expectRefusal(await get('/v2/events?limit=1', {}, guarded.url), 401, 'Authorization');
      expectRefusal(await get('/v2/events?limit=1', { authorization: 'Bearer wrong' }, guarded.url), 401, 'Authorization');
      const ok = await get<Event[]>('/v2/events?limit=1', { authorization: 'Bearer k3y-of-the-test' }, guarded.url);
      expect(ok.status).toBe(200);
      expect(ok.body).toHaveLength(1);
    } finally {
      await guarded.close();
    }
  });
});

// ---- pushing ---------------------------------------------------------------------------------------

interface Received {
  headers: IncomingHttpHeaders;
  body: Buffer;
  events: Event[];
  status: number;
  at: number;
}

/** A callback receiver on 127.0.0.1:0 answering each request as `answer` says. */
async function receiver(answer: (events: Event[], index: number) => { status: number; headers?: Record<string, string> }) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const events = JSON.parse(body.toString('utf8')) as Event[];
      const a = answer(events, received.length);
      received.push({ headers: req.headers, body, events, status: a.status, at: Date.now() });
      res.writeHead(a.status, a.headers);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tnt/callback?feed=test`,
    received,
    accepted: () => received.filter((r) => r.status >= 200 && r.status < 300).flatMap((r) => r.events),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function subscribe(callbackUrl: string, filters: Record<string, unknown> = {}) {
  const secret = newSecret();
  const created = await send<Subscription>('POST', '/v2/event-subscriptions', { callbackUrl, ...filters, secret });
  expect(created.status, created.text).toBe(201);
  return { id: created.body.subscriptionID, secret };
}

/** The events created in (from, to] passing a query, as GET /v2/events lists them. */
async function createdBetween(from: number, to: number, query = '') {
  return (await walk(`/v2/events?eventCreatedDateTime:gt=${iso(from)}&eventCreatedDateTime:lte=${iso(to)}&limit=1000${query}`)).events;
}

async function until(condition: () => boolean, what: string, limitMs = 20_000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > limitMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('pushing to subscriptions', () => {
  afterEach(async () => {
    for (const s of provider.subscriptions.list()) await call(`/v2/event-subscriptions/${s.subscriptionID}`, { method: 'DELETE' });
    clock = NOW;
  });

  it('delivers the events created after subscribing, signed, in order, and more as the clock moves', async () => {
    const r = await receiver(() => ({ status: 204 }));
    try {
      const { id, secret } = await subscribe(r.url);
      await provider.pusher.flush();
      expect(r.received).toEqual([]); // history is polled, not pushed
      clock = NOW + 2 * DAY_MS;
      await provider.pusher.flush();
      const expected = await createdBetween(NOW, clock);
      expect(expected.length).toBeGreaterThan(100);
      expect(r.accepted()).toEqual(expected);
      for (const got of r.received) {
        expect(got.headers['content-type']).toBe('application/json');
        expect(got.headers['subscription-id']).toBe(id);
        expect(got.headers['api-version']).toBe('2.2.0');
        expect(verifySignature(got.headers['notification-signature'] as string, got.body, secret)).toBe(true);
        expect(verifySignature(got.headers['notification-signature'] as string, got.body, newSecret())).toBe(false);
        expect(got.events.length).toBeLessThanOrEqual(100);
        expect(tntProblems('events', got.events)).toEqual([]);
      }
      expect(r.received.map((x) => x.events.length).slice(0, -1)).toEqual(Array(r.received.length - 1).fill(100));
      // the clock moves on: only the new events follow
      const before = r.accepted().length;
      const previous = clock;
      clock += 6 * HOUR_MS;
      await provider.pusher.flush();
      const next = await createdBetween(previous, clock);
      expect(next.length).toBeGreaterThan(0);
      expect(r.accepted().slice(before)).toEqual(next);
      expect(provider.pusher.state(id)).toMatchObject({ failures: 0, delivered: expected.length + next.length });
    } finally {
      await r.close();
    }
  });

  it('delivers only what a subscription filters for', async () => {
    const r = await receiver(() => ({ status: 204 }));
    try {
      await subscribe(r.url, { eventType: ['TRANSPORT'], transportEventTypeCode: ['ARRI'] });
      clock = NOW + 2 * DAY_MS;
      await provider.pusher.flush();
      const expected = await createdBetween(NOW, clock, '&eventType=TRANSPORT&transportEventTypeCode=ARRI');
      expect(expected.length).toBeGreaterThan(5);
      expect(r.accepted()).toEqual(expected);
    } finally {
      await r.close();
    }
  });

  it('halves the bundle for a receiver that answers 413, and loses nothing', async () => {
    const r = await receiver((events) => ({ status: events.length > 10 ? 413 : 204 }));
    try {
      const { id } = await subscribe(r.url);
      clock = NOW + 3 * DAY_MS;
      await provider.pusher.flush();
      const expected = await createdBetween(NOW, clock);
      expect(expected.length).toBeGreaterThan(100);
      const sizes = r.received.map((x) => x.events.length);
      expect(sizes.slice(0, 5)).toEqual([100, 50, 25, 12, 6]);
      expect(r.received.slice(0, 4).every((x) => x.status === 413)).toBe(true);
      expect(Math.max(...sizes.slice(4))).toBe(6);
      expect(r.accepted()).toEqual(expected);
      expect(provider.pusher.state(id)).toMatchObject({ bundleLimit: 6, failures: 0 });
    } finally {
      await r.close();
    }
  });

  it('waits as long as a 503 Retry-After says, then sends the same events again: none lost', async () => {
    const r = await receiver((_events, index) => (index === 0 ? { status: 503, headers: { 'retry-after': '1' } } : { status: 204 }));
    try {
      const { id } = await subscribe(r.url);
      clock = NOW + 2 * DAY_MS;
      await provider.pusher.flush();
      expect(r.received.map((x) => x.status)).toEqual([503]);
      expect(provider.pusher.state(id)).toMatchObject({ failures: 1, lastOutcome: 503 });
      // flushing during the wait sends nothing
      await provider.pusher.flush();
      expect(r.received).toHaveLength(1);
      await until(() => r.received.length > 1, 'the retry after Retry-After: 1');
      expect(r.received[1].at - r.received[0].at).toBeGreaterThanOrEqual(900);
      expect(r.received[1].events.map((e) => e.eventID)).toEqual(r.received[0].events.map((e) => e.eventID));
      await provider.pusher.flush();
      const expected = await createdBetween(NOW, clock);
      const ids = r.accepted().map((e) => e.eventID);
      expect(ids).toHaveLength(expected.length);
      expect(ids).toEqual(expected.map((e) => e.eventID));
      expect(provider.pusher.state(id)).toMatchObject({ failures: 0, delivered: expected.length });
    } finally {
      await r.close();
    }
  });

  it('backs off from a callback that cannot be reached, keeping its events', async () => {
    const r = await receiver(() => ({ status: 204 }));
    const unreachable = r.url;
    await r.close();
    const { id } = await subscribe(unreachable);
    clock = NOW + DAY_MS;
    await provider.pusher.flush();
    const state = provider.pusher.state(id)!;
    expect(state.failures).toBe(1);
    expect(typeof state.lastOutcome).toBe('string');
    expect(state.retryAt! - Date.now()).toBeGreaterThan(0);
    expect(state.retryAt! - Date.now()).toBeLessThanOrEqual(1000);
    expect(provider.subscriptions.get(id)!.position.created).toBe(NOW);
  });
});
