import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../db';
import { requestIdOfContext } from '../handle';
import { publicReadHeaders } from './public-read';
import { apiRouteRecorder } from '../../observability/requests.mjs';
import { createLogger } from '../../observability/log.mjs';
import { metrics } from '../../observability/metrics.mjs';
import { encodeCursor, pageLinks } from '../../tracking/dcsa/cursor';
import { apiVersionError, tntError, tntErrorBody, type TntError } from '../../tracking/dcsa/errors';
import { parseEventsQuery } from '../../tracking/dcsa/query';
import { TNT_BASE, TNT_VERSION } from '../../tracking/dcsa/schemas';
import { eventById, listEvents } from '../../tracking/store';
import { receiveCallback } from '../../tracking/subscriber';

const logger = createLogger('dcsa');

/** The longest callback body taken (a bundle of events); a larger one is refused with 413 and the provider halves it. */
export const MAX_CALLBACK_BYTES = 4 * 1024 * 1024;

/**
 * The site's DCSA Track & Trace 2.2 endpoints, under /dcsa/tnt/v2 beside the schedules API:
 * - GET /events (and the deprecated GET /events/{eventID}): the tracking store, read only, for
 *   integrators: the standard's query, keyset cursors and page links, read and made by the same code
 *   as the reference provider's (src/tracking/dcsa/query.ts, cursor.ts), events as the provider sent
 *   them, an ETag over the page (a client revalidates for nothing), cacheable for a minute;
 * - POST /notifications: the callback the carrier's provider pushes events to
 *   (src/tracking/subscriber.ts checks the subscription and the signature, stores, then answers 204).
 * Every refusal is the standard's error body; API-Version is on every answer.
 */
export function createTntApp(deps: { db: Db; cursorKey: string; onStored?: (ids: string[]) => unknown }) {
  const app = new Hono().basePath(TNT_BASE);
  app.use(apiRouteRecorder());
  app.use(
    secureHeaders({ contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] }, crossOriginResourcePolicy: 'cross-origin', referrerPolicy: 'strict-origin-when-cross-origin' }),
  );
  const refuse = (c: Context, status: number, errors: TntError[]) => {
    c.header('cache-control', 'no-store');
    return c.json(tntErrorBody(c.req.method, c.req.url, status, errors), status as ContentfulStatusCode);
  };
  app.use(async (c, next) => {
    c.header('api-version', TNT_VERSION);
    // the store is public to read; the callback is the provider's alone (no cross-origin reads)
    if (c.req.path !== `${TNT_BASE}/notifications`) {
      const preflight = publicReadHeaders(c, 'API-Version, Current-Page, First-Page, Next-Page, ETag');
      if (preflight) return preflight;
    }
    const wrongVersion = apiVersionError(c.req.header('api-version'));
    if (wrongVersion) return refuse(c, 400, [wrongVersion]);
    await next();
    c.header('api-version', TNT_VERSION);
  });

  app.get('/events', async (c) => {
    const parsed = parseEventsQuery(new URL(c.req.url).searchParams, deps.cursorKey);
    if ('errors' in parsed) return refuse(c, 400, parsed.errors);
    const { filter, limit, after, filters } = parsed.query;
    const rows = await listEvents(deps.db, filter, after, limit + 1);
    const page = rows.slice(0, limit);
    const body = JSON.stringify(page.map((r) => r.payload));
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    c.header('etag', etag);
    c.header('cache-control', 'public, max-age=60');
    c.header('vary', 'API-Version');
    const last = page.at(-1);
    const next = rows.length > limit && last ? encodeCursor(deps.cursorKey, filters, { createdAt: last.createdAt.getTime(), eventId: last.eventId }) : undefined;
    for (const [name, link] of Object.entries(pageLinks(c.req.url, next))) c.header(name, link);
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    return c.body(body, 200, { 'content-type': 'application/json; charset=utf-8' });
  });

  app.get('/events/:eventID', async (c) => {
    const id = c.req.param('eventID');
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return refuse(c, 400, [tntError('eventID', `${id.slice(0, 60)} is not a UUID`)]);
    const found = await eventById(deps.db, id.toLowerCase());
    if (!found) return refuse(c, 404, [tntError('eventID', `no event ${id}`, 'notFound')]);
    c.header('cache-control', 'public, max-age=60');
    return c.json(found.payload as object);
  });

  app.post('/notifications', async (c) => {
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > MAX_CALLBACK_BYTES) return refuse(c, 413, [{ reason: 'tooLarge', message: `the body is ${length} bytes; send bundles of at most ${MAX_CALLBACK_BYTES} bytes` }]);
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (body.byteLength > MAX_CALLBACK_BYTES) return refuse(c, 413, [{ reason: 'tooLarge', message: `the body is over ${MAX_CALLBACK_BYTES} bytes; send smaller bundles` }]);
    const outcome = await receiveCallback(deps.db, { subscriptionId: c.req.header('subscription-id') ?? null, signature: c.req.header('notification-signature') ?? null, body });
    c.header('cache-control', 'no-store');
    if (outcome.status !== 204) {
      metrics().trackingRefused.inc({ reason: outcome.reason });
      logger.warn({ id: requestIdOfContext(c), reason: outcome.reason }, `a tracking callback was refused: ${outcome.message}`);
      return refuse(c, outcome.status, [{ reason: outcome.reason, message: outcome.message }]);
    }
    if (outcome.newIds.length) {
      metrics().trackingEvents.inc({ via: 'callback' }, outcome.newIds.length);
      deps.onStored?.(outcome.newIds);
    }
    return c.body(null, 204);
  });

  app.all('/events', (c) => refuse(c, 405, [{ reason: 'methodNotAllowed', message: `${c.req.method} is not allowed here: use GET` }]));
  app.all('/notifications', (c) => refuse(c, 405, [{ reason: 'methodNotAllowed', message: `${c.req.method} is not allowed here: providers POST events` }]));
  app.notFound((c) => refuse(c, 404, [{ reason: 'notFound', message: `no such endpoint: ${new URL(c.req.url).pathname}; the endpoints are ${TNT_BASE}/events and ${TNT_BASE}/notifications` }]));
  app.onError((error, c) => {
    logger.error({ err: error, id: requestIdOfContext(c), method: c.req.method, path: c.req.path }, 'the DCSA TNT API failed to answer');
    return refuse(c, 500, [{ reason: 'internalError', message: 'the events could not be read or stored; please retry later' }]);
  });
  return app;
}
export type TntApp = ReturnType<typeof createTntApp>;
