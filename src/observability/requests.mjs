// Every request the server answers: a request id, one JSON log line and the request metrics.
// scripts/start.mjs calls observeRequest() first thing for each request; the API's apps name the
// route they matched (apiRouteRecorder) so that the metrics count by route, not by path.
import { randomUUID } from 'node:crypto';
import { matchedRoutes } from 'hono/route';
import { metrics } from './metrics.mjs';

/** An id a client or a proxy sent, if it is a sane one (letters, digits, - _ . : /, at most 128), else a new one. */
export function requestIdOf(header) {
  const sent = Array.isArray(header) ? header[0] : header;
  return sent && /^[A-Za-z0-9._:/-]{1,128}$/.test(sent) ? sent : randomUUID();
}

/** Paths whose query strings hold no personal data (port codes, dates, city prefixes), logged whole; any other query is left out. */
const QUERY_LOGGED = [/^\/dcsa\//, /^\/[^/]+\/schedule\//, /^\/[^/]+\/carbonCalculate\/getCity$/];

/** The path and, where it holds no personal data, the query of a request URL, for the log. */
export function loggedUrl(url) {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  return at >= 0 && QUERY_LOGGED.some((re) => re.test(path)) ? { path, query: url.slice(at + 1) } : { path };
}

const ROUTE = Symbol.for('carrier.route');

/** What a request counts as in the metrics when no API app named its route: a bounded set of kinds. */
export function routeKind(path, status) {
  if (path.startsWith('/_astro/')) return 'static:asset';
  if (path.startsWith('/pagefind/')) return 'static:search-index';
  if (/^\/(en|zh)\/staff(\/|$)/.test(path)) return status === 404 ? 'staff:unmatched' : `staff:${path.split('/')[3] ?? 'home'}`;
  if (path.startsWith('/files/')) return 'files';
  // an API request answered before the API's module had loaded (the process's first), through Astro's router
  if (/^\/(homeapiak|dcsa)\//.test(path)) return 'api:first';
  if (status === 404) return 'unmatched';
  if (/\.(xml|json|txt|webmanifest)$/.test(path)) return 'static:data';
  if (/\.(png|jpe?g|webp|svg|ico|woff2?|pdf|xlsx|docx?)$/.test(path)) return 'static:file';
  return 'page';
}

/**
 * Hono middleware for the API's apps: after the answer, records the route pattern that answered
 * ('/homeapiak/cosNewss/findLastNextNews/:newsId') on the Node request the env carries, for the metrics.
 */
export function apiRouteRecorder(prefix = '') {
  return async (c, next) => {
    await next();
    const incoming = c.env?.incoming;
    if (!incoming) return;
    // the last route matched with a method of its own: the handler (middleware is registered for ALL)
    const matched = matchedRoutes(c)
      .filter((r) => r.method !== 'ALL')
      .at(-1)?.path;
    incoming[ROUTE] = matched ? `${prefix}${matched}` : 'api:unmatched';
  };
}

/** Marks a request answered from the kept answers (src/server/memo.ts), before the API's apps. */
export function markRoute(req, route) {
  req[ROUTE] = route;
}

/**
 * Called first for every request: gives it its id (the X-Request-Id it came with, or a new one),
 * sends the id back in X-Request-Id and, once the answer is finished, writes one log line (id, method,
 * path, status, milliseconds, and the query only where it holds no personal data) and counts it.
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
 * @param {import('pino').Logger} logger
 */
export function observeRequest(req, res, logger) {
  const started = process.hrtime.bigint();
  const id = requestIdOf(req.headers['x-request-id']);
  req.headers['x-request-id'] = id;
  res.setHeader('x-request-id', id);
  res.once('finish', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const { path, query } = loggedUrl(req.url ?? '/');
    const route = req[ROUTE] ?? routeKind(path, res.statusCode);
    const m = metrics();
    m.requests.inc({ route, method: req.method, status: String(res.statusCode) });
    m.duration.observe({ route, method: req.method }, seconds);
    const line = { id, method: req.method, path, ...(query ? { query } : {}), status: res.statusCode, ms: Math.round(seconds * 10000) / 10, route };
    if (res.statusCode >= 500) logger.error(line, 'request');
    else logger.info(line, 'request');
  });
  return id;
}
