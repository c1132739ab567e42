import type { APIRoute } from 'astro';
import { getApp } from './runtime';

/** The one on-demand route: every request under the API base goes to the Hono app. */
export const prerender = false;

export const ALL: APIRoute = async (context) => {
  const { request } = context;
  try {
    const app = await getApp();
    // The socket address, for rate limits (src/server/forms/client-address.ts).
    let clientAddress: string | undefined;
    try {
      clientAddress = context.clientAddress;
    } catch {
      clientAddress = undefined;
    }
    return await app.fetch(request, { clientAddress });
  } catch (error) {
    console.error('[api] start-up failed:', error);
    return new Response(JSON.stringify({ code: '503', message: 'Service unavailable: the API could not start', data: { content: null } }), {
      status: 503,
      headers: { 'content-type': 'application/json' },
    });
  }
};
