import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { decodeCursor, encodeCursor, fingerprint, pageLinks } from '../dcsa/cursor';
import { apiVersionError, tntError as invalid, tntErrorBody, type TntError } from '../dcsa/errors';
import { DEFAULT_LIMIT, LIMIT_PROBLEM, parseEventsQuery, parseLimit } from '../dcsa/query';
import { SubscriptionBody, SubscriptionBodyWithSecret, TNT_VERSION } from '../dcsa/schemas';
import { createLogger } from '../../observability/log.mjs';
import type { EventFeed } from './feed';
import { publicSubscription, type SubscriptionStore } from './subscriptions';

/**
 * The reference provider's HTTP API: DCSA Track & Trace 2.2 as a carrier serves it, under /v2.
 *
 * - GET /v2/events: the events created by now (./feed.ts), in the standard's order
 *   (eventCreatedDateTime, then eventID), with every filter of the standard that applies
 *   (eventType, shipmentEventTypeCode, documentTypeCode, carrierBookingReference,
 *   transportDocumentReference, transportEventTypeCode, transportCallID, vesselIMONumber,
 *   exportVoyageNumber, carrierServiceCode, UNLocationCode, equipmentEventTypeCode,
 *   equipmentReference, eventCreatedDateTime with :gte :gt :lte :lt :eq), the deprecated aliases
 *   bookingReference and carrierVoyageNumber, limit (1–1000, default 100) and cursor. Pages of a
 *   root array; the next page's link in Next-Page (with Current-Page and First-Page), its cursor
 *   a signed keyset position. The query, the cursors, the links and the error body are those of
 *   ../dcsa/ (query.ts, cursor.ts, errors.ts), shared with the site's own GET /dcsa/tnt/v2/events.
 *   GET /v2/events/{eventID} (deprecated) too.
 * - /v2/event-subscriptions: create (201, the subscription without its secret), list (paged),
 *   read, replace, delete, and PUT …/{id}/secret (204). The pusher (./push.ts) delivers to them.
 *
 * Every answer carries API-Version: 2.2.0; a request's API-Version other than major 2 is refused.
 * Every refusal is the standard's error body naming the parameter or property. With an API key,
 * every request needs `Authorization: Bearer <key>`.
 */

export interface ProviderAppDeps {
  feed: EventFeed;
  subscriptions: SubscriptionStore;
  /** The provider's clock: events created after it do not exist yet. */
  now: () => number;
  /** Signs the cursors. */
  cursorKey: string;
  /** When set, every request must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** Told when a subscription is made or changed (the pusher starts delivering). */
  onSubscriptionChange?: (subscriptionID: string) => void;
}

const logger = createLogger('tnt-provider');

export const TNT_PROVIDER_BASE = '/v2';
/** A subscription secret must decode to at least this many bytes. */
export const MIN_SECRET_BYTES = 32;
const MAX_BODY_BYTES = 64 * 1024;

export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly errors: TntError[],
  ) {
    super(errors.map((e) => e.message).join('; '));
  }
}

/** The standard's error body for a refusal of this request. */
const errorBody = (c: Context, status: number, errors: readonly TntError[]) => tntErrorBody(c.req.method, c.req.url, status, errors);

/** The links of a page (../dcsa/cursor.ts), as headers. */
function setPageLinks(c: Context, next?: string) {
  for (const [name, link] of Object.entries(pageLinks(c.req.url, next))) c.header(name, link);
}

function secretProblem(secret: string): string | undefined {
  return Buffer.from(secret, 'base64').length < MIN_SECRET_BYTES ? `must decode to at least ${MIN_SECRET_BYTES} bytes` : undefined;
}

/** Zod's complaints about a body, each naming its property. */
function bodyErrors(error: z.ZodError): TntError[] {
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((k) => invalid(k, 'is not a property of this body (a subscription never shows its secret; PUT …/secret changes it)', 'invalidProperty'))
      : [invalid(issue.path.join('.') || 'body', issue.message, 'invalidProperty')],
  );
}

async function jsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type)) throw new ProviderError(415, [invalid('Content-Type', 'must be application/json', 'invalidHeader')]);
  try {
    return await c.req.json();
  } catch {
    throw new ProviderError(400, [invalid('body', 'is not JSON', 'invalidBody')]);
  }
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

