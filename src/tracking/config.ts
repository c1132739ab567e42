import { z } from 'zod';
import { LOOPBACK } from '../server/forms/config';

/**
 * Environment variables of tracking, part of the server's configuration (src/server/config.ts).
 *
 * The carrier's DCSA Track & Trace 2.2 provider is TNT_PROVIDER_URL (with its token, if it asks for
 * one). Without it the server runs the reference provider (./provider/) beside itself, whose
 * shipments are demonstration data: on a development machine by default, and on a production start
 * (NODE_ENV=production, or HOST not a loopback address) only when asked by name (TNT_DEMO=on), in
 * which case every tracking answer and page says the shipments are demonstration data.
 */
export const TrackingEnv = {
  TNT_PROVIDER_URL: z
    .url({ protocol: /^https?$/, error: 'TNT_PROVIDER_URL must be the http(s) base of a DCSA TNT 2.2 provider, e.g. https://tnt.example.com/v2' })
    .optional()
    .describe("The carrier's DCSA Track & Trace 2.2 provider: the URL its /events and /event-subscriptions are under"),
  TNT_PROVIDER_TOKEN: z.string().min(1).optional().describe('Bearer token the provider asks for (sent as Authorization: Bearer …); never logged'),
  TNT_CALLBACK_URL: z
    .url({ protocol: /^https?$/, error: 'TNT_CALLBACK_URL must be an http(s) URL the provider can reach' })
    .optional()
    .describe('The URL the provider pushes events to (this server’s /dcsa/tnt/v2/notifications as the provider reaches it)'),
  TNT_DEMO: z
    .enum(['auto', 'on', 'off'], 'TNT_DEMO must be auto, on or off')
    .default('auto')
    .describe(
      'The embedded demonstration provider when TNT_PROVIDER_URL is unset: auto = on a development start only, on = also in production (then every answer says demonstration data), off = never',
    ),
  TNT_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60).describe('How often the provider is polled for events the callbacks missed'),
  TNT_POLL_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(3600)
    .default(60)
    .describe('How long a process that dies while polling holds the poll before another process, or the same one restarted, takes over'),
  TNT_DEMO_BOOKINGS_PER_DAY: z.coerce.number().int().min(1).max(2000).default(12).describe('Demonstration provider: shipments booked per day'),
};

export interface TrackingConfig {
  /** Where events come from: a provider's URL, the embedded demonstration provider, or none. */
  provider: { kind: 'url'; url: string; token?: string } | { kind: 'demo'; bookingsPerDay: number } | { kind: 'none'; reason: string };
  /** The callback URL given to the provider; undefined: this server's own, from HOST and PORT. */
  callbackUrl?: string;
  pollSeconds: number;
  /** The poll's lease (src/tracking/subscriber.ts): how long a poll that died blocks the next (default: POLL_LEASE_MS). */
  pollLeaseSeconds?: number;
}

type Parsed = z.output<z.ZodObject<typeof TrackingEnv>>;

export function trackingConfig(e: Parsed, env: Record<string, string | undefined>): TrackingConfig {
  const production = env.NODE_ENV === 'production' || (env.HOST !== undefined && !LOOPBACK.has(env.HOST));
  let provider: TrackingConfig['provider'];
  if (e.TNT_PROVIDER_URL) provider = { kind: 'url', url: e.TNT_PROVIDER_URL.replace(/\/+$/, ''), token: e.TNT_PROVIDER_TOKEN };
  else if (e.TNT_DEMO === 'on' || (e.TNT_DEMO === 'auto' && !production)) provider = { kind: 'demo', bookingsPerDay: e.TNT_DEMO_BOOKINGS_PER_DAY };
  else
    provider = {
      kind: 'none',
      reason: e.TNT_DEMO === 'off' ? 'TNT_PROVIDER_URL is not set and TNT_DEMO=off' : 'TNT_PROVIDER_URL is not set on a production start (set it, or TNT_DEMO=on for demonstration data)',
    };
  return { provider, callbackUrl: e.TNT_CALLBACK_URL, pollSeconds: e.TNT_POLL_SECONDS, pollLeaseSeconds: e.TNT_POLL_LEASE_SECONDS };
}
