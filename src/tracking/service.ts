import type { Db } from '../server/db';
import { createLogger } from '../observability/log.mjs';
import type { TrackingConfig } from './config';
import { TNT_CALLBACK_PATH } from './dcsa/schemas';
import { deleteExpiredAlerts } from './alerts';
import { ensureSubscription, POLL_LEASE_MS, pollOnce, type ProviderLink } from './subscriber';

/**
 * Tracking in a running server: where the events come from (./config.ts), the embedded reference
 * provider started beside the server when it is the source (its own loopback listener: the server
 * talks to it over HTTP as to any provider), the subscription made there, and the catch-up poll at
 * start and every TNT_POLL_SECONDS. Nothing here blocks the server's start: a provider that does not
 * answer is tried again with back-off, and the tracking answers say when it was last heard.
 */

const log = createLogger('tracking');

/**
 * The feed key of the embedded demonstration provider's data. Each process that runs one has a feed
 * of its own, 'demo:<port>' (its own provider, subscription and secret: two processes on one
 * PostgreSQL database do not overwrite each other's); they serve the same events (the provider is
 * deterministic), stored once.
 */
export const DEMO_SOURCE = 'demo';

/** The feed a configuration reads from, and whether its shipments are demonstration data. */
export function feedOf(config: TrackingConfig): { source?: string; demo: boolean } {
  if (config.provider.kind === 'url') return { source: config.provider.url, demo: false };
  if (config.provider.kind === 'demo') return { source: DEMO_SOURCE, demo: true };
  return { demo: false };
}

export interface TrackingService {
  link?: ProviderLink;
  /** Polls now (tests, and after a gap); resolves when done, undefined when another process polls. */
  pollNow(): Promise<{ fetched: number; stored: number } | undefined>;
  /** Resolves once subscribed and the first poll has completed (or failed). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export interface StartOptions {
  db: Db;
  config: TrackingConfig;
  /** This server's address, for the default callback URL. */
  host: string;
  port: number;
  now?: () => Date;
  /** Called with the IDs of newly stored events (the alert mails). */
  onStored?: (ids: string[]) => unknown;
}

export async function startTracking(options: StartOptions): Promise<TrackingService> {
  const { config, db } = options;
  const now = options.now ?? (() => new Date());
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const callbackUrl = config.callbackUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${options.port}${TNT_CALLBACK_PATH}`;
  let closeProvider: (() => Promise<void>) | undefined;
  let link: ProviderLink | undefined;
  if (config.provider.kind === 'url') link = { source: config.provider.url, url: config.provider.url, token: config.provider.token, callbackUrl };
  else if (config.provider.kind === 'demo') {
    const { startProvider } = await import('./provider');
    const provider = await startProvider({ host: '127.0.0.1', port: 0, bookingsPerDay: config.provider.bookingsPerDay, now: () => now().getTime() });
    closeProvider = provider.close;
    link = { source: `${DEMO_SOURCE}:${options.port}`, url: `${provider.url}/v2`, callbackUrl };
    log.info({ provider: link.url }, 'tracking: the embedded reference provider (demonstration data) runs beside the server');
  } else log.warn(`tracking: no provider (${config.provider.reason}); tracking answers "not found" for every reference`);

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const leaseMs = config.pollLeaseSeconds === undefined ? POLL_LEASE_MS : config.pollLeaseSeconds * 1000;
  const pollNow = () => (link ? pollOnce(db, link, now, options.onStored, leaseMs) : Promise.resolve(undefined));
  // the next poll: after TNT_POLL_SECONDS, or as soon as the lease of a poll that died can be taken
  let leaseBusy = false;
  const poll = () =>
    pollNow().then((result) => {
      leaseBusy = result === undefined;
      return result;
    });
  const ready = (async () => {
    if (!link) return;
    // subscribe, with back-off while the provider does not answer (1 s doubling to 5 min)
    for (let wait = 1000; !stopped; wait = Math.min(wait * 2, 300_000)) {
      try {
        await ensureSubscription(db, link);
        break;
      } catch (error) {
        log.warn({ err: error, retryInMs: wait }, 'tracking: could not subscribe to the provider');
        await new Promise((resolve) => setTimeout(resolve, wait).unref());
      }
    }
    await poll().catch((error) => log.warn({ err: error }, 'tracking: the catch-up poll failed'));
  })();
  const schedule = () => {
    if (stopped || !link) return;
    const wait = leaseBusy ? Math.min(config.pollSeconds * 1000, leaseMs + 5000) : config.pollSeconds * 1000;
    timer = setTimeout(() => {
      // alerts whose shipment has been quiet for 30 days end, and their addresses go
      deleteExpiredAlerts(db, now())
        .then((n) => n && log.info({ alerts: n }, 'tracking: expired alerts deleted'))
        .catch((error) => log.warn({ err: error }, 'tracking: expired alerts could not be deleted'));
      poll()
        .catch((error) => log.warn({ err: error }, 'tracking: the catch-up poll failed'))
        .finally(schedule);
    }, wait);
    timer.unref();
  };
  void ready.then(schedule);
  return {
    link,
    pollNow,
    ready,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await closeProvider?.();
    },
  };
}
