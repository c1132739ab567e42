import { z } from 'zod';
import type { Db } from '../server/db';
import { createLogger } from '../observability/log.mjs';
import { metrics } from '../observability/metrics.mjs';
import { Event, TNT_VERSION } from './dcsa/schemas';
import { newSecret, verifySignature } from './signature';
import { readFeed, saveFeed, storeEvents, takePollLease, updateFeed, type Feed } from './store';
import { trackingFeeds } from '../server/db/schema';
import { eq } from 'drizzle-orm';

/**
 * The site as a DCSA Track & Trace 2.2 subscriber of the carrier's provider:
 * - **subscribe**: POST /event-subscriptions with the callback URL and a fresh 64-byte secret, kept in
 *   the feed's row (shared by every API process); checked at each start (GET …/{id}) and made again
 *   when the provider no longer knows it or the provider or callback URL changed;
 * - **callbacks**: the body's bytes are checked against Notification-Signature with the secret, in
 *   constant time, and Subscription-ID against the subscription; a bad or missing signature, an
 *   unknown subscription or a body that is not a list of valid events is refused and nothing is
 *   stored; the answer (204) comes only once the events are committed, so a provider that got no
 *   answer sends again and a replay stores nothing new;
 * - **catch-up**: GET /events from where the last completed poll got to (eventCreatedDateTime:gte, a
 *   few minutes back for safety), page after page with the cursor, at start and every
 *   TNT_POLL_SECONDS; one process polls at a time (a lease in the feed's row). Whatever the site
 *   missed while it was down or a callback failed is fetched; nothing is lost.
 */

const log = createLogger('tracking');

/** How far back of the last completed poll the next one starts (events created just before a poll may show up late). */
const POLL_OVERLAP_MS = 5 * 60_000;
const POLL_PAGE = 500;
/**
 * The poll's lease, renewed with every page stored: a process that dies while polling (killed, its
 * database gone) holds it for at most this long before another process, or the same one restarted,
 * takes over (TNT_POLL_LEASE_SECONDS; this is its default).
 */
export const POLL_LEASE_MS = 60_000;

export interface ProviderLink {
  /** The feed's key in the database: the provider's URL, or 'demo'. */
  source: string;
  /** Base URL of the provider's /events and /event-subscriptions (…/v2). */
  url: string;
  token?: string;
  /** Where the provider is to push events. */
  callbackUrl: string;
  fetch?: typeof fetch;
}

export class ProviderError extends Error {}

function headers(link: ProviderLink, extra: Record<string, string> = {}): Record<string, string> {
  return { accept: 'application/json', 'api-version': TNT_VERSION.split('.')[0], ...(link.token ? { authorization: `Bearer ${link.token}` } : {}), ...extra };
}

async function call(link: ProviderLink, path: string, init: RequestInit = {}): Promise<Response> {
  const url = `${link.url}${path}`;
  let res: Response;
  try {
    res = await (link.fetch ?? fetch)(url, { ...init, headers: headers(link, (init.headers as Record<string, string>) ?? {}), signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new ProviderError(`the provider did not answer ${init.method ?? 'GET'} ${new URL(url).pathname}: ${(error as Error).message}`);
  }
  return res;
}

const SubscriptionAnswer = z.looseObject({ subscriptionID: z.uuid() });

/** Makes sure the provider has the site's subscription; gives the feed as it then is. */
export async function ensureSubscription(db: Db, link: ProviderLink): Promise<Feed> {
  const feed = await readFeed(db, link.source);
  if (feed?.subscriptionId && feed.secret && feed.providerUrl === link.url && feed.callbackUrl === link.callbackUrl) {
    const res = await call(link, `/event-subscriptions/${feed.subscriptionId}`);
    if (res.ok) {
      await res.body?.cancel();
      return feed;
    }
    if (res.status !== 404) throw new ProviderError(`the provider answered ${res.status} to GET /event-subscriptions/${feed.subscriptionId}`);
    log.warn({ source: link.source }, 'the provider no longer knows our subscription: subscribing again');
  } else if (feed?.subscriptionId && feed.providerUrl === link.url) {
    // the callback URL changed: the old subscription goes, if the provider still has it
    await call(link, `/event-subscriptions/${feed.subscriptionId}`, { method: 'DELETE' })
      .then((r) => r.body?.cancel())
      .catch(() => {});
  }
  const secret = newSecret();
  const res = await call(link, '/event-subscriptions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ callbackUrl: link.callbackUrl, secret }),
  });
  const text = await res.text();
  if (res.status !== 201 && res.status !== 200) throw new ProviderError(`the provider refused the subscription: ${res.status} ${text.slice(0, 300)}`);
  const parsed = SubscriptionAnswer.safeParse(JSON.parse(text));
  if (!parsed.success) throw new ProviderError('the provider answered the subscription without a subscriptionID');
  const values = { providerUrl: link.url, subscriptionId: parsed.data.subscriptionID, secret, callbackUrl: link.callbackUrl, subscribedAt: new Date(), lastHeardAt: new Date() };
  await saveFeed(db, link.source, values);
  log.info({ source: link.source, subscriptionId: values.subscriptionId }, 'subscribed to the provider');
  return { ...(feed ?? { source: link.source, polledUntil: null, pollLeaseUntil: null, lastCallbackAt: null, lastPollAt: null, lastError: null, lastErrorAt: null }), ...values };
}

export type CallbackOutcome = { status: 204; stored: number; received: number; newIds: string[] } | { status: 400 | 401; reason: string; message: string };

/**
 * A callback: the subscription it names, its signature over the body's bytes, then its events. Only
 * a 204 means stored; every refusal stores nothing.
 */
export async function receiveCallback(db: Db, request: { subscriptionId: string | null; signature: string | null; body: Uint8Array }, now = new Date()): Promise<CallbackOutcome> {
  const id = request.subscriptionId?.trim();
  if (!id || !z.uuid().safeParse(id).success) return { status: 400, reason: 'invalidHeader', message: 'Subscription-ID: missing, or not a UUID' };
  const [feed] = await db.select().from(trackingFeeds).where(eq(trackingFeeds.subscriptionId, id));
  if (!feed?.secret) return { status: 401, reason: 'unknownSubscription', message: `Subscription-ID: ${id} is not a subscription of this site` };
  if (!verifySignature(request.signature, request.body, feed.secret))
    return { status: 401, reason: 'invalidSignature', message: 'Notification-Signature: missing, malformed, or not the HMAC-SHA256 of the body under the subscription’s secret' };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(request.body));
  } catch {
    return { status: 400, reason: 'invalidBody', message: 'the body is not UTF-8 JSON' };
  }
  if (!Array.isArray(json)) return { status: 400, reason: 'invalidBody', message: 'the body must be an array of events' };
  const events: Event[] = [];
  for (const [i, item] of json.entries()) {
    const parsed = Event.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { status: 400, reason: 'invalidEvent', message: `event ${i}: ${issue.path.join('.') || '(event)'}: ${issue.message}` };
    }
    events.push(parsed.data);
  }
  const newIds = await storeEvents(db, feed.source, events);
  await updateFeed(db, feed.source, { lastHeardAt: now, lastCallbackAt: now });
  return { status: 204, stored: newIds.length, received: events.length, newIds };
}

