import type { Context } from 'hono';

/**
 * What both DCSA APIs of the site (schedules, /dcsa/cs/v1; tracking, /dcsa/tnt/v2) send for their
 * public reads: any origin may read them (no credentials), with the headers a client of the
 * standard needs exposed; a preflight (OPTIONS) is answered here, 204. Gives that answer, or
 * undefined for any other request.
 */
export function publicReadHeaders(c: Context, expose: string): Response | undefined {
  c.header('access-control-allow-origin', '*');
  c.header('access-control-expose-headers', expose);
  if (c.req.method !== 'OPTIONS') return undefined;
  c.header('access-control-allow-methods', 'GET, OPTIONS');
  c.header('access-control-allow-headers', 'API-Version, If-None-Match');
  c.header('access-control-max-age', '86400');
  return c.body(null, 204);
}
