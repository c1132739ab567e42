import { createHash, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { LRUCache } from 'lru-cache';
import { secureHeaders } from 'hono/secure-headers';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { loadSchedules, type ScheduleEngine } from '../../schedules';
import { requestIdOfContext } from '../handle';
import { publicReadHeaders } from './public-read';
import { pointToPoint, portSchedules, vesselSchedules } from '../../schedules/dcsa/answers';
import { decodeCursor, encodeCursor } from '../../schedules/dcsa/cursor';
import { DCSA_BASE, DCSA_VERSION, PointToPointQuery, PortSchedulesQuery, VESSEL_FILTERS, VesselSchedulesQuery, type DetailedError, type ErrorResponse } from '../../schedules/dcsa/schemas';
import { addDays, daysBetween, startOfDay } from '../../schedules/time';
import { apiRouteRecorder } from '../../observability/requests.mjs';
import { createLogger } from '../../observability/log.mjs';

const logger = createLogger('dcsa');

/**
 * The DCSA Commercial Schedules 1.0.x API under /dcsa/cs/v1/, beside the site's API in the same
 * server (src/server/endpoint.ts dispatches by path): GET point-to-point-routes, port-schedules
 * and vessel-schedules, answered from the schedule engine. Every answer carries API-Version;
 * lists are paged with limit and a signed cursor (Next-Page-Cursor); answers are cacheable
 * (ETag, Cache-Control) since schedules change only with content and the day. Every refusal is
 * the standard's error body naming the property; nothing answers with a stack trace.
 */

export interface DcsaDeps {
  /** Key that signs the cursors (the server's captcha key: shared by every process). */
  cursorKey: string;
  /** The clock (tests move it). */
  now?: () => number;
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 405: 'Method Not Allowed', 500: 'Internal Server Error', 503: 'Service Unavailable' };
/** Longest date window a query may span. */
const MAX_WINDOW_DAYS = 366;
/** The build the process serves: its content, hence its schedules (tests and `astro dev`: the process). */
const CONTENT_VERSION: string = import.meta.env.BUILD_ID ?? `process-${randomUUID()}`;
/** Bytes of answer bodies kept per process (the largest point-to-point answer is about 0.7 MB). */
const ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

export class DcsaError extends Error {
  constructor(
    readonly status: number,
    readonly errors: DetailedError[],
  ) {
    super(errors.map((e) => e.errorCodeMessage).join('; '));
  }
}

const bad = (property: string | undefined, value: string | undefined, message: string, errorCode = 7002, errorCodeText = 'invalidParameter'): DetailedError => ({
  errorCode,
  ...(property ? { property } : {}),
  ...(value !== undefined ? { value: value.slice(0, 500) } : {}),
  errorCodeText,
  errorCodeMessage: property ? `${property}: ${message}` : message,
});

export function errorBody(c: Context, status: number, errors: DetailedError[]): ErrorResponse {
  return {
    httpMethod: (['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(c.req.method) ? c.req.method : 'GET') as ErrorResponse['httpMethod'],
    requestUri: c.req.url.slice(0, 2000),
    statusCode: status,
    statusCodeText: STATUS_TEXT[status] ?? 'Error',
    // the request's id (X-Request-Id, given by scripts/start.mjs): the same in the log line and the answer's header
    providerCorrelationReference: requestIdOfContext(c),
    errorDateTime: new Date().toISOString(),
    errors,
  };
}

/** The query parameters of a request, each once, checked with the endpoint's schema. */
function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const raw = c.req.queries();
  const flat: Record<string, string> = {};
  const errors: DetailedError[] = [];
  for (const [key, values] of Object.entries(raw)) {
    if (values.length > 1) errors.push(bad(key, values.join(','), 'is given more than once', 7001, 'invalidQuery'));
    flat[key] = values[0];
  }
  const parsed = schema.safeParse(flat);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys') for (const key of issue.keys) errors.push(bad(key, flat[key], 'is not a parameter of this endpoint', 7001, 'invalidQuery'));
      else {
        const property = String(issue.path[0] ?? '');
        errors.push(bad(property || undefined, property ? flat[property] : undefined, flat[property] === undefined && property ? 'is required' : issue.message));
      }
    }
  if (errors.length) throw new DcsaError(400, errors);
  return (parsed as { data: z.output<S> }).data;
}

function checkWindow(startName: string, endName: string, start: string, end: string) {
  if (start > end) throw new DcsaError(400, [bad(endName, end, `must not be before ${startName} (${start})`, 7004, 'invalidDateRange')]);
  if (daysBetween(start, end) > MAX_WINDOW_DAYS) throw new DcsaError(400, [bad(endName, end, `the window from ${start} to ${end} is longer than a year`, 7004, 'invalidDateRange')]);
}

function knownPort(engine: ScheduleEngine, property: string, locode: string) {
  if (!engine.router.ports.has(locode)) throw new DcsaError(400, [bad(property, locode, `no service of ours calls ${locode}`, 7003, 'unknownLocation')]);
}

export function createDcsaApp(deps: DcsaDeps) {
  const now = deps.now ?? Date.now;
  const app = new Hono().basePath(DCSA_BASE);
  // the route that answered, for the request metrics (src/observability/requests.mjs)
  app.use(apiRouteRecorder());
  app.use(
    secureHeaders({ contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] }, crossOriginResourcePolicy: 'cross-origin', referrerPolicy: 'strict-origin-when-cross-origin' }),
  );
  app.use(async (c, next) => {
    // public data for integrators: any origin may read it (no credentials)
    c.header('api-version', DCSA_VERSION);
    const preflight = publicReadHeaders(c, 'API-Version, Next-Page-Cursor, ETag');
    if (preflight) return preflight;
    const asked = c.req.header('api-version');
    if (asked !== undefined && asked.trim() !== '1') {
      c.header('api-version', DCSA_VERSION);
      return c.json(errorBody(c, 400, [bad('API-Version', asked, 'must be the major version 1 (the version of the URI), if sent', 7006, 'invalidHeader')]), 400);
    }
    await next();
    c.header('api-version', DCSA_VERSION);
  });

  /**
   * Answers already worked out, by endpoint, filters, page and day: an answer depends on nothing
   * else (the content is fixed for the life of the process), so a repeated query, the next page
   * of a list or a client revalidating costs a lookup. Bounded by the bytes of the bodies.
   */
  const answers = new LRUCache<string, { body: Uint8Array; next?: string }>({
    maxSize: ANSWER_CACHE_BYTES,
    sizeCalculation: (a) => a.body.byteLength + 256,
  });

  /** A paged, cached answer of a list computed for the day. */
  const answer = <T>(c: Context, endpoint: string, query: { limit: number; cursor?: string }, list: () => T[], day: string) => {
    const filters = Object.fromEntries(Object.entries(c.req.query()).filter(([k]) => k !== 'limit' && k !== 'cursor'));
    let offset = 0;
    if (query.cursor !== undefined) {
      const decoded = decodeCursor(deps.cursorKey, query.cursor, { endpoint, filters, day });
      if ('error' in decoded) throw new DcsaError(400, [bad('cursor', query.cursor, decoded.error, 7005, 'invalidCursor')]);
      offset = decoded.offset;
    }
    const key = JSON.stringify([endpoint, day, Object.entries(filters).sort(([a], [b]) => (a < b ? -1 : 1)), offset, query.limit]);
    // The answer is a function of the content (fixed per build), the day and the query: its ETag
    // is known before it is worked out, so a revalidation costs nothing.
    const etag = `W/"${createHash('sha1').update(`${CONTENT_VERSION}\n${key}`).digest('base64url')}"`;
    c.header('etag', etag);
    c.header('cache-control', 'public, max-age=600');
    c.header('vary', 'API-Version');
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    let found = answers.get(key);
    if (!found) {
      const all = list();
      found = {
        // kept encoded: a repeat writes the bytes out without encoding 0.7 MB of text again
        body: new TextEncoder().encode(JSON.stringify(all.slice(offset, offset + query.limit))),
        next: offset + query.limit < all.length ? encodeCursor(deps.cursorKey, { endpoint, filters, day, offset: offset + query.limit }) : undefined,
      };
      answers.set(key, found);
    }
    if (found.next) c.header('next-page-cursor', found.next);
    return c.body(found.body as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/json; charset=utf-8' });
  };

  app.get('/point-to-point-routes', (c) => {
    const q = parseQuery(c, PointToPointQuery);
    const engine = loadSchedules(now());
    knownPort(engine, 'placeOfReceipt', q.placeOfReceipt);
    knownPort(engine, 'placeOfDelivery', q.placeOfDelivery);
    if (q.placeOfReceipt === q.placeOfDelivery) throw new DcsaError(400, [bad('placeOfDelivery', q.placeOfDelivery, 'is the same as placeOfReceipt')]);
    const originTz = engine.timeZone(q.placeOfReceipt);
    const destinationTz = engine.timeZone(q.placeOfDelivery);
    const depStart = q.departureStartDate ?? engine.horizon.asOf;
    const depEnd = q.departureEndDate ?? (depStart > engine.horizon.to ? depStart : engine.horizon.to);
    checkWindow('departureStartDate', 'departureEndDate', depStart, depEnd);
    if (q.arrivalStartDate && q.arrivalEndDate) checkWindow('arrivalStartDate', 'arrivalEndDate', q.arrivalStartDate, q.arrivalEndDate);
    const offered = (q.receiptTypeAtOrigin ?? 'CY') === 'CY' && (q.deliveryTypeAtDestination ?? 'CY') === 'CY';
    return answer(
      c,
      'point-to-point-routes',
      q,
      () =>
        offered
          ? engine
              .pointToPoint({
                from: q.placeOfReceipt,
                to: q.placeOfDelivery,
                departureFrom: startOfDay(depStart, originTz),
                departureTo: startOfDay(addDays(depEnd, 1), originTz) - 1,
                arrivalFrom: q.arrivalStartDate ? startOfDay(q.arrivalStartDate, destinationTz) : undefined,
                arrivalTo: q.arrivalEndDate ? startOfDay(addDays(q.arrivalEndDate, 1), destinationTz) - 1 : undefined,
                maxTranshipment: Math.min(q.maxTranshipment ?? 2, 2) as 0 | 1 | 2,
                nature: q.cargoType === 'REEFER' ? 'Reefer' : 'Dry',
                tonnes: q.cargoGrossWeight,
              })
              .map((o, i) => pointToPoint(engine, o, i + 1))
          : [],
      engine.horizon.asOf,
    );
  });

  app.get('/port-schedules', (c) => {
    const q = parseQuery(c, PortSchedulesQuery);
    const engine = loadSchedules(now());
    knownPort(engine, 'UNLocationCode', q.UNLocationCode);
    return answer(c, 'port-schedules', q, () => portSchedules(engine, q.UNLocationCode, startOfDay(q.date, engine.timeZone(q.UNLocationCode))), engine.horizon.asOf);
  });

  app.get('/vessel-schedules', (c) => {
    const q = parseQuery(c, VesselSchedulesQuery);
    if (!VESSEL_FILTERS.some((f) => q[f] !== undefined))
      throw new DcsaError(400, [bad(undefined, undefined, `name at least one filter: ${VESSEL_FILTERS.join(', ')} (startDate and endDate only narrow one down)`, 7007, 'missingFilter')]);
    const engine = loadSchedules(now());
    if (q.UNLocationCode) knownPort(engine, 'UNLocationCode', q.UNLocationCode);
    // the standard's defaults (3 months back, 6 months ahead), then only what is published: the horizon
    const startDate = q.startDate ?? addDays(engine.horizon.asOf, -91);
    const endDate = q.endDate ?? addDays(engine.horizon.asOf, 183);
    checkWindow('startDate', 'endDate', startDate, endDate);
    const from = startDate < engine.horizon.from ? engine.horizon.from : startDate;
    const to = endDate > engine.horizon.to ? engine.horizon.to : endDate;
    return answer(c, 'vessel-schedules', q, () => (from > to ? [] : vesselSchedules(engine, { ...q, startDate: from, endDate: to })), engine.horizon.asOf);
  });

  app.all('/point-to-point-routes', (c) => c.json(errorBody(c, 405, [bad(undefined, undefined, `${c.req.method} is not allowed here: use GET`, 7008, 'methodNotAllowed')]), 405));
  app.all('/port-schedules', (c) => c.json(errorBody(c, 405, [bad(undefined, undefined, `${c.req.method} is not allowed here: use GET`, 7008, 'methodNotAllowed')]), 405));
  app.all('/vessel-schedules', (c) => c.json(errorBody(c, 405, [bad(undefined, undefined, `${c.req.method} is not allowed here: use GET`, 7008, 'methodNotAllowed')]), 405));

  app.notFound((c) =>
    c.json(
      errorBody(c, 404, [
        bad(undefined, undefined, `no such endpoint: ${new URL(c.req.url).pathname}; the endpoints are ${DCSA_BASE}/point-to-point-routes, port-schedules and vessel-schedules`, 7009, 'notFound'),
      ]),
      404,
    ),
  );
  app.onError((error, c) => {
    c.header('api-version', DCSA_VERSION);
    c.header('cache-control', 'no-store');
    if (error instanceof DcsaError) return c.json(errorBody(c, error.status, error.errors), error.status as ContentfulStatusCode);
    logger.error({ err: error, id: requestIdOfContext(c), method: c.req.method, path: c.req.path }, 'the DCSA API failed to answer');
    return c.json(errorBody(c, 500, [bad(undefined, undefined, 'the schedules could not be computed; please retry later', 9000, 'internalError')]), 500);
  });
  return app;
}
export type DcsaApp = ReturnType<typeof createDcsaApp>;
