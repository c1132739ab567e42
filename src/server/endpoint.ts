import type { APIRoute } from 'astro';
import { DCSA_BASE } from '../schedules/dcsa/schemas';
import { getApps } from './runtime';

/**
 * The on-demand routes: every request under the API base goes to the Hono app, and
 * every request under /dcsa/cs/v1/ to the DCSA schedules app (both injected by
 * integrations/api-route.mjs to this one file).
 */
export const prerender = false;

export const ALL: APIRoute = async (context) => {
  const { request } = context;
  const dcsa = new URL(request.url).pathname.startsWith(`${DCSA_BASE}/`);
  try {
    const apps = await getApps();
    if (dcsa) return await apps.dcsa.fetch(request);
    // The socket address, for rate limits (src/server/forms/client-address.ts).
    let clientAddress: string | undefined;
    try {
      clientAddress = context.clientAddress;
    } catch {
      clientAddress = undefined;
    }
    return await apps.app.fetch(request, { clientAddress });
  } catch (error) {
    console.error('[api] start-up failed:', error);
    const body = dcsa
      ? { httpMethod: 'GET', requestUri: request.url, statusCode: 503, statusCodeText: 'Service Unavailable', errorDateTime: new Date().toISOString(), errors: [{ errorCodeText: 'unavailable', errorCodeMessage: 'The schedules API could not start; please retry shortly' }] }
      : { code: '503', message: 'Service unavailable: the API could not start', data: { content: null } };
    return new Response(JSON.stringify(body), { status: 503, headers: { 'content-type': 'application/json' } });
  }
};