const EventsPage = z.array(z.unknown());

/**
 * One catch-up poll of a feed, if no other process is polling it: every event created since the last
 * completed poll (all of them the first time), stored page by page. Gives the number stored, or
 * undefined when another process holds the lease.
 */
export async function pollOnce(
  db: Db,
  link: ProviderLink,
  now: () => Date = () => new Date(),
  onStored?: (ids: string[]) => unknown,
  leaseMs = POLL_LEASE_MS,
): Promise<{ fetched: number; stored: number } | undefined> {
  const start = now();
  if (!(await takePollLease(db, link.source, start, new Date(start.getTime() + leaseMs)))) return undefined;
  const feed = await readFeed(db, link.source);
  let fetched = 0;
  let stored = 0;
  let newest = feed?.polledUntil?.getTime();
  try {
    const params = new URLSearchParams({ limit: String(POLL_PAGE) });
    if (feed?.polledUntil) params.set('eventCreatedDateTime:gte', new Date(feed.polledUntil.getTime() - POLL_OVERLAP_MS).toISOString());
    let path = `/events?${params}`;
    for (;;) {
      const res = await call(link, path);
      const text = await res.text();
      if (res.status !== 200) throw new ProviderError(`the provider answered ${res.status} to GET /events: ${text.slice(0, 300)}`);
      const page = EventsPage.parse(JSON.parse(text));
      const events: Event[] = [];
      for (const item of page) {
        const parsed = Event.safeParse(item);
        if (parsed.success) events.push(parsed.data);
        else log.warn({ source: link.source, issue: parsed.error.issues[0]?.message }, 'a polled event is not a valid DCSA TNT 2.2 event: skipped');
      }
      const ids = await storeEvents(db, link.source, events);
      if (ids.length) {
        metrics().trackingEvents.inc({ via: 'poll' }, ids.length);
        onStored?.(ids);
      }
      fetched += page.length;
      stored += ids.length;
      for (const e of events) newest = Math.max(newest ?? 0, Date.parse(e.eventCreatedDateTime));
      // progress is saved page by page (a poll cut short resumes from the last page stored), and the lease renewed
      const at = now();
      await updateFeed(db, link.source, { polledUntil: newest === undefined ? null : new Date(newest), lastHeardAt: at, pollLeaseUntil: new Date(at.getTime() + leaseMs) });
      const next = res.headers.get('next-page');
      if (!next || page.length === 0) break;
      path = `/events?${new URLSearchParams({ ...Object.fromEntries(params), cursor: nextCursor(next) })}`;
    }
    await updateFeed(db, link.source, { lastPollAt: now(), pollLeaseUntil: null, lastError: null });
    return { fetched, stored };
  } catch (error) {
    await updateFeed(db, link.source, { pollLeaseUntil: null, lastError: (error as Error).message.slice(0, 500), lastErrorAt: now() }).catch(() => {});
    throw error;
  }
}

/** The cursor of a Next-Page header: a bare cursor, or a link whose query carries it. */
function nextCursor(header: string): string {
  if (!header.includes('cursor=')) return header.trim();
  return new URL(header, 'http://provider.invalid').searchParams.get('cursor') ?? header.trim();
}
