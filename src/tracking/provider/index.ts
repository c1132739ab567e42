import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createProviderApp, type ProviderApp } from './app';
import { EventFeed, type SampleReference } from './feed';
import { Pusher } from './push';
import { DEFAULT_SHIPMENT_OPTIONS, type ShipmentOptions } from './shipments';
import { SubscriptionStore } from './subscriptions';

/**
 * The reference DCSA Track & Trace 2.2 provider: "the carrier's operations system" for development
 * and demonstration. Without a real provider configured, the site starts it in its own process on
 * a loopback port and treats it like any other provider: subscribes over HTTP, receives its signed
 * callbacks, polls it to catch up.
 *
 * Shipments are booked at fixed slots on the site's real sailings (./shipments.ts), their events
 * appear as the clock reaches the moment each is created (./events.ts, ./feed.ts), the HTTP API is
 * the standard's (./app.ts) and the pusher delivers to subscriptions (./push.ts). Everything is a
 * function of the seed: two processes with the same seed serve the same events with the same IDs.
 * The first request works out the window's shipments (about a second for the default 540).
 */

export interface ProviderOptions extends Partial<ShipmentOptions> {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: any free port (see `url`). */
  port?: number;
  /** The provider's clock (tests fix it). */
  now?: () => number;
  /** When set, every request needs `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** How often the pusher looks for new events, ms (default 5000; 0: only flush() and retries). */
  pushIntervalMs?: number;
  /** Events per callback, at most (default 100). */
  bundleSize?: number;
  /** Keep the subscriptions in this JSON file (default: in memory only). */
  subscriptionsFile?: string;
  /** Key of the paging cursors (default: random per process). */
  cursorKey?: string;
}

export interface RunningProvider {
  /** Where it listens, e.g. http://127.0.0.1:43817 (the API is under /v2). */
  url: string;
  app: ProviderApp;
  feed: EventFeed;
  subscriptions: SubscriptionStore;
  pusher: Pusher;
  /** A few references trackable now, at different stages. */
  sampleReferences(n?: number): SampleReference[];
  /** Stops the pusher and the listener. */
  close(): Promise<void>;
}

export async function startProvider(options: ProviderOptions = {}): Promise<RunningProvider> {
  const { host = '127.0.0.1', port = 0, now = Date.now, apiKey, pushIntervalMs = 5000, bundleSize, subscriptionsFile, cursorKey = randomBytes(32).toString('base64url') } = options;
  const resolved = shipmentOptions(options);
  const feed = new EventFeed(resolved);
  // sampleReferences() with the same options reads this provider's shipments
  feeds.set(JSON.stringify(resolved), feed);
  const subscriptions = new SubscriptionStore(subscriptionsFile);
  const pusher = new Pusher({ feed, subscriptions, now, bundleSize, intervalMs: pushIntervalMs });
  const app = createProviderApp({ feed, subscriptions, now, cursorKey, apiKey, onSubscriptionChange: (id) => pusher.changed(id) });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port, overrideGlobalObjects: false }, () => resolve(s as Server)) as Server;
    s.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  pusher.start();
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    app,
    feed,
    subscriptions,
    pusher,
    sampleReferences: (n = 5) => feed.samples(now(), n),
    async close() {
      await pusher.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function shipmentOptions(options: Partial<ShipmentOptions>): ShipmentOptions {
  return {
    seed: options.seed ?? DEFAULT_SHIPMENT_OPTIONS.seed,
    bookingsPerDay: options.bookingsPerDay ?? DEFAULT_SHIPMENT_OPTIONS.bookingsPerDay,
    windowDays: options.windowDays ?? DEFAULT_SHIPMENT_OPTIONS.windowDays,
  };
}

const feeds = new Map<string, EventFeed>();

/**
 * A few booking, bill of lading and container numbers trackable at `now`, at different stages
 * (booked, at sea, at a transhipment hub, arrived, delivered), for the tracking page's
 * demonstration mode; the shipments of the provider with these options (the defaults unless said).
 */
export function sampleReferences(now: number = Date.now(), n = 5, options: Partial<ShipmentOptions> = {}): SampleReference[] {
  const resolved = shipmentOptions(options);
  const key = JSON.stringify(resolved);
  let feed = feeds.get(key);
  if (!feed) feeds.set(key, (feed = new EventFeed(resolved)));
  return feed.samples(now, n);
}

export type { SampleReference, Stage } from './feed';
export type { Shipment } from './shipments';