export function createProviderApp(deps: ProviderAppDeps) {
  const { feed, subscriptions, now, cursorKey } = deps;
  const app = new Hono().basePath(TNT_PROVIDER_BASE);
  const expectedKey = deps.apiKey ? createHash('sha256').update(deps.apiKey).digest() : undefined;

  app.use(async (c, next) => {
    c.header('api-version', TNT_VERSION);
    c.header('cache-control', 'no-store');
    if (expectedKey) {
      const m = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
      const given = createHash('sha256')
        .update(m?.[1] ?? '')
        .digest();
      if (!m || !timingSafeEqual(given, expectedKey)) {
        c.header('www-authenticate', 'Bearer');
        return c.json(errorBody(c, 401, [invalid('Authorization', 'a valid Bearer credential is required', 'unauthorized')]), 401);
      }
    }
    const wrongVersion = apiVersionError(c.req.header('api-version'));
    if (wrongVersion) return c.json(errorBody(c, 400, [wrongVersion]), 400);
    await next();
    c.header('api-version', TNT_VERSION);
  });

  // ---- events ----------------------------------------------------------------------------------

  app.get('/events', (c) => {
    const parsed = parseEventsQuery(new URL(c.req.url).searchParams, cursorKey);
    if ('errors' in parsed) throw new ProviderError(400, parsed.errors);
    const { filter, limit, after, filters } = parsed.query;
    const page = feed.page(filter, after && { created: after.createdAt, id: after.eventId }, now(), limit);
    const last = page.events.at(-1);
    setPageLinks(c, page.more && last ? encodeCursor(cursorKey, filters, { createdAt: last.created, eventId: last.id }) : undefined);
    return c.body(JSON.stringify(page.events.map((e) => e.event)), 200, { 'content-type': 'application/json' });
  });

  app.get('/events/:eventID', (c) => {
    const id = c.req.param('eventID');
    if (!isUuid(id)) throw new ProviderError(400, [invalid('eventID', 'must be a UUID')]);
    const found = feed.event(id, now());
    if (!found) throw new ProviderError(404, [invalid('eventID', `no event ${id}`, 'notFound')]);
    return c.json(found.event);
  });

  // ---- subscriptions ---------------------------------------------------------------------------

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json(errorBody(c, 413, [invalid('body', `is larger than ${MAX_BODY_BYTES} bytes`, 'payloadTooLarge')]), 413),
  });

  app.post('/event-subscriptions', limitBody, async (c) => {
    const parsed = SubscriptionBodyWithSecret.safeParse(await jsonBody(c));
    if (!parsed.success) throw new ProviderError(400, bodyErrors(parsed.error));
    const { secret, ...body } = parsed.data;
    const weak = secretProblem(secret);
    if (weak) throw new ProviderError(400, [invalid('secret', weak, 'invalidProperty')]);
    const created = subscriptions.create(body, secret, now());
    deps.onSubscriptionChange?.(created.subscriptionID);
    return c.json(publicSubscription(created), 201);
  });

  app.get('/event-subscriptions', (c) => {
    const params = new URL(c.req.url).searchParams;
    const errors: TntError[] = [];
    let limit = DEFAULT_LIMIT;
    let afterSeq = 0;
    const filters = fingerprint('event-subscriptions', Object.fromEntries(params));
    const seen = new Set<string>();
    for (const [name, value] of params) {
      if (seen.has(name)) errors.push(invalid(name, 'is given more than once', 'invalidQuery'));
      seen.add(name);
      if (name === 'limit') {
        const n = parseLimit(value);
        if (n === undefined) errors.push(invalid(name, LIMIT_PROBLEM));
        else limit = n;
      } else if (name === 'cursor') {
        const decoded = decodeCursor(cursorKey, value, filters);
        const seq = 'position' in decoded ? z.number().int().safeParse(decoded.position) : undefined;
        if (!seq?.success) errors.push(invalid('cursor', 'error' in decoded ? decoded.error : 'is not a cursor issued by this API', 'invalidCursor'));
        else afterSeq = seq.data;
      } else if (name === 'sort') {
        // the standard lists sort here too; the list is in the order the subscriptions were made
        errors.push(invalid(name, 'is not served: subscriptions are listed in the order they were made', 'invalidQuery'));
      } else errors.push(invalid(name, 'is not a parameter of GET /v2/event-subscriptions', 'invalidQuery'));
    }
    if (errors.length) throw new ProviderError(400, errors);
    const after = subscriptions.list().filter((s) => s.seq > afterSeq);
    const page = after.slice(0, limit);
    setPageLinks(c, after.length > limit ? encodeCursor(cursorKey, filters, page[page.length - 1].seq) : undefined);
    return c.json(page.map(publicSubscription));
  });

  const subscriptionOf = (c: Context) => {
    const id = c.req.param('subscriptionID') ?? '';
    if (!isUuid(id)) throw new ProviderError(400, [invalid('subscriptionID', 'must be a UUID')]);
    const found = subscriptions.get(id);
    if (!found) throw new ProviderError(404, [invalid('subscriptionID', `no subscription ${id}`, 'notFound')]);
    return found;
  };

  app.get('/event-subscriptions/:subscriptionID', (c) => c.json(publicSubscription(subscriptionOf(c))));

  app.put('/event-subscriptions/:subscriptionID', limitBody, async (c) => {
    const existing = subscriptionOf(c);
    const parsed = SubscriptionBody.extend({ subscriptionID: z.uuid('must be a UUID').optional() })
      .strict()
      .safeParse(await jsonBody(c));
    if (!parsed.success) throw new ProviderError(400, bodyErrors(parsed.error));
    const { subscriptionID, ...body } = parsed.data;
    if (subscriptionID !== undefined && subscriptionID !== existing.subscriptionID)
      throw new ProviderError(400, [invalid('subscriptionID', `is not the subscription of the path (${existing.subscriptionID})`, 'invalidProperty')]);
    const updated = subscriptions.update(existing.subscriptionID, body)!;
    deps.onSubscriptionChange?.(updated.subscriptionID);
    return c.json(publicSubscription(updated));
  });

  app.delete('/event-subscriptions/:subscriptionID', (c) => {
    subscriptions.remove(subscriptionOf(c).subscriptionID);
    return c.body(null, 204);
  });

  app.put('/event-subscriptions/:subscriptionID/secret', limitBody, async (c) => {
    const existing = subscriptionOf(c);
    const parsed = z
      .object({ secret: z.base64('must be base64').min(1) })
      .strict()
      .safeParse(await jsonBody(c));
    if (!parsed.success) throw new ProviderError(400, bodyErrors(parsed.error));
    const weak = secretProblem(parsed.data.secret);
    if (weak) throw new ProviderError(400, [invalid('secret', weak, 'invalidProperty')]);
    subscriptions.setSecret(existing.subscriptionID, parsed.data.secret);
    return c.body(null, 204);
  });

  // ---- everything else -------------------------------------------------------------------------

  const notAllowed = (allowed: string) => (c: Context) => {
    c.header('allow', allowed);
    return c.json(errorBody(c, 405, [invalid('method', `${c.req.method} is not allowed here: use ${allowed}`, 'methodNotAllowed')]), 405);
  };
  app.all('/events', notAllowed('GET'));
  app.all('/events/:eventID', notAllowed('GET'));
  app.all('/event-subscriptions', notAllowed('GET, POST'));
  app.all('/event-subscriptions/:subscriptionID', notAllowed('GET, PUT, DELETE'));
  app.all('/event-subscriptions/:subscriptionID/secret', notAllowed('PUT'));
  app.notFound((c) => {
    c.header('api-version', TNT_VERSION);
    return c.json(errorBody(c, 404, [invalid('path', `no such endpoint: ${new URL(c.req.url).pathname}; the endpoints are /v2/events and /v2/event-subscriptions`, 'notFound')]), 404);
  });
  app.onError((error, c) => {
    c.header('api-version', TNT_VERSION);
    if (error instanceof ProviderError) return c.json(errorBody(c, error.status, error.errors), error.status as ContentfulStatusCode);
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'the reference provider failed to answer');
    return c.json(errorBody(c, 500, [{ reason: 'internalError', message: 'the provider failed to answer; please retry later' }]), 500);
  });
  return app;
}

export type ProviderApp = ReturnType<typeof createProviderApp>;
