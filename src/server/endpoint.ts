import type { APIRoute } from 'astro';
import { DCSA_BASE } from '../schedules/dcsa/schemas';
import { TNT_BASE } from '../tracking/dcsa/schemas';
import type { KeptAnswer } from './memo';
import { appsIfReady, getApps } from './runtime';
import { createLogger } from '../observability/log.mjs';
import { requestIdOf } from '../observability/requests.mjs';

const log = createLogger('api');

/**
 * The on-demand routes: every request under the API base goes to the Hono app, and
 * every request under /dcsa/cs/v1/ to the DCSA schedules app (both injected by
 * src/server/integration.mjs to this one file).
 *
 * `npm start` (scripts/start.mjs) takes a shorter way to the same function: once this module
 * is loaded it finds `serveApi` under API_HANDLER on globalThis and hands the API's paths to
 * it straight from Node's server, skipping Astro's page pipeline (routing among 2,000 pages,
 * middleware, response copying), which cost the calls more than the calls themselves. What
 * that pipeline did for the API, refusing cross-site form posts (security.checkOrigin), is
 * done here for both ways in.
 */
export const prerender = false;

/** The staff console's API (src/server/staff/app.ts): never a kept answer, never the public app. */
const STAFF_PREFIX = `${import.meta.env.PUBLIC_API_BASE ?? '/homeapiak'}/staff/`;

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Astro's origin check (astro/dist/core/app/origin-check.js): a state-changing form post must come from the site itself. */
function crossSiteForm(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const sameOrigin = request.headers.get('origin') === new URL(request.url).origin;
  const type = request.headers.get('content-type');
  if (type === null) return !sameOrigin;
  const lower = type.toLowerCase();
  return FORM_TYPES.some((t) => lower.includes(t)) && !sameOrigin;
}

/**
 * Answers one API request (the wire API or the DCSA schedules API). `incoming` is Node's request when
 * scripts/start.mjs calls: the apps note on it the route that answered, for the metrics.
 */
export async function serveApi(request: Request, clientAddress?: string, incoming?: object): Promise<Response> {
  if (crossSiteForm(request)) return new Response(`Cross-site ${request.method} form submissions are forbidden`, { status: 403 });
  const url = new URL(request.url);
  const dcsa = url.pathname.startsWith(`${DCSA_BASE}/`);
  const tnt = url.pathname.startsWith(`${TNT_BASE}/`);
  try {
    const apps = await getApps();
    if (dcsa) return await apps.dcsa.fetch(request, { incoming });
    if (tnt) return await apps.tnt.fetch(request, { incoming });
    if (url.pathname.startsWith(STAFF_PREFIX)) return await apps.staff.app.fetch(request, { clientAddress, incoming });
    const pathAndQuery = url.pathname + url.search;
    const origin = request.headers.get('origin');
    const kept = apps.kept.answer(request.method, pathAndQuery, origin, clientAddress, request.headers.get('x-forwarded-for'));
    if (kept) return new Response(kept.body, { status: kept.status, headers: kept.headers });
    // The socket address, for rate limits (src/server/forms/client-address.ts).
    return await apps.kept.keep(pathAndQuery, origin, await apps.app.fetch(request, { clientAddress, incoming }));
  } catch (error) {
    log.error({ err: error }, 'the API could not start');
    const requestId = requestIdOf(request.headers.get('x-request-id'));
    const body = tnt
      ? {
          httpMethod: request.method,
          requestUri: request.url,
          statusCode: 503,
          statusCodeText: 'Service Unavailable',
          errorDateTime: new Date().toISOString(),
          errors: [{ reason: 'unavailable', message: 'The API could not start; please retry shortly' }],
        }
      : dcsa
        ? {
            httpMethod: 'GET',
            requestUri: request.url,
            statusCode: 503,
            statusCodeText: 'Service Unavailable',
            providerCorrelationReference: requestId,
            errorDateTime: new Date().toISOString(),
            errors: [{ errorCodeText: 'unavailable', errorCodeMessage: 'The schedules API could not start; please retry shortly' }],
          }
        : { code: '503', message: 'Service unavailable: the API could not start', data: { content: null }, requestId };
    return new Response(JSON.stringify(body), { status: 503, headers: { 'content-type': 'application/json' } });
  }
}

export const ALL: APIRoute = (context) => {
  let clientAddress: string | undefined;
  try {
    clientAddress = context.clientAddress;
  } catch {
    clientAddress = undefined;
  }
  return serveApi(context.request, clientAddress);
};

/**
 * A kept answer for a request, given before anything else (src/server/memo.ts), from the
 * server's own listener: synchronous, without building a Request. Undefined: call serveApi.
 */
export function keptAnswer(method: string, pathAndQuery: string, origin: string | undefined, socketAddress: string | undefined, forwardedFor: string | undefined): KeptAnswer | undefined {
  return appsIfReady()?.kept.answer(method, pathAndQuery, origin, socketAddress, forwardedFor);
}

/** Where scripts/start.mjs finds the API: the functions and the path prefixes they answer. */
export const API_HANDLER = Symbol.for('carrier.api-handler');
/** `npm run backup` over loopback (src/backup/loopback.ts): the archive, or null when the token does not match. */
async function backupOverLoopback(token: string | null | undefined): Promise<Uint8Array | null> {
  return (await getApps()).backup(token);
}
(globalThis as Record<symbol, unknown>)[API_HANDLER] = { serveApi, keptAnswer, backupOverLoopback, prefixes: [`${import.meta.env.PUBLIC_API_BASE ?? '/homeapiak'}/`, `${DCSA_BASE}/`, `${TNT_BASE}/`] };
