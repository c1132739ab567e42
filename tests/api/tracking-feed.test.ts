import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTntApp } from '../../src/server/dcsa/tnt-app';
import { DAY_MS } from '../../src/schedules/time';
import { TNT_CALLBACK_PATH } from '../../src/tracking/dcsa/schemas';
import { startProvider, type RunningProvider } from '../../src/tracking/provider';
import { startTracking, type TrackingService } from '../../src/tracking/service';
import { readFeed } from '../../src/tracking/store';
import { startHarness, type Harness } from './harness';

/**
 * The site as a DCSA TNT 2.2 subscriber of the reference provider, both over real HTTP on loopback:
 * it subscribes, catches up by polling, takes the signed callbacks, and after a gap (its callback
 * unreachable) the poll fetches what it missed; a provider that forgot the subscription gets a new
 * one. After each step the store holds exactly the provider's events, each once. The provider's
 * clock is moved by hand and its pusher flushed: nothing waits on timing luck.
 */

let clock = Date.parse('2026-11-25T06:00:00Z');
let h: Harness;
let provider: RunningProvider;
let site: Server;
let callbackUrl: string;
let tracking: TrackingService;
let stored = 0;

async function storedIds(): Promise<string[]> {
  const result = await h.database.db.execute(sql`select event_id from tracking_events order by event_id`);
  return ((result as unknown as { rows: { event_id: string }[] }).rows ?? []).map((r) => r.event_id);
}
/** The provider's events that exist now (all() holds the window's future ones too). */
const providerIds = () =>
  [
    ...new Set(
      provider.feed
        .all(clock)
        .filter((e) => e.created <= clock)
        .map((e) => e.id),
    ),
  ].sort();
/** The provider's events the store lacks (the provider's window slides: the store keeps what left it). */
async function missing(): Promise<string[]> {
  const have = new Set(await storedIds());
  return providerIds().filter((id) => !have.has(id));
}

function serveSite(port = 0): Promise<Server> {
  const tnt = createTntApp({ db: h.database.db, cursorKey: 'k'.repeat(32), onStored: (ids) => (stored += ids.length) });
  const server = createServer(getRequestListener(tnt.fetch));
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

beforeAll(async () => {
  h = await startHarness();
  provider = await startProvider({ now: () => clock, bookingsPerDay: 4, pushIntervalMs: 0, seed: 'feed-test' });
  site = await serveSite();
  callbackUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}${TNT_CALLBACK_PATH}`;
});
afterAll(async () => {
  await tracking?.stop();
  await provider?.close();
  if (site?.listening) await close(site);
  await h?.close();
});

describe('the site subscribed to a provider', () => {
  it('subscribes with a callback and a 64-byte secret, and the first poll stores every event created so far, once', async () => {
    tracking = await startTracking({ db: h.database.db, config: { provider: { kind: 'url', url: `${provider.url}/v2` }, callbackUrl, pollSeconds: 3600 }, host: '127.0.0.1', port: 0 });
    await tracking.ready;
    const feed = await readFeed(h.database.db, `${provider.url}/v2`);
    expect(feed?.subscriptionId).toBeTruthy();
    expect(Buffer.from(feed!.secret!, 'base64')).toHaveLength(64);
    expect(provider.subscriptions.list().map((s) => s.body.callbackUrl)).toEqual([callbackUrl]);
    const ids = providerIds();
    expect(ids.length).toBeGreaterThan(500);
    expect(await storedIds()).toEqual(ids);
    // polling again stores nothing new
    expect(await tracking.pollNow()).toMatchObject({ stored: 0 });
  });

  it('takes the events pushed as the clock moves: signed callbacks, stored once', async () => {
    const before = stored;
    clock += 2 * DAY_MS;
    await provider.pusher.flush();
    expect(stored).toBeGreaterThan(before);
    expect(await missing()).toEqual([]);
    expect((await readFeed(h.database.db, `${provider.url}/v2`))?.lastCallbackAt).toBeTruthy();
  });

  it('catches up by polling what it missed while its callback could not be reached', async () => {
    await close(site);
    clock += 3 * DAY_MS;
    await provider.pusher.flush(); // the callbacks fail: the provider backs off
    expect(provider.pusher.state(provider.subscriptions.list()[0].subscriptionID)?.failures).toBeGreaterThan(0);
    const lacking = (await missing()).length;
    expect(lacking).toBeGreaterThan(0);
    const polled = await tracking.pollNow();
    expect(polled?.stored).toBe(lacking);
    expect(await missing()).toEqual([]);
    site = await serveSite(new URL(callbackUrl).port as unknown as number);
  });

  it('subscribes again when the provider no longer knows the subscription', async () => {
    const old = (await readFeed(h.database.db, `${provider.url}/v2`))!.subscriptionId!;
    expect((await fetch(`${provider.url}/v2/event-subscriptions/${old}`, { method: 'DELETE' })).status).toBe(204);
    await tracking.stop();
    tracking = await startTracking({ db: h.database.db, config: { provider: { kind: 'url', url: `${provider.url}/v2` }, callbackUrl, pollSeconds: 3600 }, host: '127.0.0.1', port: 0 });
    await tracking.ready;
    const renewed = (await readFeed(h.database.db, `${provider.url}/v2`))!.subscriptionId!;
    expect(renewed).not.toBe(old);
    clock += DAY_MS;
    await provider.pusher.flush();
    expect(await missing()).toEqual([]);
  });
});
